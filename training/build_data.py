"""Build the training set of the bundled NLI checker from /work/shared/data/train/ only.

Why this shape (see /work/shared/notes/offline-checker-experiments.md): at run time ``faithkit check`` asks
"does this 1-2 sentence window entail this short claim?", so most training pairs look like that. Earlier runs
taught two lessons, and both are built in here:

* hard negatives from faithkit's own fault injectors (a swapped number, a flipped negation, a swapped name, a
  dropped condition) make the model read the details a similarity score misses;
* positives must not be mostly copies, or copying becomes the only way to look entailed (the previous model
  rejected every paraphrase). So positives are mixed: SNLI entailments (real paraphrases by people), clauses
  trimmed of non-essential parts, two sentences of a window merged or reordered, and only some copies.

Rows are written as JSONL (gzip) with ``premise``, ``hypothesis``, ``y3`` (0 entailment, 1 neutral,
2 contradiction, or null when only a binary label is known), ``yb`` (1 supported, 0 not) and ``source``.
Documents are split 92/8 by a hash of their text: the 8% never reach training and give ``synth_dev``, a
check-shaped dev set (short claims vs windows) for choosing the threshold. Seeded: the same seed gives the same
file byte for byte.

    PYTHONPATH=src python training/build_data.py --data /work/shared/data --out training/work/data
"""

from __future__ import annotations

import argparse
import csv
import gzip
import hashlib
import json
import random
import re
import sys
from collections import Counter
from pathlib import Path

from faithkit.mutation import (
    InjectorContext,
    add_unsupported_fact,
    drop_condition,
    flip_negation,
    swap_entity,
    swap_number,
)
from faithkit.records import Passage
from faithkit.text.sentences import split_sentences

sys.path.insert(0, str(Path(__file__).parent))
from paraphrase import paraphrase  # noqa: E402  (training-only module next to this script)

Y3 = {"entailment": 0, "neutral": 1, "contradiction": 2}
FCGPT_Y3 = {"completely-support": 0, "refute": 2, "irrelevant": 1}
_NONESSENTIAL_TAIL = re.compile(r"^,?\s*(?:if|unless|only|except|when|whenever|after|before|within|until|"
                                r"provided|as long as|but|not|no|never|although|though|while)\b", re.IGNORECASE)
_LEADING_MARKER = re.compile(r"^(?:However|In addition|Additionally|Also|Moreover|Furthermore|Meanwhile|"
                             r"In fact|Indeed|Overall|Still|Then|So|Now|Today|Currently|Notably|Instead),\s+")


def read_jsonl(path: Path) -> list[dict]:
    with path.open(encoding="utf-8") as fh:
        return [json.loads(line) for line in fh if line.strip()]


def read_tsv(path: Path) -> list[dict]:
    with path.open(encoding="utf-8") as fh:
        return list(csv.DictReader(fh, delimiter="\t", quoting=csv.QUOTE_NONE))


def detok(text: str) -> str:
    """e-SNLI text is tokenised ("packages ."); undo the spaces before punctuation so it reads like prose."""
    text = re.sub(r"\s+([.,!?;:'])", r"\1", text)
    text = re.sub(r"\s+n't\b", "n't", text)
    return text.strip()


def is_dev_doc(doc: str) -> bool:
    return int(hashlib.sha256(doc.encode()).hexdigest()[:8], 16) % 100 < 8


def lower_first(text: str) -> str:
    return text[:1].lower() + text[1:] if text[:2] != text[:2].upper() else text


def strip_end(text: str) -> str:
    return re.sub(r"[.!?]+$", "", text.strip())


def trimmed_positive(sentence: str) -> str | None:
    """A shorter sentence the original still entails: a parenthetical or a leading discourse marker removed,
    or the main clause kept when the dropped tail is descriptive (never a condition, contrast or negation)."""
    out = re.sub(r"\s*\([^()]{1,80}\)", "", sentence)
    out = _LEADING_MARKER.sub(lambda m: "", out)
    if out != sentence and len(out.split()) >= 4:
        return out[:1].upper() + out[1:]
    m = re.search(r",\s+(?:which|who|where|with|including|according to|as|and)\b", sentence)
    if m and len(sentence[: m.start()].split()) >= 5 and not _NONESSENTIAL_TAIL.match(sentence[m.start():]):
        return sentence[: m.start()].rstrip() + "."
    return None


def synthetic_pairs(doc: str, rng: random.Random, seed: int, per_doc: int,
                    window_negatives: bool = False, paraphrases: bool = False,
                    three_sentence_windows: bool = False) -> list[dict]:
    """Check-shaped pairs from one document: premise = a 1-2 sentence window, claim = a positive or a
    fault-injected negative built from it (labels stay valid because the edit happens inside the window)."""
    sents = [s.text for s in split_sentences(doc)]
    sents = [s for s in sents if 4 <= len(s.split()) <= 60]
    if len(sents) < 2:
        return []
    out: list[dict] = []
    ctx = InjectorContext(passages=(Passage("doc", doc),), seed=seed)
    for i in rng.sample(range(len(sents)), min(per_doc, len(sents))):
        s = sents[i]
        two = i + 1 < len(sents) and rng.random() < 0.5
        window = f"{s} {sents[i + 1]}" if two else s
        far = [t for j, t in enumerate(sents) if abs(j - i) > 1]
        if three_sentence_windows and two and rng.random() < 0.35:
            # run 3: faithkit check's windows go up to three sentences, so some premises do too (the claim's
            # sentence first or in the middle); "elsewhere" sentences stay outside the window and its neighbours
            lo, hi = (i - 1, i + 1) if i >= 1 and (rng.random() < 0.5 or i + 2 >= len(sents)) else (i, i + 2)
            if hi < len(sents):
                window = " ".join(sents[lo:hi + 1])
                far = [t for j, t in enumerate(sents) if j < lo - 1 or j > hi + 1]

        def add(hyp: str | None, y3: int | None, yb: int, kind: str, prem: str = window) -> None:
            if hyp and hyp.strip() and hyp.strip() != prem.strip() or kind == "copy":
                out.append({"premise": prem, "hypothesis": hyp, "y3": y3, "yb": yb, "source": f"synth_{kind}"})

        # positives (about half of all synthetic rows)
        positive = s
        r = rng.random()
        if two and r < 0.35:
            a, b = s, sents[i + 1]
            merged = (f"{strip_end(b)}, and {lower_first(strip_end(a))}." if rng.random() < 0.5
                      else f"{strip_end(a)}, and {lower_first(strip_end(b))}.")
            add(merged, 0, 1, "merge")
            positive = merged
        elif r < 0.7:
            trimmed = trimmed_positive(s)
            add(trimmed or s, 0, 1, "trim" if trimmed else "copy")
            positive = trimmed or s
        else:
            add(s, 0, 1, "copy")
        if two and rng.random() < 0.5:
            add(sents[i + 1], 0, 1, "second")

        # negatives: one per sentence, drawn over the fault types.
        faults = [("number", swap_number, 2), ("negation", flip_negation, 2), ("entity", swap_entity, None),
                  ("condition", drop_condition, None)]
        rng.shuffle(faults)
        if not window_negatives:  # the shipped model (run 1)
            for kind, injector, y3 in faults:
                mutant = injector(s, ctx)
                if mutant and mutant != s:
                    add(mutant, y3, 0, kind)
                    break
        else:
            # run 2: in a two-sentence window the replacement number or name is taken from the window itself
            # half the time ("up to 10 users" -> "up to 12 users" when the window also says "€12"), and faults
            # are also put into paraphrased (merged / trimmed) positives
            local = InjectorContext(passages=(Passage("window", window),), seed=seed)
            for kind, injector, y3 in faults:
                use_local = kind in ("number", "entity") and rng.random() < 0.5
                mutant = injector(s, local if use_local else ctx)
                if mutant and mutant != s:
                    add(mutant, y3, 0, kind + ("_window" if use_local else ""))
                    break
            if positive != s and rng.random() < 0.6:
                for kind, injector, y3 in sorted(faults, key=lambda f: rng.random()):
                    if kind == "condition":
                        continue
                    mutant = injector(positive, local)
                    if mutant and mutant != positive:
                        add(mutant, y3, 0, kind + "_paraphrase")
                        break
        if paraphrases:
            # run 3: a rewritten positive (not a copy), and half the time the same rewrite with a fault in it,
            # so that "worded differently" predicts neither label
            rewrite = paraphrase(s, doc, random.Random(rng.random()))
            if rewrite:
                kind, text = rewrite
                add(text, 0, 1, "para")
                local = InjectorContext(passages=(Passage("window", window),), seed=seed)
                if rng.random() < 0.5:
                    for fault, injector, y3 in sorted(faults, key=lambda f: rng.random()):
                        mutant = injector(text, local if rng.random() < 0.5 else ctx)
                        if fault != "condition" and mutant and mutant != text:
                            add(mutant, y3, 0, f"{fault}_para")
                            break
        if far and rng.random() < 0.3:
            add(rng.choice(far), 1, 0, "elsewhere")
        if far and rng.random() < 0.25:
            other = rng.choice(far)
            add(f"{strip_end(s)}, and {lower_first(strip_end(other))}.", 1, 0, "partial")
        if rng.random() < 0.08:
            add(add_unsupported_fact(s, ctx), 1, 0, "added")
    return out


def _words(text: str) -> set[str]:
    return {w for w in re.findall(r"[a-z0-9]+", text.lower()) if len(w) > 2}


def long_negative_windows(rows: list[dict], source: str) -> list[dict]:
    """A long document that does not support a claim supports it in none of its windows either, so a negative
    long row stays a valid negative when its premise is cut to the 1-2 sentence window that shares the most
    words with the claim: the hardest check-shaped negative that row offers (its 3-way label is not known)."""
    out = []
    for r in rows:
        if int(r["label"]) != 0:
            continue
        sents = [x.text for x in split_sentences(r["doc"])]
        windows = sents + [f"{a} {b}" for a, b in zip(sents, sents[1:])]
        if len(windows) < 2:
            continue
        claim_words = _words(r["claim"])
        best = max(windows, key=lambda w: (len(claim_words & _words(w)), -len(w)))
        if claim_words & _words(best):
            out.append({"premise": best, "hypothesis": r["claim"], "y3": None, "yb": 0, "source": source})
    return out


def doc_level_valid(source: str) -> bool:
    """Whether a synthetic pair keeps its label when the premise is the whole document instead of the window.

    Positives do (what a window says, its document says). Fault-injected negatives almost always do: a swapped
    number, flipped negation, swapped name, dropped condition or added clause is rarely stated elsewhere in the same
    document. "elsewhere" and "partial" negatives do not: the other sentence is in the document. The result,
    synth_dev_doc, is the check-shaped dev set where window size matters: short claims against whole passages.
    """
    kind = source.removeprefix("synth_")
    return kind not in ("elsewhere", "partial")


def snli_augment(rows: list[dict], rng: random.Random, seed: int) -> list[dict]:
    """Fault-injected versions of SNLI entailment hypotheses: paraphrase premises with number and negation
    faults (the hypothesis words differ from the premise, so the model cannot just compare copies)."""
    out = []
    ctx = InjectorContext(seed=seed)
    for row in rows:
        if row["y3"] != 0 or rng.random() > 0.25:
            continue
        for kind, injector in (("number", swap_number), ("negation", flip_negation)):
            mutant = injector(row["hypothesis"], ctx)
            if mutant and mutant != row["hypothesis"]:
                out.append({"premise": row["premise"], "hypothesis": mutant, "y3": 2, "yb": 0,
                            "source": f"snli_{kind}"})
                break
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", type=Path, default=Path("/work/shared/data"))
    ap.add_argument("--out", type=Path, default=Path("training/work/data"))
    ap.add_argument("--seed", type=int, default=13)
    ap.add_argument("--per-doc", type=int, default=6, help="sentences sampled per training document")
    ap.add_argument("--window-negatives", action="store_true",
                    help="run 2's extra hard negatives (not used by the shipped model; see training/README.md)")
    ap.add_argument("--paraphrases", action="store_true",
                    help="run 3: rewritten positives (training/paraphrase.py), faults in them, and negative long "
                         "rows cut to their closest window")
    ap.add_argument("--three-sentence-windows", action="store_true",
                    help="run 3: about a third of the two-sentence premises get a third sentence")
    ap.add_argument("--limit", type=int, default=0, help="rows per source (0 = all); for a quick smoke test")
    args = ap.parse_args(argv)
    rng = random.Random(args.seed)
    train = args.data / "train"
    rows: list[dict] = []
    dev: list[dict] = []
    dev_doc: list[dict] = []  # the same held-out claims against their whole document (see doc_level_valid)

    nli = []
    for name in ("snli_cad_train.tsv", "snli_esnli_devtest.tsv"):
        for r in read_tsv(train / name):
            if r["gold_label"] in Y3:
                y3 = Y3[r["gold_label"]]
                nli.append({"premise": detok(r["sentence1"]), "hypothesis": detok(r["sentence2"]), "y3": y3,
                            "yb": int(y3 == 0), "source": name.split(".")[0]})
    if args.limit:
        nli = nli[: args.limit]
    rows += nli
    rows += snli_augment(nli, rng, args.seed)

    fc = read_jsonl(train / "factcheck_gpt_stance.jsonl")
    se = read_jsonl(train / "summedits_5domains.jsonl")
    he = read_jsonl(train / "halueval_qa.jsonl")
    if args.limit:
        fc, se, he = fc[: args.limit], se[: args.limit], he[: args.limit]
    for r in fc:
        if is_dev_doc(r["doc"]):
            continue
        rows.append({"premise": r["doc"], "hypothesis": r["claim"], "y3": FCGPT_Y3.get(r["stance"]),
                     "yb": int(r["label"]), "source": "factcheck_gpt"})
    for r in se:
        if is_dev_doc(r["doc"]):
            continue
        rows.append({"premise": r["doc"], "hypothesis": r["claim"], "y3": None, "yb": int(r["label"]),
                     "source": "summedits_long"})

    if args.paraphrases:
        rows += long_negative_windows([r for r in fc if not is_dev_doc(r["doc"])], "factcheck_gpt_window")
        rows += long_negative_windows([r for r in se if not is_dev_doc(r["doc"])], "summedits_window")
    docs = sorted({r["doc"] for r in fc} | {r["doc"] for r in se} | {r["doc"] for r in he})
    for doc in docs:
        pairs = synthetic_pairs(doc, rng, args.seed, args.per_doc, args.window_negatives, args.paraphrases,
                                args.three_sentence_windows)
        (dev if is_dev_doc(doc) else rows).extend(pairs)
        if is_dev_doc(doc):
            dev_doc.extend({**r, "premise": doc} for r in pairs if doc_level_valid(r["source"]))

    args.out.mkdir(parents=True, exist_ok=True)
    rng.shuffle(rows)
    for name, data in (("train.jsonl.gz", rows), ("synth_dev.jsonl", dev), ("synth_dev_doc.jsonl", dev_doc)):
        path = args.out / name
        opener = gzip.open if name.endswith(".gz") else open
        with opener(path, "wt", encoding="utf-8") as fh:
            for i, r in enumerate(data):
                if name.startswith("synth_dev"):
                    r = {"id": f"synth-{i}", "doc": r["premise"], "claim": r["hypothesis"], "label": r["yb"],
                         "source": r["source"]}
                fh.write(json.dumps(r, ensure_ascii=False) + "\n")
    stats = {"train_rows": len(rows), "dev_rows": len(dev),
             "train_sources": dict(Counter(r["source"] for r in rows)),
             "train_positive_share": round(sum(r["yb"] for r in rows) / max(len(rows), 1), 3),
             "dev_sources": dict(Counter(r["source"] for r in dev))}
    (args.out / "stats.json").write_text(json.dumps(stats, indent=2))
    print(json.dumps(stats, indent=2), file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

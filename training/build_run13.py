"""Run-13 training data: a capped sample of run 3's rows plus MiniCheck-style C2D / D2C rows, licensed sources only.

    PYTHONPATH=src python training/build_data.py --data /work/shared/data --out .carry/nli/data3 \
        --window-negatives --paraphrases --three-sentence-windows
    PYTHONPATH=src python training/build_run13.py --run3 .carry/nli/data3 --out .carry/nli/data13

What goes in (issue 32, session 13; see ``results/run13_outcome.md``):

* **run 3's rows**, a seeded sample (``--run3-rows``): SNLI-CAD + e-SNLI, Factcheck-GPT, SummEdits, HaluEval
  documents and the check-shaped synthetic pairs built from them (``build_data.py``);
* **C2D / D2C rows** from the same licensed training documents (Factcheck-GPT evidence, SummEdits sources, HaluEval
  knowledge; the 8% of documents that ``build_data.is_dev_doc`` holds out for ``synth_dev`` never enter): a chunk of
  3-5 consecutive sentences; (C2D) a claim that joins two non-adjacent sentences of the chunk, so it needs both,
  against the whole chunk (supported) and against the chunk with one of the two sentences removed (not supported,
  neutral); (D2C) one sentence (trimmed when ``build_data.trimmed_positive`` can) against the chunk with and without
  it. A removal is kept only when no remaining sentence restates it (at most half of the removed sentence's content
  words in any one remaining sentence, at most 70% of the claim part's content words in the rest of the chunk);
* **long premises** (premise + claim over ``--max-tokens`` word pieces): a not-supported row keeps its label on any
  part of its document, so it is cut to the run of 1-5 consecutive sentences that shares most content words with
  the claim and fits; a supported row is dropped (its evidence may sit in the part cut away).

**Not in it:** the five files added to ``train/`` for issue 32 (FEVER, COVID-Fact, SciFact, GLUE RTE,
Climate-FEVER). ``/work/shared/data/README.md`` lists all five as "no license file upstream" and says: "Files whose
upstream has no license, or a non-commercial one, are for measuring only: nothing derived from them (weights,
copies) may be committed to the project." Being in ``train/`` makes them trainable, not committable: weights trained
on them could never ship, so a candidate meant to ship must not see them. ``--unlicensed-measurement-only`` adds
them (FEVER de-tokenised, COVID-Fact capped) for an experiment whose weights are never committed; run 13 did not use
it.

Seeded: the same inputs and seed give the same rows (``sha256`` of the uncompressed ``train.jsonl.gz`` printed).
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import random
import re
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from build_data import _words, detok, is_dev_doc, read_jsonl, strip_end, trimmed_positive  # noqa: E402
from rows_io import read_rows, write_rows  # noqa: E402

from faithkit.text.sentences import split_sentences  # noqa: E402

LICENSED_DOCS = ("factcheck_gpt_stance.jsonl", "summedits_5domains.jsonl", "halueval_qa.jsonl")
UNLICENSED = ("fever_dev_nli.jsonl", "covidfact_train.jsonl", "scifact_train.jsonl", "rte_glue.jsonl",
              "climate_fever_evidence.jsonl")


_FUNCTION_WORDS = {"the", "a", "an", "it", "its", "this", "that", "these", "those", "they", "he", "she", "we", "you",
                   "there", "in", "on", "at", "for", "with", "by", "from", "as", "after", "before", "during", "some",
                   "many", "most", "all", "each", "one", "his", "her", "their", "our", "if", "when", "while"}


def lower_first(text: str) -> str:
    """Lower-case the first letter only for a function word ("The" -> "the"), never a name ("JavaScript")."""
    first = text.split(" ", 1)[0]
    return text[:1].lower() + text[1:] if first.lower() in _FUNCTION_WORDS and first[1:].islower() or \
        first in ("A",) else text


def covered(removed: str, rest: list[str], part: str) -> bool:
    """Whether the chunk without ``removed`` may still state it: one remaining sentence holds half of its content
    words, or the remaining sentences together hold 70% of the claim part's content words."""
    rw, pw = _words(removed), _words(part)
    if not rw or not pw:
        return True
    if any(len(rw & _words(t)) / len(rw) > 0.5 for t in rest):
        return True
    union = set().union(*(_words(t) for t in rest)) if rest else set()
    return len(pw & union) / len(pw) > 0.7


def c2d_d2c_rows(doc: str, rng: random.Random) -> list[dict]:
    sents = [s.text for s in split_sentences(doc)]
    if len(sents) < 4:
        return []
    ok = [5 <= len(s.split()) <= 40 for s in sents]
    out: list[dict] = []

    def add(prem: list[str], hyp: str, yb: int, kind: str) -> None:
        out.append({"premise": " ".join(prem), "hypothesis": hyp, "y3": 0 if yb else 1, "yb": yb, "source": kind})

    # C2D: two non-adjacent sentences of a 3-5 sentence chunk joined into one claim
    pairs = [(i, j) for i in range(len(sents)) for j in range(i + 2, min(i + 4, len(sents))) if ok[i] and ok[j]]
    if pairs:
        i, j = rng.choice(pairs)
        lo = max(0, i - (1 if rng.random() < 0.3 else 0))
        hi = min(len(sents) - 1, j + (1 if rng.random() < 0.3 else 0))
        chunk = list(range(lo, hi + 1))
        a = trimmed_positive(sents[i]) or sents[i]
        b = trimmed_positive(sents[j]) or sents[j]
        claim = f"{strip_end(a)}, and {lower_first(strip_end(b))}."
        if len(claim.split()) <= 60:
            gone, part = (j, b) if rng.random() < 0.5 else (i, a)
            rest = [sents[k] for k in chunk if k != gone]
            add([sents[k] for k in chunk], claim, 1, "c2d_pos")
            if not covered(sents[gone], rest, part):
                add(rest, claim, 0, "d2c_two_neg")
    # D2C: one sentence against its chunk with and without it
    single = [k for k in range(1, len(sents) - 1) if ok[k]]
    if single:
        k = rng.choice(single)
        lo, hi = max(0, k - rng.randint(1, 2)), min(len(sents) - 1, k + rng.randint(1, 2))
        chunk = list(range(lo, hi + 1))
        claim = trimmed_positive(sents[k]) or sents[k]
        rest = [sents[m] for m in chunk if m != k]
        if not covered(sents[k], rest, claim):
            add([sents[m] for m in chunk], claim, 1, "d2c_one_pos")
            add(rest, claim, 0, "d2c_one_neg")
    return out


def fit(row: dict, tok, max_tokens: int) -> dict | None:
    """The row if premise + claim fit; a not-supported row cut to its closest 1-5 sentence run; else None."""
    if len(tok(row["premise"], row["hypothesis"])["input_ids"]) <= max_tokens:
        return row
    if row["yb"] != 0:
        return None
    sents = [s.text for s in split_sentences(row["premise"])]
    cw = _words(row["hypothesis"])
    best = None
    for n in range(1, 6):
        for lo in range(0, len(sents) - n + 1):
            prem = " ".join(sents[lo:lo + n])
            key = (len(cw & _words(prem)), -n)
            if (best is None or key > best[0]) and len(tok(prem, row["hypothesis"])["input_ids"]) <= max_tokens:
                best = (key, prem)
    if best is None or best[0][0] == 0:
        return None
    return {**row, "premise": best[1], "y3": None,
            "source": row["source"] + "_cut"}


def fever_detok(text: str) -> str:
    text = text.replace("-LRB-", "(").replace("-RRB-", ")").replace("-LSB-", "[").replace("-RSB-", "]")
    text = text.replace("``", '"').replace("''", '"').replace(" -- ", " - ")
    text = re.sub(r"\(\s+", "(", text)
    text = re.sub(r"\s+\)", ")", text)
    return detok(text)


def unlicensed_rows(train: Path, rng: random.Random, covidfact_cap: int) -> list[dict]:
    """Measurement-only experiments: never use for weights that may be committed (see the module docstring)."""
    out = []
    for name in UNLICENSED:
        rows = read_jsonl(train / name)
        if name.startswith("covidfact"):
            rows = rng.sample(rows, min(covidfact_cap, len(rows)))
        for r in rows:
            doc = fever_detok(r["doc"]) if name.startswith("fever") else r["doc"]
            out.append({"premise": doc, "hypothesis": r["claim"], "y3": None, "yb": int(r["label"]),
                        "source": "x_" + name.split("_")[0]})
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--run3", type=Path, required=True, help="folder with run 3's train.jsonl.gz")
    ap.add_argument("--data", type=Path, default=Path("/work/shared/data"))
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("--seed", type=int, default=131)
    ap.add_argument("--run3-rows", type=int, default=16000)
    ap.add_argument("--max-tokens", type=int, default=256)
    ap.add_argument("--tokenizer", type=Path, default=Path("src/faithkit/models/faithkit-nli-minilm"))
    ap.add_argument("--unlicensed-measurement-only", action="store_true",
                    help="add the five no-license train/ files: the weights may then never be committed")
    ap.add_argument("--covidfact-cap", type=int, default=600)
    args = ap.parse_args(argv)
    from transformers import AutoTokenizer

    tok = AutoTokenizer.from_pretrained(args.tokenizer)
    rng = random.Random(args.seed)
    run3 = read_rows(args.run3)
    sample = rng.sample(run3, min(args.run3_rows, len(run3)))
    docs: list[str] = []
    for name in LICENSED_DOCS:
        docs += [r["doc"] for r in read_jsonl(args.data / "train" / name)]
    docs = sorted({d for d in docs if not is_dev_doc(d)})
    synth = [r for d in docs for r in c2d_d2c_rows(d, rng)]
    extra = unlicensed_rows(args.data / "train", rng, args.covidfact_cap) if args.unlicensed_measurement_only else []
    rows, dropped = [], Counter()
    for r in sample + synth + extra:
        kept = fit(r, tok, args.max_tokens)
        if kept is None:
            dropped[f"{r['source']}:{r['yb']}"] += 1
        else:
            rows.append(kept)
    rng.shuffle(rows)
    body = "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows).encode()
    stats = write_rows(args.out, rows, seed=args.seed, run3_sampled=len(sample), c2d_d2c_docs=len(docs),
                       dropped_long=dict(sorted(dropped.items())),
                       unlicensed=bool(args.unlicensed_measurement_only))
    with gzip.open(args.out / "train.jsonl.gz", "rb") as fh:
        assert fh.read() == body
    digest = hashlib.sha256(body).hexdigest()
    stats["sha256_uncompressed"] = digest
    (args.out / "stats.json").write_text(json.dumps(stats, indent=2))
    print(f"rows {len(rows)}; zcat train.jsonl.gz | sha256sum = {digest}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

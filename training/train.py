"""Train the bundled NLI checker: candidates on train/, choice on dev/, one report on test/.

One command does everything, seeded, and writes a JSON log of every figure:

    PYTHONPATH=src python training/train.py --data training/work/data --base BASE_DIR --out OUT \
        --shared /work/shared/data --device cuda

1. Each recipe (below) fine-tunes the base encoder with a fresh 3-way head (entailment / neutral /
   contradiction). Rows with a 3-way label get cross-entropy; rows with only a binary label get a binary loss on
   p(entailment) against p(neutral) + p(contradiction), so both kinds train the same softmax.
2. After every epoch the candidate is saved and scored on dev only, through faithkit's own NLIChecker and bench code
   (claim vs 1-3 sentence windows, best window; the model alone, no window veto): WiCE dev (claims, max over
   evidence chunks), SNLI-CAD dev (entailment vs not), synth_dev (short claims from held-out training documents)
   and, when the data folder has it, synth_dev_doc (the same claims against their whole document). One shared
   threshold maximises the mean of their balanced accuracies; that mean picks the candidate and epoch.
3. The chosen model's entailment logit bias is shifted by -logit(threshold), so that p(entailment) >= 0.5 of the
   shipped model means exactly p >= threshold of the trained one (the odds of entailment against the rest are
   scaled, nothing else changes), and it is saved as fp16 safetensors with its tokenizer.
4. Only that model is run once on every test file, at 0.5.
"""

from __future__ import annotations

import argparse
import gzip
import json
import math
import random
import shutil
import sys
import time
from functools import lru_cache
from pathlib import Path

import numpy as np
import torch

import faithkit.bench as bench
import faithkit.checkers.nli as nli_module
from faithkit.errors import ModelLoadError
from faithkit.text import windows as windows_module

ID2LABEL = {0: "entailment", 1: "neutral", 2: "contradiction"}
LONG_SOURCES = {"summedits_long", "factcheck_gpt"}
WINDOW_CUT_SOURCES = {"factcheck_gpt_window", "summedits_window"}

RECIPES: dict[str, dict] = {
    # everything: short check-shaped pairs, SNLI, and long-document rows that fit in max_len
    "mix": {"exclude": set(), "epochs": 3, "lr": 5e-5},
    # short pairs only (what `faithkit check` sees), no long documents
    "short": {"exclude": LONG_SOURCES, "epochs": 3, "lr": 5e-5},
    # everything, gentler and longer
    "mix_slow": {"exclude": set(), "epochs": 4, "lr": 3e-5},
    # run 3 (data built with --window-negatives --paraphrases): everything, at 256 and at 384 tokens (more long
    # documents kept whole), and without the long negatives cut to windows
    "para": {"exclude": set(), "epochs": 3, "lr": 5e-5},
    "para_384": {"exclude": set(), "epochs": 3, "lr": 5e-5, "max_len": 384},
    "para_nowin": {"exclude": WINDOW_CUT_SOURCES, "epochs": 3, "lr": 5e-5},
}


def log(message: str) -> None:
    print(f"[{time.strftime('%H:%M:%S')}] {message}", flush=True)


def seed_everything(seed: int) -> None:
    random.seed(seed)
    np.random.seed(seed)
    torch.manual_seed(seed)
    torch.cuda.manual_seed_all(seed)


def cache_windows() -> None:
    """Sentence splitting is the slow part of repeated dev scoring; windows of the same passages are the same
    every epoch, so memoise them (passages are frozen dataclasses, hence hashable)."""
    cached = lru_cache(maxsize=None)(
        lambda passages, max_sentences=windows_module.DEFAULT_WINDOW_SENTENCES: windows_module.all_windows(
            passages, max_sentences))
    nli_module.all_windows = cached
    bench.all_windows = cached


def load_rows(path: Path, limit: int) -> list[dict]:
    with gzip.open(path, "rt", encoding="utf-8") as fh:
        rows = [json.loads(line) for line in fh]
    return rows[:limit] if limit else rows


def encode(tokenizer, rows: list[dict], max_len: int) -> list[dict]:
    """Tokenise once. Long-document rows that do not fit are dropped (their label may sit past the cut);
    other rows are truncated on the premise side."""
    full = tokenizer([r["premise"] for r in rows], [r["hypothesis"] for r in rows], truncation=False)
    out = []
    for r, ids in zip(rows, full["input_ids"]):
        if len(ids) > max_len and r["source"] in LONG_SOURCES:
            continue
        out.append(r)
    enc = tokenizer([r["premise"] for r in out], [r["hypothesis"] for r in out], truncation="only_first",
                    max_length=max_len)
    for i, r in enumerate(out):
        r["ids"] = enc["input_ids"][i]
        r["tt"] = enc["token_type_ids"][i]
    return out


def batches(rows: list[dict], batch_size: int, rng: random.Random) -> list[list[dict]]:
    """Length-bucketed batches in random order: little padding, still a shuffled stream."""
    order = sorted(range(len(rows)), key=lambda i: (len(rows[i]["ids"]), rng.random()))
    chunks = [[rows[i] for i in order[b:b + batch_size]] for b in range(0, len(order), batch_size)]
    rng.shuffle(chunks)
    return chunks


def collate(batch: list[dict], device: str) -> dict[str, torch.Tensor]:
    width = max(len(r["ids"]) for r in batch)
    ids = torch.zeros((len(batch), width), dtype=torch.long)
    tt = torch.zeros_like(ids)
    mask = torch.zeros_like(ids)
    for i, r in enumerate(batch):
        n = len(r["ids"])
        ids[i, :n] = torch.tensor(r["ids"])
        tt[i, :n] = torch.tensor(r["tt"])
        mask[i, :n] = 1
    y3 = torch.tensor([-100 if r["y3"] is None else r["y3"] for r in batch])
    yb = torch.tensor([float(r["yb"]) for r in batch])
    has3 = torch.tensor([r["y3"] is not None for r in batch])
    return {k: v.to(device) for k, v in dict(input_ids=ids, token_type_ids=tt, attention_mask=mask, y3=y3, yb=yb,
                                             has3=has3).items()}


def loss_fn(logits: torch.Tensor, b: dict[str, torch.Tensor]) -> torch.Tensor:
    logp = torch.log_softmax(logits.float(), dim=-1)
    losses = torch.zeros(len(logits), device=logits.device)
    if b["has3"].any():
        losses = torch.where(b["has3"], -logp.gather(1, b["y3"].clamp(min=0)[:, None])[:, 0], losses)
    log_not = torch.logsumexp(logp[:, 1:], dim=-1)
    binary = -(b["yb"] * logp[:, 0] + (1 - b["yb"]) * log_not)
    losses = torch.where(b["has3"], losses, binary)
    return losses.mean()


def dev_eval(model_dir: Path, dev: dict, device: str, batch_size: int) -> dict:
    """Score one saved candidate on the dev files; threshold shared across them, chosen on dev."""
    checker = nli_module.NLIChecker(model=model_dir, device=device, batch_size=batch_size, smoke_check=False,
                                    window_veto=None)
    scores = {name: bench.score_claims(checker, claims) for name, claims in dev["claims"].items()}
    probs = np.asarray(checker.score_pairs([(p.premise, p.hypothesis) for p in dev["snli"]]))
    gold = np.array([bench.NLI_LABELS.index(p.gold) for p in dev["snli"]])
    scores["snli_cad_dev"] = bench.ClaimScores((gold == 0).astype(int), probs[:, 0], len(gold), 0, 1.0)
    grid = bench.DEFAULT_GRID
    means = [np.mean([bench.balanced_accuracy(s.labels, s.scores >= t) for s in scores.values()]) for t in grid]
    best = int(np.argmax(means))
    threshold = float(grid[best])
    per = {name: round(100 * bench.balanced_accuracy(s.labels, s.scores >= threshold), 2)
           for name, s in scores.items()}
    own = {name: bench.choose_threshold(s.labels, s.scores) for name, s in scores.items()}
    return {"selection_score": round(100 * float(means[best]), 2), "threshold": threshold, "at_threshold": per,
            "at_0.5": {name: round(100 * bench.balanced_accuracy(s.labels, s.scores >= 0.5), 2)
                       for name, s in scores.items()},
            "own_thresholds": own, "snli_dev_acc3": round(100 * float((probs.argmax(1) == gold).mean()), 2)}


def train_recipe(name: str, recipe: dict, rows: list[dict], args, tokenizer, dev: dict) -> list[dict]:
    from transformers import AutoModelForSequenceClassification, get_linear_schedule_with_warmup

    seed_everything(args.seed)
    rng = random.Random(args.seed)
    max_len = recipe.get("max_len", args.max_len)
    data = encode(tokenizer, [dict(r) for r in rows if r["source"] not in recipe["exclude"]], max_len)
    model = AutoModelForSequenceClassification.from_pretrained(
        args.base, num_labels=3, id2label=ID2LABEL, label2id={v: k for k, v in ID2LABEL.items()},
        dtype=torch.float32).to(args.device)
    epochs = args.epochs or recipe["epochs"]
    steps = epochs * math.ceil(len(data) / args.batch_size)
    opt = torch.optim.AdamW(model.parameters(), lr=recipe["lr"], weight_decay=0.01,
                            fused=args.device.startswith("cuda"))
    sched = get_linear_schedule_with_warmup(opt, int(0.06 * steps), steps)
    history = []
    use_bf16 = args.device.startswith("cuda")
    for epoch in range(1, epochs + 1):
        spent = time.time() - args.started
        if history and spent + 1.2 * (history[-1]["train_seconds"] + history[-1]["eval_seconds"]) > args.train_budget:
            log(f"{name}: stopping before epoch {epoch}: training budget of {args.train_budget} s nearly spent")
            break
        if not history and spent > args.train_budget:
            log(f"{name}: skipped: training budget of {args.train_budget} s spent")
            break
        model.train()
        start, seen, total = time.time(), 0, 0.0
        for b_rows in batches(data, args.batch_size, rng):
            b = collate(b_rows, args.device)
            with torch.autocast("cuda", dtype=torch.bfloat16, enabled=use_bf16):
                logits = model(input_ids=b["input_ids"], token_type_ids=b["token_type_ids"],
                               attention_mask=b["attention_mask"]).logits
            loss = loss_fn(logits, b)
            loss.backward()
            torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
            opt.step()
            sched.step()
            opt.zero_grad(set_to_none=True)
            seen += len(b_rows)
            total += loss.item() * len(b_rows)
        train_s = time.time() - start
        folder = args.out / "candidates" / f"{name}-e{epoch}"
        model.save_pretrained(folder)
        tokenizer.save_pretrained(folder)
        model.eval()
        eval_start = time.time()
        ev = dev_eval(folder, dev, args.device, args.eval_batch_size)
        entry = {"recipe": name, "epoch": epoch, "max_len": max_len, "train_rows": len(data),
                 "loss": round(total / seen, 4),
                 "train_seconds": round(train_s, 1), "eval_seconds": round(time.time() - eval_start, 1),
                 "pairs_per_second": round(seen / train_s, 1), **ev}
        history.append(entry)
        log(json.dumps(entry))
    del model
    return history


def ship(folder: Path, threshold: float, dest: Path) -> None:
    """Fold the dev threshold into the head (see module docstring) and save fp16 safetensors + tokenizer."""
    from transformers import AutoModelForSequenceClassification, AutoTokenizer

    model = AutoModelForSequenceClassification.from_pretrained(folder, dtype=torch.float32)
    with torch.no_grad():
        model.classifier.bias[0] -= math.log(threshold / (1 - threshold))
    model.config.faithkit_dev_threshold = threshold
    model = model.half()
    if dest.exists():
        shutil.rmtree(dest)
    model.save_pretrained(dest, safe_serialization=True)
    AutoTokenizer.from_pretrained(folder).save_pretrained(dest)


def export(model_dir: Path, dest: Path, parts: int = 3) -> None:
    """Copy the shipped model out in pieces small enough for a size-limited transfer: the weights in
    ``parts`` chunks (reassemble with ``cat model.part0*``) plus their sha256, the small files in one tgz."""
    import hashlib
    import tarfile

    dest.mkdir(parents=True, exist_ok=True)
    blob = (model_dir / "model.safetensors").read_bytes()
    (dest / "sha256.txt").write_text(f"{hashlib.sha256(blob).hexdigest()}  model.safetensors\n")
    size = math.ceil(len(blob) / parts)
    for i in range(parts):
        (dest / f"model.part{i:02d}").write_bytes(blob[i * size:(i + 1) * size])
    with tarfile.open(dest / "small.tgz", "w:gz") as tar:
        for path in sorted(model_dir.iterdir()):
            if path.name != "model.safetensors":
                tar.add(path, arcname=path.name)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", type=Path, required=True, help="folder with train.jsonl.gz and synth_dev.jsonl")
    ap.add_argument("--shared", type=Path, default=Path("/work/shared/data"), help="the shared data folder")
    ap.add_argument("--base", type=Path, required=True, help="base encoder folder (all-MiniLM-L6-v2)")
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("--recipes", default=",".join(RECIPES))
    ap.add_argument("--epochs", type=int, default=0, help="override every recipe's epochs (0 = recipe's own)")
    ap.add_argument("--batch-size", type=int, default=64)
    ap.add_argument("--eval-batch-size", type=int, default=256)
    ap.add_argument("--max-len", type=int, default=256)
    ap.add_argument("--device", default="cuda" if torch.cuda.is_available() else "cpu")
    ap.add_argument("--seed", type=int, default=13)
    ap.add_argument("--limit", type=int, default=0, help="train/dev rows (0 = all); for a CPU smoke test")
    ap.add_argument("--test", nargs="*", default=None, help="test files to report once (default: all in test/)")
    ap.add_argument("--export", type=Path, help="also write the shipped model in transferable pieces here")
    ap.add_argument("--incumbent", type=Path,
                    help="the model shipped now: scored on dev like a candidate; if it wins, nothing new is shipped "
                         "or tested (its test figures are already on record)")
    ap.add_argument("--train-budget", type=float, default=1e9,
                    help="seconds for training + dev scoring; no epoch is started that would overrun it")
    args = ap.parse_args(argv)
    from transformers import AutoTokenizer

    torch.backends.cuda.matmul.allow_tf32 = True
    cache_windows()
    wall = args.started = time.time()
    args.out.mkdir(parents=True, exist_ok=True)
    tokenizer = AutoTokenizer.from_pretrained(args.base)
    rows = load_rows(args.data / "train.jsonl.gz", args.limit)
    log(f"training rows before the length filter: {len(rows)}")
    lim = args.limit or None
    dev = {
        "claims": {"wice_claim_dev": bench.load_claims(args.shared / "dev/wice_claim_dev.jsonl")[:lim],
                   "synth_dev": bench.load_claims(args.data / "synth_dev.jsonl")[:lim]},
        "snli": bench.load_nli(args.shared / "dev/snli_cad_dev.tsv")[:lim],
    }
    if (args.data / "synth_dev_doc.jsonl").is_file():  # claims vs whole documents: where windows borrow words
        dev["claims"]["synth_dev_doc"] = bench.load_claims(args.data / "synth_dev_doc.jsonl")[:lim]
    history = []
    if args.incumbent:
        entry = {"recipe": "incumbent", "epoch": 0, **dev_eval(args.incumbent, dev, args.device,
                                                                 args.eval_batch_size)}
        history.append(entry)
        log(json.dumps(entry))
    for name in args.recipes.split(","):
        history += train_recipe(name, RECIPES[name], rows, args, tokenizer, dev)
    best = max(history, key=lambda h: h["selection_score"])
    log(f"chosen on dev: {best['recipe']} epoch {best['epoch']} (score {best['selection_score']}, "
        f"threshold {best['threshold']})")
    if best["recipe"] == "incumbent":
        report = {"seed": args.seed, "history": history, "chosen": best, "test": "not run: the incumbent stays"}
        (args.out / "report.json").write_text(json.dumps(report, indent=2))
        if args.export:
            args.export.mkdir(parents=True, exist_ok=True)
            shutil.copy(args.out / "report.json", args.export / "report.json")
        return 0
    final = args.out / "faithkit-nli-minilm"
    ship(args.out / "candidates" / f"{best['recipe']}-e{best['epoch']}", best["threshold"], final)
    if args.export:
        export(final, args.export)
    shipped_dev = dev_eval(final, dev, args.device, args.eval_batch_size)
    log(f"shipped model on dev at 0.5: {shipped_dev['at_0.5']}")
    train_wall = time.time() - wall
    report = {"seed": args.seed, "recipes": {k: {**v, "exclude": sorted(v["exclude"])} for k, v in RECIPES.items()},
              "history": history, "chosen": best, "shipped_dev": shipped_dev,
              "train_and_select_seconds": round(train_wall, 1), "device": args.device,
              "torch": torch.__version__, "test": {}}
    (args.out / "report.json").write_text(json.dumps(report, indent=2))

    test_files = args.test if args.test is not None else sorted(
        str(p) for p in (args.shared / "test").iterdir() if p.suffix in {".jsonl", ".tsv"})
    order = ["wice", "lfqa", "snli_cad_original", "snli_cad_revised", "qags", "faithbench", "summedits"]
    test_files.sort(key=lambda f: next((i for i, k in enumerate(order) if Path(f).stem.startswith(k)), 99))
    checker = nli_module.NLIChecker(model=final, device=args.device, batch_size=args.eval_batch_size, window_veto=None)
    try:
        checker.load()
        report["smoke_check"] = "passed"
    except ModelLoadError as exc:  # report it, and still measure: the numbers say how bad it is
        report["smoke_check"] = f"FAILED: {exc}"
        log(report["smoke_check"])
        checker = nli_module.NLIChecker(model=final, device=args.device, batch_size=args.eval_batch_size,
                                        smoke_check=False, window_veto=None)
    for f in test_files:
        result = bench.bench_file(checker, f, 0.5, seed=0)
        report["test"][Path(f).stem] = result.as_dict()
        log(f"TEST {Path(f).stem}: {json.dumps(result.as_dict())}")
        (args.out / "report.json").write_text(json.dumps(report, indent=2))
        if args.export:
            shutil.copy(args.out / "report.json", args.export / "report.json")
    report["total_seconds"] = round(time.time() - wall, 1)
    (args.out / "report.json").write_text(json.dumps(report, indent=2))
    if args.export:
        shutil.copy(args.out / "report.json", args.export / "report.json")
    log(f"done in {report['total_seconds']} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Run 4: fine-tune the shipped model (not the base) on run-4 data, on CPU, resumably.

    PYTHONPATH=src python training/finetune.py --init src/faithkit/models/faithkit-nli-minilm \
        --data .carry/nli/data4 --out .carry/nli/run4 [--resume]

Why a fine-tune and not a new run from the base: a CPU epoch of the base over run 3's 73k rows takes about 40
minutes on two cores, and the shipped model already has what run 1 taught it. One pass over the run-4 rows (the
new window-local negatives plus a sample of run 3's rows) is about half of that. The loss, batching and encoding
are train.py's. Every ``--save-every`` steps the model, the optimizer, the scheduler and the step are written to
OUT/last so that a killed run resumes where it stopped (same batch order: the order is drawn from the seed), and
the model alone to OUT/step-N so that candidates along the way can be compared on dev. The threshold and the head's
bias fold are chosen afterwards on dev (``train.ship``), so nothing here looks at dev or test data.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from pathlib import Path

import torch

sys.path.insert(0, str(Path(__file__).parent))
from train import ID2LABEL, batches, collate, encode, load_rows, log, loss_fn, seed_everything  # noqa: E402


def _loss(logits: torch.Tensor, b: dict[str, torch.Tensor], rows: list[dict]) -> torch.Tensor:
    """train.py's loss, except on rows with a ``teacher`` distribution (run 7, ``build_run7.py``): there the target
    is that distribution (cross-entropy to the teacher's probabilities), so the old rows hold the model where it was."""
    has_teacher = torch.tensor([r.get("teacher") is not None for r in rows])
    if not has_teacher.any():
        return loss_fn(logits, b)
    teacher = torch.tensor([r.get("teacher") or [0.0, 0.0, 0.0] for r in rows], dtype=torch.float32)
    logp = torch.log_softmax(logits.float(), dim=-1)
    soft = -(teacher * logp).sum(dim=-1)
    labelled = ~has_teacher
    hard = loss_fn(logits[labelled], {k: v[labelled] for k, v in b.items()}) * labelled.sum() if labelled.any() \
        else torch.zeros(())
    return (soft[has_teacher].sum() + hard) / len(rows)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--init", type=Path, required=True, help="the model to start from (the shipped one)")
    ap.add_argument("--data", type=Path, required=True)
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("--lr", type=float, default=2e-5)
    ap.add_argument("--batch-size", type=int, default=16)
    ap.add_argument("--max-len", type=int, default=256)
    ap.add_argument("--epochs", type=float, default=1.0)
    ap.add_argument("--save-every", type=int, default=300)
    ap.add_argument("--seed", type=int, default=41)
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--resume", action="store_true")
    ap.add_argument("--fresh-head", action="store_true",
                    help="--init is a base encoder (run 9): give it a new 3-way head, as train.py does")
    args = ap.parse_args(argv)
    from transformers import AutoModelForSequenceClassification, AutoTokenizer, get_linear_schedule_with_warmup

    torch.set_num_threads(args.threads)
    seed_everything(args.seed)
    rng = random.Random(args.seed)
    tokenizer = AutoTokenizer.from_pretrained(args.init)
    data = encode(tokenizer, load_rows(args.data / "train.jsonl.gz", 0), args.max_len)
    order = batches(data, args.batch_size, rng)
    steps = int(math.ceil(len(order) * args.epochs))
    order = (order * math.ceil(args.epochs))[:steps]
    last = args.out / "last"
    start_step = 0
    source = args.init
    if args.resume and (last / "state.json").is_file():
        state = json.loads((last / "state.json").read_text())
        start_step, source = state["step"], last
    head = {"num_labels": 3, "id2label": ID2LABEL, "label2id": {v: k for k, v in ID2LABEL.items()}} \
        if args.fresh_head and source == args.init else {}
    model = AutoModelForSequenceClassification.from_pretrained(source, dtype=torch.float32, **head)
    opt = torch.optim.AdamW(model.parameters(), lr=args.lr, weight_decay=0.01)
    sched = get_linear_schedule_with_warmup(opt, int(0.05 * steps), steps)
    if start_step:
        opt.load_state_dict(torch.load(last / "optimizer.pt"))
        sched.load_state_dict(torch.load(last / "scheduler.pt"))
        log(f"resumed at step {start_step} of {steps}")
    log(f"{len(data)} rows, {steps} steps of {args.batch_size}")
    model.train()
    began, total, seen = time.time(), 0.0, 0
    for step in range(start_step, steps):
        b = collate(order[step], "cpu")
        logits = model(input_ids=b["input_ids"], token_type_ids=b["token_type_ids"],
                       attention_mask=b["attention_mask"]).logits
        loss = _loss(logits, b, order[step])
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        opt.step()
        sched.step()
        opt.zero_grad(set_to_none=True)
        total += loss.item() * len(order[step])
        seen += len(order[step])
        done = step + 1
        if done % args.save_every == 0 or done == steps:
            model.save_pretrained(args.out / f"step-{done}")
            tokenizer.save_pretrained(args.out / f"step-{done}")
            model.save_pretrained(last)
            tokenizer.save_pretrained(last)
            torch.save(opt.state_dict(), last / "optimizer.pt")
            torch.save(sched.state_dict(), last / "scheduler.pt")
            (last / "state.json").write_text(json.dumps({"step": done, "steps": steps}))
            rate = seen / (time.time() - began)
            log(f"step {done}/{steps} loss {total / seen:.4f} {rate:.1f} pairs/s")
    log("done")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

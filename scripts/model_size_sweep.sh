#!/usr/bin/env bash
# The model-size axis (issue 25, part 2): the lexiopt pair (+experiment=lexiopt4,maybe_exts_removed
# on tests70, first call forced to path_resolve) and the tasks40 pair (suite=tasks40,tasks40_baseline,
# first calls path_resolve / search_files) on each model of MODELS, with the settings of
# scripts/lexiopt_sweep.sh and scripts/tasks40_sweep.sh, so the 1.5B runs of those scripts are the
# third size: the same seeds (run.seed 0, repeat k seed k), the same prompt, vocabularies and
# 600 s limit. One repeat of every cell at a time, every model, so a sweep stopped early is
# balanced; the first AUTO_REPEATS repeats also run the tasks40 pair with agent.tool_choice=auto
# (the unforced call rate: whether the model calls a tool at all when nothing forces it).
#
#   bash scripts/model_size_sweep.sh [isolated|single] [REPEATS] [RESULTS_DIR] [extra overrides...]
#   MODELS="qwen2.5-coder-0.5b smollm2-135m" (default: qwen2.5-coder-0.5b) the model configs
#   AUTO_REPEATS=N (default 1; 0: none); LAB= the lab command (as in scripts/tasks40_sweep.sh)
#   e.g. extra overrides: hydra/launcher=batched model.parallel=4 (each command has one model)
#
# The 0.5B is not installed by default: `.venv/bin/lab models install qwen2.5-coder-0.5b` first
# (scripts/findings_queue.sh does).
# SmolLM2-135M (8k context, evicts the oldest tests in one session) is supported but untried: a
# forced call is always schema-valid (the grammar), whether it can use the answer, or call a tool
# unforced, is what its cells measure. Resume: the same command again (run.resume=true). Time per
# repeat: not measured for these models (the 1.5B takes 15-27 min a tests70 repeat on 2 cores; the
# smaller models are faster per token but the 0.5B tends to repeat its forced call until the limit).
set -euo pipefail
cd "$(dirname "$0")/.."
MODE=${1:-isolated}
REPEATS=${2:-3}
OUT=${3:-results/model-size-$MODE}
shift $(( $# < 3 ? $# : 3 ))
LAB=${LAB:-.venv/bin/lab}
MODELS=${MODELS:-qwen2.5-coder-0.5b}
AUTO_REPEATS=${AUTO_REPEATS:-1}
for r in $(seq 1 "$REPEATS"); do
  for m in $MODELS; do
    "$LAB" run -m +experiment=lexiopt4,maybe_exts_removed model="$m" \
      agent.session="$MODE" agent.tool_choice=first agent.forced_tool=path_resolve \
      agent.time_limit_s=600 run.repeats="$r" run.resume=true run.progress=false \
      run.results_dir="$OUT" "$@"
    "$LAB" run -m suite=tasks40,tasks40_baseline model="$m" \
      agent.session="$MODE" agent.tool_choice=first agent.time_limit_s=600 run.experiment=tasks40 \
      run.repeats="$r" run.resume=true run.progress=false run.results_dir="$OUT" "$@"
    if [ "$r" -le "$AUTO_REPEATS" ]; then
      "$LAB" run -m suite=tasks40,tasks40_baseline model="$m" \
        agent.session="$MODE" agent.tool_choice=auto agent.forced_tool=null agent.time_limit_s=600 \
        run.experiment=tasks40-auto run.repeats="$r" run.resume=true run.progress=false \
        run.results_dir="$OUT" "$@"
    fi
  done
done

#!/usr/bin/env bash
# The first real lexiopt sweep (docs/findings/qwen2.5-coder-1.5b-lexiopt.md): the source log's four
# states on tests70 with the embedded Qwen2.5-Coder-1.5B, every cell repeated, one repeat of every
# cell at a time (repeats 1, then 2, ...), so a sweep stopped early is still balanced. Re-running it
# resumes: complete cells are skipped, interrupted repeats continue (run.resume=true).
#
#   bash scripts/lexiopt_sweep.sh [single|isolated] [REPEATS] [RESULTS_DIR] [extra overrides...]
#   e.g. extra overrides: hydra/launcher=batched model.parallel=16 (every cell on one loaded model)
#
# Same settings in every cell: agent.tool_choice=first with agent.forced_tool=path_resolve (the
# first turn of each test is a schema-valid path_resolve call; later turns are free), the default
# prompt, and a 600 s per-test limit (a loaded 2-core machine must not turn into `timeout` labels).
set -euo pipefail
cd "$(dirname "$0")/.."
MODE=${1:-single}
REPEATS=${2:-3}
OUT=${3:-results/lexiopt-$MODE}
shift $(( $# < 3 ? $# : 3 ))
LAB=${LAB:-.venv/bin/lab}
for r in $(seq 1 "$REPEATS"); do
  "$LAB" run -m +experiment=lexiopt4,maybe_exts_removed,alike,lexiopt6 \
    agent.session="$MODE" agent.tool_choice=first agent.forced_tool=path_resolve \
    agent.time_limit_s=600 run.repeats="$r" run.resume=true run.progress=false \
    run.results_dir="$OUT" "$@"
done

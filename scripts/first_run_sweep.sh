#!/usr/bin/env bash
# The first-run experiment of docs/findings/qwen2.5-coder-1.5b-first-run.md (issue 22): the
# default config with prompt=placeholder (`ANSWER: <path>`, the default when the runs started,
# named `default` then: its experiments keep that name) and prompt=answer_line, both session
# modes, seeds 0..R-1, interleaved by seed. Resumable: each call continues what is missing (run.resume=true).
#   bash scripts/first_run_sweep.sh [REPEATS] [OUT_DIR] [CELLS...]
# CELLS: single-answer_line isolated-answer_line isolated-placeholder single-placeholder (default: all,
# in that order). LAB= picks the lab command (a worktree's: PYTHONPATH=... LAB=.venv/bin/lab).
set -euo pipefail
cd "$(dirname "$0")/.."
R=${1:-3}
OUT=${2:-docs/findings/qwen2.5-coder-1.5b-first-run/runs}
shift $(( $# < 2 ? $# : 2 ))
CELLS=("$@")
[ ${#CELLS[@]} -gt 0 ] || CELLS=(single-answer_line isolated-answer_line isolated-placeholder single-placeholder)
LAB=${LAB:-.venv/bin/lab}
# One round interleaved by seed (issue 59, part 2): seed r of every cell, then seed r + 1, so the
# cells share their rounds wherever the sweep stops.
for r in $(seq 1 "$R"); do
  for cell in "${CELLS[@]}"; do
    mode=${cell%%-*}; prompt=${cell#*-}
    name=${prompt/#placeholder/default}     # the experiment's name from when the prompt was `default`
    echo "== $cell (repeat $r of $R) $(date -u +%H:%M:%S)"
    "$LAB" run "prompt=$prompt" "agent.session=$mode" "run.repeats=$r" run.resume=true \
      "run.experiment=first-run-$mode-$name" "run.results_dir=$OUT" run.progress=false
  done
done

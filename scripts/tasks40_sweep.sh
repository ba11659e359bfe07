#!/usr/bin/env bash
# The 40 tasks against their filesystem baseline (issue 25, part 1): suite=tasks40 (pathfinder's
# tools, first call forced to path_resolve) and suite=tasks40_baseline (the reference filesystem
# server's tools, first call forced to search_files: configs/suite/tasks40_baseline.yaml says
# why), one repeat of every cell at a time (repeats 1, then 2, ...), so a sweep stopped early is
# balanced. Beside them the same two suites with agent.tool_choice=auto (nothing forced: the
# unforced call rate), for the first AUTO_REPEATS repeats. Every tests.csv row names the tool its
# forced first turn called (forced_call_tool). Tables: scripts/findings_tasks40.py RESULTS_DIR.
#
#   bash scripts/tasks40_sweep.sh [isolated|single] [REPEATS] [RESULTS_DIR] [extra overrides...]
#   e.g. bash scripts/tasks40_sweep.sh isolated 6 results/tasks40-isolated hydra/launcher=batched model.parallel=4
#   AUTO_REPEATS=N (default 3; 0: none) repeats of the tool_choice=auto cells
#   LAB= picks the lab command (a worktree's: PYTHONPATH=$PWD LAB=.venv/bin/lab)
#
# Resume: run the same command again (run.resume=true): complete cells are skipped, interrupted
# repeats continue, a larger REPEATS extends every cell. Both suites are one Hydra sweep, so
# hydra/launcher=batched runs them on one loaded model. Time per repeat: not measured yet (no
# real model has run tasks40); a tests70 repeat of the 1.5B takes 15-27 min on 2 cores, a tasks40
# repeat has 40 tasks, the baseline's more calls per task. Same settings as scripts/lexiopt_sweep.sh:
# the default prompt and vocabulary, a 600 s per-task limit. The forced tool is not on the command
# line: path_resolve comes from configs/agent/default.yaml, search_files from the baseline's file
# (an agent.forced_tool=... override would force that one tool in both suites).
set -euo pipefail
cd "$(dirname "$0")/.."
MODE=${1:-isolated}
REPEATS=${2:-6}
OUT=${3:-results/tasks40-$MODE}
shift $(( $# < 3 ? $# : 3 ))
LAB=${LAB:-.venv/bin/lab}
AUTO_REPEATS=${AUTO_REPEATS:-3}
for r in $(seq 1 "$REPEATS"); do
  "$LAB" run -m suite=tasks40,tasks40_baseline \
    agent.session="$MODE" agent.tool_choice=first agent.time_limit_s=600 run.experiment=tasks40 \
    run.repeats="$r" run.resume=true run.progress=false run.results_dir="$OUT" "$@"
  if [ "$r" -le "$AUTO_REPEATS" ]; then
    "$LAB" run -m suite=tasks40,tasks40_baseline \
      agent.session="$MODE" agent.tool_choice=auto agent.forced_tool=null agent.time_limit_s=600 \
      run.experiment=tasks40-auto run.repeats="$r" run.resume=true run.progress=false \
      run.results_dir="$OUT" "$@"
  fi
done

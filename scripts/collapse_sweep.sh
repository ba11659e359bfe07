#!/usr/bin/env bash
# The single-session collapse rate per cell (issue 25, part 3): tests70 in one conversation, many
# repeats, in the four vocabularies of the source log's states (+experiment=lexiopt4 maybe_exts,
# maybe_exts_removed, alike, lexiopt6 = exist_similar) and the lexiopt4 state with the worked-example
# prompt (prompt=worked_example). A repeat collapses when >= 5 tests in a row give one copied
# answer (lab.records.cascade.is_collapse). Tables: scripts/findings_collapse.py RESULTS_DIR.
#
#   bash scripts/collapse_sweep.sh [REPEATS] [RESULTS_DIR] [extra overrides...]
#   e.g. bash scripts/collapse_sweep.sh 24 results/collapse hydra/launcher=batched model.parallel=4
#   LAB= the lab command (a worktree's: PYTHONPATH=$PWD LAB=.venv/bin/lab)
#
# The four vocabulary cells are exactly `scripts/lexiopt_sweep.sh single` (the same command, so the
# same fingerprints at the same commit): its runs in RESULTS_DIR are continued, not repeated, and
# count here. One repeat of every cell at a time, so a sweep stopped early is balanced; the same
# command again resumes (run.resume=true), a larger REPEATS extends every cell. Time: 15-27 min a
# repeat of a cell for the 1.5B on 2 cores, so one round of the 5 cells is ~1.5-2.3 h. How many
# repeats a 3x rate difference needs (1/12 vs 3/12: ~100 a cell at the two-part comparison's
# alpha 0.025): scripts/findings_collapse.py prints it from lab.stats.collapse_power.
set -euo pipefail
cd "$(dirname "$0")/.."
REPEATS=${1:-12}
OUT=${2:-results/collapse}
shift $(( $# < 2 ? $# : 2 ))
LAB=${LAB:-.venv/bin/lab}
for r in $(seq 1 "$REPEATS"); do
  "$LAB" run -m +experiment=lexiopt4,maybe_exts_removed,alike,lexiopt6 \
    agent.session=single agent.tool_choice=first agent.forced_tool=path_resolve \
    agent.time_limit_s=600 run.repeats="$r" run.resume=true run.progress=false \
    run.results_dir="$OUT" "$@"
  "$LAB" run -m +experiment=lexiopt4 prompt=worked_example run.experiment=lexiopt4-worked_example \
    agent.session=single agent.tool_choice=first agent.forced_tool=path_resolve \
    agent.time_limit_s=600 run.repeats="$r" run.resume=true run.progress=false \
    run.results_dir="$OUT" "$@"
done

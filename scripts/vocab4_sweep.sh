#!/usr/bin/env bash
# The pre-registered four-vocabulary comparison of docs/findings/vocab4-preregistration.md (issue
# 59, part 3): isolated tests70, the embedded Qwen2.5-Coder-1.5B, prompt answer_line, the first call
# forced to path_resolve, vocabularies minimal, maybe_exts, alike and exist_similar, seeds 100.. —
# one round interleaved by seed: every call of the loop runs repeat r of all four arms in turn, so
# a sweep stopped anywhere is balanced to within one seed and its arms share their rounds.
# Resumable: re-running it continues (run.resume=true: complete cells skipped, an interrupted
# repeat continues from its last finished test).
#
#   bash scripts/vocab4_sweep.sh [REPEATS] [OUT_DIR] [extra overrides...]
#
# LAB= picks the lab command; a worktree held at the pre-registered commit keeps the code fixed
# while the working copy changes: PYTHONPATH=$WT LAB=$WT/../main/.venv/bin/lab, run from $WT.
set -euo pipefail
cd "$(dirname "$0")/.."
R=${1:-10}
OUT=${2:-docs/findings/vocab4/runs}
shift $(( $# < 2 ? $# : 2 ))
LAB=${LAB:-.venv/bin/lab}
# the pre-registered level (the pilot's numerics): an AVX-512 machine runs it only when installed
# beside its own (VOCAB_LAB_LLAMA_EXTRA_LEVELS=pinned-avx2 bash scripts/install.sh)
export VOCAB_LAB_LLAMA_BUILD=${VOCAB_LAB_LLAMA_BUILD:-pinned-avx2}
for r in $(seq 1 "$R"); do
  echo "== seed $((100 + r - 1)) (repeat $r of $R) $(date -u +%H:%M:%S)"
  "$LAB" run -m vocab=minimal,maybe_exts,alike,exist_similar \
    agent.session=isolated prompt=answer_line agent.tool_choice=first agent.forced_tool=path_resolve \
    agent.time_limit_s=600 model.parallel=1 model.fast_grammar=true \
    run.seed=100 run.repeats="$r" run.resume=true run.progress=false \
    run.experiment=vocab4 run.results_dir="$OUT" "$@"
done

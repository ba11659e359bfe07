#!/usr/bin/env bash
# The whole test suite, as CI runs it (.ci/run), in two phases (docs/testing.md):
#   1. every test that is neither `slow` nor `slurm`, on 2 pytest-xdist workers (one per core);
#      a test file stays on one worker (--dist loadfile), so its module fixtures are built once;
#   2. the `slow` (real llama.cpp models) and `slurm` tests, one at a time and alone on the machine:
#      llama.cpp's threads spin on every core, so beside another worker a model runs ~50x slower,
#      and the one-node Slurm cluster runs its jobs on the same 2 cores.
# Both phases always run; the exit status is the first failing phase's (0 when both pass).
# `long` tests (a whole experiment, batched real-model runs; docs/testing.md) are left out of CI:
#   VOCAB_LAB_TEST_LONG=1 bash scripts/test.sh   adds them as phase 3, alone like phase 2.
# Usage: bash scripts/test.sh [pytest args...]   e.g. bash scripts/test.sh tests/test_sweep.py
#   VOCAB_LAB_TEST_WORKERS=N   workers of phase 1 (default 2; 0 runs it in this process)
# The fast lane: .venv/bin/python -m pytest -q -m "not slow and not slurm and not heavy" -n 2
set -uo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-.venv/bin/python}
WORKERS=${VOCAB_LAB_TEST_WORKERS:-2}
status=0
phase() {   # phase NAME PYTEST-ARGS...: pytest's exit 5 (no test selected in this phase) is a pass
    local name=$1 t0=$SECONDS rc=0
    shift
    echo "== $name: pytest $*"
    "$PY" -m pytest "$@" || rc=$?
    echo "== $name: exit $rc after $((SECONDS - t0)) s"
    if [[ $rc -ne 0 && $rc -ne 5 && $status -eq 0 ]]; then
        status=$rc
    fi
}
if [[ $WORKERS -gt 0 ]]; then
    phase "phase 1 (not slow, not slurm; $WORKERS workers)" -q -m "not slow and not slurm" \
        -n "$WORKERS" --dist loadfile --durations=15 "$@"
else
    phase "phase 1 (not slow, not slurm)" -q -m "not slow and not slurm" "$@"
fi
phase "phase 2 (slow and slurm, one at a time)" -q -m "(slow or slurm) and not long" --durations=15 "$@"
if [[ "${VOCAB_LAB_TEST_LONG:-0}" == 1 ]]; then
    phase "phase 3 (long, one at a time)" -q -m long --durations=15 "$@"
fi
exit $status

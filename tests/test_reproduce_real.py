"""Does this machine reproduce a committed run token for token? (issue 22)

A reference per llama.cpp level (lab/models/llama_levels.py, issue 58), each the first tests of a
committed single session with `prompt=answer_line` at seed 0, extra buffers off (docs/numerics.md):
- `pinned-avx2`: the first-run experiment's run (docs/findings/qwen2.5-coder-1.5b-first-run.md);
- `pinned-avx512`: docs/findings/levels/runs/level-pinned-avx512-single-answer_line (10 tests).
`lab reproduce` reruns the first two tests of each with the recorded config under
`VOCAB_LAB_LLAMA_BUILD=<level>` (its own process: a process loads one llama.cpp) and compares the
transcripts. A level this CPU cannot run is skipped; one it can run but that is not installed is
skipped outside CI and fails in CI (`.ci/run` installs both where the CPU has AVX-512).

- Same fingerprint, same numerics id: the tokens must be identical, or the test fails naming the
  first divergence (test, assistant turn, token, both texts).
- Other numerics (this machine runs another llama.cpp build: ARM, a native build, another
  compiler): tokens are not promised; the test is skipped, saying what differs and whether the
  tokens happened to match anyway.
- Other fingerprint: the lab's inputs changed since the reference was made (a ranking, prompt or
  corpus change) — the test fails saying so; make a new reference with
  `bash scripts/first_run_sweep.sh 1 docs/findings/qwen2.5-coder-1.5b-first-run/runs single-answer_line`
  from a clean checkout, and commit it.

Slow: loads the 1.1 GB model and, on a fresh machine, materializes and encodes the fixture corpus.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from lab.cli import main
from lab.models import llama_levels
from lab.models.llamacpp import build_numerics
from support.runs import EMBEDDED_MODEL

REPO = Path(__file__).resolve().parent.parent
RUNS = {"pinned-avx2": REPO / "docs/findings/qwen2.5-coder-1.5b-first-run/runs/first-run-single-answer_line",
        "pinned-avx512": REPO / "docs/findings/levels/runs/level-pinned-avx512-single-answer_line"}


pytestmark = EMBEDDED_MODEL


def reference(level: str) -> Path:
    found = sorted(p.parent for p in RUNS[level].glob("*/run.json"))
    assert len(found) == 1, f"expected one committed reference run under {RUNS[level]}, found {found}"
    return found[0]


def level_installed(level: str) -> None:
    """Skip when this CPU cannot run `level`; when it can but the level is not installed, skip
    outside CI and fail in CI, which installs every level its CPU runs."""
    lv = llama_levels.LEVELS[level]
    if not llama_levels.fits(lv, llama_levels.cpu_flags()):
        pytest.skip(f"this CPU cannot run the llama.cpp level {level}")
    if level not in llama_levels.installed():
        msg = (f"the llama.cpp level {level} is not installed (installed: {llama_levels.installed()}); "
               f"VOCAB_LAB_LLAMA_EXTRA_LEVELS={level} bash scripts/install.sh")
        if os.environ.get("CI"):
            pytest.fail(msg)
        pytest.skip(msg)


@pytest.mark.parametrize("level", sorted(RUNS))
def test_this_machine_reproduces_the_committed_reference_of_each_level(level):
    level_installed(level)
    ref = reference(level)
    res = subprocess.run([str(Path(sys.executable).parent / "lab"), "reproduce", str(ref), "--tests", "2",
                          "--format", "json"], cwd=REPO, capture_output=True, text=True, timeout=1800,
                         env={**os.environ, llama_levels.ENV: level})
    assert res.returncode in (0, 1, 3), res.stdout + res.stderr
    d = json.loads(res.stdout)
    assert d["fingerprint"]["same"], (
        "the lab's inputs changed since the reference was made, so this is not a test of the "
        "machine; differing inputs:\n  " + "\n  ".join(d["fingerprint"]["differences"])
        + "\nmake a new reference (see this file's docstring)")
    div = d["divergence"]
    where = (f"first divergence at {div['test_id']}, assistant turn {div['turn']}, token "
             f"{div['token']}: recorded {div['recorded']!r} | now {div['now']!r}" if div else "identical tokens")
    if d["numerics"]["same"] is False:
        pytest.skip(f"this machine computes with other numerics than the reference "
                    f"({d['numerics']['note']}): tokens are not promised across builds; {where}")
    # a test that ran out of the record's time limit here (a slower CPU: the reference was made
    # on a faster one) is cut, not diverged: its tokens are compared up to the cut
    assert not_diverged(d) and res.returncode in (0, 3), (
        f"same fingerprint and numerics ({d['numerics']['now']}) but other tokens: {where}; "
        f"diagnosis: {d['diagnosis']}")
    assert d["tests"] == 2 and d["assistant_turns"] >= (4 if not d["cut"] else 1)


def test_the_thread_count_changes_no_token():
    """n_threads is recorded beside the numerics id, not in it (docs/numerics.md): one thread must
    give the reference's tokens exactly, as two do. The first test (a forced call, a tool result
    and an answer: every kind of turn) is enough for the claim; the second doubled its time."""
    level = next((lv.name for lv in llama_levels.LEVELS.values()
                  if lv.kind == build_numerics().get("kind")), None)
    if level is None:
        pytest.skip(f"no committed reference of this llama.cpp build ({build_numerics().get('kind')})")
    res = CliRunner().invoke(main, ["reproduce", str(reference(level)), "--tests", "1", "--format", "json",
                                    "model.n_threads=1"], catch_exceptions=False)
    assert res.exit_code in (0, 1, 3), res.output
    d = json.loads(res.stdout)
    if d["numerics"]["same"] is False:
        pytest.skip(f"other numerics than the reference: {d['numerics']['note']}")
    assert not_diverged(d), f"1 thread gave other tokens than 2: {d['divergence']}"


def not_diverged(d: dict) -> bool:
    """Identical, or cut by the time limit with the same tokens up to the cut (and nothing else)."""
    div = d["divergence"]
    return d["identical"] or (bool(d["cut"]) and (div is None or div["kind"] == "cut"))

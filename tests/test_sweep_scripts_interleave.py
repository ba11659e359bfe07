"""Every sweep script runs its cells in one round interleaved by seed (issue 59, part 2): the loop
over repeats is the outer one, and each call asks for repeats up to the loop's, so a sweep stopped
anywhere is balanced to within one seed and its cells share their rounds."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

SCRIPTS = sorted((Path(__file__).resolve().parent.parent / "scripts").glob("*_sweep.sh"))


def test_there_are_sweep_scripts():
    assert len(SCRIPTS) >= 5


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda p: p.name)
def test_the_seed_loop_is_outermost_and_every_call_runs_up_to_it(script):
    code = [ln for ln in script.read_text().splitlines() if not ln.lstrip().startswith("#")]
    text = "\n".join(code)
    calls = [m.start() for m in re.finditer(r'"\$LAB" run\b', text)]
    assert calls, f"{script.name}: no lab run call"
    loop = re.search(r'^for (\w+) in \$\(seq 1 "?\$\{?\w+\}?"?\); do$', text, flags=re.M)
    assert loop, f"{script.name}: no top-level `for r in $(seq 1 \"$R\")` loop over repeats"
    assert loop.start() < min(calls), f"{script.name}: a lab run call comes before the seed loop"
    var = loop.group(1)
    repeats = re.findall(r'run\.repeats="?([^"\s]+)"?', text)
    assert repeats and all(r == f"${var}" for r in repeats), \
        f"{script.name}: run.repeats must be the loop's ${var} in every call (found {repeats})"

"""Issue 60, the first ten minutes: Ctrl-C is announced at once even while the main thread sits in
a C call that holds no GIL, and a run whose stderr is not a terminal prints plain progress lines
(rate-limited) and each repeat's score."""

from __future__ import annotations

import io
import subprocess
import sys
import time

from lab.agent.progress import Progress

CHILD = r"""
import ctypes, signal, sys, time
from lab.interrupts import announce_interrupts
signal.signal(signal.SIGINT, signal.default_int_handler)   # a background job may inherit it ignored
libc = ctypes.CDLL(None)
with announce_interrupts():
    try:                       # "ready" inside the try: a signal right after it is still caught
        print("ready", flush=True)
        libc.sleep(6)          # a C call with the GIL released, as a llama.cpp step is
        time.sleep(0)
    except KeyboardInterrupt:
        print("interrupted", flush=True)
        sys.exit(130)
"""


def test_ctrl_c_is_announced_before_the_c_call_returns():
    p = subprocess.Popen([sys.executable, "-c", CHILD], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         text=True)
    assert p.stdout.readline().strip() == "ready"
    t0 = time.monotonic()
    p.send_signal(2)
    line = p.stderr.readline()
    while line == "\n":                    # the message starts on a line of its own
        line = p.stderr.readline()
    heard = time.monotonic() - t0
    out, _ = p.communicate(timeout=20)
    assert "stopping after the current model step" in line
    assert heard < 3.0, f"announced {heard:.1f} s after the signal (the C call lasts 6 s)"
    assert "interrupted" in out and p.returncode == 130


def test_progress_off_a_terminal_writes_plain_lines_rate_limited_and_the_repeats_score():
    now = [0.0]
    buf = io.StringIO()                    # not a terminal
    bar = Progress(5, label="repeat 1/2 ", stream=buf, clock=lambda: now[0], every_s=30)
    for i, (dt, outcome) in enumerate([(10, "pass"), (25, "wrong_path"), (5, "pass"), (40, "pass"),
                                       (1, "pass")]):
        now[0] += dt
        bar.update(outcome, f"t0{i + 1}")
    bar.close()
    lines = buf.getvalue().splitlines()
    assert "\r" not in buf.getvalue()
    assert lines[0].startswith("repeat 1/2 test 2/5  score 1/2") and "(t01 pass, t02 wrong_path)" in lines[0]
    assert lines[1].startswith("repeat 1/2 test 4/5  score 3/4") and "(t03 pass, t04 pass)" in lines[1]
    assert lines[-1] == "repeat 1/2 done: score 4/5 in 1:21  (wrong_path 1)" and len(lines) == 3
    quiet = io.StringIO()
    off = Progress(5, stream=quiet, enabled=False)
    off.update("pass")
    off.close()
    assert quiet.getvalue() == ""

"""run.concurrency throughput against a loopback OpenAI-compatible stub with a fixed per-call latency.

    .venv/bin/python benchmarks/concurrency.py [--latency-ms 50] [--repeats 16] [--levels 1,2,4,8]

For each N the same run (mini suite, 6 tests, 2 calls per test, `--repeats` repeats) goes through
the real `lab.runner.run` with `model=openai run.concurrency=N` against `support.stub_server`
(ThreadingHTTPServer on 127.0.0.1, every reply after `--latency-ms`). Prints repeats/s, calls/s
and the scaling ratio throughput(N)/throughput(1); the target is >= 0.8 N up to 8. Only loopback
traffic; nothing but the stub answers.
"""

from __future__ import annotations

import argparse
import io
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "tests"))      # the stub server is a test support module

from lab.config import compose  # noqa: E402
from support.stub_server import StubServer  # noqa: E402
from lab.runner import run  # noqa: E402


def one(results: Path, url: str, repeats: int, n: int) -> float:
    cfg = compose(["model=openai", f"model.base_url={url}", "model.model=stub", "model.max_retries=0",
                   f"corpus.root={REPO / 'tests/data/minirepo'}", f"suite.file={REPO / 'tests/data/mini_suite.yaml'}",
                   f"prompt.file={REPO / 'tests/data/agent/templates.yaml'}", "resolver.semantic.enabled=false",
                   f"run.results_dir={results}", f"run.experiment=c{n}", f"run.repeats={repeats}",
                   f"run.concurrency={n}", "run.progress=false"])
    t = time.perf_counter()
    out = run(cfg, out=io.StringIO())
    wall = time.perf_counter() - t
    assert out.record.status == "complete" and len(out.record.repeats) == repeats
    return wall


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--latency-ms", type=float, default=50)
    ap.add_argument("--repeats", type=int, default=16)
    ap.add_argument("--levels", default="1,2,4,8")
    a = ap.parse_args()
    levels = [int(x) for x in a.levels.split(",")]
    with tempfile.TemporaryDirectory() as tmp, StubServer(latency_s=a.latency_ms / 1000) as stub:
        one(Path(tmp) / "warm", stub.url, 1, 1)              # imports, index, connection
        base = None
        print(f"stub latency {a.latency_ms:.0f} ms/call, {a.repeats} repeats x 6 tests x 2 calls")
        print(f"{'N':>3} {'wall s':>8} {'repeats/s':>10} {'calls/s':>9} {'scaling':>8} {'target':>7}  ok")
        ok = True
        for n in levels:
            calls0 = stub.calls
            wall = one(Path(tmp), stub.url, a.repeats, n)
            calls = stub.calls - calls0
            rps = a.repeats / wall
            base = base or rps
            ratio = rps / base
            good = ratio >= 0.8 * n
            ok &= good
            print(f"{n:>3} {wall:>8.2f} {rps:>10.2f} {calls / wall:>9.1f} {ratio:>7.2f}x {0.8 * n:>6.1f}x  "
                  f"{'yes' if good else 'NO'}")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())

"""The per-call budget under hostile arguments, on the full fixture monorepo (issue 13: no MCP call,
however hostile, may take longer than ~2 s for resolve on the fixture or stop the next call).

Times each hostile call through the same `ToolSet.call` that `lab serve` and the agent loop use,
after a warm-up (index built, encoder and embeddings loaded), and one ordinary call after each.

    .venv/bin/python benchmarks/hostile.py [--budget 2.0]

Run it on an otherwise idle machine (2 cores: another job's load skews it)."""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from lab.config import compose  # noqa: E402
from lab.tools import build_toolset  # noqa: E402

PATHFINDER = [
    ("path_resolve", {"query": "a" * 10_000_000}),
    ("path_resolve", {"query": "a" * 999}),
    ("path_resolve", {"query": "/".join(["x" * 50] * 19)}),
    ("path_resolve", {"query": "config", "intent_text": "retry " * 666}),
    ("path_resolve", {"query": "(" * 999}),
    ("read_file", {"path": "README.md", "max_bytes": 10 ** 12}),
    ("read_file", {"path": "a/" * 3000 + "b"}),
    ("list_dir", {"path": "." + "/." * 2000}),
]
FILESYSTEM = [
    ("search_files", {"path": ".", "pattern": "*" * 30 + "x"}),
    ("search_files", {"path": ".", "pattern": "{a,b}" * 22}),
    ("search_files", {"path": ".", "pattern": "**/" * 300 + "*.go"}),
    ("directory_tree", {"path": "."}),
    ("read_file", {"path": "README.md", "head": 10 ** 9}),
]
ORDINARY = {"pathfinder": ("path_resolve", {"query": "ledger_reconciler.go"}),
            "filesystem": ("list_directory", {"path": "."})}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--budget", type=float, default=2.0)
    args = ap.parse_args(argv)
    worst = 0.0
    print("| tools | call | seconds | error | next ordinary call s |\n| --- | --- | ---: | --- | ---: |")
    for tools, cases in (("pathfinder", PATHFINDER), ("filesystem", FILESYSTEM)):
        ts = build_toolset(compose([f"tools={tools}"]))
        ts.warmup()
        name0, args0 = ORDINARY[tools]
        ts.call(name0, args0)
        for name, a in cases:
            t0 = time.perf_counter()
            r = ts.call(name, a)
            dt = time.perf_counter() - t0
            t1 = time.perf_counter()
            ok = not ts.call(name0, args0).is_error
            after = time.perf_counter() - t1
            worst = max(worst, dt)
            shown = ", ".join(f"{k}={(repr(v)[:24] + '...') if len(repr(v)) > 27 else repr(v)}" for k, v in a.items())
            print(f"| {tools} | {name}({shown}) | {dt:.3f} | {'yes' if r.is_error else 'no'} | "
                  f"{after:.3f}{'' if ok else ' (FAILED)'} |")
    print(f"\nworst call {worst:.3f} s (budget {args.budget} s): {'within' if worst <= args.budget else 'OVER'}")
    return 0 if worst <= args.budget else 1


if __name__ == "__main__":
    raise SystemExit(main())

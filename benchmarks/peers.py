"""pathfinder against the tools users already have (fzf, BM25): retrieval quality and query latency
on every suite + corpus pair, through the lab's own eval (lab/suites/eval_resolver.py).

    .venv/bin/python benchmarks/peers.py [--suite FILE --corpus DIR]... [--resolvers pathfinder,fzf,bm25]
                                         [--top-k 5] [--format markdown|json] [OVERRIDES...]

Default pairs: prompts/tests70.yaml and prompts/tasks40.yaml on the fixture monorepo
(lab.corpus.materialize.fixture_root()). Each `--suite FILE --corpus DIR` given replaces them
(pairs in order: the n-th --suite goes with the n-th --corpus). Every resolver is its config file
(`resolver=default|fzf|bm25`) plus OVERRIDES, built once per corpus and warmed up (pathfinder's
first warmup encodes the corpus for its MaxSim rerank; later runs read the embedding cache).
An override `KIND:OVERRIDE` applies to that kind only (`pathfinder:resolver.semantic.enabled=false`).

recall@1, recall@k and MRR come from `lab.suites.eval_resolver.evaluate`, per category and over the whole
suite ("all"); latency is the wall time of each `resolve()` call that evaluation makes (one call
per test, after warmup), as p50/p95 in milliseconds per row. One markdown table, or `--format json`.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from lab.config import compose  # noqa: E402
from lab.suites.eval_resolver import evaluate  # noqa: E402
from lab.pathfinder.resolver import load_resolver  # noqa: E402
from lab.suites.loader import load_suite, suite_path  # noqa: E402

REPO = Path(__file__).resolve().parent.parent
#: resolver kind -> its file in configs/resolver/
CONFIG_OF = {"pathfinder": "default", "fzf": "fzf", "bm25": "bm25"}


@dataclass
class TimedResolver:
    """The resolver, with the wall time of every resolve() call recorded (evaluate sees the real
    resolver's attributes through it: index, root, top_k, ranking_settings, encoder_id)."""
    inner: Any
    seconds: list[float] = field(default_factory=list)

    def resolve(self, query: str, intent: str | None = None, top_k: int | None = None):
        t0 = time.perf_counter()
        try:
            return self.inner.resolve(query, intent=intent, top_k=top_k)
        finally:
            self.seconds.append(time.perf_counter() - t0)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)


def ms(seconds: list[float], q: float) -> float:
    return round(float(np.percentile(np.array(seconds) * 1000.0, q)), 2) if seconds else float("nan")


def overrides_for(kind: str, overrides: list[str]) -> list[str]:
    """The overrides for one kind: every plain one, and `KIND:OVERRIDE` ones of this kind."""
    out = []
    for o in overrides:
        prefix, sep, rest = o.partition(":")
        if not (sep and prefix in CONFIG_OF):
            out.append(o)
        elif prefix == kind:
            out.append(rest)
    return out


def bench(pairs: list[tuple[Path, Path]], kinds: list[str], top_k: int, overrides: list[str]) -> dict:
    rows: list[dict] = []
    meta: dict[str, Any] = {"pairs": [], "resolvers": {}}
    built: dict[tuple[str, Path], Any] = {}
    for suite_file, corpus in pairs:
        for kind in kinds:
            key = (kind, corpus)
            if key not in built:
                cfg = compose([f"resolver={CONFIG_OF[kind]}", f"corpus.root={corpus}",
                               *overrides_for(kind, overrides)])
                t0 = time.perf_counter()
                r = load_resolver(cfg)
                r.warmup()
                built[key] = r
                meta["resolvers"].setdefault(kind, {"settings": r.ranking_settings(), "encoder": r.encoder_id})
                meta["resolvers"][kind][f"build_and_warmup_s[{corpus.name}]"] = round(time.perf_counter() - t0, 2)
            timed = TimedResolver(built[key])
            suite = load_suite(suite_path(str(suite_file)), corpus_paths=set(timed.index.by_path))
            result = evaluate(timed, suite, top_k=top_k)
            if kind == kinds[0]:
                meta["pairs"].append({"suite": suite.name, "file": str(suite_file), "corpus": str(corpus),
                                      "files": len(timed.index.files), "tests": len(suite.tests)})
            by_cat: dict[str, list[float]] = {}
            for test, s in zip(suite.tests, timed.seconds, strict=True):  # evaluate goes in suite order
                by_cat.setdefault(test.category or "", []).append(s)
            groups = [("all", result.metrics, timed.seconds)] + [
                (c, m, by_cat.get(c, [])) for c, m in result.metrics_by_category.items()]
            for cat, m, secs in groups:
                rows.append({"suite": suite.name, "resolver": kind, "category": cat, "n": m["n"],
                             "recall@1": m["recall@1"], f"recall@{top_k}": m["recall@k"], "mrr": m["mrr"],
                             "p50_ms": ms(secs, 50), "p95_ms": ms(secs, 95)})
    order = {k: i for i, k in enumerate(kinds)}
    cats = lambda c: (c != "all", c)  # noqa: E731  ("all" first)
    rows.sort(key=lambda r: ([p["suite"] for p in meta["pairs"]].index(r["suite"]), cats(r["category"]),
                             order[r["resolver"]]))
    return {"top_k": top_k, "rows": rows, **meta}


def markdown(data: dict) -> str:
    k = data["top_k"]
    out = [f"| suite | category | resolver | n | recall@1 | recall@{k} | MRR | p50 ms | p95 ms |",
           "| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |"]
    for r in data["rows"]:
        cat = f"**{r['category']}**" if r["category"] == "all" else r["category"]
        out.append(f"| {r['suite']} | {cat} | {r['resolver']} | {r['n']} | {r['recall@1']:.3f} | "
                   f"{r[f'recall@{k}']:.3f} | {r['mrr']:.3f} | {r['p50_ms']:.2f} | {r['p95_ms']:.2f} |")
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--suite", action="append", default=[], type=Path, help="suite file (pairs with --corpus)")
    ap.add_argument("--corpus", action="append", default=[], type=Path, help="corpus folder (pairs with --suite)")
    ap.add_argument("--resolvers", default="pathfinder,fzf,bm25")
    ap.add_argument("--top-k", type=int, default=5)
    ap.add_argument("--format", choices=["markdown", "json"], default="markdown")
    ap.add_argument("overrides", nargs="*", help="Hydra overrides applied to every resolver's config")
    a = ap.parse_args(argv)
    if len(a.suite) != len(a.corpus):
        ap.error(f"--suite and --corpus come in pairs (got {len(a.suite)} and {len(a.corpus)})")
    kinds = [k.strip() for k in a.resolvers.split(",") if k.strip()]
    unknown = [k for k in kinds if k not in CONFIG_OF]
    if unknown or not kinds:
        ap.error(f"--resolvers: unknown {', '.join(unknown) or '(none given)'} (choices: {', '.join(CONFIG_OF)})")
    if a.top_k < 1:
        ap.error("--top-k must be >= 1")
    if a.suite:
        pairs = [(s.resolve(), c.expanduser().resolve()) for s, c in zip(a.suite, a.corpus)]
    else:
        from lab.corpus.materialize import fixture_root
        root = fixture_root()
        pairs = [(REPO / "prompts/tests70.yaml", root), (REPO / "prompts/tasks40.yaml", root)]
    from lab.errors import LabError
    try:
        data = bench(pairs, kinds, a.top_k, a.overrides)
    except LabError as e:   # a missing fzf, a bad override: the message names the fix or the key
        print(f"error: {e}", file=sys.stderr)
        return 2
    print(json.dumps(data, indent=2) if a.format == "json" else markdown(data))
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""pathfinder speed: index build (cold, warm with cached embeddings) and query latency p50/p95,
on the fixture corpus and on a synthetic tree of 100,000 paths.

    .venv/bin/python benchmarks/resolver.py [--queries 200] [--synthetic 100000] [--skip-fixture]

Targets (issue 2): warm query p95 <= 20 ms on the fixture corpus and <= 100 ms on 100,000 paths;
warm start <= 2 s on the fixture corpus. Cold = an empty embedding cache; warm start = a new
process's work (load corpus, build index, load encoder, load cached embeddings) before the first
query. Query timing excludes nothing: lexical scoring, query encoding and MaxSim (and, on the
synthetic tree, encoding of candidates not yet cached).
"""

from __future__ import annotations

import argparse
import hashlib
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import yaml  # noqa: E402

from lab.corpus.loader import Corpus, CorpusFile, load_corpus  # noqa: E402
from lab.pathfinder.index import build_index  # noqa: E402
from lab.pathfinder.resolver import Resolver  # noqa: E402
from lab.pathfinder.settings import PathfinderSettings  # noqa: E402

REPO = Path(__file__).resolve().parent.parent


def resolver_cfg() -> dict:
    return yaml.safe_load((REPO / "configs/resolver/default.yaml").read_text())


def _settings(cfg: dict, **semantic) -> PathfinderSettings:
    return PathfinderSettings.model_validate({**cfg, "semantic": {**cfg["semantic"], **semantic}})


def make_queries(index, n: int, seed: int = 7) -> list[tuple[str, str | None]]:
    """Realistic query shapes drawn from the index: names, misspellings, folder-qualified, intents."""
    rng = random.Random(seed)
    files = [f for f in index.files if f.ext]
    out = []
    for i in range(n):
        f = rng.choice(files)
        kind = i % 5
        if kind == 0:
            out.append((f.name, None))
        elif kind == 1 and len(f.stem) > 4:
            j = rng.randrange(1, len(f.stem) - 1)
            out.append((f.stem[:j] + f.stem[j + 1:] + "." + f.ext, None))
        elif kind == 2 and f.segments:
            out.append(("/".join(f.segments[-2:] + (f.name,)), None))
        elif kind == 3:
            heading = index.chunks[f.chunk_ids[0]].heading
            words = [w for w in heading.split() if len(w) > 3][:6]
            out.append((" ".join(words) or f.stem, None))
        else:
            out.append((" ".join(f.segments[-1:] + (f.stem,)), "where is " + f.stem.replace("_", " ")))
    return out


def percentile(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, max(0, round(p / 100 * len(xs)) - 1))]


def time_queries(r: Resolver, queries) -> tuple[float, float]:
    times = []
    for q, intent in queries:
        t = time.perf_counter()
        r.resolve(q, intent=intent)
        times.append((time.perf_counter() - t) * 1000)
    return statistics.median(times), percentile(times, 95)


def start(root: Path | None, corpus: Corpus | None, cfg: dict, cache: Path) -> tuple[Resolver, float]:
    t = time.perf_counter()
    if corpus is None:
        corpus = load_corpus(root)
    index = build_index(corpus)
    r = Resolver(index, _settings(cfg, cache_dir=str(cache)))
    r.warmup()
    return r, time.perf_counter() - t


def bench_fixture(n_queries: int, cfg: dict) -> None:
    from lab.corpus.materialize import fixture_root

    root = fixture_root()
    cache = Path(tempfile.mkdtemp(prefix="bench-emb-"))
    r, cold = start(root, None, cfg, cache)
    _, warm = start(root, None, cfg, cache)
    queries = make_queries(r.index, n_queries)
    time_queries(r, queries[:10])
    p50, p95 = time_queries(r, queries)
    print(f"fixture corpus: {len(r.index.files)} files, {len(r.index.chunks)} chunks")
    print(f"  start cold (encode all)     {cold:7.2f} s")
    print(f"  start warm (cached)         {warm:7.2f} s   target <= 2 s")
    print(f"  query p50 / p95             {p50:7.1f} / {p95:.1f} ms   target p95 <= 20 ms  ({len(queries)} queries)")


def synthetic_corpus(n: int, seed: int = 11) -> Corpus:
    rng = random.Random(seed)
    langs = [("go", "// Package {p} implements {w} for the {s} service."), ("rs", "//! {w} for the {s} crate."),
             ("py", '"""{w} helpers of {s}."""'), ("ts", "// {w} component of {s}."), ("yaml", "# {s} {w} settings"),
             ("md", "# {s}: {w}"), ("tf", "# {w} module for {s}"), ("sql", "-- {w} migration for {s}")]
    words = ["auth", "billing", "payments", "retry", "cache", "config", "client", "server", "handler", "router",
             "schema", "events", "queue", "worker", "metrics", "logging", "session", "token", "search", "index",
             "upload", "storage", "gateway", "profile", "invoice", "ledger", "notify", "webhook", "export", "report"]
    files = []
    seen = set()
    while len(files) < n:
        depth = rng.randint(2, 7)
        segs = [rng.choice(["services", "libs", "apps", "tools", "infra"])] + \
               [rng.choice(words) + rng.choice(["", "", "-api", "_v2", "-core"]) for _ in range(depth - 1)]
        ext, tmpl = rng.choice(langs)
        stem = rng.choice(words) + rng.choice(["", "", "_test", "_util", "s", "_" + rng.choice(words)])
        path = "/".join(segs) + f"/{stem}.{ext}"
        if path in seen:
            continue
        seen.add(path)
        text = tmpl.format(p=segs[-1].replace("-", "_"), w=rng.choice(words) + " " + rng.choice(words), s=segs[1])
        files.append(CorpusFile(path=path, root=".", size=len(text), text=text,
                                sha256=hashlib.sha256(text.encode()).hexdigest()))
    files.sort(key=lambda f: f.path)
    return Corpus(root=Path("/synthetic"), roots=(), files=tuple(files))


def bench_synthetic(n: int, n_queries: int, cfg: dict) -> None:
    corpus = synthetic_corpus(n)
    cache = Path(tempfile.mkdtemp(prefix="bench-emb-"))
    t = time.perf_counter()
    index = build_index(corpus)
    build = time.perf_counter() - t
    r = Resolver(index, _settings(cfg, cache_dir=str(cache)))
    r.warmup()  # over precompute_limit: loads the encoder; candidates are encoded on first use
    queries = make_queries(index, n_queries)
    time_queries(r, make_queries(index, 10, seed=99))
    p50, p95 = time_queries(r, queries)
    p50c, p95c = time_queries(r, queries)
    lex = Resolver(index, _settings(cfg, enabled=False))
    p50l, p95l = time_queries(lex, queries)
    print(f"synthetic tree: {len(index.files)} paths")
    print(f"  index build                 {build:7.2f} s")
    print(f"  query p50 / p95 (new queries, candidates encoded on first use)  {p50:6.1f} / {p95:.1f} ms   target p95 <= 100 ms")
    print(f"  query p50 / p95 (same queries again, embeddings cached)         {p50c:6.1f} / {p95c:.1f} ms")
    print(f"  query p50 / p95 (lexical only, semantic off)                    {p50l:6.1f} / {p95l:.1f} ms")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--queries", type=int, default=200)
    ap.add_argument("--synthetic", type=int, default=100_000)
    ap.add_argument("--skip-fixture", action="store_true")
    ap.add_argument("--skip-synthetic", action="store_true")
    args = ap.parse_args()
    cfg = resolver_cfg()
    print(f"machine: {os.cpu_count()} cores, python {sys.version.split()[0]}")
    if not args.skip_fixture:
        bench_fixture(args.queries, cfg)
    if not args.skip_synthetic:
        bench_synthetic(args.synthetic, args.queries, cfg)


if __name__ == "__main__":
    main()

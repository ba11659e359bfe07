"""Time one golden-queries-quoted scan: a synthetic 10,000-chunk index against 110 golden queries.

    .venv/bin/python benchmarks/contamination.py [--chunks 10000] [--queries 110] [--repeat 5]

The corpus is built in memory (Markdown notes of ~14 sections, bodies of 40-160 words, like a
personal knowledge base) and indexed with the real `build_index`; only `scan()` is timed. A few
notes quote golden queries so the scan has real matches to map back: one note quotes three
(reported), topic notes quote one each (not reported). Exits 1 when the median scan time is over
`--budget` seconds (0.5, the figure from issue 4).
"""

from __future__ import annotations

import argparse
import hashlib
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from lab.suites.contamination import golden_queries, scan  # noqa: E402
from lab.corpus.loader import Corpus, CorpusFile  # noqa: E402
from lab.pathfinder.index import build_index  # noqa: E402
from lab.suites.loader import TestCase  # noqa: E402

SECTIONS_PER_DOC = 14


def make_words(rng: random.Random, n: int) -> list[str]:
    letters = "abcdefghijklmnopqrstuvwxyz"
    words = {"".join(rng.choice(letters) for _ in range(rng.randint(2, 10))) for _ in range(n)}
    return sorted(words)


def make_queries(rng: random.Random, words: list[str], n: int) -> list[str]:
    """A mix like real golden sets: topic names (1-2 tokens) and questions (3-8 words)."""
    out = []
    while len(out) < n:
        k = rng.choice([1, 2, 2, 3, 4, 5, 6, 8])
        q = (" ".join(rng.choice(words) for _ in range(k))
             if k > 1 else "-".join(rng.choice(words) for _ in range(2)) + ".compile")
        if k > 3 and rng.random() < 0.5:
            q = "how does " + q + " work?"
        if len(q) >= 12 and q not in out:
            out.append(q)
    return out


def make_corpus(n_chunks: int, queries: list[str], seed: int = 0) -> Corpus:
    rng = random.Random(seed)
    words = make_words(rng, 4000)

    def sentence(lo: int, hi: int) -> str:
        return " ".join(rng.choice(words) for _ in range(rng.randint(lo, hi)))

    files = []
    n_docs = -(-n_chunks // SECTIONS_PER_DOC)
    for d in range(n_docs):
        parts = [f"---\ntitle: {sentence(2, 5)}\n---\n"]
        for s in range(min(SECTIONS_PER_DOC, n_chunks - d * SECTIONS_PER_DOC)):  # one chunk each
            body = sentence(40, 160)
            if d == 7 and s == 3:      # a note about the test set: quotes three golden queries
                body += f"\n\nThe golden set asks `{queries[0]}`, `{queries[5]}` and `{queries[9]}`."
            elif d % 50 == 1 and s == 0:  # topic notes: quote one golden query each
                body += f" {queries[d % len(queries)]}"
            parts.append(f"{'#' if s == 0 else '##'} {sentence(2, 6)}\n\n{body}\n")
        text = "\n".join(parts)
        data = text.encode()
        files.append(CorpusFile(path=f"notes/n{d:05d}.md", root=".", size=len(data),
                                sha256=hashlib.sha256(data).hexdigest(), text=text))
    return Corpus(root=Path("/synthetic"), roots=(), files=tuple(files))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--chunks", type=int, default=10_000)
    ap.add_argument("--queries", type=int, default=110)
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--budget", type=float, default=0.5, help="seconds for the median scan")
    args = ap.parse_args()

    rng = random.Random(1)
    queries = make_queries(rng, make_words(random.Random(0), 4000), args.queries)
    tests = [TestCase(id=f"q{i:03d}", query=q, expected=("golden/answers.md",))
             for i, q in enumerate(queries)]
    t0 = time.perf_counter()
    index = build_index(make_corpus(args.chunks, queries))
    built = time.perf_counter() - t0
    chars = sum(len(c.heading) + len(c.breadcrumb) + len(c.body) for c in index.chunks)

    times = []
    for _ in range(args.repeat):
        t = time.perf_counter()
        findings = scan(index, tests)
        times.append(time.perf_counter() - t)
    med = statistics.median(times)
    print(f"index: {len(index.files)} files, {len(index.chunks)} chunks, "
          f"{chars / 1e6:.1f} M chars of text fields (built in {built:.1f} s)")
    print(f"golden: {len(tests)} queries ({len(golden_queries(tests))} scanned)")
    print(f"scan x{args.repeat}: median {med:.3f} s, min {min(times):.3f} s, max {max(times):.3f} s "
          f"(budget {args.budget:.2f} s)")
    print(f"findings: {len(findings)} -> {[f.document for f in findings]}")
    return 0 if med <= args.budget else 1


if __name__ == "__main__":
    sys.exit(main())

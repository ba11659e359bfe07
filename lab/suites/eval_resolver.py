"""Retrieval eval without an LLM: recall@1, recall@k and MRR of a resolver (pathfinder or a peer) on a suite.

This is the fast loop in which lexical optimizations ("lexiopt") are measured. Its fingerprint is a
hash of exactly what determines the result: corpus content, resolver config, encoder id, suite
content. Findings (the contamination scan) are reported beside the scores, never inside the hash.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from lab.suites.contamination import Finding, scan
from lab.pathfinder.resolver import Resolver
from lab.records.fingerprint import Fingerprint
from lab.suites.loader import Suite


@dataclass(frozen=True)
class QueryRow:
    id: str
    query: str
    intent: str | None
    category: str | None
    expected: list[str]
    rank_in_top_k: int | None   # 1-based rank of the first expected document; None = not in top k
    top: list[str]              # the top-k paths, best first


@dataclass(frozen=True)
class EvalResult:
    suite: dict[str, Any]
    corpus: dict[str, Any]
    top_k: int
    metrics: dict[str, float]
    metrics_by_category: dict[str, dict[str, float]]
    queries: list[QueryRow]
    fingerprint: str
    fingerprint_inputs: dict[str, Any]
    findings: list[Finding] = field(default_factory=list)

    def to_dict(self) -> dict:
        d = asdict(self)
        d["findings"] = [f.to_dict() for f in self.findings]  # always present, [] when none
        return d


def eval_fingerprint(resolver: Resolver, suite: Suite, top_k: int) -> Fingerprint:
    # the resolver's part of a fingerprint, whatever its kind (Resolver.ranking_settings)
    settings = resolver.ranking_settings()
    settings["top_k"] = top_k
    return Fingerprint.of({
        "corpus": resolver.index.content_hash,
        "resolver": settings,
        "encoder": resolver.encoder_id,
        "suite": suite.content_hash,
    })


def metrics_of(rows: list[QueryRow], top_k: int) -> dict[str, float]:
    n = len(rows)
    if n == 0:
        return {"recall@1": 0.0, f"recall@{top_k}": 0.0, "recall@k": 0.0, "mrr": 0.0, "n": 0}
    ranks = [r.rank_in_top_k for r in rows]
    r1 = sum(1 for r in ranks if r == 1) / n
    rk = sum(1 for r in ranks if r is not None) / n
    mrr = sum(1.0 / r for r in ranks if r is not None) / n
    return {"recall@1": round(r1, 6), f"recall@{top_k}": round(rk, 6), "recall@k": round(rk, 6),
            "mrr": round(mrr, 6), "n": n}


def evaluate(resolver: Resolver, suite: Suite, top_k: int | None = None) -> EvalResult:
    top_k = top_k or resolver.top_k
    rows: list[QueryRow] = []
    for t in suite.tests:
        res = resolver.resolve(t.query, intent=t.intent, top_k=top_k)
        top = [c.path for c in res.candidates]
        expected = set(t.expected_paths())
        rank = next((i for i, p in enumerate(top, 1) if p in expected), None)
        rows.append(QueryRow(id=t.id, query=t.query, intent=t.intent, category=t.category,
                             expected=list(t.expected), rank_in_top_k=rank, top=top))
    by_cat: dict[str, list[QueryRow]] = {}
    for r in rows:
        if r.category:
            by_cat.setdefault(r.category, []).append(r)
    fp = eval_fingerprint(resolver, suite, top_k)
    findings = scan(resolver.index, suite.tests)  # the same index snapshot the scores came from
    return EvalResult(
        suite={"name": suite.name, "path": str(suite.path), "tests": len(suite.tests),
               "content_hash": suite.content_hash},
        corpus={"root": str(resolver.root), "files": len(resolver.index.files),
                "content_hash": resolver.index.content_hash},
        top_k=top_k, metrics=metrics_of(rows, top_k),
        metrics_by_category={c: metrics_of(rs, top_k) for c, rs in sorted(by_cat.items())},
        queries=rows, fingerprint=fp.value, fingerprint_inputs=dict(fp.inputs), findings=findings,
    )

"""Golden files: the exact path_resolve text and tool description of every shipped vocabulary.

The inputs are hand-made `Resolution`s standing for fixed queries (so resolver tuning never
moves these files; tests/test_vocab.py checks the rules against the real resolver). One file per
variant: tests/golden/vocab/<variant>.txt.

Regenerate after an intended change, then review the diff:

    UPDATE_GOLDEN=1 .venv/bin/python -m pytest -q tests/test_vocab_golden.py
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from lab.config import compose
from lab.paths import CONFIG_DIR
from lab.pathfinder.resolution import Candidate, Resolution
from lab.vocab import load_vocab, render_text, tool_description

GOLDEN_DIR = Path(__file__).parent / "golden" / "vocab"
VARIANTS = sorted(p.stem for p in (CONFIG_DIR / "vocab").glob("*.yaml"))
SHIPPED = ["alike", "exist_similar", "full", "maybe_exts", "minimal"]


def _c(path: str, score: float, why: tuple[str, ...], lexical: float, semantic: float | None,
       root: str = ".") -> Candidate:
    return Candidate(path=path, root=root, score=score, why=why, lexical=lexical, semantic=semantic)


#: Fixed queries, as pathfinder would resolve them in a large monorepo (the source log's cases).
FIXED: dict[str, Resolution] = {
    # `config`: 273 files share the stem; the best one has a Rust sibling; a YAML config ranks too.
    "config": Resolution(
        query="config", intent=None,
        candidates=(
            _c("services/gateway/config.go", 2.31456, ("stem", "segment_overlap", "maxsim"), 1.0, 0.8764),
            _c("services/gateway/config.rs", 2.29871, ("stem", "maxsim"), 0.98, 0.8791),
            _c("deploy/k8s/overlays/prod/config.yaml", 1.90312, ("stem", "maxsim"), 0.71, 0.7953),
            _c("services/billing/config.go", 1.88, ("stem", "maxsim"), 0.7, 0.7867),
            _c("libs/py/settings/config.py", 1.70111, ("stem", "maxsim"), 0.6, 0.7341),
            _c("tools/cli/config.ts", 1.5, ("stem",), 0.6, None),
        ),
        best_stem="config", same_stem_exts=("go", "rs", "yaml", "py", "ts"),
        sibling_exts=("go", "rs"), same_stem_count=273),
    # A unique hit: no other file shares the stem.
    "invoice handler": Resolution(
        query="invoice handler", intent="fix the rounding of invoice totals",
        candidates=(
            _c("services/billing/invoice.go", 2.6, ("stem", "text:heading", "maxsim"), 1.0, 0.7333),
            _c("services/billing/invoice_test.go", 1.41, ("stem~", "test-penalty", "maxsim"), 0.52, 0.5933),
        ),
        best_stem="invoice", same_stem_exts=("go",), sibling_exts=("go",), same_stem_count=1),
    # Same stem in two languages in different folders; the siblings source would stay silent.
    "retry client rust": Resolution(
        query="retry client rust", intent=None,
        candidates=(
            _c("services/payments/client/rust/retry.rs", 2.44, ("stem", "segment_overlap", "maxsim"), 1.0, 0.96),
            _c("services/payments/client/go/retry.go", 2.01, ("stem", "segment_overlap", "maxsim"), 0.74, 0.8),
            _c("vendor/github.com/acme/retry/retry.go", 1.1, ("stem", "vendor-penalty", "maxsim"), 0.3, 0.53),
        ),
        best_stem="retry", same_stem_exts=("rs", "go"), sibling_exts=("rs",), same_stem_count=3),
    # Nothing matched.
    "quantum flux capacitor": Resolution(
        query="quantum flux capacitor", intent=None, candidates=(), best_stem=None,
        same_stem_exts=(), sibling_exts=(), same_stem_count=0),
}


def golden_text(variant: str) -> str:
    vocab = load_vocab(compose([f"vocab={variant}"]).vocab)
    parts = [f"# {variant}: path_resolve as the model sees it (configs/vocab/{variant}.yaml).",
             "# Regenerate: UPDATE_GOLDEN=1 .venv/bin/python -m pytest -q tests/test_vocab_golden.py",
             "== tool_description", tool_description(vocab)]
    for query, res in FIXED.items():
        parts += [f"== path_resolve query={query!r}", render_text(res, vocab)]
    return "\n".join(parts) + "\n"


def test_every_shipped_variant_is_there():
    assert set(SHIPPED) <= set(VARIANTS)


@pytest.mark.parametrize("variant", VARIANTS)
def test_golden(variant: str):
    path = GOLDEN_DIR / f"{variant}.txt"
    actual = golden_text(variant)
    if os.environ.get("UPDATE_GOLDEN"):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(actual, encoding="utf-8")
    assert path.is_file(), f"no golden for {variant}: run with UPDATE_GOLDEN=1 and review it"
    assert actual == path.read_text(encoding="utf-8"), (
        f"{path} differs; if the change is intended, regenerate with UPDATE_GOLDEN=1 and review")

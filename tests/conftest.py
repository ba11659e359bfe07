from __future__ import annotations

import os
from pathlib import Path

import pytest
import yaml

REPO = Path(__file__).resolve().parent.parent
DATA = Path(__file__).resolve().parent / "data"
MINIREPO = DATA / "minirepo"
MINI_SUITE = DATA / "mini_suite.yaml"
#: A run that fingerprints in about a second (minirepo, the mini suite, no encoder), for tests whose
#: claim is how one setting moves the fingerprint: the packaged corpus costs ~30 s an index build.
SMALL_RUN = [f"corpus.root={MINIREPO}", f"suite.file={MINI_SUITE}", "resolver.semantic.enabled=false"]


#: the suite's thousands of runs live in throwaway folders: their writes skip fsync
#: (lab/records/io.py; a killed process loses nothing either way — the page cache outlives it).
#: Set here, at import, so every subprocess a test starts inherits it.
os.environ.setdefault("VOCAB_LAB_FSYNC", "0")


@pytest.fixture(scope="session", autouse=True)
def _isolated_cache(tmp_path_factory):
    """Tests never touch the user's cache: embeddings and fixture corpora go to a session folder,
    unless VOCAB_LAB_TEST_CACHE names a shared one (CI reuses it across steps). Under pytest-xdist
    the workers share one (the root of their base folders), so a corpus is materialized and
    encoded once, not once per worker: both writers are safe beside each other (a materialization
    is renamed into place, the embedding cache is SQLite)."""
    shared = os.environ.get("VOCAB_LAB_TEST_CACHE")
    if not shared and os.environ.get("PYTEST_XDIST_WORKER"):
        shared = tmp_path_factory.getbasetemp().parent / "vocab-lab-cache"
        shared.mkdir(exist_ok=True)
    os.environ["VOCAB_LAB_CACHE"] = str(shared or tmp_path_factory.mktemp("vocab-lab-cache"))
    yield


@pytest.fixture(scope="session")
def resolver_cfg() -> dict:
    return yaml.safe_load((REPO / "configs/resolver/default.yaml").read_text())


@pytest.fixture(scope="session")
def mini_index():
    from lab.corpus.loader import load_corpus
    from lab.pathfinder.index import build_index

    return build_index(load_corpus(MINIREPO))


#: Files of tests/data/minirepo that generated suites point at.
MINIREPO_FILES = ["services/billing/config.go", "services/billing/config.rs", "services/billing/invoice.go",
                  "services/billing/invoice_test.go", "services/payments/handler.go",
                  "services/payments/client/go/retry.go", "services/payments/client/rust/retry.rs",
                  "services/payments/generated/payments.pb.go", "infra/terraform/modules/ecs/main.tf",
                  "infra/terraform/modules/vpc/main.tf", "docs/architecture.md", "docs/onboarding.md"]
#: tests70's layout: category and how many tests, in order (G = 46-48, K = 61-66, L = 67-70)
LAYOUT70 = [("A", 8), ("B", 8), ("C", 7), ("D", 6), ("E", 5), ("F", 11), ("G", 3), ("H", 5), ("I", 4),
            ("J", 3), ("K", 6), ("L", 4)]


def write_suite70(path: Path, special: dict[int, tuple[str, str]] | None = None) -> Path:
    """A 70-test suite over minirepo laid out like tests70 (positions 1..70, categories A-L).
    Test i asks for a file by its name; `special` maps a position to its own (query, expected)."""
    tests, pos = [], 0
    for cat, k in LAYOUT70:
        for _ in range(k):
            pos += 1
            target = MINIREPO_FILES[(pos * 5) % len(MINIREPO_FILES)]
            query = target.rsplit("/", 1)[-1]
            if special and pos in special:
                query, target = special[pos]
            tests.append({"id": f"t{pos:02d}", "category": cat, "position": pos, "query": query,
                          "expected": [target]})
    path.write_text(yaml.safe_dump({"name": "gen70", "categories": {c: c for c, _ in LAYOUT70},
                                    "tests": tests}, sort_keys=False))
    return path


def agent_yaml(**changes) -> dict:
    """configs/agent/default.yaml (the only place the agent's defaults live) with `changes`."""
    return {**yaml.safe_load((REPO / "configs/agent/default.yaml").read_text()), **changes}


#: The loop driven unforced (agent.tool_choice=auto), as the tests that script a model's every turn do.
UNFORCED = {"context_policy": "stop", "tool_choice": "auto", "forced_tool": None}


#: tests of phase 1 that take seconds each (tests/heavy.txt, made by scripts/heavy_tests.py from a
#: durations run): marked `heavy`, so the fast lane can leave them out; CI runs them all
HEAVY = Path(__file__).with_name("heavy.txt")


def pytest_collection_modifyitems(config, items):
    heavy = {line.strip() for line in HEAVY.read_text(encoding="utf-8").splitlines()
             if line.strip() and not line.startswith("#")}
    for item in items:        # a test's node id, or its whole file (a module fixture costs seconds)
        if item.nodeid in heavy or item.nodeid.split("::")[0] in heavy:
            item.add_marker(pytest.mark.heavy)

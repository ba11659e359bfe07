from __future__ import annotations

import os
from pathlib import Path

import pytest
import yaml

REPO = Path(__file__).resolve().parent.parent
DATA = Path(__file__).resolve().parent / "data"
MINIREPO = DATA / "minirepo"
MINI_SUITE = DATA / "mini_suite.yaml"


@pytest.fixture(scope="session", autouse=True)
def _isolated_cache(tmp_path_factory):
    """Tests never touch the user's cache: embeddings and fixture corpora go to a session folder,
    unless VOCAB_LAB_TEST_CACHE names a shared one (CI reuses it across steps)."""
    shared = os.environ.get("VOCAB_LAB_TEST_CACHE")
    os.environ["VOCAB_LAB_CACHE"] = shared or str(tmp_path_factory.mktemp("vocab-lab-cache"))
    yield


@pytest.fixture(scope="session")
def resolver_cfg() -> dict:
    return yaml.safe_load((REPO / "configs/resolver/default.yaml").read_text())


@pytest.fixture(scope="session")
def mini_index():
    from lab.corpus.loader import load_corpus
    from lab.pathfinder.index import build_index

    return build_index(load_corpus(MINIREPO))

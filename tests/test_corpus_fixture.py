"""The fixture monorepo: determinism, size, landmarks, ignore rules and the quoted golden queries."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import threading
from collections import Counter
from pathlib import Path

import pytest

from lab.corpus import landmarks as L
from lab.corpus.fixture import config_stem_paths, generate
from lab.corpus.loader import load_corpus
from lab.corpus.materialize import MARKER, fixture_root, materialize
from lab.corpus.spec import FixtureSpec
from lab.errors import InputError
from lab.pathfinder.chunking import chunk_file
from lab.pathfinder.index import split_name

SPEC = FixtureSpec()
#: A smaller corpus for tests of mechanics that do not depend on size.
SMALL = FixtureSpec(go_services=5, rust_crates=5, python_packages=6, ts_packages=4, k8s_apps=5, migrations=10,
                    config_stems=100)


@pytest.fixture(scope="module")
def tree(tmp_path_factory) -> Path:
    return materialize(tmp_path_factory.mktemp("fixture") / "corpus", SPEC)


@pytest.fixture(scope="module")
def corpus(tree):
    return load_corpus(tree)


@pytest.fixture(scope="module")
def texts(corpus) -> dict[str, str]:
    return {f.path: f.text or "" for f in corpus.files}


def _snapshot(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def _norm(s: str) -> str:
    return " ".join(s.split()).lower()


def test_two_materializations_identical(tree, tmp_path):
    again = materialize(tmp_path / "again", SPEC)
    assert _snapshot(again) == _snapshot(tree)


def test_generation_independent_of_hash_seed():
    code = ("import hashlib;from lab.corpus.fixture import generate;h=hashlib.sha256()\n"
            "for p,b in generate().items(): h.update(p.encode()+b'\\0'+b)\nprint(h.hexdigest())")
    outs = {subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                           env={"PYTHONHASHSEED": seed, "PATH": ""}).stdout for seed in ("1", "2")}
    assert len(outs) == 1


def test_spec_hash_is_the_same_in_a_fresh_process_and_changes_with_spec():
    code = ("from lab.corpus.spec import FixtureSpec\n"
            "print(FixtureSpec().spec_hash(), FixtureSpec(seed=1).spec_hash())")
    here = f"{FixtureSpec().spec_hash()} {FixtureSpec(seed=1).spec_hash()}\n"
    for seed in ("1", "2"):     # other string hashes: a hash that used hash() or set order differs
        fresh = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                               env={**os.environ, "PYTHONHASHSEED": seed}).stdout
        assert fresh == here, seed
    assert FixtureSpec(seed=1).spec_hash() != FixtureSpec(seed=2).spec_hash()
    assert FixtureSpec().spec_hash() != FixtureSpec(config_stems=100).spec_hash()


def test_size_and_config_stems(corpus, tree):
    assert len(corpus.files) >= 5000
    configs = [f.path for f in corpus.files if split_name(f.path.rsplit("/", 1)[-1])[0] == "config"]
    assert len(configs) == SPEC.config_stems >= 273
    exts = Counter(split_name(p.rsplit("/", 1)[-1])[1] for p in configs)
    assert {"go", "rs", "py", "ts", "yaml", "toml", "json"} <= set(exts)
    assert sum(f.size for f in corpus.files) < 40 * 1024 * 1024
    langs = Counter(split_name(f.path.rsplit("/", 1)[-1])[1] for f in corpus.files)
    for ext in ("go", "rs", "py", "ts", "tf", "yaml", "sql", "graphql", "proto", "md", "yml"):
        assert langs[ext] >= 5, ext


def test_every_landmark_exists(tree):
    missing = [p for p in L.all_landmark_paths() if not (tree / p).is_file()]
    assert missing == []
    assert (tree / L.VENDOR_ROOT).is_dir()
    for a, b in L.MULTI_ROOT_PAIRS.values():
        assert a.startswith(L.WORKSPACE_ROOTS[0] + "/") and b.startswith(L.WORKSPACE_ROOTS[1] + "/")
        assert a.split("/", 2)[2] == b.split("/", 2)[2]
        assert (tree / a).read_bytes() != (tree / b).read_bytes()
    assert len(L.OAUTH_CALLBACK.split("/")) - 1 >= 8


def test_landmark_headings_exist(corpus):
    by_path = {f.path: f for f in corpus.files}
    for ref in L.DOC_HEADINGS.values():
        path, heading = ref.split("#", 1)
        headings = [c.heading for c in chunk_file(path, by_path[path].text)]
        assert heading in headings, ref


def test_workspace_roots_read_by_loader(corpus):
    assert corpus.roots == L.WORKSPACE_ROOTS
    roots = {f.path: f.root for f in corpus.files}
    for a, b in L.MULTI_ROOT_PAIRS.values():
        assert (roots[a], roots[b]) == L.WORKSPACE_ROOTS


def test_unique_files_are_unique(corpus):
    names = Counter(f.path.rsplit("/", 1)[-1] for f in corpus.files)
    assert [n for n, p in L.UNIQUE_FILES.items() if names[p.rsplit("/", 1)[-1]] != 1] == []


def test_moved_files(tree, texts):
    changelog = texts[L.CHANGELOG]
    for old, new in L.MOVED_FILES.items():
        assert not (tree / old).exists(), old
        assert (tree / new).is_file(), new
        assert f"`{old}` → `{new}`" in changelog


def test_gitignored_files_written_but_not_loaded(tree, corpus):
    loaded = {f.path for f in corpus.files}
    for p in L.IGNORED_PATHS:
        assert (tree / p).is_file(), p
        assert p not in loaded, p
    assert MARKER in L.IGNORED_PATHS


def test_ambiguities_present(tree, texts):
    assert (tree / "vendor/modules.txt").is_file()
    assert "DO NOT EDIT" in texts[L.GENERATED_PB_GO] and "DO NOT EDIT" in texts[L.GENERATED_PB2]
    assert "/generated/" in L.GRAPHQL_GENERATED
    assert "prod" in L.PROD_OVERLAY and "PodDisruptionBudget" in texts[L.PROD_OVERLAY.replace(
        "kustomization.yaml", "pdb.yaml")]
    assert "db-pool" in texts[L.POSTGREST_CONFIG] and "shared_buffers" in texts[L.POSTGRES_CONFIG]
    for group in L.SAME_STEM_GROUPS.values():
        dirs = {p.rsplit("/", 1)[0] for p in group}
        stems = {split_name(p.rsplit("/", 1)[-1])[0] for p in group}
        assert len(dirs) == 1 and len(stems) == 1 and len(group) >= 2


def _occurrences(text: str, query: str) -> int:
    return _norm(text).count(_norm(query))


def test_golden_queries_are_well_formed():
    queries = [*L.QUOTED_BY_BENCHMARK_NOTE, *L.QUOTED_ONCE_BY_TOPIC_NOTES]
    assert len(set(queries)) == len(queries) and len(L.QUOTED_ONCE_BY_TOPIC_NOTES) >= 4
    assert set(queries) == set(L.GOLDEN_ANSWERS)
    for q in queries:
        assert len(_norm(q)) >= 16, q
        assert all(_norm(q) not in _norm(o) for o in queries if o != q), q


def test_benchmark_note_quotes_two_queries(texts):
    note = texts[L.BENCHMARK_NOTE]
    for q in L.QUOTED_BY_BENCHMARK_NOTE:
        assert f"`{q}`" in note
    for q in L.QUOTED_ONCE_BY_TOPIC_NOTES:
        assert _occurrences(note, q) == 0, q


def test_topic_notes_mention_their_query_once(texts):
    for q, path in L.QUOTED_ONCE_BY_TOPIC_NOTES.items():
        assert _occurrences(texts[path], q) == 1, (q, path)
        chunks = chunk_file(path, texts[path])
        fields = [getattr(c, f) for c in chunks for f in ("heading", "breadcrumb", "body")]
        assert sum(_occurrences(f, q) for f in fields) == 1, (q, path)


def test_golden_queries_appear_nowhere_else(texts):
    """Only the expected answer, the benchmark note and the query's own topic note may contain it."""
    allowed = {q: {L.GOLDEN_ANSWERS[q]} for q in L.GOLDEN_ANSWERS}
    for q in L.QUOTED_BY_BENCHMARK_NOTE:
        allowed[q].add(L.BENCHMARK_NOTE)
    for q, path in L.QUOTED_ONCE_BY_TOPIC_NOTES.items():
        allowed[q].add(path)
    normed = {p: _norm(t) for p, t in texts.items()}
    stray = {q: sorted(p for p, t in normed.items() if _norm(q) in t and p not in allowed[q]) for q in allowed}
    assert {q: ps for q, ps in stray.items() if ps} == {}
    for q, answer in L.GOLDEN_ANSWERS.items():
        assert not answer.startswith("docs/"), q


def test_materialize_refuses_foreign_nonempty_dir(tmp_path):
    (tmp_path / "x").mkdir()
    (tmp_path / "x" / "file.txt").write_text("mine")
    with pytest.raises(InputError):
        materialize(tmp_path / "x", SPEC)
    assert (tmp_path / "x" / "file.txt").read_text() == "mine"


def test_materialize_reuses_same_spec(tree):
    before = (tree / MARKER).stat().st_mtime_ns
    assert materialize(tree, SPEC) == tree
    assert (tree / MARKER).stat().st_mtime_ns == before
    with pytest.raises(InputError):
        materialize(tree, FixtureSpec(seed=SPEC.seed + 1))


def test_fixture_root_cached_and_concurrent(tmp_path, monkeypatch):
    monkeypatch.setenv("VOCAB_LAB_CACHE", str(tmp_path / "cache"))
    results, errors = [], []

    def run():
        try:
            results.append(fixture_root(SMALL))
        except Exception as e:  # noqa: BLE001 - surfaced by the assert below
            errors.append(e)

    threads = [threading.Thread(target=run) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert len(set(results)) == 1
    root = results[0]
    assert root == (tmp_path / "cache" / "corpus" / SMALL.spec_hash()).resolve()
    assert sorted(p.name for p in root.parent.iterdir()) == [SMALL.spec_hash()]  # no temp dirs left
    assert fixture_root(SMALL) == root


def test_small_spec_keeps_landmarks():
    files = generate(SMALL)
    assert list(files) == sorted(files)
    assert all(isinstance(b, bytes) for b in files.values())
    assert len(config_stem_paths(files)) == 100
    assert [p for p in L.all_landmark_paths() if p not in files] == []
    assert re.fullmatch(r"[0-9a-f]{16}", FixtureSpec().spec_hash())

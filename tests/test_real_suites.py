"""The real-repository suites (prompts/real/) and their pinned corpora (corpora/).

Fast: the corpora are walked (paths only) and the resolver runs lexically; nothing is encoded.
"""

from __future__ import annotations

import collections
import json
import tomllib
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from lab.cli import main
from lab.config import compose
from lab.paths import REPO_ROOT
from lab.corpus.loader import walk
from lab.pathfinder.resolver import corpus_root_from_cfg
from lab.suites.loader import load_suite, suite_path

CORPORA = REPO_ROOT / "corpora"
MANIFEST = CORPORA / "manifest.yaml"
#: suite/corpus name -> tests in its suite file
REAL_SUITES = {"criterion": 45, "pytest": 50}
SHAPES = ("typo", "abbrev", "stem_folder", "intent", "docs_ci")
MIN_PER_SHAPE = 7


@pytest.fixture(scope="module")
def manifest() -> dict:
    return yaml.safe_load(MANIFEST.read_text(encoding="utf-8"))["corpora"]


@pytest.fixture(scope="module", params=sorted(REAL_SUITES))
def real(request):
    name = request.param
    paths = set(walk(CORPORA / name))
    suite = load_suite(suite_path(f"real/{name}"), corpus_paths=paths)
    return name, suite, paths


def test_suite_loads_with_every_expected_path_in_its_corpus(real):
    name, suite, paths = real
    assert suite.name == name
    assert len(suite.tests) == REAL_SUITES[name]
    for t in suite.tests:
        for p in t.expected_paths():
            assert p in paths, f"{suite.path}: test {t.id} expects {p!r}, not in corpora/{name}"


def test_each_shape_has_enough_queries_and_every_test_is_complete(real):
    _, suite, _ = real
    assert tuple(suite.categories) == SHAPES
    counts = collections.Counter(t.category for t in suite.tests)
    for shape in SHAPES:
        assert counts[shape] >= MIN_PER_SHAPE, f"{suite.path}: {shape} has {counts[shape]} queries"
    positions = sorted(t.position for t in suite.tests)
    assert positions == list(range(1, len(suite.tests) + 1))
    for t in suite.tests:
        assert t.message and t.notes, f"{suite.path}: test {t.id} needs message and notes"
        assert (t.intent is not None) == (t.category == "intent"), f"{suite.path}: test {t.id} intent"


def test_intent_tests_keep_the_file_name_out(real):
    _, suite, _ = real
    for t in suite.tests:
        if t.category != "intent":
            continue
        stem = Path(t.expected_paths()[0]).name.split(".")[0].lower()
        for field in ("query", "intent", "message"):
            assert stem not in getattr(t, field).lower(), f"{suite.path}: {t.id} {field} names {stem!r}"


def test_manifest_records_provenance_and_the_license_files_exist(manifest):
    assert set(manifest) == set(REAL_SUITES)
    for name, entry in manifest.items():
        for key in ("upstream", "url", "package", "upstream_version", "upstream_commit", "license",
                    "license_files", "extracted", "files", "removed"):
            assert entry.get(key), f"{MANIFEST}: corpora.{name}.{key} is missing"
        for lic in entry["license_files"]:
            assert (CORPORA / name / lic).is_file(), f"{MANIFEST}: corpora.{name}.license_files: {lic}"
        # the loader honours the extract's own .gitignore files: the count is what pathfinder indexes
        assert len(walk(CORPORA / name)) == entry["files"], f"{MANIFEST}: corpora.{name}.files"


def test_no_extract_file_is_ignored_by_the_repository():
    """Every extract file is tracked: the repo's .gitignore (build/, results/, ...) drops none."""
    import subprocess

    out = subprocess.run(["git", "status", "--ignored", "--porcelain", "--", "corpora"], cwd=REPO_ROOT,
                         capture_output=True, text=True, check=True).stdout
    assert [line for line in out.splitlines() if line.startswith("!!")] == []


def test_pytest_never_recurses_into_the_extracts():
    """pytest's own tree ships 18 conftest.py and 6 pytest.ini: norecursedirs keeps them out."""
    cfg = tomllib.loads((REPO_ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    opts = cfg["tool"]["pytest"]["ini_options"]
    assert opts["testpaths"] == ["tests"]
    assert "corpora" in opts["norecursedirs"]


@pytest.mark.parametrize("name", sorted(REAL_SUITES))
def test_corpus_and_suite_compose_and_resolve_from_another_directory(name, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    cfg = compose([f"corpus={name}", f"suite={name}"])
    assert cfg.corpus.root == f"corpora/{name}"
    assert corpus_root_from_cfg(cfg.corpus) == CORPORA / name
    assert suite_path(str(cfg.suite.file)) == REPO_ROOT / "prompts" / "real" / f"{name}.yaml"


def test_a_relative_root_missing_everywhere_stays_relative(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert corpus_root_from_cfg({"kind": "dir", "root": "no/such/folder", "roots": []}) == Path("no/such/folder")


def test_eval_resolver_takes_the_suite_from_the_suite_override(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    r = CliRunner().invoke(main, ["eval-resolver", "suite=criterion", "corpus=criterion", "--no-save",
                                  "--format", "json", "resolver.semantic.enabled=false"],
                           catch_exceptions=False)
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert data["suite"]["name"] == "criterion"
    assert data["metrics"]["n"] == REAL_SUITES["criterion"]
    assert data["corpus"]["files"] == 208

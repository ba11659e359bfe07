"""pathfinder's ranking mechanisms for real trees, each on a tiny corpus where it decides:
test affinity by what the query asks (and test twins), the depth prior among same-name files,
content fields (symbols, comments) for intent sentences, the role vocabulary of well-known file
kinds, consonant-skeleton abbreviations, code affinity, and known mixed-case compounds."""

from __future__ import annotations

from pathlib import Path

import pytest

from lab.corpus.loader import load_corpus
from lab.pathfinder.chunking import code_comments, code_symbols
from lab.pathfinder.index import TEXT_FIELDS, build_index
from lab.pathfinder.index import tested_stem as stem_under_test
from lab.pathfinder.query import analyze
from lab.pathfinder.resolver import Resolver
from test_pathfinder import lexical, settings
from lab.pathfinder.roles import file_role
from lab.pathfinder.terms import consonant_skeleton, speaks_of_code, speaks_of_tests


def make(tmp_path: Path, files: dict[str, str]):
    for rel, text in files.items():
        p = tmp_path / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(text)
    return build_index(load_corpus(tmp_path))


def resolver(index, resolver_cfg, **switches) -> Resolver:
    return lexical(index, resolver_cfg, **switches)   # the YAML's settings, semantic rerank off


def ranked(res) -> list[str]:
    return [c.path for c in res.candidates]


# -- test affinity --------------------------------------------------------------------------------

@pytest.mark.parametrize("text, wants", [
    ("oauth callback test", True),
    ("add a test case for an expired state", True),
    ("fix the flaky midnight case in the ledger reconciler test", True),
    ("throttle token bucket tests", True),
    ("tests for the retry policy", True),
    ("assign users to a/b test variants", False),      # a modifier
    ("swallow print output during tests", False),      # a context
    ("where a test's stdout is redirected", False),    # a possessive
    ("drops into the debugger when a test fails", False),
    ("CI script that runs the tests", False),          # what is run, not what is asked for
])
def test_speaks_of_tests(text, wants):
    assert speaks_of_tests(text) is wants


def test_tested_stem():
    assert [stem_under_test(s) for s in ("test_capture", "retry_test", "client.spec", "token_bucket")] == \
        ["capture", "retry", "client", "token_bucket"]


def test_source_twin_beats_its_test_unless_tests_are_asked_for(tmp_path, resolver_cfg):
    idx = make(tmp_path, {
        "src/pkg/raises.py": "def raises(exc):\n    pass\n",
        "testing/python/raises.py": "def test_raises():\n    assert raises(ValueError)\n",
    })
    assert idx.test_twins == {idx.by_path["testing/python/raises.py"]: (idx.by_path["src/pkg/raises.py"],)}
    r = resolver(idx, resolver_cfg)
    assert ranked(r.resolve("raises.py"))[0] == "src/pkg/raises.py"
    assert ranked(r.resolve("raises tests"))[0] == "testing/python/raises.py"
    # switched off, the test file is no longer held back (ties go by path: src < testing)
    off = resolver(idx, resolver_cfg, test_affinity=False)
    assert "test-twin-penalty" not in off.resolve("raises.py").candidates[1].why


def test_a_test_lends_its_words_to_its_source_twin(tmp_path, resolver_cfg):
    # the test spells out the behaviour; the source file never says "stdout buffer redirected"
    idx = make(tmp_path, {
        "src/capture.py": "class Capture:\n    def start(self):\n        pass\n",
        "tests/test_capture.py": "def test_stdout_is_redirected_into_a_buffer():\n"
                                 "    # stdout and stderr are redirected into a buffer\n    pass\n",
    })
    res = resolver(idx, resolver_cfg).resolve("swallow output", intent="where stdout is redirected into a buffer")
    assert ranked(res)[0] == "src/capture.py"
    assert "text:test-twin" in res.candidates[0].why


# -- depth prior ------------------------------------------------------------------------------------

def test_shallow_same_name_file_first(tmp_path, resolver_cfg):
    idx = make(tmp_path, {
        "src/lib.rs": "pub fn a() {}\n",
        "plot/src/lib.rs": "pub fn b() {}\n",
        "macro/src/deep/lib.rs": "pub fn c() {}\n",
    })
    r = resolver(idx, resolver_cfg)
    assert ranked(r.resolve("lib.rs"))[0] == "src/lib.rs"
    assert "shallow" in r.resolve("lib.rs").candidates[0].why
    # a folder word still picks the deeper one
    assert ranked(r.resolve("plot lib.rs"))[0] == "plot/src/lib.rs"
    off = resolver(idx, resolver_cfg, name_depth=False)
    assert ranked(off.resolve("lib.rs"))[0] == "macro/src/deep/lib.rs"  # ties by path without it


def test_folder_named_file_first_among_same_depth(tmp_path, resolver_cfg):
    idx = make(tmp_path, {
        "pkg/healthcheck/healthcheck.go": "package healthcheck\n",
        "pkg/aaa/healthcheck.go": "package aaa\n",
    })
    assert ranked(resolver(idx, resolver_cfg).resolve("healthcheck.go"))[0] == "pkg/healthcheck/healthcheck.go"


# -- content fields ---------------------------------------------------------------------------------

def test_symbols_and_comments_are_indexed_fields():
    assert {"symbols", "comments", "role"} <= set(TEXT_FIELDS)
    src = '"""Find the rootdir."""\n# walk up the tree\ndef locate_rootdir(args):\n    return None\nclass IniConfig:\n    pass\n'
    assert code_symbols(src) == "locate_rootdir IniConfig"
    assert "Find the rootdir." in code_comments(src) and "walk up the tree" in code_comments(src)


def test_intent_sentence_finds_the_file_by_its_identifiers(tmp_path, resolver_cfg):
    idx = make(tmp_path, {
        "src/config/findpaths.py": "def determine_rootdir(args):\n    return locate_ini_file(args)\n"
                                   "def locate_ini_file(args):\n    pass\n",
        "src/config/init.py": "def main():\n    pass\n",
        "docs/rootdir.md": "# Configuration\n\nSee the reference.\n",
    })
    res = resolver(idx, resolver_cfg).resolve("locate rootdir and ini", intent="the code that determines the rootdir")
    assert ranked(res)[0] == "src/config/findpaths.py"


# -- roles ------------------------------------------------------------------------------------------

def test_role_vocabulary_of_well_known_files():
    assert "windows" in file_role("appveyor.yml", "") and "ci" in file_role("appveyor.yml", "").split()
    assert "mdbook" in file_role("book/book.toml", "")
    assert "sphinx" in file_role("doc/conf.py", "extensions = ['sphinx.ext.autodoc']\n")
    assert file_role("src/app/conf.py", "DEBUG = True\n") == ""        # a conf.py that is no sphinx config
    assert "changelog" in file_role("CHANGELOG.rst", "")
    assert file_role("src/history.py", "") == ""                       # code, not a changelog
    assert "publish" in file_role(".github/workflows/deploy.yml", "- uses: pypa/gh-action-pypi-publish@v1\n")
    assert "publish" not in file_role(".github/workflows/test.yml", "- run: tox\n")


def test_role_named_config_found_by_its_role(tmp_path, resolver_cfg):
    idx = make(tmp_path, {
        "appveyor.yml": "install:\n  - cargo build\n",
        ".travis.yml": "language: rust\n",
        "src/lib.rs": "pub struct Options;\n",
        "book/book.toml": "[book]\ntitle = 'x'\n",
    })
    r = resolver(idx, resolver_cfg)
    assert ranked(r.resolve("windows CI config"))[0] == "appveyor.yml"
    assert ranked(r.resolve("mdbook config"))[0] == "book/book.toml"
    # without the role field neither file says what it is
    no_role = {k: dict(v) for k, v in resolver_cfg["features"].items()}
    no_role["intent_text"]["field_weights"] = {**no_role["intent_text"]["field_weights"], "role": 0.0}
    blind = Resolver(idx, settings(resolver_cfg, features=no_role, enabled=False))
    assert "appveyor.yml" not in ranked(blind.resolve("windows CI config"))


# -- abbreviations and compounds ----------------------------------------------------------------------

def test_consonant_skeleton_finds_the_word(tmp_path, resolver_cfg):
    assert consonant_skeleton("candlestick") == "cndlstck"
    idx = make(tmp_path, {"plot/src/candlestick.rs": "pub struct Candlestick;\n", "plot/src/curve.rs": "\n"})
    assert idx.skeletons["cndlstck"] == ["candlestick"]
    assert ranked(resolver(idx, resolver_cfg).resolve("cndlstck"))[0] == "plot/src/candlestick.rs"


def test_mixed_case_word_known_whole_stays_whole(tmp_path):
    idx = make(tmp_path, {"deploy.yml": "uses: pypa/gh-action-pypi-publish\n", "py.py": "\n"})
    assert "pypi" in analyze(idx, "publish to PyPI").terms
    assert "py" not in analyze(idx, "publish to PyPI").terms


# -- code affinity ------------------------------------------------------------------------------------

def test_code_asked_for_steps_docs_back(tmp_path, resolver_cfg):
    assert speaks_of_code("the helper that formats durations") and not speaks_of_code("the docs page on durations")
    idx = make(tmp_path, {
        "docs/format.md": "# Durations\n\nformat durations in nanoseconds\n",
        "src/format.rs": "/// format durations in nanoseconds\npub fn format_duration() {}\n",
    })
    r = resolver(idx, resolver_cfg)
    intent = "the helper that formats durations in nanoseconds"
    res = r.resolve("durations", intent=intent)
    assert ranked(res)[0] == "src/format.rs"
    assert "docs-penalty" in res.candidates[1].why
    docs = r.resolve("durations", intent="the docs page on durations in nanoseconds")
    assert not any("docs-penalty" in c.why for c in docs.candidates)

"""The shipped suites (prompts/): they load against the fixture corpus, keep the source log's
layout, carry the landmark golden queries verbatim, render with the templates, stay in sync with
the filesystem baseline, and give the contamination report exactly one finding on the fixture."""

from __future__ import annotations

import json
import re
import string
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from lab.suites.contamination import MIN_QUERY_CHARS, normalize
from lab.corpus import landmarks as L
from lab.corpus.loader import load_corpus
from lab.corpus.materialize import fixture_root
from lab.errors import InputError
from lab.pathfinder.index import TEXT_FIELDS, build_index
from lab.paths import PROMPTS_DIR
from lab.suites.loader import TEMPLATE_KEYS, load_suite, split_expected

PROMPT_DIR = PROMPTS_DIR.parent / "configs" / "prompt"
TEMPLATES_FILE = PROMPT_DIR / "answer_line.yaml"   # the default prompt (configs/config.yaml)
SUITES = {"tests70": 70, "tasks40": 40, "tasks40_baseline": 40}
#: Placeholders each template may use (the agent loop's contract, lab/agent/prompt.py).
SYSTEM_FIELDS = {"tool_names", "answer_format"}
TEST_FIELDS = {"id", "query", "intent", "position", "category", "message"}
BASELINE_TOOLS = ("read_file", "list_directory", "directory_tree", "search_files")
#: tests70's category blocks, in order: the source log's layout (G, K and L are fixed by it).
TESTS70_LAYOUT = {"A": (1, 8), "B": (9, 16), "C": (17, 23), "D": (24, 29), "E": (30, 34),
                  "F": (35, 45), "G": (46, 48), "H": (49, 53), "I": (54, 57), "J": (58, 60),
                  "K": (61, 66), "L": (67, 70)}


@pytest.fixture(scope="module")
def fixture() -> Path:
    return fixture_root()


@pytest.fixture(scope="module")
def corpus(fixture):
    return load_corpus(fixture)


@pytest.fixture(scope="module")
def index(corpus):
    return build_index(corpus)


@pytest.fixture(scope="module")
def suites(corpus):
    paths = {f.path for f in corpus.files}
    return {name: load_suite(PROMPTS_DIR / f"{name}.yaml", corpus_paths=paths) for name in SUITES}


@pytest.fixture(scope="module")
def templates() -> dict:
    return yaml.safe_load(TEMPLATES_FILE.read_text(encoding="utf-8"))


def _placeholders(template: str) -> set[str]:
    return {field for _, field, _, _ in string.Formatter().parse(template) if field is not None}


def _strict(values: dict) -> dict:
    class Strict(dict):
        def __missing__(self, key):
            raise KeyError(key)

    return Strict(values)


# --- loading and layout ----------------------------------------------------------------------

@pytest.mark.parametrize("name", SUITES)
def test_suite_loads_against_the_fixture_with_positions_1_to_n(suites, name):
    suite = suites[name]  # load_suite(corpus_paths=...) already proved every expected path exists
    assert len(suite.tests) == SUITES[name]
    assert [t.position for t in suite.tests] == list(range(1, SUITES[name] + 1))
    assert sorted(suite.categories) == list("ABCDEFGHIJKL")
    for t in suite.tests:
        assert t.message and t.notes and t.category, t.id


def test_suite_names_match_their_files(suites):
    assert {name: s.name for name, s in suites.items()} == {name: name for name in SUITES}


def test_tests70_category_layout(suites):
    tests = suites["tests70"].tests
    assert [t.id for t in tests] == [f"t{i:02d}" for i in range(1, 71)]
    got = {}
    for t in tests:
        lo, hi = got.get(t.category, (t.position, t.position))
        got[t.category] = (min(lo, t.position), max(hi, t.position))
    assert got == TESTS70_LAYOUT
    # contiguous blocks: the layout above has no gaps or overlaps
    assert sum(hi - lo + 1 for lo, hi in TESTS70_LAYOUT.values()) == 70
    assert all(t.intent is None for t in tests), "tests70 queries stand alone; intents are tasks40's"


def test_tasks40_layout_and_intents(suites):
    tests = suites["tasks40"].tests
    assert [t.id for t in tests] == [f"task{i:02d}" for i in range(1, 41)]
    assert all(t.intent for t in tests), "every task carries its intent (passed as intent_text)"
    # tasks 31-40: the source log's additions, in its order
    assert [t.category for t in tests[30:]] == ["K", "K", "L", "L", "D", "E", "L", "F", "K", "F"]
    added = [t.expected[0] for t in tests[30:]]
    assert added == [L.GO_CLIENT_RETRY, L.HANDWRITTEN_SERVER, L.DEV_OVERLAY, L.VPC_MODULE,
                     L.SAME_STEM_PAIR[1], L.OAUTH_CALLBACK, L.POSTGRES_CONFIG, L.OWN_BACKOFF,
                     L.GRAPHQL_SCHEMA, L.RERANKER_ENTRY]


def test_landmark_golden_queries_are_in_tests70_verbatim(suites):
    by_query = {t.query: t for t in suites["tests70"].tests}
    for q in (*L.QUOTED_BY_BENCHMARK_NOTE, *L.QUOTED_ONCE_BY_TOPIC_NOTES):
        assert q in by_query, q
        assert by_query[q].expected == (L.GOLDEN_ANSWERS[q],), q


def test_tests70_uses_the_landmarks_of_its_categories(suites):
    expected = {t.category: set() for t in suites["tests70"].tests}
    for t in suites["tests70"].tests:
        expected[t.category].update(t.expected_paths())
    assert expected["D"] >= set(L.SAME_STEM_PAIR)
    assert expected["G"] <= {p for pair in L.TEST_IMPL_PAIRS.values() for p in pair}
    assert expected["I"] <= {p for pair in L.MULTI_ROOT_PAIRS.values() for p in pair}
    assert expected["J"] <= set(L.MOVED_FILES.values())
    assert expected["L"] == {L.DEV_OVERLAY, L.PROD_OVERLAY, L.VPC_MODULE, L.ECS_MODULE}
    assert {L.GO_CLIENT, L.GRAPHQL_GENERATED, L.HANDWRITTEN_SERVER} <= expected["K"]


def test_shared_queries_are_told_apart_by_the_message(suites):
    """Some tests70 queries are shared on purpose (the source log's case: "billing config" for the
    Go and for the Rust file): the model's short query drops the language, only the message names
    it. Such a group must expect different files and say different things."""
    groups: dict[str, list] = {}
    for t in suites["tests70"].tests:
        groups.setdefault(normalize(t.query), []).append(t)
    shared = {q: ts for q, ts in groups.items() if len(ts) > 1}
    assert shared, "the same-query pairs of D and K are part of the suite's difficulty"
    for q, ts in shared.items():
        assert len({t.expected for t in ts}) == len(ts), q
        assert len({t.message for t in ts}) == len(ts), q
        assert {t.category for t in ts} <= set("DGKL"), q  # ambiguity categories only


def test_multi_root_queries_name_their_root(suites):
    for t in suites["tests70"].tests:
        if t.category == "I":
            root = next(r for r in L.WORKSPACE_ROOTS if t.expected_paths()[0].startswith(r + "/"))
            assert root.split("/")[-1] in t.query, t.id


def test_moved_file_tests_expect_the_new_path(suites):
    for t in suites["tests70"].tests:
        if t.category == "J":
            assert len(t.expected) == 1 and t.expected[0] in L.MOVED_FILES.values(), t.id


def test_heading_answers_name_a_heading_of_their_document(suites, fixture):
    for suite in suites.values():
        for t in suite.tests:
            for entry in t.expected:
                path, heading = split_expected(entry)
                if heading is None:
                    continue
                text = (fixture / path).read_text(encoding="utf-8")
                headings = {m.group(1).strip() for m in re.finditer(r"(?m)^#{1,6}\s+(.+)$", text)}
                assert heading in headings, (t.id, entry)


# --- the filesystem baseline -----------------------------------------------------------------

def test_baseline_has_the_same_tasks(suites):
    def key(t):
        return (t.id, t.position, t.category, t.query, t.intent, t.message, t.expected)

    assert [key(t) for t in suites["tasks40_baseline"].tests] == [key(t) for t in suites["tasks40"].tests]
    assert dict(suites["tasks40_baseline"].categories) == dict(suites["tasks40"].categories)


def test_baseline_system_prompt_is_for_the_filesystem_tools(suites, templates):
    system = suites["tasks40_baseline"].raw["templates"]["system"]
    assert system != templates["system"]
    assert "path_resolve" not in system
    assert all(tool in system for tool in BASELINE_TOOLS)
    assert "templates" not in suites["tasks40"].raw  # tasks40 runs with the default prompt


# --- templates -------------------------------------------------------------------------------

def test_templates_file_has_exactly_the_contract_keys(templates):
    assert set(templates) == set(TEMPLATE_KEYS) | {"name", "about", "file", "example"}
    # the default draws no placeholder to copy (issue 22: `<path>` was copied word for word)
    assert templates["answer_format"] == "ANSWER:" and "<" not in templates["system"]
    assert _placeholders(templates["system"]) <= SYSTEM_FIELDS
    assert _placeholders(templates["test_message"]) <= TEST_FIELDS
    system = templates["system"]
    assert "{answer_format}" in system and "{tool_names}" in system
    assert "path_resolve" in system and "new, independent question" in system


@pytest.mark.parametrize("variant", sorted(p.stem for p in PROMPT_DIR.glob("*.yaml")))
def test_every_prompt_variant_stays_neutral_about_the_probed_ambiguities(variant):
    """The prompt must not do the vocabulary's job: no word about extensions, same-name files or
    languages, in the system prompt or the worked example."""
    data = yaml.safe_load((PROMPT_DIR / f"{variant}.yaml").read_text(encoding="utf-8"))
    text = (data["system"] + json.dumps(data.get("example") or {})).lower()
    for word in ("extension", "same name", "same-name", "language", ".go", ".rs", "golang", "rust",
                 "typescript", "similar"):
        assert word not in text, (variant, word)


@pytest.mark.parametrize("name", SUITES)
def test_templates_render_for_every_test(suites, templates, name):
    suite = suites[name]
    merged = {k: templates[k] for k in TEMPLATE_KEYS}
    merged.update(dict(suite.raw.get("templates") or {}))
    system = merged["system"].format_map(_strict({"tool_names": "a, b", "answer_format": merged["answer_format"]}))
    assert merged["answer_format"] in system and "{" not in system
    for t in suite.tests:
        values = {k: "" if getattr(t, k) is None else str(getattr(t, k)) for k in TEST_FIELDS}
        rendered = merged["test_message"].format_map(_strict(values))
        assert rendered.strip() and t.message in rendered, t.id


def test_suite_templates_with_an_unknown_key_are_rejected(tmp_path):
    bad = tmp_path / "s.yaml"
    bad.write_text("templates:\n  sytem: hello\ntests:\n  - id: a\n    query: q\n    expected: [x]\n",
                   encoding="utf-8")
    with pytest.raises(InputError) as e:
        load_suite(bad)
    assert e.value.line == 2 and e.value.key == "templates.sytem" and str(bad) in str(e.value)
    bad.write_text("templates:\n  system: ''\ntests:\n  - id: a\n    query: q\n    expected: [x]\n",
                   encoding="utf-8")
    with pytest.raises(InputError) as e:
        load_suite(bad)
    assert e.value.key == "system"
    bad.write_text("templates: [system]\ntests:\n  - id: a\n    query: q\n    expected: [x]\n",
                   encoding="utf-8")
    with pytest.raises(InputError) as e:
        load_suite(bad)
    assert e.value.key == "templates"


def test_a_suites_own_system_prompt_must_bring_its_answer_format(tmp_path):
    """A suite's system text that places {answer_format} is written for one answer format; under
    another prompt's (`ANSWER: <path>` drawn on its own line vs `ANSWER:` described in words) it
    reads wrong. tasks40_baseline did, and the 1.5B gave the line after a bare `ANSWER:` as its
    answer in 26 of 40 tasks (2026-12-03). So such a suite sets templates.answer_format too."""
    bad = tmp_path / "s.yaml"
    bad.write_text("templates:\n  system: |\n    Tools: {tool_names}.\n    Answer as {answer_format}\n"
                   "tests:\n  - id: a\n    query: q\n    expected: [x]\n", encoding="utf-8")
    with pytest.raises(InputError) as e:
        load_suite(bad)
    assert e.value.line == 2 and e.value.key == "templates.system" and str(bad) in str(e.value)
    assert "templates.answer_format" in str(e.value)
    good = tmp_path / "g.yaml"
    good.write_text(bad.read_text(encoding="utf-8").replace(
        "tests:", "  answer_format: 'ANSWER:'\ntests:", 1), encoding="utf-8")
    assert load_suite(good).raw["templates"]["answer_format"] == "ANSWER:"
    plain_text = tmp_path / "p.yaml"                  # a system text with no answer format of its own
    plain_text.write_text("templates:\n  system: 'Tools: {tool_names}.'\n"
                          "tests:\n  - id: a\n    query: q\n    expected: [x]\n", encoding="utf-8")
    load_suite(plain_text)


@pytest.mark.parametrize("variant", sorted(p.stem for p in PROMPT_DIR.glob("*.yaml")))
def test_the_baseline_renders_one_system_prompt_whatever_the_prompt_variant(suites, variant):
    """The baseline's system prompt is its own, with its own answer format, under every prompt
    variant; the answer line is described in words as the default's is (nothing to copy)."""
    from lab.agent.prompt import load_prompt

    cfg = yaml.safe_load((PROMPT_DIR / f"{variant}.yaml").read_text(encoding="utf-8"))
    t = load_prompt(cfg, suites["tasks40_baseline"].raw["templates"], "prompts/tasks40_baseline.yaml")
    system = t.system_prompt(list(BASELINE_TOOLS))
    assert t.answer_format == "ANSWER:" and t.answer_prefix == "ANSWER:"
    assert "one line that starts with ANSWER: followed by the file's path" in " ".join(system.split())
    assert not any(line.strip() == "ANSWER:" for line in system.splitlines())   # the broken form
    default = load_prompt(yaml.safe_load(TEMPLATES_FILE.read_text(encoding="utf-8")),
                          suites["tasks40_baseline"].raw["templates"], "prompts/tasks40_baseline.yaml")
    assert system == default.system_prompt(list(BASELINE_TOOLS))


# --- contamination ---------------------------------------------------------------------------

def _documents_containing(corpus, index, query: str) -> set[str]:
    """Documents whose file text, or one indexed text field of one chunk, contains `query`
    verbatim (whitespace-normalized, case kept: what golden-queries-quoted measures; a README
    titled "Go payments client" names a topic, it does not quote the query "go payments client")."""
    q = normalize(query)
    found = {f.path for f in corpus.files if f.text and q in normalize(f.text)}
    for chunk in index.chunks:
        if any(q in normalize(chunk.field(name)) for name in TEXT_FIELDS):
            found.add(index.files[chunk.file_id].path)
    return found


@pytest.mark.parametrize("name", ["tests70", "tasks40"])
def test_golden_queries_appear_nowhere_else(suites, corpus, index, name):
    """A golden query (long enough to be matched by the scan) may appear only in its expected
    documents, the benchmark note (its two quoted queries) and its own topic note. Entries with
    the same normalized query are one query, as the scan collapses them: a document expected by
    any of them is allowed for all (t24/t25 both ask "billing config", one for config.go, one for
    config.rs, and each file says "billing config")."""
    expected_by_query: dict[str, set[str]] = {}
    for t in suites[name].tests:
        expected_by_query.setdefault(normalize(t.query), set()).update(t.expected_paths())
    stray = {}
    for t in suites[name].tests:
        if len(normalize(t.query)) < MIN_QUERY_CHARS:
            continue  # never matched by golden-queries-quoted
        allowed = set(expected_by_query[normalize(t.query)])
        if name == "tests70" and t.query in L.QUOTED_BY_BENCHMARK_NOTE:
            allowed.add(L.BENCHMARK_NOTE)
        if name == "tests70" and t.query in L.QUOTED_ONCE_BY_TOPIC_NOTES:
            allowed.add(L.QUOTED_ONCE_BY_TOPIC_NOTES[t.query])
        extra = sorted(_documents_containing(corpus, index, t.query) - allowed)
        if extra:
            stray[t.id] = (t.query, extra)
    assert stray == {}


def test_lab_contamination_on_the_fixture_finds_only_the_benchmark_note(fixture):
    from lab.cli import main

    res = CliRunner().invoke(main, ["contamination", "--corpus", str(fixture), "--golden",
                                    str(PROMPTS_DIR / "tests70.yaml"), "--format", "json"])
    assert res.exit_code == 0, res.output
    findings = json.loads(res.stdout)["findings"]
    assert [(f["code"], f["document"], f["queries"]) for f in findings] == [
        ("golden-queries-quoted", L.BENCHMARK_NOTE, list(L.QUOTED_BY_BENCHMARK_NOTE))]


def test_tasks40_has_no_contamination_finding_on_the_fixture(suites, index):
    from lab.suites.contamination import scan

    assert scan(index, suites["tasks40"].tests) == []


# -- the prompt group is checked once per run (issue 28) ------------------------------------------

def _counted_prepare(tmp_path, monkeypatch, *overrides: str):
    """prepare() of a no-LLM run over the mini corpus, counting how often the prompt group is
    validated (its schema) and its templates file read."""
    from lab.agent import prompt as prompt_mod
    from lab.config import compose
    from lab.runner.preparing import prepare

    data = Path(__file__).parent / "data"
    cfg = compose(["model=tool_follower", f"corpus.root={data / 'minirepo'}", "resolver.semantic.enabled=false",
                   f"run.results_dir={tmp_path}", *overrides])
    schemas, reads = [], []
    parse, read = prompt_mod.parse, prompt_mod._read_file
    monkeypatch.setattr(prompt_mod, "parse", lambda schema, raw, **kw: (schemas.append(schema), parse(schema, raw, **kw))[1])
    monkeypatch.setattr(prompt_mod, "_read_file", lambda f: (reads.append(f), read(f))[1])
    p = prepare(cfg)
    p.close()
    return cfg, p, schemas.count(prompt_mod.PromptSettings), len(reads)


@pytest.mark.parametrize("prompt", [[], [f"prompt.file={Path(__file__).parent / 'data/agent/templates.yaml'}"]],
                         ids=["group", "file"])
def test_preparing_a_run_checks_the_prompt_group_once(tmp_path, monkeypatch, prompt):
    suite = Path(__file__).parent / "data/mini_suite.yaml"
    _, p, checks, reads = _counted_prepare(tmp_path, monkeypatch, f"suite.file={suite}", *prompt)
    assert checks == 1
    assert reads == (1 if prompt else 0)
    assert p.templates.sources[-1] != str(suite)            # no suite overrides here


def test_a_suites_template_overrides_apply_on_the_checked_prompt_as_before(tmp_path, monkeypatch):
    from lab.agent.prompt import load_prompt

    raw = yaml.safe_load((Path(__file__).parent / "data/mini_suite.yaml").read_text(encoding="utf-8"))
    raw["templates"] = {"test_message": "Find {query} ({id})"}
    suite = tmp_path / "suite.yaml"
    suite.write_text(yaml.safe_dump(raw), encoding="utf-8")
    cfg, p, checks, _ = _counted_prepare(tmp_path, monkeypatch, f"suite.file={suite}")
    assert checks == 1
    assert p.templates.test_message == "Find {query} ({id})" and p.templates.sources[-1] == str(suite)
    assert p.templates == load_prompt(cfg.prompt, raw["templates"], str(suite))   # what it was before

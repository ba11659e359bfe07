"""Vocabulary rules: presence, caps, renames, sources, validation, and the description contract."""

from __future__ import annotations

import json

import pytest
import yaml
from click.testing import CliRunner

from conftest import MINIREPO, REPO
from lab.config import compose
from lab.errors import InputError
from lab.pathfinder.resolution import Resolution
from lab.vocab import load_vocab, present_fields, render, render_text, tool_description
from test_vocab_golden import FIXED, VARIANTS

CONFIG, UNIQUE, RETRY, NOTHING = (FIXED["config"], FIXED["invoice handler"],
                                  FIXED["retry client rust"], FIXED["quantum flux capacitor"])


def vocab(name: str = "maybe_exts", *overrides: str):
    return load_vocab(compose([f"vocab={name}", *overrides]).vocab)


# -- presence -----------------------------------------------------------------------------------

def test_maybe_exts_only_when_two_extensions_share_the_best_stem():
    v = vocab("maybe_exts")
    assert render(CONFIG, v)["maybe_exts"] == ["go", "rs", "yaml"]
    assert render(RETRY, v)["maybe_exts"] == ["rs", "go"]
    assert "maybe_exts" not in render(UNIQUE, v)
    assert render(NOTHING, v) == {"candidates": []}


def test_minimal_never_shows_maybe_exts():
    for res in FIXED.values():
        assert list(render(res, vocab("minimal"))) == ["candidates"]


def test_exist_similar_is_always_present_as_a_boolean():
    v = vocab("exist_similar")
    assert [render(r, v)["exist_similar"] for r in (CONFIG, UNIQUE, RETRY, NOTHING)] == \
        [True, False, True, False]


def test_exist_similar_when_ambiguous_only_says_true():
    v = vocab("exist_similar", "vocab.exist_similar.presence=when_ambiguous")
    assert render(CONFIG, v)["exist_similar"] is True
    assert "exist_similar" not in render(UNIQUE, v)
    assert "present (true) only when" in tool_description(v)


def test_alike_reports_the_raw_count_and_cap_bounds_it():
    assert render(CONFIG, vocab("alike"))["alike"] == 273
    assert render(UNIQUE, vocab("alike"))["alike"] == 1
    capped = vocab("alike", "vocab.alike.cap=9")
    assert render(CONFIG, capped)["alike"] == 9
    assert "counts above 9 are reported as 9" in tool_description(capped)
    amb = vocab("alike", "vocab.alike.presence=when_ambiguous")
    assert "alike" not in render(UNIQUE, amb) and render(CONFIG, amb)["alike"] == 273


def test_full_has_every_field_on_every_call():
    v = vocab("full")
    for res in FIXED.values():
        assert list(render(res, v)) == ["candidates", "maybe_exts", "alike", "exist_similar"]
    assert render(NOTHING, v) == {"candidates": [], "maybe_exts": [], "alike": 0,
                                  "exist_similar": False}


def test_candidates_when_ambiguous_uses_the_score_ratio():
    v = vocab("minimal", "vocab.candidates.presence=when_ambiguous")
    assert present_fields(CONFIG, v) == ["candidates"]      # 2.30 >= 0.8 * 2.31
    assert present_fields(UNIQUE, v) == []                  # 1.41 < 0.8 * 2.6
    tight = vocab("minimal", "vocab.candidates.presence=when_ambiguous",
                  "vocab.candidates.ambiguity_ratio=0.5")
    assert present_fields(UNIQUE, tight) == ["candidates"]


# -- caps, sub-fields, rounding, renames, sources -----------------------------------------------

def test_caps_bound_candidates_and_maybe_exts():
    v = vocab("maybe_exts", "vocab.candidates.cap=2", "vocab.maybe_exts.cap=2")
    out = render(CONFIG, v)
    assert [c["path"] for c in out["candidates"]] == ["services/gateway/config.go",
                                                      "services/gateway/config.rs"]
    assert out["maybe_exts"] == ["go", "rs"]
    assert "up to 2 matching files" in tool_description(v) and "(at most 2)" in tool_description(v)


def test_candidate_sub_fields_and_score_rounding():
    v = vocab("minimal", "vocab.candidates.fields=[path,score]", "vocab.candidates.score_digits=3")
    first = render(CONFIG, v)["candidates"][0]
    assert first == {"path": "services/gateway/config.go", "score": 2.315}
    desc = tool_description(v)
    assert "3 decimals" in desc and "why (" not in desc and "root (" not in desc


def test_renamed_fields_change_key_and_description():
    v = vocab("exist_similar", "vocab.maybe_exts.name=try_exts", "vocab.candidates.name=files",
              "vocab.exist_similar.name=has_twins")
    out = render(CONFIG, v)
    assert list(out) == ["files", "try_exts", "has_twins"]
    desc = tool_description(v)
    assert "- files:" in desc and "- try_exts:" in desc and "- has_twins:" in desc
    assert "maybe_exts" not in desc and "exist_similar" not in desc


def test_siblings_source_reads_the_best_candidates_folder():
    v = vocab("maybe_exts", "vocab.maybe_exts.source=siblings")
    assert render(CONFIG, v)["maybe_exts"] == ["go", "rs"]
    assert "maybe_exts" not in render(RETRY, v)   # rust and go clients live in different folders
    assert "files in the best match's folder" in tool_description(v)


# -- the description describes every field the response may carry, and nothing else -------------

@pytest.mark.parametrize("variant", VARIANTS)
def test_description_lists_exactly_the_possible_fields(variant):
    v = vocab(variant)
    desc = tool_description(v)
    possible = {v.field_config(f).name for f in ("candidates", "maybe_exts", "alike", "exist_similar")
                if v.field_config(f).presence != "never"}
    described = {line[2:].split(":", 1)[0] for line in desc.splitlines() if line.startswith("- ")}
    assert described == possible
    for res in FIXED.values():
        assert set(render(res, v)) <= possible


# -- validation: a typo fails at load time with file and key -------------------------------------

@pytest.mark.parametrize("override, key", [
    ("+vocab.maybe_ext={presence: always}", "maybe_ext"),
    ("vocab.maybe_exts.presence=sometimes", "maybe_exts.presence"),
    ("+vocab.maybe_exts.presense=always", "maybe_exts.presense"),
    ("vocab.candidates.fields=[path,scores]", "candidates.fields"),
    ("vocab.candidates.cap=0", "candidates.cap"),
    ("vocab.maybe_exts.source=folder", "maybe_exts.source"),
    ("vocab.exist_similar.cap=3", "exist_similar.cap"),
    ("vocab.maybe_exts.name=candidates", "maybe_exts.name"),
])
def test_bad_vocab_config_names_file_and_key(override, key):
    with pytest.raises(InputError) as e:
        vocab("maybe_exts", override)
    assert e.value.file == "configs/vocab/maybe_exts.yaml"
    assert e.value.key == key
    assert key in str(e.value) and "configs/vocab/maybe_exts.yaml" in str(e.value)


TINY = """\
name: tiny
about: one candidate, path only; maybe_exts when in doubt
candidates: {presence: always, name: candidates, cap: 1, fields: [path], score_digits: 2, ambiguity_ratio: 0.8}
maybe_exts: {presence: when_ambiguous, name: maybe_exts, cap: 2, source: candidates}
alike: {presence: never, name: alike, cap: null}
exist_similar: {presence: never, name: exist_similar, cap: null}
"""


def test_a_new_variant_is_one_yaml_file(tmp_path):
    # What a new configs/vocab/<name>.yaml holds (every family, every key): no code involved.
    v = load_vocab(yaml.safe_load(TINY))
    assert render_text(CONFIG, v) == \
        '{"candidates": [{"path": "services/gateway/config.go"}], "maybe_exts": ["go", "rs"]}'


# -- the schema: typed pydantic Settings, the YAML the one default ------------------------------

def test_the_vocab_group_is_validated_by_settings_schemas():
    from lab.settings import Settings
    from lab.vocab.schema import FAMILY_SCHEMAS, VocabConfig
    assert issubclass(VocabConfig, Settings)
    assert all(issubclass(s, Settings) for s in FAMILY_SCHEMAS.values())
    v = vocab("maybe_exts")
    assert v.candidates.fields == ("path", "score", "why", "root")      # a tuple, as rendered
    with pytest.raises(ValueError):                                    # frozen
        v.candidates.cap = 9  # type: ignore[misc]
    assert hash(v) == hash(vocab("maybe_exts"))


@pytest.mark.parametrize("override, key", [
    ("vocab.candidates.cap=abc", "candidates.cap"),
    ("vocab.candidates.score_digits=true", "candidates.score_digits"),
    ("vocab.candidates.ambiguity_ratio=yes", "candidates.ambiguity_ratio"),
    ("vocab.candidates.ambiguity_ratio=0", "candidates.ambiguity_ratio"),
    ("vocab.candidates.ambiguity_ratio=1.5", "candidates.ambiguity_ratio"),
    ("vocab.alike.cap=-1", "alike.cap"),
    ("vocab.maybe_exts.cap=2.5", "maybe_exts.cap"),
    ("vocab.maybe_exts.name=' '", "maybe_exts.name"),
    ("vocab.candidates.fields=[]", "candidates.fields"),
    ("vocab.candidates.fields=[path,path]", "candidates.fields"),
    ("vocab.about=3", "about"),
])
def test_a_wrong_type_or_range_names_file_and_key(override, key):
    with pytest.raises(InputError) as e:
        compose(["vocab=maybe_exts", override])
    assert e.value.file == "configs/vocab/maybe_exts.yaml" and e.value.key == key, str(e.value)


@pytest.mark.parametrize("family, key", [
    (None, "about"), ("candidates", "cap"), ("candidates", "score_digits"),
    ("candidates", "ambiguity_ratio"), ("candidates", "fields"), ("maybe_exts", "source"),
    ("maybe_exts", "name"), ("alike", "presence"), ("exist_similar", "cap"),
])
def test_a_key_left_out_of_a_vocab_file_is_named_not_defaulted(family, key):
    raw = yaml.safe_load((REPO / "configs/vocab/maybe_exts.yaml").read_text())
    del (raw[family] if family else raw)[key]
    dotted = f"{family}.{key}" if family else key
    with pytest.raises(InputError, match="required key missing") as e:
        load_vocab(raw)
    assert e.value.file == "configs/vocab/maybe_exts.yaml" and e.value.key == dotted


def test_a_family_left_out_is_named():
    raw = yaml.safe_load((REPO / "configs/vocab/minimal.yaml").read_text())
    del raw["exist_similar"]
    with pytest.raises(InputError) as e:
        load_vocab(raw)
    assert e.value.file == "configs/vocab/minimal.yaml" and e.value.key == "exist_similar"


# -- against the real resolver and CLI (tests/data/minirepo) ------------------------------------

def _lab_resolve(*args: str) -> str:
    from lab.cli import main
    r = CliRunner().invoke(main, ["resolve", *args, "--corpus", str(MINIREPO),
                                  "resolver.semantic.enabled=false"], catch_exceptions=False)
    assert r.exit_code == 0, r.output
    return r.output


def test_lab_resolve_vocab_maybe_exts_only_for_ambiguous_queries():
    amb = json.loads(_lab_resolve("config", "--vocab", "maybe_exts"))
    assert sorted(amb["maybe_exts"]) == ["go", "rs"]
    clear = json.loads(_lab_resolve("invoice_test.go", "--vocab", "maybe_exts"))
    assert "maybe_exts" not in clear and clear["candidates"]


def test_lab_resolve_exist_similar_always_shows_the_boolean():
    assert json.loads(_lab_resolve("config", "--vocab", "exist_similar"))["exist_similar"] is True
    assert json.loads(_lab_resolve("handler", "--vocab", "exist_similar"))["exist_similar"] is False


def test_lab_resolve_prints_the_exact_text_and_raw_keeps_the_resolution():
    out = _lab_resolve("config", "--vocab", "minimal")
    assert out.endswith("}\n") and "\n" not in out[:-1]           # one compact line, as sent
    raw = json.loads(_lab_resolve("config", "--raw"))
    assert sorted(raw["sibling_exts"]) == ["go", "rs"] and "same_stem_count" in raw


def test_empty_resolution_renders():
    empty = Resolution("x", None, (), None, (), (), 0)
    assert render(empty, vocab("alike")) == {"candidates": [], "alike": 0}

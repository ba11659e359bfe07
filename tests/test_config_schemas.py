"""Config schemas: every YAML file of every group validates; a misspelt key in any group fails
naming file and key; bad values (issue 13, bug 4) fail before any model call; no NaN or inf."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from conftest import MINI_SUITE, MINIREPO, REPO
from lab.config import GROUPS, check_config, compose
from lab.errors import InputError

CONFIGS = REPO / "configs"
#: groups whose files are variants of one axis (hydra/launcher is Hydra's own, not the lab's)
GROUP_FILES = sorted(p for p in CONFIGS.glob("*/*.yaml") if p.parent.name not in ("hydra",))
MINI = [f"corpus=dir", f"corpus.root={MINIREPO}", f"suite.file={MINI_SUITE}", "model=tool_follower",
        "resolver.semantic.enabled=false"]


def overrides_for(path: Path) -> list[str]:
    group, name = path.parent.name, path.stem
    extra = [f"corpus.root={MINIREPO}"] if (group, name) == ("corpus", "dir") else []
    return [f"+experiment={name}"] if group == "experiment" else [f"{group}={name}", *extra]


def test_every_group_has_files_and_a_schema():
    assert {p.parent.name for p in GROUP_FILES} == set(GROUPS) | {"experiment"}


@pytest.mark.parametrize("path", GROUP_FILES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_every_yaml_file_validates(path):
    check_config(compose(overrides_for(path)))


#: group -> (an override that misspells one of its keys, the file named, the key named)
MISSPELT = {
    "resolver": ("+resolver.lexical_topn=10", "configs/resolver/default.yaml", "resolver.lexical_topn"),
    "corpus": ("+corpus.rootz=/x", "configs/corpus/fixture.yaml", "corpus.rootz"),
    "vocab": ("+vocab.maybe_exts.capp=2", "configs/vocab/maybe_exts.yaml", "maybe_exts.capp"),
    "tools": ("+tools.retry_candidate=2", "configs/tools/pathfinder.yaml", "tools.retry_candidate"),
    "model": ("+model.n_ctxx=5", "configs/model/qwen2.5-coder-1.5b.yaml", "model.n_ctxx"),
    "agent": ("+agent.max_tool_call=3", "configs/agent/default.yaml", "agent.max_tool_call"),
    "prompt": ("+prompt.sytem=x", "configs/prompt/answer_line.yaml", "prompt.sytem"),
    "suite": ("+suite.limt=3", "configs/suite/tests70.yaml", "suite.limt"),
    "run": ("+run.repeat=3", "configs/run/default.yaml", "run.repeat"),
}


def test_the_misspelt_table_covers_every_group():
    assert set(MISSPELT) == set(GROUPS)


@pytest.mark.parametrize("group", sorted(MISSPELT))
def test_a_misspelt_key_names_file_and_key(group):
    override, file, key = MISSPELT[group]
    with pytest.raises(InputError) as e:
        compose([override])
    assert e.value.file == file and e.value.key == key, str(e.value)


@pytest.mark.parametrize("override, key", [
    ("resolver=fzf", "resolver.timeout_seconds"), ("resolver=bm25", "resolver.k_1")])
def test_a_misspelt_peer_key_names_the_peers_file(override, key):
    with pytest.raises(InputError) as e:
        compose([override, f"+{key}=1"])
    assert e.value.file == f"configs/resolver/{override.split('=')[1]}.yaml" and e.value.key == key


@pytest.mark.parametrize("override, key", [
    ("resolver.features.stem_ext.weight=abc", "resolver.features.stem_ext.weight"),
    ("resolver.features.stem_ext.weight=nan", "resolver.features.stem_ext.weight"),
    ("resolver.features.stem_ext.weight=inf", "resolver.features.stem_ext.weight"),
    ("resolver.semantic.weight=-inf", "resolver.semantic.weight"),
    ("resolver.top_k=0", "resolver.top_k"),
    ("resolver.features.stem_ext.enabled=maybe", "resolver.features.stem_ext.enabled"),
    ("+resolver.lexical_topn=10", "resolver.lexical_topn"),
    ("resolver.features.intent_text.field_weights.body=nan", "resolver.features.intent_text.field_weights.body"),
    ("agent.time_limit_s=nan", "agent.time_limit_s"),
    ("run.repeats=true", "run.repeats"),
    ("corpus.roots=abc", "corpus.roots"),
    ("vocab.candidates.cap=abc", "candidates.cap"),
    ("prompt.system=5", "prompt.system"),
])
def test_bug4_values_fail_before_any_model_call(tmp_path, override, key):
    """`lab run` exits 2 naming the key; no run directory is made (nothing was loaded or run)."""
    from lab.cli import main

    results = tmp_path / "results"
    r = CliRunner().invoke(main, ["run", *MINI, f"run.results_dir={results}", override])
    assert r.exit_code == 2, r.output
    assert key in r.output and not results.exists()


def test_non_finite_numbers_are_refused_in_every_float_setting():
    for override in ("model.sampling.temperature=nan", "vocab.candidates.ambiguity_ratio=nan",
                     "resolver=bm25 resolver.k1=inf", "resolver=fzf resolver.timeout_s=inf"):
        with pytest.raises(InputError):
            compose(override.split())


def test_one_default_per_setting_the_yaml():
    """The code holds no default of its own: a key left out of a group is an error, not a guess."""
    from lab.pathfinder.resolver import check_resolver
    from lab.records.settings import run_settings
    cfg = compose(MINI)
    rc = dict(compose([]).resolver)
    del rc["lexical_top_n"]
    with pytest.raises(InputError, match="resolver.lexical_top_n"):
        check_resolver(rc)
    run = dict(cfg.run)
    del run["repeats"]
    with pytest.raises(InputError, match="run.repeats"):
        run_settings(run)
    assert check_resolver(compose([]).resolver).lexical_top_n == 60   # the YAML's, everywhere


def test_every_group_has_a_pydantic_settings_schema():
    """The vocab and prompt groups too (they had hand-written loaders over dataclasses)."""
    from lab.agent.prompt import ExampleCall, PromptSettings, TemplatesSettings, WorkedExampleSettings
    from lab.settings import Settings
    from lab.vocab.schema import FAMILY_SCHEMAS, VocabConfig
    for schema in (VocabConfig, *FAMILY_SCHEMAS.values(), PromptSettings, TemplatesSettings,
                   WorkedExampleSettings, ExampleCall):
        assert issubclass(schema, Settings), schema
        assert schema.model_config["extra"] == "forbid" and schema.model_config["strict"]
    assert set(PromptSettings.model_fields) == {"name", "about", "file", "system", "answer_format",
                                                "test_message", "example"}


@pytest.mark.parametrize("overrides, key, message", [
    (["prompt=worked_example", "prompt.example.call.arguments=3"], "prompt.example.call.arguments",
     "valid dictionary"),
    (["prompt=worked_example", "prompt.example.call.name=7"], "prompt.example.call.name", "valid string"),
    (["prompt=worked_example", "prompt.example.user=''"], "prompt.example.user", "non-empty"),
    (["prompt=worked_example", "+prompt.example.colour=1"], "prompt.example.colour",
     "known: user, call, result, answer"),
    (["prompt=worked_example", "~prompt.example.call.arguments"], "prompt.example.call.arguments",
     "required key missing"),
    (["prompt=worked_example", "prompt.example.answer=tools/x.py"], "prompt.example.answer",
     "answer line"),
    (["prompt.system=5"], "prompt.system", "valid string"),
    (["prompt.answer_format=' '"], "prompt.answer_format", "non-empty"),
    (["prompt.file=3"], "prompt.file", "valid string"),
    (["~prompt.about"], "prompt.about", "required key missing"),
    (["prompt=worked_example", "~prompt.example"], "prompt.example", "required key missing"),
])
def test_a_bad_prompt_value_names_file_and_key(overrides, key, message):
    with pytest.raises(InputError, match=message) as e:
        compose(overrides)
    name = "worked_example" if "prompt=worked_example" in overrides else "answer_line"
    assert e.value.file == f"configs/prompt/{name}.yaml" and e.value.key == key, str(e.value)


def test_a_templates_file_is_checked_by_its_schema(tmp_path):
    """prompt.file=PATH: its keys are system, answer_format, test_message and (optionally) example;
    anything else, or a wrong type, names that file and the key."""
    tpl = tmp_path / "t.yaml"
    tpl.write_text("system: 'Tools: {tool_names}'\nanswer_format: 'ANSWER: <path>'\n"
                   "test_message: '{message}'\n")
    assert compose([f"prompt.file={tpl}"]).prompt.file == str(tpl)
    for extra, key in (("exmaple: null\n", "exmaple"), ("test_message: 3\n", "test_message"),
                       ("example: {user: q}\n", "example.call")):
        bad = tmp_path / "bad.yaml"
        text = tpl.read_text()
        bad.write_text(("system: 'Tools: {tool_names}'\nanswer_format: 'ANSWER: <path>'\n" + extra)
                       if extra.startswith("test_message") else text + extra)
        with pytest.raises(InputError) as e:
            compose([f"prompt.file={bad}"])
        assert e.value.file == str(bad) and e.value.key == key, str(e.value)


def test_a_dir_corpus_needs_its_root():
    with pytest.raises(InputError) as e:
        compose(["corpus=dir"])
    assert e.value.key == "corpus.root" and e.value.file == "configs/corpus/dir.yaml"


def test_an_unknown_top_level_key_is_refused():
    with pytest.raises(InputError) as e:
        compose(["+resolvr.top_k=3"])
    assert e.value.key == "resolvr"


def test_a_config_file_that_is_not_yaml_is_named_with_its_line(tmp_path, monkeypatch):
    """A group file with a YAML syntax error (here `about: a: b`) is an InputError naming the file
    and the line, not a parser traceback."""
    import shutil

    import lab.config
    configs = tmp_path / "configs"
    shutil.copytree(CONFIGS, configs)
    (configs / "prompt" / "broken.yaml").write_text("name: broken\nabout: a: b\n")
    monkeypatch.setattr(lab.config, "CONFIG_DIR", configs)
    with pytest.raises(InputError) as e:
        compose(["prompt=broken"])
    assert e.value.file.endswith("prompt/broken.yaml") and e.value.line == 2
    assert "not valid YAML" in str(e.value)

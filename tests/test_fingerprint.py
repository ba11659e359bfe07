"""The run fingerprint: seeds, repeats, names and paths keep it; vocabulary, corpus, prompt
templates and the other outcome-changing inputs change it; findings never do (decision 000)."""

from __future__ import annotations

import json
import shutil

import pytest
from click.testing import CliRunner

from lab.cli import main
from lab.config import compose
from lab.errors import MissingDependencyError
from lab.runner import fingerprint, run
from lab.records.fingerprint import Fingerprint
from lab.records.record import read_record
from support.runs import MINI_SUITE, MINIREPO, TEMPLATES, follower_args, scripted, scripted_cfg


def fp(tmp_path, *extra: str) -> Fingerprint:
    return fingerprint(compose(follower_args(tmp_path, *extra)))


def test_seeds_repeats_experiment_and_paths_keep_it(tmp_path):
    base = fp(tmp_path)
    same = [fp(tmp_path / "elsewhere", "run.seed=41", "run.repeats=7", "run.experiment=other",
               "run.progress=true", "run.resume=true")]
    copy = tmp_path / "templates-copy.yaml"
    shutil.copy(TEMPLATES, copy)                     # the same templates at another path
    same.append(fp(tmp_path, f"prompt.file={copy}"))
    corpus = tmp_path / "corpus-copy"
    shutil.copytree(MINIREPO, corpus)                # the same corpus at another path
    same.append(fp(tmp_path, f"corpus.root={corpus}"))
    assert {f.value for f in same} == {base.value}
    text = json.dumps(base.inputs)
    assert str(tmp_path) not in text and str(MINIREPO) not in text and str(TEMPLATES) not in text


def test_vocabulary_corpus_and_templates_change_it(tmp_path):
    base = fp(tmp_path)
    vocab = fp(tmp_path, "vocab=minimal")
    assert vocab.value != base.value and "vocab" in base.differing(vocab)
    assert any(line.startswith("vocab.maybe_exts.presence:") for line in base.differences(vocab))

    corpus = tmp_path / "corpus"
    shutil.copytree(MINIREPO, corpus)
    readme = next(corpus.rglob("*.md"))
    readme.write_text(readme.read_text() + "\none more line\n")
    changed = fp(tmp_path, f"corpus.root={corpus}")
    assert base.differing(changed) == ["corpus"]

    tpl = tmp_path / "templates.yaml"
    tpl.write_text(TEMPLATES.read_text().replace('"Test {id}: {message}"', '"Test {id}. {message}"'))
    templates = fp(tmp_path, f"prompt.file={tpl}")
    assert base.differing(templates) == ["templates"]
    assert base.differences(templates)[0].startswith("templates.test_message:")


@pytest.mark.parametrize("override, key", [
    ("agent.session=isolated", "agent"), ("agent.max_tool_calls=3", "agent"),
    ("model.use_intent=false", "model"), ("resolver.top_k=3", "resolver"),
    ("resolver.features.stem_ext.weight=2.0", "resolver"), ("tools.retry_candidates=2", "tools"),
    ("suite.limit=3", "suite"),
])
def test_outcome_changing_inputs_change_it(tmp_path, override, key):
    assert key in fp(tmp_path).differing(fp(tmp_path, override))


def test_findings_never_change_it(tmp_path, monkeypatch):
    """A run that reports a finding keeps the fingerprint of the same run reporting none."""
    from lab.suites.contamination import Finding

    quiet = run(scripted_cfg(tmp_path), backend=scripted(), progress=False)
    loud_finding = Finding(code="golden-queries-quoted", document="docs/notes.md",
                           queries=["q one", "q two"], message="quotes 2 golden queries")
    monkeypatch.setattr("lab.suites.contamination.scan", lambda index, tests: [loud_finding])
    loud = run(scripted_cfg(tmp_path), backend=scripted(), progress=False)
    assert read_record(loud.run_dir).findings and not read_record(quiet.run_dir).findings
    assert read_record(loud.run_dir).fingerprint == read_record(quiet.run_dir).fingerprint
    assert "findings" not in json.dumps(read_record(loud.run_dir).fingerprint_inputs)


def test_the_record_carries_what_lab_fingerprint_prints(tmp_path):
    res = CliRunner().invoke(main, ["fingerprint", *follower_args(tmp_path), "--format", "json"])
    assert res.exit_code == 0, res.output
    printed = json.loads(res.output)
    out = run(compose(follower_args(tmp_path, "run.repeats=2")), progress=False)
    rec = read_record(out.run_dir)
    assert rec.fingerprint == printed["fingerprint"] and rec.fingerprint_inputs == printed["inputs"]
    assert Fingerprint.of(rec.fingerprint_inputs).value == rec.fingerprint   # recomputable
    text = CliRunner().invoke(main, ["fingerprint", *follower_args(tmp_path)])
    assert text.output.startswith(f"fingerprint {rec.fingerprint}") and "\ncorpus: {" in text.output


def test_bad_overrides_exit_2(tmp_path):
    res = CliRunner().invoke(main, ["fingerprint", *follower_args(tmp_path), "agent.session=shared"])
    assert res.exit_code == 2 and "agent.session" in res.output


def test_llama_model_is_hashed_not_loaded_and_threads_stay_out(tmp_path, monkeypatch):
    """The embedded GGUF's sha256 stands for the model; n_threads (machine-dependent) stays out,
    sampling is in. Nothing is loaded: the backend class is never constructed."""
    from lab.models.llamacpp import LlamaCppBackend

    def boom(*a, **k):
        raise AssertionError("the model was loaded")
    monkeypatch.setattr(LlamaCppBackend, "__init__", boom)
    args = [f"corpus.root={MINIREPO}", f"suite.file={MINI_SUITE}", "resolver.semantic.enabled=false",
            f"prompt.file={TEMPLATES}"]
    try:
        a = fingerprint(compose(["model=smollm2-135m", *args, "model.n_threads=1"]))
    except MissingDependencyError as e:
        pytest.skip(f"embedded model not installed: {e}")
    b = fingerprint(compose(["model=smollm2-135m", *args, "model.n_threads=2"]))
    c = fingerprint(compose(["model=smollm2-135m", *args, "model.sampling.temperature=0.7"]))
    assert a.value == b.value and a.differing(c) == ["model"]
    assert len(a.inputs["model"]["file_sha256"]) == 64
    assert "path" not in a.inputs["model"]["settings"]


def test_a_batched_llama_run_carries_the_engine_version(tmp_path):
    """At parallel > 1 a run's tokens follow the batched engine's schedule, so the engine's version
    is an input of the fingerprint; at parallel 1 (sequential) it is absent and nothing moves."""
    from lab.models.llamacpp import BATCH_ENGINE
    args = ["model=smollm2-135m", f"corpus.root={MINIREPO}", f"suite.file={MINI_SUITE}",
            "resolver.semantic.enabled=false", f"prompt.file={TEMPLATES}"]
    try:
        one = fingerprint(compose(args))
    except MissingDependencyError as e:
        pytest.skip(f"embedded model not installed: {e}")
    many = fingerprint(compose([*args, "model.parallel=2"]))
    assert "batch_engine" not in one.inputs["model"]
    assert many.inputs["model"]["batch_engine"] == BATCH_ENGINE
    # a CPU whose committed batch-shape table splits a step adds its plan (lab/models/batch_shapes.py)
    plan = ["model.batch_plan"] if "batch_plan" in many.inputs["model"] else []
    assert [d.split(":")[0] for d in many.differences(one)] == ["model.batch_engine", *plan,
                                                                 "model.settings.parallel"]


def test_stable_for_callables_and_exceptions():
    def solve(req):
        return "x"
    one = Fingerprint.of({"outputs": [solve, ValueError("boom")]})
    two = Fingerprint.of({"outputs": [solve, ValueError("boom")]})
    assert one.value == two.value and "0x" not in json.dumps(one.inputs)

"""Numerics: how a machine computes, an id beside the fingerprint (lab/records/numerics.py,
lab/models/numerics.py). The same fingerprint on two builds or weight layouts must not pass for one
computation: the id differs, and resume, diff, the gate and history say so."""

from __future__ import annotations

import io
import json

import pytest
from click.testing import CliRunner

from conftest import SMALL_RUN
from lab.cli import main
from lab.errors import InputError
from lab.models import BACKENDS
from lab.models.llamacpp import LlamaCppBackend, resolved_extra_buffers
from lab.models.numerics import build_kind, compiler_of, system_features
from lab.runner import resume, run
from lab.records.numerics import Numerics, describe_difference, of_record
from lab.records.record import read_record, write_record
from support.runs import interrupting, run_dirs, scripted, scripted_cfg

QUIET = io.StringIO

def test_a_native_amx_build_with_extra_buffers_is_refused_before_it_crashes(monkeypatch, tmp_path):
    import lab.models.llamacpp as llamacpp
    monkeypatch.setattr(llamacpp, "cpu_has", lambda flag: flag == "amx_int8")
    monkeypatch.setattr(llamacpp, "build_numerics", lambda: {"system_info": NATIVE_AMX})
    monkeypatch.setattr(llamacpp, "require", lambda *a: object())
    monkeypatch.setattr(llamacpp, "model_path", lambda cfg: tmp_path / "x.gguf")
    monkeypatch.setattr(llamacpp, "read_metadata", lambda path: {})
    cfg = {"name": "m", "backend": "llama_cpp", "path": "x.gguf", "n_batch": 512, "tools_in_prompt": "auto",
           "tool_call_formats": ["hermes"], "tool_results_as": "tool", "jump_forward": True,
           "lookup_draft": 0, "extra_buffers": True,
           "sampling": {"temperature": 0.7, "top_p": 0.8, "top_k": 20, "min_p": 0.0, "repeat_penalty": 1.05}}
    with pytest.raises(InputError, match="AMX kernels .* crash") as e:
        LlamaCppBackend(cfg)
    assert e.value.key == "model.extra_buffers"


NATIVE_AMX = ("CPU : SSE3 = 1 | SSSE3 = 1 | AVX = 1 | AVX_VNNI = 1 | AVX2 = 1 | F16C = 1 | FMA = 1 | "
              "BMI2 = 1 | AVX512 = 1 | AVX512_VBMI = 1 | AVX512_VNNI = 1 | AVX512_BF16 = 1 | "
              "AMX_INT8 = 1 | LLAMAFILE = 1 | OPENMP = 1 | REPACK = 1 | ")
PINNED = ("CPU : SSE3 = 1 | SSSE3 = 1 | AVX = 1 | AVX2 = 1 | F16C = 1 | FMA = 1 | BMI2 = 1 | "
          "LLAMAFILE = 1 | OPENMP = 1 | REPACK = 1 | ")


def test_the_id_is_a_hash_of_the_inputs_and_names_what_differs():
    a = Numerics({"engine": "llama.cpp", "extra_buffers": False, "build": {"kind": "pinned-x86-64"}})
    b = Numerics({"engine": "llama.cpp", "extra_buffers": True, "build": {"kind": "pinned-x86-64"}})
    assert a.id and len(a.id) == 12 and a.id == Numerics(dict(a.inputs), {"cpu": "other"}).id
    assert a.id != b.id and a.same_as(b) is False
    assert a.differences(b) == ["extra_buffers: false -> true"]
    assert "extra_buffers: false -> true" in describe_difference(a, b)
    assert describe_difference(a, a) is None
    back = Numerics.from_dict(json.loads(json.dumps(a.to_dict())))
    assert back.id == a.id and back.known


def test_a_record_from_before_numerics_is_unknown_but_keeps_what_it_said():
    class Old:
        numerics: dict = {}
        model = {"extra": {"extra_buffers": False, "n_threads": 2, "llama_cpp_python": "0.3.36"}}
    n = of_record(Old())
    assert not n.known and n.id is None and n.label == "unknown"
    assert n.info["recorded_before_numerics"] == {"extra_buffers": False, "llama_cpp_python": "0.3.36"}
    assert n.same_as(Numerics({"engine": "python"})) is None
    assert "unknown" in describe_difference(n, Numerics({"engine": "python"}))


def test_a_native_build_and_the_pinned_one_are_told_apart():
    native, pinned = system_features(NATIVE_AMX), system_features(PINNED)
    assert native["AMX_INT8"] == "1" and native["AVX512"] == "1" and "AVX512" not in pinned
    assert build_kind(native, "x86_64") == "x86-64-other"
    assert build_kind(pinned, "x86_64") == "pinned-x86-64"
    assert build_kind(pinned, "aarch64") == "aarch64-native"


def test_extra_buffers_auto_depends_on_the_cpu_and_every_config_pins_it(monkeypatch):
    import lab.models.llamacpp as llamacpp
    monkeypatch.setattr(llamacpp, "cpu_has", lambda flag: flag == "amx_int8")
    assert resolved_extra_buffers("auto") is False
    monkeypatch.setattr(llamacpp, "cpu_has", lambda flag: False)
    assert resolved_extra_buffers("auto") is True          # the machine: AVX-512, no AMX
    assert resolved_extra_buffers(False) is False and resolved_extra_buffers(True) is True
    import yaml
    from pathlib import Path
    for f in sorted(Path("configs/model").glob("*.yaml")):
        cfg = yaml.safe_load(f.read_text())
        if cfg.get("backend") == "llama_cpp":
            assert cfg["extra_buffers"] is False, f"{f}: extra_buffers must be false (same kernels everywhere)"


def test_llama_numerics_change_with_the_build_and_extra_buffers_not_threads_or_sampling(monkeypatch):
    import lab.models.llamacpp as llamacpp
    monkeypatch.setattr(llamacpp, "build_numerics", lambda: {"kind": "pinned-x86-64", "system_info": PINNED})
    base = {"name": "m", "backend": "llama_cpp", "path": "x.gguf", "n_batch": 512, "tools_in_prompt": "auto",
            "tool_call_formats": ["hermes"], "tool_results_as": "tool", "jump_forward": True,
            "lookup_draft": 0, "extra_buffers": False, "n_threads": 2,
            "sampling": {"temperature": 0.7, "top_p": 0.8, "top_k": 20, "min_p": 0.0, "repeat_penalty": 1.05}}
    n = LlamaCppBackend.numerics(base)
    assert n.inputs["extra_buffers"] is False and n.info["n_threads"] == 2
    assert LlamaCppBackend.numerics({**base, "extra_buffers": True}).id != n.id
    # measured (docs/numerics.md): 1 and 2 threads give the same tokens, so not in the id
    assert LlamaCppBackend.numerics({**base, "n_threads": 1}).id == n.id
    assert LlamaCppBackend.numerics({**base, "sampling": {**base["sampling"], "temperature": 0.1}}).id == n.id
    monkeypatch.setattr(llamacpp, "build_numerics", lambda: {"kind": "x86-64-other", "system_info": NATIVE_AMX})
    assert LlamaCppBackend.numerics(base).id != n.id        # another build, same settings
    assert "cpu" in n.info


def test_every_backend_has_numerics():
    for name, cls in BACKENDS.items():
        if name == "llama_cpp":
            continue
        n = cls.numerics({"name": name, "backend": name, "base_url": "http://127.0.0.1:1/v1"})
        assert n.known and n.inputs["engine"] in ("python", "server")


def test_compiler_is_read_from_the_library(tmp_path):
    lib = tmp_path / "libx.so"
    lib.write_bytes(b"\x7fELF....GCC: (Debian 12.2.0-14+deb12u1) 12.2.0\x00more")
    assert compiler_of(str(lib)) == "GCC: (Debian 12.2.0-14+deb12u1) 12.2.0"
    assert compiler_of(str(tmp_path / "missing.so")) is None


# -- in the record, and what reads it ----------------------------------------------------------

def test_a_run_records_its_numerics_and_resume_refuses_to_mix_them(tmp_path):
    with pytest.raises(KeyboardInterrupt):
        run(scripted_cfg(tmp_path, "run.repeats=2"), backend=interrupting(15), out=QUIET(), progress=False)
    [d] = run_dirs(tmp_path)
    rec = read_record(d)
    assert rec.schema == 4 and rec.numerics["id"] and rec.numerics["inputs"]["engine"] == "python"
    rec.numerics = Numerics({"engine": "llama.cpp", "extra_buffers": True}).to_dict()
    write_record(d, rec)
    with pytest.raises(InputError, match=r"numerics .* resuming would mix two computations"):
        resume(d, backend=scripted(), out=QUIET(), progress=False)
    assert read_record(d).status == "interrupted"            # untouched


def test_an_old_record_resumes_when_what_it_said_agrees_and_warns(tmp_path, capsys):
    with pytest.raises(KeyboardInterrupt):
        run(scripted_cfg(tmp_path, "run.repeats=2"), backend=interrupting(15), out=QUIET(), progress=False)
    [d] = run_dirs(tmp_path)
    rec = read_record(d)
    rec.numerics = {}
    write_record(d, rec)
    out = resume(d, backend=scripted(), out=QUIET(), progress=False)
    assert out.record.status == "complete"
    assert "recorded before numerics existed" in capsys.readouterr().err
    assert out.record.events[-2]["numerics"] == Numerics({"engine": "python", "backend": "scripted"}).id


def test_diff_history_and_the_summary_show_numerics(tmp_path):
    a = run(scripted_cfg(tmp_path, "run.repeats=2", "run.experiment=a"), backend=scripted(),
            out=QUIET(), progress=False)
    b = run(scripted_cfg(tmp_path, "run.repeats=2", "run.experiment=b"), backend=scripted(),
            out=QUIET(), progress=False)
    rec = read_record(b.run_dir)
    rec.numerics = Numerics({"engine": "llama.cpp", "extra_buffers": True}).to_dict()
    write_record(b.run_dir, rec)
    res = CliRunner().invoke(main, ["diff", str(a.run_dir), str(b.run_dir)])
    assert res.exit_code == 0, res.output
    assert f"numerics {of_record(a.record).id}" in res.output
    assert "warning: numerics differ" in res.output and "extra_buffers" in res.output
    js = json.loads(CliRunner().invoke(main, ["diff", str(a.run_dir), str(b.run_dir), "--format", "json"]).output)
    assert js["numerics"]["same"] is False and js["numerics"]["base"] == of_record(a.record).id
    hist = CliRunner().invoke(main, ["history", "--results", str(tmp_path)])
    assert "numerics" in hist.output.splitlines()[0]
    assert "ran on 2 numerics" in hist.output                 # same fingerprint, two computations
    from lab.runner.run_summary import format_summary
    assert f"numerics {of_record(a.record).id}" in format_summary(a.record, a.run_dir)


def test_lab_fingerprint_prints_the_numerics_beside_it():
    res = CliRunner().invoke(main, ["fingerprint", "model=tool_follower", *SMALL_RUN, "--format", "json"])
    assert res.exit_code == 0, res.output
    js = json.loads(res.output)
    assert js["numerics"]["id"] and js["numerics"]["inputs"]["engine"] == "python"
    text = CliRunner().invoke(main, ["fingerprint", "model=tool_follower", *SMALL_RUN]).output
    assert text.splitlines()[1].startswith(f"numerics {js['numerics']['id']}")

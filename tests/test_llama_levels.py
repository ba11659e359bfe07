"""The llama.cpp build levels (lab/models/llama_levels.py, issue 58): which level a CPU gets, how a
build is named from its compiled features, and choosing an installed level at run time."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from lab.errors import InputError, MissingDependencyError
from lab.models import llama_levels
from lab.models.numerics import build_kind, system_features

REPO = Path(__file__).resolve().parent.parent

AVX2 = ("CPU : SSE3 = 1 | SSSE3 = 1 | AVX = 1 | AVX2 = 1 | F16C = 1 | FMA = 1 | BMI2 = 1 | "
        "LLAMAFILE = 1 | OPENMP = 1 | REPACK = 1 |")
AVX512 = ("CPU : SSE3 = 1 | SSSE3 = 1 | AVX = 1 | AVX2 = 1 | F16C = 1 | FMA = 1 | BMI2 = 1 | "
          "AVX512 = 1 | AVX512_VBMI = 1 | AVX512_VNNI = 1 | AVX512_BF16 = 1 | LLAMAFILE = 1 | "
          "OPENMP = 1 | REPACK = 1 |")
NATIVE_SPR = AVX512.replace("AVX512_BF16 = 1", "AVX512_BF16 = 1 | AVX_VNNI = 1 | AMX_INT8 = 1")
ZEN4 = set("avx avx2 fma f16c bmi2 avx512f avx512cd avx512vl avx512dq avx512bw avx512vbmi "
           "avx512_vnni avx512_bf16".split())
ZEN3 = set("avx avx2 fma f16c bmi2".split())


def test_each_level_is_named_by_its_compiled_features_and_nothing_else_passes_for_one():
    assert build_kind(system_features(AVX2), "x86_64") == "pinned-x86-64"     # the findings' kind, unchanged
    assert build_kind(system_features(AVX512), "x86_64") == "pinned-x86-64-avx512"
    assert build_kind(system_features(NATIVE_SPR), "x86_64") == "x86-64-other"
    assert build_kind(system_features(AVX512.replace("AVX512_BF16 = 1", "AVX512_BF16 = 0")),
                      "x86_64") == "x86-64-other"                          # a partial AVX-512 set
    assert build_kind(system_features(AVX512), "aarch64") == "aarch64-native"


def test_the_default_level_is_the_fastest_the_cpu_runs():
    assert llama_levels.default_level(ZEN4, "x86_64") == "pinned-avx512"
    assert llama_levels.default_level(ZEN4 | {"amx_int8", "avx_vnni"}, "x86_64") == "pinned-avx512"
    assert llama_levels.default_level(ZEN3, "x86_64") == "pinned-avx2"
    assert llama_levels.default_level(ZEN4 - {"avx512_bf16"}, "x86_64") == "pinned-avx2"
    assert llama_levels.default_level({"avx"}, "x86_64") is None
    assert llama_levels.default_level(ZEN4, "aarch64") is None


def test_an_unknown_level_names_the_variable_and_the_levels():
    with pytest.raises(InputError, match="VOCAB_LAB_LLAMA_BUILD.*'avx9'.*pinned-avx2, pinned-avx512"):
        llama_levels.level("avx9")
    assert llama_levels.level("pinned").name == "pinned-avx2"              # the old spelling


def _select(monkeypatch, prefix: Path, value: str | None):
    monkeypatch.setattr(sys, "prefix", str(prefix))
    monkeypatch.delenv("LLAMA_CPP_LIB_PATH", raising=False)
    if value is None:
        monkeypatch.delenv(llama_levels.ENV, raising=False)
    else:
        monkeypatch.setenv(llama_levels.ENV, value)
    llama_levels.select.cache_clear()
    try:
        return llama_levels.select()
    finally:
        llama_levels.select.cache_clear()


def test_a_run_time_level_points_llama_cpp_at_its_libraries_or_says_how_to_install_it(tmp_path, monkeypatch):
    lib = tmp_path / "llama-levels" / "pinned-avx2" / "lib"
    lib.mkdir(parents=True)
    (lib / "libllama.so").write_bytes(b"")
    assert _select(monkeypatch, tmp_path, None) is None
    assert _select(monkeypatch, tmp_path, "pinned-avx2") == lib
    import os
    assert os.environ["LLAMA_CPP_LIB_PATH"] == str(lib)
    with pytest.raises(MissingDependencyError,
                       match=r"pinned-avx512 is not installed.*installed: pinned-avx2.*"
                             r"VOCAB_LAB_LLAMA_EXTRA_LEVELS=pinned-avx512 bash scripts/install.sh"):
        _select(monkeypatch, tmp_path, "pinned-avx512")


def test_install_sh_asks_the_same_table():
    """install.sh runs the module as a script before the lab is installed: standard library only."""
    run = lambda *a: subprocess.run([sys.executable, "-S", "lab/models/llama_levels.py", *a], cwd=REPO,
                                    env={"PYTHONPATH": str(REPO)}, capture_output=True, text=True)
    r = run("cmake", "pinned-avx512")
    assert r.returncode == 0 and r.stdout.split() == llama_levels.LEVELS["pinned-avx512"].cmake.split()
    assert run("cmake", "pinned-avx2").stdout.strip() == "-DGGML_NATIVE=OFF"   # the cached wheels' key
    bad = run("cmake", "avx9")
    assert bad.returncode == 2 and "not a llama.cpp level" in bad.stderr
    assert run("default").returncode == 0

"""The lab's llama.cpp build levels: fixed x86-64 feature sets, each its own numerics.

`scripts/install.sh` builds llama-cpp-python once per level it is asked for and keeps every built
level's libraries side by side in `.venv/llama-levels/<level>/lib`; the venv's own `llama_cpp`
package carries the default level (the one this CPU fits: `pinned-avx512` where the CPU has every
flag of that level, `pinned-avx2` elsewhere). At run time `VOCAB_LAB_LLAMA_BUILD=<level>` runs
another installed level instead (llama-cpp-python's `LLAMA_CPP_LIB_PATH`, set before it loads):
the committed findings, made with `pinned-avx2`, reproduce on an AVX-512 machine that way.

The table is the one source of each level's flags: install.sh reads it (`python -m
lab.models.llama_levels cmake LEVEL`), and `build_kind` names a build by the features its
`llama_print_system_info()` reports (docs/numerics.md).
"""

from __future__ import annotations

import functools
import importlib.util
import os
import platform
import sys
from dataclasses import dataclass
from pathlib import Path

from lab.errors import InputError, LabError, MissingDependencyError

ENV = "VOCAB_LAB_LLAMA_BUILD"


@dataclass(frozen=True)
class Level:
    name: str
    kind: str                      # the numerics' build kind this level reports
    cmake: str                     # CMAKE_ARGS of its build
    cpu_flags: tuple[str, ...]     # /proc/cpuinfo flags a CPU needs to run it
    features: tuple[str, ...]      # llama_print_system_info() features that are on (and no other SIMD one)


AVX2_FLAGS = ("avx", "avx2", "fma", "f16c", "bmi2")
AVX512_FLAGS = AVX2_FLAGS + ("avx512f", "avx512cd", "avx512vl", "avx512dq", "avx512bw",
                             "avx512vbmi", "avx512_vnni", "avx512_bf16")

LEVELS: dict[str, Level] = {
    # the level every committed finding was made with; its flags and kind are unchanged since
    # issue 22, so its numerics id is the findings' own
    "pinned-avx2": Level("pinned-avx2", "pinned-x86-64", "-DGGML_NATIVE=OFF", AVX2_FLAGS,
                         ("AVX", "AVX2", "F16C", "FMA")),
    # AVX-512 F/CD/VL/DQ/BW + VBMI + VNNI + BF16: what Intel Xeons since Sapphire Rapids and AMD
    # EPYCs since Zen 4 both have; no AMX (AMD has none), no AVX-VNNI, no FP16
    "pinned-avx512": Level("pinned-avx512", "pinned-x86-64-avx512",
                           "-DGGML_NATIVE=OFF -DGGML_AVX512=ON -DGGML_AVX512_VBMI=ON "
                           "-DGGML_AVX512_VNNI=ON -DGGML_AVX512_BF16=ON", AVX512_FLAGS,
                           ("AVX", "AVX2", "F16C", "FMA", "AVX512", "AVX512_VBMI", "AVX512_VNNI",
                            "AVX512_BF16")),
}
#: the old spelling of install.sh's variable: `pinned` was the AVX2 level
ALIASES = {"pinned": "pinned-avx2"}
#: compiled x86 SIMD features llama.cpp reports; a pinned level has exactly its own of these on
X86_SIMD = ("AVX", "AVX2", "F16C", "FMA", "AVX_VNNI", "AVX512", "AVX512_VBMI", "AVX512_VNNI",
            "AVX512_BF16", "AMX_INT8", "AMX_BF16")


def level(name: str) -> Level:
    name = ALIASES.get(name, name)
    if name not in LEVELS:
        raise InputError(f"{name!r} is not a llama.cpp level; the levels: " + ", ".join(LEVELS)
                         + " (and native, which install.sh builds for this CPU)", key=ENV)
    return LEVELS[name]


def fits(lv: Level, cpu_flags: set[str]) -> bool:
    return all(f in cpu_flags for f in lv.cpu_flags)


def default_level(cpu_flags: set[str], machine: str) -> str | None:
    """The level install.sh builds when none is asked for: the fastest this CPU runs."""
    if machine not in ("x86_64", "AMD64"):
        return None
    for name in ("pinned-avx512", "pinned-avx2"):
        if fits(LEVELS[name], cpu_flags):
            return name
    return None


def kind_of(features: dict[str, str]) -> str | None:
    """The pinned level's kind whose compiled x86 SIMD features these are exactly, or None."""
    on = {k for k, v in features.items() if v == "1" and k in X86_SIMD}
    for lv in LEVELS.values():
        if on == set(lv.features):
            return lv.kind
    return None


def levels_dir(prefix: str | None = None) -> Path:
    return Path(prefix or sys.prefix) / "llama-levels"


def installed() -> list[str]:
    d = levels_dir()
    return sorted(p.parent.name for p in d.glob("*/lib") if (p / "libllama.so").exists()) if d.is_dir() else []


@functools.lru_cache(maxsize=1)
def select() -> Path | None:
    """Before llama-cpp-python loads: point it at the level `VOCAB_LAB_LLAMA_BUILD` names (its
    libraries in `.venv/llama-levels/<level>/lib`), or leave the venv's own; the lib dir in use
    is returned when a level was selected. An unknown or uninstalled level is a clear error."""
    want = os.environ.get(ENV, "").strip()
    if not want or want == "native":
        return None
    lv = level(want)
    lib = levels_dir() / lv.name / "lib"
    if not (lib / "libllama.so").exists():
        have = ", ".join(installed()) or "none"
        raise MissingDependencyError(
            f"{ENV}={want}: the llama.cpp level {lv.name} is not installed in {levels_dir()} "
            f"(installed: {have}); fix: VOCAB_LAB_LLAMA_EXTRA_LEVELS={lv.name} bash scripts/install.sh")
    os.environ["LLAMA_CPP_LIB_PATH"] = str(lib)
    return lib


def lib_dir() -> Path | None:
    """The directory llama-cpp-python loads its libraries from (after `select`)."""
    override = os.environ.get("LLAMA_CPP_LIB_PATH")
    if override:
        return Path(override)
    spec = importlib.util.find_spec("llama_cpp")
    return Path(spec.origin).parent / "lib" if spec and spec.origin else None


def cpu_flags() -> set[str]:
    """Every flag /proc/cpuinfo gives this CPU (empty where there is none)."""
    return set((_cpuinfo_field("flags") or "").split())


def _cpuinfo_field(name: str) -> str | None:
    """The first value of `name` in /proc/cpuinfo (None where there is none)."""
    try:
        for line in Path("/proc/cpuinfo").read_text(errors="replace").splitlines():
            key, _, value = line.partition(":")
            if key.strip() == name:
                return value.strip()
    except OSError:
        pass
    return None


def cpu_key() -> str:
    """The CPU's kind as a file name: vendor, family and model (`GenuineIntel-6-143`), the kind
    whose measured batch shapes (lab/models/batch_shapes.py) hold for it; the machine elsewhere."""
    parts = [_cpuinfo_field(k) for k in ("vendor_id", "cpu family", "model")]
    if all(parts):
        return "-".join(p.replace(" ", "_") for p in parts)   # type: ignore[union-attr]
    return platform.machine() or "unknown"


DEFAULT_MARK = "default"


def active_level() -> str | None:
    """The level llama-cpp-python runs (after `select`): VOCAB_LAB_LLAMA_BUILD's, else the one
    install.sh built into the venv (its name in .venv/llama-levels/default); None when unknown
    (a native build, or llama-cpp-python installed otherwise)."""
    want = os.environ.get(ENV, "").strip()
    if want and want != "native":
        return level(want).name
    if want == "native":
        return None
    try:
        name = (levels_dir() / DEFAULT_MARK).read_text().strip()
    except OSError:
        return None
    return name if name in LEVELS else None


def _main(argv: list[str]) -> int:
    """install.sh's questions: `cmake LEVEL`, `default` (this CPU's level), `fits LEVEL`. Run as
    `PYTHONPATH=. python lab/models/llama_levels.py ...` before the lab is installed (it imports
    nothing but the standard library and lab/errors.py)."""
    flags = cpu_flags()
    try:
        if argv[:1] == ["cmake"] and len(argv) == 2:
            print(level(argv[1]).cmake)
            return 0
        if argv[:1] == ["default"]:
            print(default_level(flags, platform.machine()) or "")
            return 0
        if argv[:1] == ["fits"] and len(argv) == 2:
            return 0 if fits(level(argv[1]), flags) else 1
    except LabError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    print("usage: python lab/models/llama_levels.py cmake LEVEL | default | fits LEVEL", file=sys.stderr)
    return 2


if __name__ == "__main__":
    raise SystemExit(_main(sys.argv[1:]))

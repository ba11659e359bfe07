"""The machine's side of numerics (lab/records/numerics.py): the CPU, and what a llama.cpp build
says about itself (compiled features, compiler)."""

from __future__ import annotations

import functools
import platform
import re
from pathlib import Path
from typing import Mapping

from lab.models.llama_levels import kind_of


# -- this machine ----------------------------------------------------------------------------------

@functools.lru_cache(maxsize=1)
def cpu_info() -> dict:
    """The CPU's model name, and which of the SIMD features llama.cpp can use it has."""
    model, flags = platform.processor() or None, set()
    try:
        text = Path("/proc/cpuinfo").read_text(errors="replace")
    except OSError:
        text = ""
    for line in text.splitlines():
        key, _, value = line.partition(":")
        key = key.strip()
        if key == "model name" and model in (None, "", platform.machine()):
            model = value.strip()
        elif key in ("flags", "Features") and not flags:
            flags = set(value.split())
    wanted = ("avx", "avx2", "fma", "f16c", "avx512f", "avx512_vnni", "avx512_bf16", "avx512_fp16",
              "avx_vnni", "amx_int8", "amx_bf16", "asimd", "asimddp", "sve", "i8mm")
    return {"machine": platform.machine(), "model": model,
            "flags": [f for f in wanted if f in flags]}


def cpu_has(flag: str) -> bool:
    return flag in cpu_info()["flags"]


def system_features(system_info: str) -> dict[str, str]:
    """llama_print_system_info()'s `NAME = value` pairs (compiled CPU features, backend options)."""
    return {m.group(1): m.group(2) for m in re.finditer(r"([A-Za-z0-9_]+) = ([^ |]+)", system_info)}


def build_kind(features: Mapping[str, str], machine: str) -> str:
    """The pinned level's kind (`pinned-x86-64`: AVX2, `pinned-x86-64-avx512`: the AVX-512 level,
    lab/models/llama_levels.py) when the compiled x86 SIMD features are exactly that level's;
    otherwise what it is (a native build compiled for the CPU it was built on, or another
    architecture's)."""
    if machine in ("x86_64", "AMD64"):
        return kind_of(dict(features)) or "x86-64-other"
    return f"{machine}-native"


@functools.lru_cache(maxsize=8)
def compiler_of(library: str) -> str | None:
    """The compiler named in a shared library's ELF .comment section (`GCC: (Debian 12.2.0-14)
    12.2.0`): the same source and flags can round differently under another compiler."""
    try:
        data = Path(library).read_bytes()
    except OSError:
        return None
    found = sorted(set(m.decode("ascii", "replace") for m in re.findall(rb"(?:GCC|clang version): ?[ -~]{3,80}", data)))
    return "; ".join(found) or None

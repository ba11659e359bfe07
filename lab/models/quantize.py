"""`quantize(IN, OUT, type)`: llama-cpp-python's quantize API, for researchers holding an F16/Q8 GGUF."""

from __future__ import annotations

import ctypes
from pathlib import Path

from lab.errors import InputError
from lab.models.gguf import FILE_TYPES
from lab.models.locate import require

#: quantization names `lab quantize --type` accepts (llama.cpp's LLAMA_FTYPE_MOSTLY_<NAME>)
TYPES = tuple(sorted(n for n in FILE_TYPES.values() if n not in ("F32",)))


def quantize(src: str | Path, dst: str | Path, qtype: str, *, threads: int = 0,
             allow_requantize: bool = False) -> Path:
    llama_cpp = require("llama_cpp", "llama-cpp-python (or: bash scripts/install.sh)", "lab quantize")
    src, dst = Path(src), Path(dst)
    if not src.is_file():
        raise InputError("input model file not found", file=str(src))
    ftype = getattr(llama_cpp, f"LLAMA_FTYPE_MOSTLY_{qtype.upper()}", None)
    if ftype is None:
        raise InputError(f"unknown quantization type {qtype!r} (types: {', '.join(TYPES)})", key="--type")
    if dst.exists() and dst.resolve() == src.resolve():
        raise InputError("output must differ from the input", file=str(dst))
    dst.parent.mkdir(parents=True, exist_ok=True)
    params = llama_cpp.llama_model_quantize_default_params()
    params.ftype = ftype
    params.nthread = threads
    params.allow_requantize = allow_requantize
    rc = llama_cpp.llama_model_quantize(str(src).encode(), str(dst).encode(), ctypes.byref(params))
    if rc != 0:
        hint = " (the input is already quantized: add --allow-requantize)" if not allow_requantize else ""
        raise InputError(f"llama.cpp could not quantize this file (code {rc}){hint}", file=str(src))
    return dst

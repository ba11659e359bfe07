"""GGUF model files: header metadata without loading the model, and a cached sha256.

`read_metadata` parses the key/value header of a GGUF file (version 2 or 3) in pure Python, so
`lab models` and the run record can name quantization, context length and chat template without
llama.cpp. Arrays (the tokenizer's vocabulary) are skipped and reported by length only.

`file_sha256` hashes a model file once per (path, size, mtime): the result is kept in
`$VOCAB_LAB_CACHE/model-sha256.json`, so a 25 GB model is hashed once, not per run.
"""

from __future__ import annotations

import hashlib
import json
import os
import struct
from pathlib import Path
from typing import Any, BinaryIO

from lab.errors import InputError
from lab.paths import cache_root
from lab.records.io import atomic_write_text

#: llama.cpp's `enum llama_ftype` (general.file_type): the quantization of the file's tensors.
FILE_TYPES = {
    0: "F32", 1: "F16", 2: "Q4_0", 3: "Q4_1", 7: "Q8_0", 8: "Q5_0", 9: "Q5_1", 10: "Q2_K",
    11: "Q3_K_S", 12: "Q3_K_M", 13: "Q3_K_L", 14: "Q4_K_S", 15: "Q4_K_M", 16: "Q5_K_S",
    17: "Q5_K_M", 18: "Q6_K", 19: "IQ2_XXS", 20: "IQ2_XS", 21: "Q2_K_S", 22: "IQ3_XS",
    23: "IQ3_XXS", 24: "IQ1_S", 25: "IQ4_NL", 26: "IQ3_S", 27: "IQ3_M", 28: "IQ2_S", 29: "IQ2_M",
    30: "IQ4_XS", 31: "IQ1_M", 32: "BF16", 36: "TQ1_0", 37: "TQ2_0", 38: "MXFP4_MOE",
}

_SCALARS = {0: "<B", 1: "<b", 2: "<H", 3: "<h", 4: "<I", 5: "<i", 6: "<f", 7: "<?", 10: "<Q",
            11: "<q", 12: "<d"}
_STRING, _ARRAY = 8, 9


class _Reader:
    def __init__(self, f: BinaryIO) -> None:
        self.f = f

    def read(self, n: int) -> bytes:
        b = self.f.read(n)
        if len(b) != n:
            raise EOFError("truncated GGUF header")
        return b

    def scalar(self, t: int) -> Any:
        fmt = _SCALARS[t]
        return struct.unpack(fmt, self.read(struct.calcsize(fmt)))[0]

    def string(self) -> str:
        (n,) = struct.unpack("<Q", self.read(8))
        return self.read(n).decode("utf-8", errors="replace")

    def value(self, t: int) -> Any:
        if t == _STRING:
            return self.string()
        if t == _ARRAY:
            (et,) = struct.unpack("<I", self.read(4))
            (n,) = struct.unpack("<Q", self.read(8))
            if et in _SCALARS:
                size = struct.calcsize(_SCALARS[et]) * n
                if n <= 64:
                    return [self.scalar(et) for _ in range(n)]
                self.f.seek(size, os.SEEK_CUR)
            else:
                items = [self.value(et) for _ in range(n)]
                if n <= 64:
                    return items
            return {"array_length": n}
        if t in _SCALARS:
            return self.scalar(t)
        raise ValueError(f"unknown GGUF value type {t}")


def read_metadata(path: str | Path) -> dict[str, Any]:
    """The key/value metadata of a GGUF file (arrays longer than 64 as {"array_length": n})."""
    path = Path(path)
    try:
        with path.open("rb") as f:
            r = _Reader(f)
            if r.read(4) != b"GGUF":
                raise InputError("not a GGUF file (bad magic)", file=str(path))
            (version,) = struct.unpack("<I", r.read(4))
            if version < 2:
                raise InputError(f"GGUF version {version} is too old (need 2 or 3)", file=str(path))
            _tensors, n_kv = struct.unpack("<QQ", r.read(16))
            meta: dict[str, Any] = {"GGUF.version": version}
            for _ in range(n_kv):
                key = r.string()
                (t,) = struct.unpack("<I", r.read(4))
                meta[key] = r.value(t)
            return meta
    except (EOFError, ValueError, struct.error) as e:
        raise InputError(f"unreadable GGUF header: {e}", file=str(path)) from None
    except OSError as e:
        raise InputError(f"cannot read model file: {e.strerror or e}", file=str(path)) from None


def quantization(meta: dict[str, Any]) -> str | None:
    ft = meta.get("general.file_type")
    if isinstance(ft, int):
        return FILE_TYPES.get(ft, f"ftype {ft}")
    return None


def trained_context_length(meta: dict[str, Any]) -> int | None:
    arch = meta.get("general.architecture")
    v = meta.get(f"{arch}.context_length") if arch else None
    return int(v) if isinstance(v, int) else None


def chat_template(meta: dict[str, Any]) -> str | None:
    v = meta.get("tokenizer.chat_template")
    return v if isinstance(v, str) and v.strip() else None


def _cache_file() -> Path:
    return cache_root() / "model-sha256.json"


def _load_known(cache: Path) -> dict:
    try:
        known = json.loads(cache.read_text(encoding="utf-8"))
        return known if isinstance(known, dict) else {}
    except (OSError, ValueError):
        return {}


def _store_known(path: Path, key: str, digest: str) -> None:

    cache = _cache_file()
    known = {k: v for k, v in _load_known(cache).items() if not k.startswith(f"{path}|")}
    known[key] = digest
    try:
        atomic_write_text(cache, json.dumps(known, indent=1, sort_keys=True) + "\n")
    except OSError:
        pass  # a read-only cache costs a re-hash next time, nothing else


def _key(path: Path) -> str:
    st = path.stat()
    return f"{path}|{st.st_size}|{st.st_mtime_ns}"


def known_sha256(path: str | Path) -> str | None:
    """The cached sha256 of the file as it is now (same path, size, mtime), or None: never hashes."""
    path = Path(path).resolve()
    try:
        key = _key(path)
    except OSError:
        return None
    digest = _load_known(_cache_file()).get(key)
    return digest if isinstance(digest, str) else None


def remember_sha256(path: str | Path, digest: str) -> None:
    """Record a digest computed elsewhere (a packaged model hashed while it was assembled)."""
    path = Path(path).resolve()
    _store_known(path, _key(path), digest)


def file_sha256(path: str | Path) -> str:
    """sha256 of a (large) file, cached by resolved path, size and mtime."""
    path = Path(path).resolve()
    cached = known_sha256(path)
    if cached:
        return cached
    key = _key(path)
    h = hashlib.sha256()
    with path.open("rb") as f:
        for block in iter(lambda: f.read(1 << 22), b""):
            h.update(block)
    digest = h.hexdigest()
    _store_known(path, key, digest)
    return digest

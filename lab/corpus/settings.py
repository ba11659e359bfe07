"""The schema of `configs/corpus/*.yaml`: which corpus, where, and its workspace roots."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Literal

from pydantic import ValidationInfo, field_validator

from lab.paths import REPO_ROOT
from lab.settings import Settings, parse, plain
from lab.corpus.materialize import fixture_root


class CorpusSettings(Settings):
    kind: Literal["fixture", "dir"]
    root: str | None          # fixture: null = the cached fixture monorepo; dir: required
    roots: list[str]          # workspace roots; empty = .workspace-roots at the corpus root if any

    @field_validator("root")
    @classmethod
    def _dir_needs_root(cls, root: str | None, info: ValidationInfo) -> str | None:
        if info.data.get("kind") == "dir" and (not root or root == "???"):
            raise ValueError("corpus=dir needs corpus.root=/path/to/repo")
        return root

    def root_path(self) -> Path:
        """The corpus folder. A relative `root` is tried against the working directory first
        (what `--corpus DIR` always meant), then against the repository root (the shipped
        extracts under `corpora/`, so `corpus=pytest` works from any directory), the way
        `suite_path` tries a file before `prompts/`. When neither is a folder the
        working-directory path is returned and the loader's error names it."""
        if self.root:
            path = Path(self.root).expanduser()
            if not path.is_absolute() and not path.is_dir() and (REPO_ROOT / path).is_dir():
                return REPO_ROOT / path
            return path
        return fixture_root()


def check_corpus(cc: Any) -> CorpusSettings:
    """`cfg.corpus` validated (errors name configs/corpus/<kind>.yaml and the key)."""
    if isinstance(cc, CorpusSettings):
        return cc
    raw = plain(cc)
    kind = raw.get("kind") if isinstance(raw, dict) else None
    file = f"configs/corpus/{kind}.yaml" if kind in ("fixture", "dir") else "configs/corpus"
    return parse(CorpusSettings, raw, file=file, prefix="corpus")

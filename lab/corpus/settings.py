"""The schema of `configs/corpus/*.yaml`: which corpus, where, and its workspace roots."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Literal

from pydantic import ValidationInfo, field_validator

from lab.settings import Settings, parse, plain


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
        if self.root:
            return Path(self.root).expanduser()
        from lab.corpus.materialize import fixture_root
        return fixture_root()


def check_corpus(cc: Any) -> CorpusSettings:
    """`cfg.corpus` validated (errors name configs/corpus/<kind>.yaml and the key)."""
    if isinstance(cc, CorpusSettings):
        return cc
    raw = plain(cc)
    kind = raw.get("kind") if isinstance(raw, dict) else None
    file = f"configs/corpus/{kind}.yaml" if kind in ("fixture", "dir") else "configs/corpus"
    return parse(CorpusSettings, raw, file=file, prefix="corpus")

"""What every peer shares: its settings schema (a `Settings` class on the peer, validated by
`lab.pathfinder.resolver.check_resolver`), the empty query and top_k rules, and the one
`build_resolution` that turns a ranking into a `Resolution`."""

from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar

from lab.pathfinder.index import Index
from lab.pathfinder.resolution import Candidate, Resolution, build_resolution, check_top_k


class PeerResolver:
    """A resolver kind other than pathfinder. Subclasses set `kind` and implement `rank()`."""

    kind: ClassVar[str] = ""
    #: The schema of its `configs/resolver/<kind>.yaml` (a lab.settings.Settings subclass).
    Settings: ClassVar[type]
    #: Settings that change speed or bounds, never a ranking: kept out of the fingerprint.
    non_result_settings: ClassVar[tuple[str, ...]] = ()

    def __init__(self, index: Index, settings: Any) -> None:
        self.index = index
        self.settings = settings

    @property
    def top_k(self) -> int:
        return self.settings.top_k

    @property
    def root(self) -> Path:
        return self.index.corpus.root

    @property
    def encoder_id(self) -> str | None:
        return None  # no encoder: a peer is lexical

    def warmup(self) -> None:
        """Nothing to load: a peer is ready when it is constructed."""

    def versions(self) -> dict[str, str]:
        """The versions of the outside tool or library that does the ranking (fingerprinted)."""
        return {}

    def ranking_settings(self) -> dict[str, Any]:
        s = {k: v for k, v in self.settings.model_dump().items() if k not in self.non_result_settings}
        return {"kind": self.kind, **s, **self.versions()}

    def rank(self, query: str, intent: str | None, top_k: int) -> list[Candidate]:
        """The best `top_k` (or fewer) candidates, best first."""
        raise NotImplementedError

    def resolve(self, query: str, intent: str | None = None, top_k: int | None = None) -> Resolution:
        top_k = check_top_k(top_k, self.top_k)
        if not query.strip():
            return build_resolution(self.index, query, intent, [], top_k)
        return build_resolution(self.index, query, intent, self.rank(query, intent, top_k), top_k)


def rank_candidate(index: Index, path: str, score: float, why: tuple[str, ...]) -> Candidate:
    f = index.files[index.by_path[path]]
    return Candidate(path=f.path, root=f.root, score=round(score, 6), why=why, lexical=round(score, 6))

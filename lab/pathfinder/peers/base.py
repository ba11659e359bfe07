"""What every peer shares: settings read from `cfg.resolver` with each bad key named, the empty
query and top_k rules, and the one `build_resolution` that turns a ranking into a `Resolution`."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any, ClassVar, Mapping

from lab.errors import InputError
from lab.pathfinder.index import Index
from lab.pathfinder.resolution import Candidate, Resolution, build_resolution, check_top_k


def read_settings(cls: type, raw: Mapping[str, Any], *, file: str) -> Any:
    """`cls` (a dataclass of plain-typed fields) from `raw`; an unknown key or a value of the
    wrong type is an InputError naming `resolver.<key>`. `kind` is the registry's, not a setting."""
    fields = {f.name: f for f in dataclasses.fields(cls)}
    values: dict[str, Any] = {}
    for k, v in raw.items():
        if k == "kind":
            continue
        if k not in fields:
            raise InputError(f"unknown setting (known: kind, {', '.join(fields)})", file=file,
                             key=f"resolver.{k}")
        want = type(fields[k].default)
        ok = (isinstance(v, bool) if want is bool else
              (isinstance(v, (int, float)) and not isinstance(v, bool)) if want is float else
              (isinstance(v, int) and not isinstance(v, bool)) if want is int else isinstance(v, want))
        if not ok:
            raise InputError(f"must be a {want.__name__}, got {v!r}", file=file, key=f"resolver.{k}")
        values[k] = float(v) if want is float else v
    settings = cls(**values)
    check_top_k(settings.top_k, settings.top_k, key="resolver.top_k")
    return settings


class PeerResolver:
    """A resolver kind other than pathfinder. Subclasses set `kind` and implement `rank()`."""

    kind: ClassVar[str] = ""
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
        s = {k: v for k, v in dataclasses.asdict(self.settings).items() if k not in self.non_result_settings}
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

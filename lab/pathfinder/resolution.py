"""The typed result of `resolve()`: what the tool knows, before any vocabulary decides what to say."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING

from lab.errors import InputError

if TYPE_CHECKING:  # only for the hint: the result type stays importable without numpy and the index
    from lab.pathfinder.index import Index


@dataclass(frozen=True)
class Candidate:
    path: str                 # relative to the corpus root
    root: str                 # workspace root holding it ("." when single-root)
    score: float              # final score (lexical, plus semantic when the rerank ran)
    why: tuple[str, ...]      # the features that fired, e.g. ("name", "segment_overlap", "maxsim")
    lexical: float            # lexical score alone
    semantic: float | None = None  # MaxSim score, when the rerank ran on this candidate

    @property
    def stem(self) -> str:
        name = self.path.rsplit("/", 1)[-1]
        return name.rsplit(".", 1)[0] if "." in name.lstrip(".") else name

    @property
    def ext(self) -> str:
        name = self.path.rsplit("/", 1)[-1]
        return name.rsplit(".", 1)[1].lower() if "." in name.lstrip(".") else ""


@dataclass(frozen=True)
class Resolution:
    query: str
    intent: str | None
    candidates: tuple[Candidate, ...]  # ranked, best first, at most top_k
    #: Stem of the best candidate (None when there is no candidate).
    best_stem: str | None
    #: Extensions of the returned (top-k) candidates sharing the best candidate's stem, best's own first.
    same_stem_exts: tuple[str, ...]
    #: Extensions of the files in the best candidate's folder sharing its stem (config.go/config.rs).
    sibling_exts: tuple[str, ...]
    #: How many files in the whole corpus have the best candidate's stem (itself included).
    same_stem_count: int

    @property
    def best(self) -> Candidate | None:
        return self.candidates[0] if self.candidates else None

    def to_dict(self) -> dict:
        d = asdict(self)
        d["candidates"] = [dict(asdict(c), why=list(c.why)) for c in self.candidates]
        d["same_stem_exts"] = list(self.same_stem_exts)
        d["sibling_exts"] = list(self.sibling_exts)
        return d


def check_top_k(top_k: int | None, default: int, *, key: str = "top_k") -> int:
    """The number of candidates to return: `top_k`, or `default` when it is None or 0 (every
    resolver kind reads it the same way). Anything but an integer >= 1 is an InputError."""
    k = top_k or default
    if isinstance(k, bool) or not isinstance(k, int) or k < 1:
        raise InputError(f"must be an integer >= 1, got {k!r}", key=key)
    return k


def build_resolution(index: "Index", query: str, intent: str | None, ranked: list[Candidate],
                     top_k: int) -> Resolution:
    """The typed result of any resolver kind (pathfinder or a peer) from its ranked candidates.

    The same-stem facts come from the index, never from the resolver, so every kind answers them
    the same way and a vocabulary renders a peer's result exactly as it renders pathfinder's."""
    if not ranked:
        return Resolution(query, intent, (), None, (), (), 0)
    best = index.files[index.by_path[ranked[0].path]]
    stem = best.stem.lower()
    exts: list[str] = []
    for c in ranked[:top_k]:  # what the model is shown, not the whole reranked pool
        f = index.files[index.by_path[c.path]]
        if f.stem.lower() == stem and f.ext not in exts:
            exts.append(f.ext)
    same = index.by_stem.get(stem, [])
    siblings = [best.ext] + sorted({index.files[i].ext for i in same
                                    if index.files[i].dir == best.dir} - {best.ext})
    return Resolution(query=query, intent=intent, candidates=tuple(ranked[:top_k]), best_stem=best.stem,
                      same_stem_exts=tuple(exts), sibling_exts=tuple(siblings), same_stem_count=len(same))

"""The typed result of `resolve()`: what the tool knows, before any vocabulary decides what to say."""

from __future__ import annotations

from dataclasses import asdict, dataclass


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

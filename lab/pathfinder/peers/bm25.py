"""The BM25 peer: the `bm25s` library over one document per file, query and intent as one bag.

A file's document is its path words (the path split on / _ - . and camelCase) followed by its text
as the index holds it (each chunk's heading and body, in file order: the first 64 kB the loader
reads), cut at `max_text_chars` (20,000 by default, the 20 kB the issue measured; 0 = path words
only). Tokenization is the lab's own term splitter (lab/pathfinder/terms.py: lowercased, camelCase
and snake_case split; the query stopwords and one-letter words dropped), not bm25s's English
tokenizer, which keeps `RetryBackoff` whole; the same splitter reads the query, so a word is the
same word on both sides. Query words are used once each (a bag, not a multiset). The index is
built once, in the constructor; scoring is bm25s's (`method`, `k1`, `b`).
"""

from __future__ import annotations

import heapq
from importlib.metadata import version
from typing import Annotated, ClassVar, Literal

import numpy as np
from pydantic import Field

from lab.errors import MissingDependencyError
from lab.pathfinder.index import Index
from lab.pathfinder.peers.base import PeerResolver, rank_candidate
from lab.pathfinder.resolution import Candidate
from lab.settings import Settings
from lab.pathfinder.terms import STOPWORDS, split_words

METHODS = ("robertson", "lucene", "bm25l", "bm25+", "atire")


class Bm25Settings(Settings):
    """configs/resolver/bm25.yaml (the defaults are there)."""
    kind: Literal["bm25"]
    top_k: Annotated[int, Field(ge=1)]
    max_text_chars: Annotated[int, Field(ge=0)]   # of each file's indexed text, after its path words; 0 = paths only
    method: Literal[METHODS]                      # bm25s's BM25 variant
    k1: float
    b: float


def tokens(text: str) -> list[str]:
    return [w for w in split_words(text) if w not in STOPWORDS and (len(w) > 1 or w.isdigit())]


def document(index: Index, fid: int, max_text_chars: int) -> list[str]:
    f = index.files[fid]
    words = tokens(f.path)
    if max_text_chars > 0:
        text = "\n".join(f"{index.chunks[c].heading}\n{index.chunks[c].body}" for c in f.chunk_ids)
        words += tokens(text[:max_text_chars])
    return words


class Bm25Resolver(PeerResolver):
    """score = bm25s's BM25 score of the file's document (only files scoring > 0 are candidates)."""

    kind: ClassVar[str] = "bm25"
    Settings: ClassVar[type] = Bm25Settings

    def __init__(self, index: Index, settings: Bm25Settings) -> None:
        super().__init__(index, settings)
        try:
            import bm25s  # only the bm25 peer needs it
        except ImportError as e:
            raise MissingDependencyError("resolver.kind=bm25 needs the bm25s library: "
                                         "pip install bm25s==0.3.16 (or bash scripts/install.sh)") from e
        self.bm25 = bm25s.BM25(k1=settings.k1, b=settings.b, method=settings.method)
        self.bm25.index([document(index, i, settings.max_text_chars) for i in range(len(index.files))],
                        show_progress=False)
        self.vocab = self.bm25.vocab_dict
        self.paths = [f.path for f in index.files]

    def versions(self) -> dict[str, str]:
        return {"bm25s_version": version("bm25s")}

    def rank(self, query: str, intent: str | None, top_k: int) -> list[Candidate]:
        words = [w for w in dict.fromkeys(tokens(f"{query} {intent or ''}")) if w in self.vocab]
        if not words or not self.paths:
            return []
        scores = np.asarray(self.bm25.get_scores(words), dtype=np.float64)
        hits = np.flatnonzero(scores > 0).tolist()
        best = heapq.nsmallest(top_k, hits, key=lambda i: (-scores[i], self.paths[i]))  # ties: by path
        return [rank_candidate(self.index, self.paths[i], float(scores[i]), ("bm25",)) for i in best]

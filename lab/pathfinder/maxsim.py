"""ColBERT-style late interaction: MaxSim of query tokens over candidate tokens, and its disk cache."""

from __future__ import annotations

import hashlib
import sqlite3
from pathlib import Path

import numpy as np


def maxsim(query: np.ndarray, doc: np.ndarray) -> float:
    """Mean over query tokens of the best cosine with any document token (rows L2-normalized).

    Summing (ColBERT) makes scores grow with query length; the mean keeps them in [-1, 1] so they
    can be weighed against a normalized lexical score.
    """
    if query.size == 0 or doc.size == 0:
        return 0.0
    return float((query @ doc.T).max(axis=1).mean())


def maxsim_many(query: np.ndarray, docs: list[np.ndarray]) -> np.ndarray:
    """`maxsim(query, d)` for every d, in one matrix product."""
    if not docs:
        return np.zeros(0, dtype=np.float32)
    lengths = np.array([len(d) for d in docs])
    sims = query @ np.concatenate(docs).T                   # (q_tokens, all doc tokens)
    starts = np.concatenate([[0], np.cumsum(lengths)[:-1]])
    per_doc_max = np.maximum.reduceat(sims, starts, axis=1)  # (q_tokens, n_docs)
    return per_doc_max.mean(axis=0)


class EmbeddingCache:
    """Token-embedding matrices on disk (float16), keyed by encoder id and text hash."""

    def __init__(self, directory: Path, encoder_id: str) -> None:
        directory.mkdir(parents=True, exist_ok=True)
        safe = encoder_id.replace("/", "_")
        self.path = directory / f"{safe}.sqlite"
        self.db = sqlite3.connect(str(self.path), timeout=30, check_same_thread=False)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("CREATE TABLE IF NOT EXISTS emb (key TEXT PRIMARY KEY, n INTEGER, dim INTEGER, data BLOB)")
        self.db.commit()

    @staticmethod
    def key(text: str) -> str:
        return hashlib.sha1(text.encode()).hexdigest()

    def get_many(self, keys: list[str]) -> dict[str, np.ndarray]:
        out: dict[str, np.ndarray] = {}
        for start in range(0, len(keys), 500):
            chunk = keys[start:start + 500]
            q = f"SELECT key, n, dim, data FROM emb WHERE key IN ({','.join('?' * len(chunk))})"
            for k, n, dim, data in self.db.execute(q, chunk):
                out[k] = np.frombuffer(data, dtype=np.float16).reshape(n, dim).astype(np.float32)
        return out

    def put_many(self, items: dict[str, np.ndarray]) -> None:
        rows = [(k, int(v.shape[0]), int(v.shape[1]), v.astype(np.float16).tobytes()) for k, v in items.items()]
        self.db.executemany("INSERT OR REPLACE INTO emb VALUES (?, ?, ?, ?)", rows)
        self.db.commit()

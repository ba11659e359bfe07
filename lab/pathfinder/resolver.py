"""`resolve(query, intent, top_k)`: lexical scoring, then MaxSim rerank of the lexical top N."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping

import numpy as np

from lab.corpus.loader import load_corpus
from lab.errors import InputError
from lab.pathfinder.encoders import TokenEncoder, make_encoder
from lab.pathfinder.features import check_feature_config, score_lexical
from lab.pathfinder.index import FileEntry, Index, build_index
from lab.pathfinder.maxsim import EmbeddingCache, maxsim_many
from lab.pathfinder.query import analyze
from lab.pathfinder.resolution import Candidate, Resolution


def cache_root() -> Path:
    return Path(os.environ.get("VOCAB_LAB_CACHE", "~/.cache/vocab-lab")).expanduser()


@dataclass
class SemanticSettings:
    enabled: bool = True
    encoder: str = "minilm-l6-int8"
    weight: float = 1.5
    precompute_limit: int = 20000
    cache_dir: str | None = None
    max_tokens: int = 64


class Resolver:
    def __init__(self, index: Index, *, top_k: int = 5, lexical_top_n: int = 30,
                 features: Mapping[str, Any] | None = None, semantic: SemanticSettings | None = None,
                 encoder: TokenEncoder | None = None) -> None:
        self.index = index
        self.top_k = top_k
        self.lexical_top_n = lexical_top_n
        self.features = dict(features or {})
        check_feature_config(self.features)
        self.semantic = semantic or SemanticSettings(enabled=False)
        self._encoder = encoder
        self._cache: EmbeddingCache | None = None
        self._doc_emb: dict[int, np.ndarray] = {}
        self._blas_controller = None

    @property
    def root(self) -> Path:
        return self.index.corpus.root

    # -- semantic part ---------------------------------------------------------------------------
    @property
    def _blas(self):
        if self._blas_controller is None:
            from threadpoolctl import ThreadpoolController
            self._blas_controller = ThreadpoolController()
        return self._blas_controller

    @property
    def encoder(self) -> TokenEncoder:
        if self._encoder is None:
            self._encoder = make_encoder(self.semantic.encoder, max_tokens=self.semantic.max_tokens)
        return self._encoder

    @property
    def encoder_id(self) -> str | None:
        return self.encoder.id if self.semantic.enabled else None

    def candidate_text(self, f: FileEntry) -> str:
        """What the encoder sees of a file: its path, then its headings (a Markdown file's section
        headings too), cut at the encoder's token limit."""
        headings = list(dict.fromkeys(h for h in (self.index.chunks[c].heading for c in f.chunk_ids) if h))
        return f"{f.path} : {' ; '.join(headings)}" if headings else f.path

    def _embeddings(self, fids: list[int]) -> list[np.ndarray]:
        missing = [fid for fid in fids if fid not in self._doc_emb]
        if missing:
            if self._cache is None:
                d = Path(self.semantic.cache_dir).expanduser() if self.semantic.cache_dir else cache_root() / "embeddings"
                self._cache = EmbeddingCache(d, self.encoder.id)
            texts = {fid: self.candidate_text(self.index.files[fid]) for fid in missing}
            keys = {fid: EmbeddingCache.key(t) for fid, t in texts.items()}
            cached = self._cache.get_many(sorted(set(keys.values())))
            todo = [fid for fid in missing if keys[fid] not in cached]
            if todo:
                vecs = self.encoder.encode([texts[fid] for fid in todo])
                # round to the stored precision now, so a score never depends on cache state
                new = {keys[fid]: v.astype(np.float16).astype(np.float32) for fid, v in zip(todo, vecs)}
                self._cache.put_many(new)
                cached.update(new)
            for fid in missing:
                self._doc_emb[fid] = cached[keys[fid]]
        return [self._doc_emb[fid] for fid in fids]

    def warmup(self) -> None:
        """Load the encoder and the candidate embeddings (encoding what the disk cache lacks)."""
        if not self.semantic.enabled:
            return
        self.encoder.encode(["warmup"])
        if len(self.index.files) <= self.semantic.precompute_limit:
            self._embeddings(list(range(len(self.index.files))))

    # -- resolve ---------------------------------------------------------------------------------
    def resolve(self, query: str, intent: str | None = None, top_k: int | None = None) -> Resolution:
        top_k = top_k or self.top_k
        q = analyze(self.index, query, intent)
        lexical = score_lexical(self.index, q, self.features)[: max(self.lexical_top_n, top_k)]
        ranked: list[Candidate] = []
        if lexical:
            top = max(lexical[0][1], 1e-9)
            sem: np.ndarray | None = None
            if self.semantic.enabled:
                qtext = f"{query} : {intent}" if intent else query
                qv = self.encoder.encode([qtext])[0]
                docs = self._embeddings([fid for fid, _, _ in lexical])
                # One BLAS thread: these matmuls are tiny, and idle OpenBLAS threads spin long
                # enough after them to take the cores from the next query's ONNX encoder (4x slower).
                with self._blas.limit(limits=1, user_api="blas"):
                    sem = maxsim_many(qv, docs)
            for i, (fid, lex, why) in enumerate(lexical):
                f = self.index.files[fid]
                score = max(lex, 0.0) / top
                s = None
                if sem is not None:
                    s = float(sem[i])
                    score += self.semantic.weight * s
                    why = why + ("maxsim",)
                ranked.append(Candidate(path=f.path, root=f.root, score=round(score, 6), why=why,
                                        lexical=round(lex, 6), semantic=None if s is None else round(s, 6)))
            ranked.sort(key=lambda c: (-c.score, c.path))
        return self._resolution(query, intent, ranked, top_k)

    def _resolution(self, query: str, intent: str | None, ranked: list[Candidate], top_k: int) -> Resolution:
        if not ranked:
            return Resolution(query, intent, (), None, (), (), 0)
        best = self.index.files[self.index.by_path[ranked[0].path]]
        stem = best.stem.lower()
        exts: list[str] = []
        for c in ranked[:top_k]:  # what the model is shown, not the whole reranked pool
            f = self.index.files[self.index.by_path[c.path]]
            if f.stem.lower() == stem and f.ext not in exts:
                exts.append(f.ext)
        same = self.index.by_stem.get(stem, [])
        siblings = [best.ext] + sorted({self.index.files[i].ext for i in same
                                        if self.index.files[i].dir == best.dir} - {best.ext})
        return Resolution(query=query, intent=intent, candidates=tuple(ranked[:top_k]), best_stem=best.stem,
                          same_stem_exts=tuple(exts), sibling_exts=tuple(siblings), same_stem_count=len(same))


#: The repository checkout: a relative `corpus.root` that is not a folder under the working
#: directory is looked up here, so `corpus=pytest` (root: corpora/pytest) works from any directory.
REPO_ROOT = Path(__file__).resolve().parents[2]


def corpus_root_from_cfg(corpus_cfg: Mapping[str, Any]) -> Path:
    """The corpus folder of a corpus config.

    A relative `root` is tried against the working directory first (what `--corpus DIR` always
    meant), then against the repository root (the shipped extracts under `corpora/`), the way
    `suite_path` tries a file before `prompts/`. When neither is a folder the working-directory
    path is returned and the loader's error names it.
    """
    root = corpus_cfg.get("root")
    if root:
        path = Path(str(root)).expanduser()
        if not path.is_absolute() and not path.is_dir() and (REPO_ROOT / path).is_dir():
            return REPO_ROOT / path
        return path
    if corpus_cfg.get("kind", "fixture") == "fixture":
        from lab.corpus.materialize import fixture_root
        return fixture_root()
    raise InputError("corpus.root is not set", key="corpus.root")


def load_resolver(cfg: Mapping[str, Any], *, encoder: TokenEncoder | None = None) -> Resolver:
    """Build the resolver a composed config describes (cfg.resolver, cfg.corpus)."""
    rc, cc = cfg["resolver"], cfg["corpus"]
    roots = tuple(cc.get("roots") or ())
    index = build_index(load_corpus(corpus_root_from_cfg(cc), roots or None))
    sem = rc.get("semantic") or {}
    allowed = set(SemanticSettings.__dataclass_fields__)
    for k in sem:
        if k not in allowed:
            raise InputError(f"unknown setting '{k}'", key=f"resolver.semantic.{k}")
    return Resolver(index, top_k=int(rc.get("top_k", 5)), lexical_top_n=int(rc.get("lexical_top_n", 30)),
                    features=_plain(rc.get("features") or {}), semantic=SemanticSettings(**_plain(sem)),
                    encoder=encoder)


def _plain(obj: Any) -> Any:
    try:
        from omegaconf import DictConfig, OmegaConf
        if isinstance(obj, DictConfig):
            return OmegaConf.to_container(obj, resolve=True)
    except ImportError:  # pragma: no cover
        pass
    return dict(obj) if isinstance(obj, Mapping) else obj

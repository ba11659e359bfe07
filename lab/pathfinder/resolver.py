"""`resolve(query, intent, top_k)`: lexical scoring, then MaxSim rerank of the lexical top N.

`load_resolver(cfg)` builds the resolver `resolver.kind` names: `pathfinder` (this module, the tool
under test) or one of its peers (`lab/pathfinder/peers/`: `fzf`, `bm25`), the tools users already
have. Every kind returns the same typed `Resolution` and offers what the lab uses of a resolver:
`resolve`, `warmup`, `index`, `root`, `top_k`, `encoder_id` and `ranking_settings()` (its part of a
fingerprint).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, Mapping

import numpy as np

from lab.corpus.loader import load_corpus
from lab.errors import InputError
from lab.pathfinder.encoders import TokenEncoder, make_encoder
from lab.pathfinder.features import describes_file, is_bare_name, score_lexical
from lab.pathfinder.index import FileEntry, Index, build_index
from lab.pathfinder.maxsim import EmbeddingCache, maxsim_many
from lab.pathfinder.query import analyze
from lab.pathfinder.resolution import Candidate, Resolution, build_resolution, check_top_k
from lab.pathfinder.settings import NON_RESULT_SETTINGS, PathfinderSettings, SemanticSettings  # noqa: F401
from lab.paths import cache_root
from lab.settings import parse, plain
from lab.count_bar import CountBar
from lab.corpus.settings import check_corpus
from lab.pathfinder.peers import PEERS, peer_class

if TYPE_CHECKING:
    from lab.pathfinder.peers.base import PeerResolver


#: Files encoded (and stored in the embedding cache) per step of a warm-up.
ENCODE_SLICE = 256


class Resolver:
    kind = "pathfinder"

    def __init__(self, index: Index, settings: PathfinderSettings, *,
                 encoder: TokenEncoder | None = None) -> None:
        self.index = index
        self.settings = settings
        self.top_k = settings.top_k
        self.lexical_top_n = settings.lexical_top_n
        self.features = settings.features.model_dump()
        self.semantic: SemanticSettings = settings.semantic
        self._encoder = encoder
        self._cache: EmbeddingCache | None = None
        self._doc_emb: dict[int, np.ndarray] = {}
        self._blas_controller = None

    @property
    def root(self) -> Path:
        return self.index.corpus.root

    def ranking_settings(self) -> dict[str, Any]:
        """What determines this resolver's rankings (its part of a fingerprint). No `kind` key:
        pathfinder is the default, and a fingerprint without `kind` is a pathfinder one, so every
        baseline recorded before the peers existed keeps its fingerprint (peers add `kind`)."""
        sem = {k: v for k, v in self.semantic.model_dump().items() if k not in NON_RESULT_SETTINGS}
        return {"top_k": self.top_k, "lexical_top_n": self.lexical_top_n,
                "features": self.features, "semantic": sem}

    # -- semantic part ---------------------------------------------------------------------------
    @property
    def _blas(self):
        if self._blas_controller is None:
            from threadpoolctl import ThreadpoolController  # only the semantic rerank pins BLAS threads
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
        """What the encoder sees of a file: its path, what kind of file it is (its role words, for
        the well-known kinds in lab/pathfinder/roles.py), then its headings (a Markdown file's
        section headings too), cut at the encoder's token limit."""
        chunks = [self.index.chunks[c] for c in f.chunk_ids]
        headings = list(dict.fromkeys(ch.heading for ch in chunks if ch.heading))
        role = chunks[0].role if chunks else ""
        head = f"{f.path} ({role})" if role else f.path
        return f"{head} : {' ; '.join(headings)}" if headings else head

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
                cached.update(self._encode(todo, texts, keys))
            for fid in missing:
                self._doc_emb[fid] = cached[keys[fid]]
        return [self._doc_emb[fid] for fid in fids]

    def _encode(self, todo: list[int], texts: dict[int, str], keys: dict[int, str]) -> dict[str, np.ndarray]:
        """Encode files in slices, storing each slice in the disk cache as it is done (a killed
        warm-up keeps what it encoded) and showing a count bar with ETA on stderr."""

        bar = CountBar(len(todo), label=f"pathfinder: encoding {self.encoder.id}")
        out: dict[str, np.ndarray] = {}
        try:
            for start in range(0, len(todo), ENCODE_SLICE):
                part = todo[start:start + ENCODE_SLICE]
                vecs = self.encoder.encode([texts[fid] for fid in part])
                # round to the stored precision now, so a score never depends on cache state
                new = {keys[fid]: v.astype(np.float16).astype(np.float32) for fid, v in zip(part, vecs)}
                self._cache.put_many(new)  # type: ignore[union-attr]
                out.update(new)
                bar.update(len(part))
        finally:
            bar.close()
        return out

    def warmup(self, *, every_file: bool = False) -> None:
        """Load the encoder and the candidate embeddings (encoding what the disk cache lacks):
        every file when the corpus has at most `precompute_limit` files or `every_file` is set
        (`lab index`), else files are encoded as queries first shortlist them."""
        if not self.semantic.enabled:
            return
        self.encoder.encode(["warmup"])
        if every_file or len(self.index.files) <= self.semantic.precompute_limit:
            self._embeddings(list(range(len(self.index.files))))

    # -- resolve ---------------------------------------------------------------------------------
    def resolve(self, query: str, intent: str | None = None, top_k: int | None = None) -> Resolution:
        top_k = check_top_k(top_k, self.top_k)
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
            # A bare file name that exists ("lib.rs") has no meaning beyond its letters, which the
            # lexical features match exactly: MaxSim over paths would only add string-similarity
            # noise among the same-name files. A misspelled name keeps the full weight.
            sem_weight = self.semantic.name_query_weight if is_bare_name(self.index, q) else self.semantic.weight
            if describes_file(self.index, q):
                # the encoder sees a file's path and headings, a sentence describes its contents:
                # the content match (intent_text) leads, MaxSim reorders among close candidates
                sem_weight = self.semantic.intent_weight
            for i, (fid, lex, why) in enumerate(lexical):
                f = self.index.files[fid]
                score = max(lex, 0.0) / top
                s = None
                if sem is not None:
                    s = float(sem[i])
                    score += sem_weight * s
                    why = why + ("maxsim",)
                ranked.append(Candidate(path=f.path, root=f.root, score=round(score, 6), why=why,
                                        lexical=round(lex, 6), semantic=None if s is None else round(s, 6)))
            ranked.sort(key=lambda c: (-c.score, c.path))
        return build_resolution(self.index, query, intent, ranked, top_k)


def corpus_root_from_cfg(corpus_cfg: Any) -> Path:
    return check_corpus(corpus_cfg).root_path()


#: resolver.kind choices: pathfinder (the tool under test, the default) and its peers.
KINDS: tuple[str, ...] = ("pathfinder", "fzf", "bm25")


def resolver_schema(kind: Any) -> type:
    """The schema of `resolver.kind`'s settings (pathfinder's, or a peer's); an unknown kind is an
    InputError before anything is built."""

    if kind not in KINDS:
        raise InputError(f"unknown resolver kind {kind!r} (choices: {', '.join(KINDS)})",
                         file="configs/resolver", key="resolver.kind")
    return peer_class(kind).Settings if kind in PEERS else PathfinderSettings


def resolver_file(kind: Any) -> str:
    return "configs/resolver/default.yaml" if kind == "pathfinder" else f"configs/resolver/{kind}.yaml"


def check_resolver(rc: Any, *, file: str | None = None) -> Any:
    """`cfg.resolver` validated against its kind's schema (errors name file and key)."""
    raw = plain(rc)
    kind = raw.get("kind") if isinstance(raw, Mapping) else None
    schema = resolver_schema(kind)
    return parse(schema, raw, file=file or resolver_file(kind), prefix="resolver")


def load_resolver(cfg: Mapping[str, Any], *, encoder: TokenEncoder | None = None, settings: Any = None,
                  corpus: Any = None) -> "Resolver | PeerResolver":
    """Build the resolver a composed config describes (cfg.resolver, cfg.corpus): the kind
    `resolver.kind` names, over the index of the configured corpus. Settings are checked
    before the index is built: a typo fails at once. `settings` and `corpus`: the two groups
    already checked (lab.config.check_config), not parsed again."""
    settings = settings if settings is not None else check_resolver(cfg["resolver"])
    cc = corpus if corpus is not None else check_corpus(cfg["corpus"])
    index = build_index(load_corpus(cc.root_path(), tuple(cc.roots) or None))
    if settings.kind in PEERS:
        return peer_class(settings.kind)(index, settings)
    return Resolver(index, settings, encoder=encoder)

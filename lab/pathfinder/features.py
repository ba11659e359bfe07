"""Lexical scoring from named features, each switchable and weighted in `configs/resolver/*.yaml`.

Scoring runs in two stages so a query stays fast on 100,000 paths: a cheap accumulation over the
postings of the query's words picks a few hundred files, then every enabled feature scores those
files and says whether it fired (the candidate's `why`). The features' settings are validated by
their schema (lab/pathfinder/settings.py) before a resolver is built.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

import numpy as np

from lab.pathfinder.index import TEXT_FIELDS, FileEntry, Index, split_name
from lab.pathfinder.terms import split_words
from lab.pathfinder.query import QueryInfo

STAGE2_SIZE = 200


@dataclass
class Context:
    """What every feature may read about one query."""
    index: Index
    q: QueryInfo
    text_score: dict[int, float]      # file id -> normalized intent-text score in [0, 1]
    text_field: dict[int, str]        # file id -> the text field that matched most
    params: Mapping[str, Any]
    memo: dict = field(default_factory=dict)  # per-query memo: many candidates share a folder or stem


Hit = tuple[float, str | None]  # (score contribution, why labels joined by '+', or None: did not fire)


def _term_match(ctx: Context, words: frozenset[str]) -> tuple[float, int]:
    """(weighted number of query words found among `words`, number of query words)."""
    key = ("match", words)
    got = ctx.memo.get(key)
    if got is None:
        got = 0.0
        for t in ctx.q.terms:
            got += max((e.weight for e in ctx.q.expansions.get(t, ()) if e.word in words), default=0.0)
        ctx.memo[key] = got
    return got, len(ctx.q.terms)


def _name_score(ctx: Context, name: str, stem: str, ext: str, words: frozenset[str]) -> Hit:
    """How well the query names this file name (exact, same stem, words of the stem; extension)."""
    q = ctx.q
    name, stem = name.lower(), stem.lower()
    if q.name and name == q.name:
        return 3.0, "name"
    score, why = 0.0, None
    if q.stem and stem == q.stem:
        score, why = 2.0, "stem"
    elif words:
        got, n = _term_match(ctx, words)
        coverage = min(1.0, got / len(words))
        if coverage > 0:
            # mostly how much of the name the query covers, and a little how much of the query
            # the name explains: `pytester_asertions.py` means pytester_assertions.py, not pytester.py
            explained = min(1.0, got / n) if n else 1.0
            score, why = 1.6 * coverage * (0.7 + 0.3 * explained), ("stem" if coverage >= 0.999 else "stem~")
    if q.ext:
        if ext == q.ext:
            score, why = score + 0.5, (why + "+ext" if why else "ext")
        else:
            score -= 0.3
    return score, why


def _dir_score(ctx: Context, segments: tuple[str, ...], words: frozenset[str]) -> float:
    """Query words found in the folder names (recall over the query, plus a little precision over
    the folders, so `modules/ecs/main.tf` beats `modules/ecs/examples/basic/main.tf`), and a bonus
    when the folders written in the query end the path."""
    got, n = _term_match(ctx, words)
    score = 1.5 * got / n if n else 0.0
    if got and words:
        score += 0.3 * min(1.0, got / len(words))
    if ctx.q.dirs:
        k = len(ctx.q.dirs)
        if tuple(s.lower() for s in segments[-k:]) == ctx.q.dirs:
            score += 1.0
    return score


def stem_ext(ctx: Context, f: FileEntry) -> Hit:
    return _name_score(ctx, f.name, f.stem, f.ext, ctx.index.name_words[f.id])


def segment_overlap(ctx: Context, f: FileEntry) -> Hit:
    score = _dir_score(ctx, f.segments, ctx.index.dir_words[f.id])
    return score, ("segment_overlap" if score > 0 else None)


def moved_from(ctx: Context, f: FileEntry) -> Hit:
    """A query naming a file's old path (before a recorded move) finds the file where it is now.

    Scores what the old path explains beyond the current one (name + folders, a little below a live
    file of that name), so a move never counts the same query words twice.
    """
    olds = ctx.index.moved_from.get(f.id)
    if not olds:
        return 0.0, None
    current = _name_score(ctx, f.name, f.stem, f.ext, ctx.index.name_words[f.id])[0] + \
        _dir_score(ctx, f.segments, ctx.index.dir_words[f.id])
    best = 0.0
    for old in olds:
        d, _, name = old.rpartition("/")
        stem, ext = split_name(name)
        segments = tuple(d.split("/")) if d else ()
        named, _ = _name_score(ctx, name, stem, ext, frozenset(split_words(stem)))
        best = max(best, named + _dir_score(ctx, segments, frozenset(w for s in segments for w in split_words(s))))
    gain = 0.9 * best - current
    return (gain, "moved-from") if gain > 0 else (0.0, None)


def dir_ext_counts(ctx: Context, f: FileEntry) -> Hit:
    if not ctx.q.lang_exts:
        return 0.0, None
    counts = ctx.index.dir_ext_counts[f.dir]
    total = sum(counts.values())
    share = sum(counts[e] for e in ctx.q.lang_exts) / total if total else 0.0
    score = share + (0.5 if f.ext in ctx.q.lang_exts else 0.0)
    return score, ("dir_ext_counts" if score > 0 else None)


def intent_text(ctx: Context, f: FileEntry) -> Hit:
    s = ctx.text_score.get(f.id, 0.0)
    return (s, f"text:{ctx.text_field[f.id]}") if s > 0 else (0.0, None)


def vendor_generated(ctx: Context, f: FileEntry) -> Hit:
    score, why = 0.0, []
    if f.is_vendor:
        score += 0.5 if ctx.q.wants_vendor else -1.0
        why.append("vendor" if ctx.q.wants_vendor else "vendor-penalty")
    if f.is_generated:
        score += 0.5 if ctx.q.wants_generated else -1.0
        why.append("generated" if ctx.q.wants_generated else "generated-penalty")
    return score, ("+".join(why) or None)


def test_affinity(ctx: Context, f: FileEntry) -> Hit:
    """Tests for a query that asks for tests, the code otherwise: a test file whose source twin
    exists (test_capture.py and capture.py) loses to it, other test files a little."""
    if not f.is_test:
        return 0.0, None
    if ctx.q.wants_test:
        return 1.0, "test-file"
    if f.id in ctx.index.test_twins:
        return -1.0, "test-twin-penalty"
    # a bare name (`conftest.py`) was chosen by the user: test-folder copies of it are not noise
    return (0.0, None) if is_bare_name(ctx.index, ctx.q) else (-0.5, "test-penalty")


def code_affinity(ctx: Context, f: FileEntry) -> Hit:
    """A query that asks for code (`the helper that ...`, `... impl`) wants the implementation:
    docs pages and docs/example code that describe the same thing step back."""
    if not ctx.q.wants_code or not f.is_doc:
        return 0.0, None
    return -1.0, "docs-penalty"


def _names_queried(ctx: Context, f: FileEntry) -> bool:
    q = ctx.q
    return bool((q.name and f.name.lower() == q.name) or (q.stem and f.stem.lower() == q.stem))


def name_depth(ctx: Context, f: FileEntry) -> Hit:
    """Among the files that have the name the query gives, the shallow one first: a bare `lib.rs`
    means `src/lib.rs` before `plot/src/lib.rs`, `conftest.py` the top one of eighteen. A file
    named after its folder (`healthcheck/healthcheck.go`) is that folder's main file: a small plus."""
    if not _names_queried(ctx, f):
        return 0.0, None
    key = ("min_depth", f.name.lower() if ctx.q.name else f.stem.lower())
    shallowest = ctx.memo.get(key)
    if shallowest is None:
        same = ctx.index.by_name.get(key[1], ()) if ctx.q.name else ctx.index.by_stem.get(key[1], ())
        shallowest = ctx.memo[key] = min((ctx.index.files[i].depth for i in same), default=f.depth)
    score = -min(1.0, 0.25 * (f.depth - shallowest))
    if f.segments and f.segments[-1].lower() == f.stem.lower():
        score += 0.2
    return score, ("shallow" if score >= 0 else "deep")


#: The lexical features by config name, in scoring order. A new feature is a function and a line.
FEATURES: dict[str, Callable[[Context, FileEntry], Hit]] = {
    "stem_ext": stem_ext,
    "segment_overlap": segment_overlap,
    "dir_ext_counts": dir_ext_counts,
    "intent_text": intent_text,
    "moved_from": moved_from,
    "vendor_generated": vendor_generated,
    "test_affinity": test_affinity,
    "name_depth": name_depth,
    "code_affinity": code_affinity,
}


def word_forms(t: str) -> tuple[str, ...]:
    """Other inflections of a word the text may use: plural/singular, -es, -ed, -ing
    (`publishes` finds `publish`, `smoothed` finds `smooth`). A few suffixes, no stemmer."""
    out = [t + "s"]
    if len(t) > 3 and t.endswith("s"):
        out.append(t[:-1])
    for suf in ("es", "ed", "ing"):
        if len(t) > len(suf) + 3 and t.endswith(suf):
            base = t[: -len(suf)]
            out += [base, base + "e"]
    return tuple(dict.fromkeys(w for w in out if w != t))


def text_scores(index: Index, terms: tuple[str, ...], field_weights: Mapping[str, float]
                ) -> tuple[dict[int, float], dict[int, str]]:
    """BM25 of the terms over each indexed text field; per file the best chunk, normalized to [0, 1]."""
    n_chunks = len(index.chunks)
    if not n_chunks or not terms:
        return {}, {}
    per_field = {}
    for fname in TEXT_FIELDS:
        fw = float(field_weights[fname])
        fp = index.text[fname]
        if fw <= 0:
            continue
        acc = None
        for t in terms:
            variants = [(t, 1.0)] + [(v, 0.8) for v in word_forms(t) if v in fp.postings]
            for word, vw in variants:
                hit = fp.postings.get(word)
                if hit is None:
                    continue
                ids, factor = hit
                idf = math.log(1.0 + (n_chunks - len(ids) + 0.5) / (len(ids) + 0.5))
                if acc is None:
                    acc = np.zeros(n_chunks, dtype=np.float32)
                acc[ids] += (fw * vw * idf) * factor   # ids are distinct within one posting list
        if acc is not None:
            per_field[fname] = acc
    if not per_field:
        return {}, {}
    total = sum(per_field.values())
    hit_chunks = np.flatnonzero(total > 0)
    if not len(hit_chunks):
        return {}, {}
    # best chunk per file: sort hits by score, keep the first occurrence of each file
    order = hit_chunks[np.argsort(-total[hit_chunks], kind="stable")]
    files_of = index.chunk_file[order]
    _, first = np.unique(files_of, return_index=True)
    best_chunks = order[first]
    top = float(total[order[0]])
    names = list(per_field)
    stacked = np.stack([per_field[n][best_chunks] for n in names])
    best_field = stacked.argmax(axis=0)
    scores = (total[best_chunks] / top).tolist()
    fids = index.chunk_file[best_chunks].tolist()
    return dict(zip(fids, scores)), {fid: names[i] for fid, i in zip(fids, best_field.tolist())}


def lend_test_text(index: Index, text: dict[int, float], fields: dict[int, str]) -> None:
    """A test file's text describes the code it tests (its words, its scenarios): when the query
    does not ask for tests, that evidence counts for the source twin too (at 0.9), so the code is
    found by the words its tests use, and outranks them with test_affinity."""
    for fid, s in list(text.items()):
        for twin in index.test_twins.get(fid, ()):
            if 0.9 * s > text.get(twin, 0.0):
                text[twin], fields[twin] = 0.9 * s, "test-twin"


def shortlist(index: Index, q: QueryInfo, text: dict[int, float]) -> list[int]:
    """Stage 1: files sharing a word (or a near word) with the query, best few hundred first."""
    n = len(index.files)
    if not n:
        return []
    pre = np.zeros(n, dtype=np.float32)
    for t, exps in q.expansions.items():
        best = np.zeros(n, dtype=np.float32)
        for e in exps:
            for postings, kind_w in ((index.name_postings.get(e.word), 1.0),
                                     (index.dir_postings.get(e.word), 0.6)):
                if postings is None:
                    continue
                v = e.weight * kind_w * math.log(1.0 + n / len(postings))
                best[postings] = np.maximum(best[postings], v)
        pre += best
    boost = 2.0 * math.log(1.0 + n)
    for fid in index.by_name.get(q.name or "", ()):
        pre[fid] += boost
    for fid in index.by_stem.get(q.stem or "", ()):
        pre[fid] += boost / 2
    if q.name or q.stem:
        for fid, olds in index.moved_from.items():
            if any(split_name(o.rpartition("/")[2])[0].lower() == (q.stem or "") for o in olds):
                pre[fid] += boost / 2
    if text:
        text_top = sorted(text.items(), key=lambda kv: -kv[1])[:STAGE2_SIZE // 2]
        scale = float(pre.max()) or 1.0
        for fid, s in text_top:
            pre[fid] += s * scale
    hits = np.flatnonzero(pre > 0)
    if len(hits) > STAGE2_SIZE:
        hits = hits[np.argpartition(-pre[hits], STAGE2_SIZE)[:STAGE2_SIZE]]
    return sorted(hits.tolist(), key=lambda fid: (-pre[fid], fid))


def is_bare_name(index: Index, q: QueryInfo) -> bool:
    """The query is just the name of files that exist (`lib.rs`, `conftest.py`): no folders, no
    intent, no other words. Its letters are matched exactly by the name; what is left to decide is
    which of the same-name files is meant."""
    if not (q.name and q.name in index.by_name and not q.has_intent and not q.dirs):
        return False
    name_words = set(split_words(q.name))
    return all(t in name_words for t in q.terms)


def names_files(index: Index, q: QueryInfo) -> bool:
    """The query names files: a file name (`config.go`), or its words are a stem the corpus has
    (`config`, `ledger reconciler` for ledger_reconciler.go)."""
    if q.name:
        return True
    words = [w.lower() for w in q.text.replace("-", " ").replace("_", " ").split()]
    return any(sep.join(words) in index.by_stem for sep in ("_", "-", "")) if words else False


def describes_file(index: Index, q: QueryInfo) -> bool:
    """An intent sentence describes the file and the query does not name it: what a file contains
    is the evidence then, the query's words in paths only a hint."""
    return q.has_intent and not names_files(index, q)


def score_lexical(index: Index, q: QueryInfo, features_cfg: Mapping[str, Any]
                  ) -> list[tuple[int, float, tuple[str, ...]]]:
    """(file id, lexical score, why) of the shortlisted files, best first; ties broken by path."""
    enabled = {name: spec for name, spec in features_cfg.items() if spec["enabled"]}
    text: dict[int, float] = {}
    fields: dict[int, str] = {}
    bare = is_bare_name(index, q)
    if "intent_text" in enabled and not bare:  # a bare name's words in text would count the name twice
        # the intent's words, and those of the query's words that no path explains ("rootdir"):
        # a query word that names files or folders is scored by the path features already
        terms = tuple(dict.fromkeys(q.intent_terms + tuple(
            t for t in q.terms if t not in index.name_postings and t not in index.dir_postings)))
        text, fields = text_scores(index, terms, enabled["intent_text"]["field_weights"])
        if not q.wants_test:
            lend_test_text(index, text, fields)
    ctx = Context(index=index, q=q, text_score=text, text_field=fields, params=features_cfg)
    weights = {name: float(spec["weight"]) for name, spec in enabled.items()}
    if bare:
        for name in ("dir_ext_counts", "segment_overlap"):
            # the name gives the extension, and a folder named like the file re-counts the name
            # (name_depth has the folder-named file's bonus)
            if name in weights:
                weights[name] = 0.0
    if "intent_text" in enabled and describes_file(index, q):
        weights["intent_text"] = float(enabled["intent_text"]["intent_weight"])
    scored = []
    for fid in shortlist(index, q, text):
        f = index.files[fid]
        total, why = 0.0, []
        for name, spec in enabled.items():
            s, label = FEATURES[name](ctx, f)
            total += weights[name] * s
            if label:
                why.extend(label.split("+"))
        scored.append((fid, total, tuple(why)))
    scored.sort(key=lambda r: (-r[1], index.files[r[0]].path))
    return scored

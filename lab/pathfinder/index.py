"""The pathfinder index: per file its path facts, per chunk its text fields, and postings.

`TEXT_FIELDS` is the one place that says which text fields are indexed. Full-text matching, the
contamination scan and anything else that needs "what is indexed" read it.
"""

from __future__ import annotations

import bisect
import math
import re
from collections import Counter, defaultdict
from dataclasses import dataclass, field

import numpy as np

from lab.corpus.loader import Corpus
from lab.pathfinder.chunking import chunk_file
from lab.pathfinder.roles import file_role
from lab.pathfinder.terms import consonant_skeleton, split_words, trigrams

#: The indexed text fields of a chunk. `symbols` (names a source file defines), `comments` (its
#: comment lines and docstrings) and `role` (what kind of file it is: lab/pathfinder/roles.py, on
#: a file's first chunk) let a description of a file find it by what it contains and what it is.
TEXT_FIELDS: tuple[str, ...] = ("heading", "breadcrumb", "body", "symbols", "comments", "role")

#: Words in generated or vendored code paths.
VENDOR_DIRS = frozenset({"vendor", "third_party", "node_modules", "external"})
GENERATED_DIRS = frozenset({"generated", "gen", "__generated__", "autogen"})
GENERATED_SUFFIXES = (".pb.go", "_pb2.py", "_pb2_grpc.py", ".pb.ts", "_grpc.pb.go", ".gen.go",
                      ".generated.ts", ".gen.ts", "_gen.go", ".g.dart")


@dataclass(frozen=True)
class Chunk:
    id: int
    file_id: int
    heading: str
    breadcrumb: str
    body: str
    line: int
    symbols: str = ""
    comments: str = ""
    role: str = ""

    def field(self, name: str) -> str:
        if name not in TEXT_FIELDS:
            raise KeyError(f"'{name}' is not an indexed text field ({', '.join(TEXT_FIELDS)})")
        return getattr(self, name)


@dataclass(frozen=True)
class FileEntry:
    id: int
    path: str            # relative to the corpus root
    root: str            # workspace root ("." when single-root)
    rel: str             # relative to its workspace root
    dir: str             # parent folder of `path` ("" at top level)
    segments: tuple[str, ...]  # folder names of `path`
    name: str
    stem: str            # name without its last extension (`client.pb` for client.pb.go)
    ext: str             # last extension, lowercase, no dot ("" when none)
    sha256: str
    chunk_ids: tuple[int, ...]
    is_vendor: bool
    is_generated: bool
    is_test: bool
    depth: int = 0       # number of folders above the file
    is_doc: bool = False  # a prose document, or anything under a docs/examples folder


def split_name(name: str) -> tuple[str, str]:
    if name.startswith(".") and name.count(".") == 1:
        return name, ""
    if "." not in name:
        return name, ""
    stem, ext = name.rsplit(".", 1)
    return stem, ext.lower()


#: Folders that hold a project's tests (pytest itself keeps them in `testing/`).
TEST_DIRS = frozenset({"tests", "test", "__tests__", "testing", "spec", "specs"})
#: Folders of documentation and examples: a same-name file there is not the code a test tests.
DOC_DIRS = frozenset({"doc", "docs", "documentation", "example", "examples", "book", "site"})
PROSE_DOC_EXTS = frozenset({"md", "markdown", "mdx", "rst", "adoc", "txt"})


def is_test_path(path: str, stem: str) -> bool:
    s = stem.lower()
    parts = path.lower().split("/")[:-1]
    return (s.endswith("_test") or s.startswith("test_") or s.endswith(".test") or s.endswith(".spec")
            or s.endswith("_spec") or s.endswith("tests") or any(p in TEST_DIRS for p in parts))


def tested_stem(stem: str) -> str:
    """The stem of the code a test file tests: `test_capture` -> capture, `retry_test` -> retry,
    `client.spec` -> client; a stem without a test affix is its own (`tests/token_bucket.rs`)."""
    s = stem.lower()
    for pre in ("test_", "tests_"):
        if s.startswith(pre) and len(s) > len(pre):
            return s[len(pre):]
    for suf in ("_test", "_tests", ".test", ".spec", "_spec", "-test", "-spec"):
        if s.endswith(suf) and len(s) > len(suf):
            return s[: -len(suf)]
    return s


def find_test_twins(files: list["FileEntry"]) -> dict[int, tuple[int, ...]]:
    """Test file id -> the source files it tests: same tested stem and extension, not a test, not
    under a docs/examples folder (a test's twin is the code, not a doc example of the same name)."""
    sources: dict[tuple[str, str], list[int]] = defaultdict(list)  # (stem, ext) -> source files
    for f in files:
        if not f.is_test and not f.is_doc and len(sources[(f.stem.lower(), f.ext)]) < 4:
            sources[(f.stem.lower(), f.ext)].append(f.id)
    twins: dict[int, tuple[int, ...]] = {}
    for f in files:
        if f.is_test:
            found = sources.get((tested_stem(f.stem), f.ext))
            if found:
                twins[f.id] = tuple(found)
    return twins


BM25_K1, BM25_B = 1.2, 0.75


@dataclass
class FieldPostings:
    """One text field's postings: term -> (chunk ids, BM25 term-frequency factors), as arrays.

    The factor tf·(k1+1) / (tf + k1·(1 − b + b·len/avg_len)) depends only on the chunk, so it is
    computed once here; a query multiplies it by the term's idf and adds (numpy, no Python loop).
    """
    postings: dict[str, tuple[np.ndarray, np.ndarray]] = field(default_factory=dict)
    avg_len: float = 1.0


@dataclass
class Index:
    corpus: Corpus
    files: list[FileEntry]
    chunks: list[Chunk]
    name_postings: dict[str, np.ndarray]         # word of a file's stem -> file ids (int32)
    dir_postings: dict[str, np.ndarray]          # word of a file's folder names -> file ids (int32)
    chunk_file: np.ndarray                       # chunk id -> file id (int32)
    name_words: dict[int, frozenset[str]]         # file id -> words of its file name
    dir_words: dict[int, frozenset[str]]          # file id -> words of its folders
    by_name: dict[str, list[int]]                 # lowercased file name -> file ids
    by_stem: dict[str, list[int]]                 # lowercased stem -> file ids
    dir_ext_counts: dict[str, Counter]            # folder -> extension counts of its files
    text: dict[str, FieldPostings]                # one per TEXT_FIELDS entry
    extensions: frozenset[str]                    # every extension in the corpus
    vocab: list[str]                              # sorted path words, for prefix lookups
    vocab_trigrams: dict[str, list[str]]          # trigram -> path words
    by_path: dict[str, int] = field(default_factory=dict)
    #: file id -> the paths it was moved from (changelog lines, "Moved from" doc comments)
    moved_from: dict[int, tuple[str, ...]] = field(default_factory=dict)
    #: test file id -> the source files it tests (lab/pathfinder/index.py find_test_twins)
    test_twins: dict[int, tuple[int, ...]] = field(default_factory=dict)
    #: consonant skeleton (`cndlstck`) -> the path words that have it (`candlestick`)
    skeletons: dict[str, list[str]] = field(default_factory=dict)

    @property
    def content_hash(self) -> str:
        return self.corpus.content_hash

    def prefixed(self, prefix: str, limit: int = 50) -> list[str]:
        i = bisect.bisect_left(self.vocab, prefix)
        out = []
        while i < len(self.vocab) and self.vocab[i].startswith(prefix) and len(out) < limit:
            out.append(self.vocab[i])
            i += 1
        return out

    def idf(self, n_docs: int, df: int) -> float:
        return math.log(1.0 + (n_docs - df + 0.5) / (df + 0.5))


def build_index(corpus: Corpus) -> Index:
    files: list[FileEntry] = []
    chunks: list[Chunk] = []
    name_postings: dict[str, list[int]] = defaultdict(list)
    dir_postings: dict[str, list[int]] = defaultdict(list)
    name_words: dict[int, frozenset[str]] = {}
    dir_words: dict[int, frozenset[str]] = {}
    by_name: dict[str, list[int]] = defaultdict(list)
    by_stem: dict[str, list[int]] = defaultdict(list)
    dir_ext: dict[str, Counter] = defaultdict(Counter)
    text = {f: FieldPostings() for f in TEXT_FIELDS}

    for fid, cf in enumerate(corpus.files):
        path = cf.path
        d, _, name = path.rpartition("/")
        stem, ext = split_name(name)
        segments = tuple(d.split("/")) if d else ()
        rel = path if cf.root == "." else path[len(cf.root) + 1:]
        low_segments = {s.lower() for s in segments}
        chunk_ids = []
        role = file_role(path, cf.text)
        for ct in chunk_file(path, cf.text):
            cid = len(chunks)
            chunks.append(Chunk(cid, fid, ct.heading, ct.breadcrumb, ct.body, ct.line,
                                symbols=ct.symbols, comments=ct.comments, role="" if chunk_ids else role))
            chunk_ids.append(cid)
        lname = name.lower()
        entry = FileEntry(
            id=fid, path=path, root=cf.root, rel=rel, dir=d, segments=segments, name=name,
            stem=stem, ext=ext, sha256=cf.sha256, chunk_ids=tuple(chunk_ids),
            is_vendor=bool(low_segments & VENDOR_DIRS),
            is_generated=bool(low_segments & GENERATED_DIRS) or lname.endswith(GENERATED_SUFFIXES),
            is_test=is_test_path(path, stem), depth=len(segments),
            is_doc=ext in PROSE_DOC_EXTS or bool(low_segments & DOC_DIRS),
        )
        files.append(entry)
        nw = frozenset(split_words(stem))
        dw = frozenset(w for s in segments for w in split_words(s))
        name_words[fid], dir_words[fid] = nw, dw
        for w in nw:
            name_postings[w].append(fid)
        for w in dw:
            dir_postings[w].append(fid)
        by_name[lname].append(fid)
        by_stem[stem.lower()].append(fid)
        dir_ext[d][ext] += 1

    for fname in TEXT_FIELDS:
        raw: dict[str, tuple[list[int], list[int]]] = defaultdict(lambda: ([], []))
        lengths = np.zeros(len(chunks), dtype=np.float32)
        for ch in chunks:
            words = split_words(ch.field(fname))
            lengths[ch.id] = len(words)
            for w, n in Counter(words).items():
                ids, tfs = raw[w]
                ids.append(ch.id)
                tfs.append(n)
        fp = text[fname]
        # the average over the chunks that have the field: most chunks have no `role` or
        # `symbols`, and counting them would make every filled one look long
        filled = lengths[lengths > 0]
        fp.avg_len = float(filled.mean()) if len(filled) else 1.0
        for w, (ids, tfs) in raw.items():
            ia = np.array(ids, dtype=np.int32)
            tf = np.array(tfs, dtype=np.float32)
            factor = tf * (BM25_K1 + 1) / (tf + BM25_K1 * (1 - BM25_B + BM25_B * lengths[ia] / fp.avg_len))
            fp.postings[w] = (ia, factor.astype(np.float32))

    vocab = sorted(set(name_postings) | set(dir_postings))
    tri: dict[str, list[str]] = defaultdict(list)
    for w in vocab:
        if len(w) >= 3:
            for t in trigrams(w):
                tri[t].append(w)
    skeletons: dict[str, list[str]] = defaultdict(list)
    for w in vocab:
        sk = consonant_skeleton(w)
        if len(sk) >= 4 and sk != w:
            skeletons[sk].append(w)
    by_path = {f.path: f.id for f in files}
    test_twins = find_test_twins(files)
    moved_from = find_moves(chunks, files, by_path)
    for fid, olds in moved_from.items():  # old names find the moved file in the shortlist
        for old in olds:
            d, _, name = old.rpartition("/")
            for w in split_words(split_name(name)[0]):
                name_postings[w].append(fid)
            for w in split_words(d):
                dir_postings[w].append(fid)
    as_arrays = lambda d: {w: np.unique(np.array(ids, dtype=np.int32)) for w, ids in d.items()}  # noqa: E731
    return Index(corpus=corpus, files=files, chunks=chunks, name_postings=as_arrays(name_postings),
                 dir_postings=as_arrays(dir_postings), chunk_file=np.array([c.file_id for c in chunks], dtype=np.int32),
                 extensions=frozenset(f.ext for f in files if f.ext),
                 name_words=name_words, dir_words=dir_words, by_name=dict(by_name),
                 by_stem=dict(by_stem), dir_ext_counts=dict(dir_ext), text=text, vocab=vocab,
                 vocab_trigrams=dict(tri), by_path=by_path, moved_from=moved_from,
                 test_twins=test_twins, skeletons=dict(skeletons))


_PATH = r"`?([\w.\-]+(?:/[\w.\-]+)+)`?"
_MOVE_LINE = re.compile(r"(?:moved|renamed)\s+(?:from\s+)?" + _PATH + r"\s*(?:→|->|=>|\bto\b)\s*" + _PATH, re.I)
_FILE_PATH = re.compile(r"^[A-Za-z_.][\w.\-/]*/[\w.\-]*[A-Za-z_\-][\w\-]*\.[A-Za-z0-9]+$")
_MOVED_FROM = re.compile(r"(?:moved|renamed)\s+from\s+" + _PATH, re.I)


def find_moves(chunks: list[Chunk], files: list[FileEntry], by_path: dict[str, int]) -> dict[int, tuple[str, ...]]:
    """Recent moves the corpus itself records: `Moved a -> b` lines (a changelog) and a file's own
    "Moved from a" note. Only moves whose old path no longer exists and whose new path does count."""
    found: dict[int, list[str]] = defaultdict(list)

    def add(new_fid: int, old: str) -> None:
        old = old.rstrip(".")
        if _FILE_PATH.match(old) and old not in by_path and old not in found[new_fid]:
            found[new_fid].append(old)

    for ch in chunks:
        for fname in TEXT_FIELDS:
            text = ch.field(fname)
            if "oved" not in text and "enamed" not in text:
                continue
            for old, new in _MOVE_LINE.findall(text):
                if new in by_path:
                    add(by_path[new], old)
            for old in _MOVED_FROM.findall(text):
                add(ch.file_id, old)
    return {fid: tuple(olds) for fid, olds in found.items() if olds}

"""golden-queries-quoted: report corpus documents that quote several golden queries verbatim.

This implements the decision record `shared/seeds/000_6ccb01b28d90b6a8.txt` (option 4). A note
that quotes a golden query is the strongest match for that query and pushes the labelled answer
down; a note that quotes *several* is the shape of "a note about the test set", cleanly apart from
documents that merely mention one topic name. The rules, in the order they are applied:

1. **Normalize.** A query and every text it is searched in are whitespace-normalized: each run of
   whitespace (anything `str.isspace` accepts, newlines included) becomes one space, and leading
   and trailing whitespace is removed. Nothing else changes: matching is **case-sensitive**,
   because the record asks for verbatim (逐語) quotes, and folding case would also catch headings
   that merely name a topic in title case — the false-positive population the record measured.
2. **Short queries are ignored.** A query shorter than `MIN_QUERY_CHARS` (12) characters after
   normalization is never matched.
3. **Collapse.** Golden entries with the same normalized text are one query before anything is
   counted. Its exempt documents are the union over its entries (rule 5); in a finding it is
   shown as written in its first entry.
4. **One field of one chunk.** A query matches a document when it is a substring of one indexed
   text field of one of its chunks. The fields are exactly `lab.pathfinder.index.TEXT_FIELDS`;
   nothing is concatenated across fields or chunks, so a quote spanning a seam (heading line and
   the body under it, two chunks) is not found. (For speed the normalized fields are searched as
   one string joined by "\\n"; a normalized query never contains "\\n", so no match can cross a
   join — this is exactly the per-field search, done with one `str.find` sweep per query.)
5. **Substring matches are dropped.** Within one document, a matched query that is a substring of
   another matched query of the same document is dropped: one quote of the long query would
   otherwise count twice. This runs over all matches of the document, before rule 6, so a quote
   of the document's own expected query cannot make a shorter query count either (when in doubt,
   count fewer — the same trade as the 2-quote threshold).
6. **Expected documents are exempt.** A document listed as expected for a query (the path part
   of `path#heading`: the whole document, whatever heading is named) does not count for it.
7. **Threshold.** A document is reported when at least `MIN_QUOTED` (2) distinct queries remain.

The finding states what was measured and both causes with their fixes. It changes nothing, never
touches an exit code, and has no allow list. One quote is deliberately never reported.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import sys
from bisect import bisect_right
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

from lab.pathfinder.index import TEXT_FIELDS, Index
from lab.suites.loader import TestCase

CODE = "golden-queries-quoted"
MIN_QUERY_CHARS = 12
MIN_QUOTED = 2
_SEP = "\n"  # never inside a normalized text, so a match can never span two fields


def normalize(text: str) -> str:
    """Collapse every whitespace run to one space and strip the ends. Case is kept."""
    return " ".join(text.split())


@dataclass(frozen=True)
class GoldenQuery:
    """One collapsed golden query: every entry whose query normalizes to `text`."""

    text: str                 # normalized
    written: str              # the query as written in its first entry
    test_ids: tuple[str, ...]
    exempt: frozenset[str]    # documents expected by any of its entries


@dataclass(frozen=True)
class Finding:
    code: str
    document: str
    queries: tuple[str, ...]  # as written, in golden-file order
    message: str

    def to_dict(self) -> dict:
        return {"code": self.code, "document": self.document, "queries": list(self.queries),
                "message": self.message}


def golden_queries(tests: Sequence[TestCase]) -> list[GoldenQuery]:
    """The queries the scan matches: collapsed by normalized text, short ones left out."""
    groups: dict[str, list[TestCase]] = {}
    for t in tests:
        text = normalize(t.query)
        if len(text) >= MIN_QUERY_CHARS:
            groups.setdefault(text, []).append(t)
    return [GoldenQuery(text=text, written=ts[0].query, test_ids=tuple(t.id for t in ts),
                        exempt=frozenset(p for t in ts for p in t.expected_paths()))
            for text, ts in groups.items()]


def scan(index: Index, tests: Sequence[TestCase]) -> list[Finding]:
    """One pass over `index.chunks`; findings ordered by document as the index lists files."""
    queries = golden_queries(tests)
    if not queries:
        return []

    # Every indexed text field of every chunk, normalized once, with its owning file.
    texts: list[str] = []
    owners: list[int] = []
    for chunk in index.chunks:
        for name in TEXT_FIELDS:
            texts.append(normalize(chunk.field(name)))
            owners.append(chunk.file_id)
    starts: list[int] = []
    pos = 0
    for t in texts:
        starts.append(pos)
        pos += len(t) + len(_SEP)
    haystack = _SEP.join(texts)

    matched: dict[int, set[int]] = {}  # file id -> indexes into `queries`
    for qi, q in enumerate(queries):
        i = haystack.find(q.text)
        while i != -1:
            field_no = bisect_right(starts, i) - 1
            matched.setdefault(owners[field_no], set()).add(qi)
            if field_no + 1 == len(starts):
                break
            i = haystack.find(q.text, starts[field_no + 1])  # one hit per field is enough

    findings = []
    for file_id in sorted(matched):
        document = index.files[file_id].path
        hits = matched[file_id]
        independent = [qi for qi in hits
                       if not any(qj != qi and queries[qi].text in queries[qj].text for qj in hits)]
        counted = sorted(qi for qi in independent if document not in queries[qi].exempt)
        if len(counted) >= MIN_QUOTED:
            quoted = tuple(queries[qi].written for qi in counted)
            findings.append(Finding(CODE, document, quoted, _message(document, quoted)))
    return findings


def _message(document: str, quoted: tuple[str, ...]) -> str:
    listed = "; ".join(repr(q) for q in quoted)
    return (
        f"{document} quotes {len(quoted)} golden queries verbatim: {listed}. Measured: each query, "
        f"whitespace-normalized and case-sensitive, appears inside a single indexed text field "
        f"({', '.join(TEXT_FIELDS)}) of one chunk of this document, the document is not listed as "
        f"expected for it, and it is not explained by a longer quoted query. A document quoting a "
        f"golden query tends to outrank that query's labelled answer, so retrieval scores on this "
        f"golden set can understate the retriever. Two causes are possible and only the golden file's "
        f"author can tell them apart: (1) the document is a note about the test set -- keep it out "
        f"of the indexed corpus (e.g. in a .gitignore'd folder) or stop quoting the queries word for "
        f"word in it; (2) the document is where these queries come from and answers them -- add "
        f"'{document}' to `expected` of those queries in the golden file. Nothing was changed; "
        f"this finding never affects the exit code."
    )


#: Set by `warned_once_in(folder)` (a sweep's cell): findings already warned under the folder are
#: not printed again, so a finding of the suite shared by every cell is read once per sweep.
_ONCE: list[Path] = []


@contextlib.contextmanager
def warned_once_in(folder: str | os.PathLike) -> Iterator[None]:
    """Within the block, `warn` prints each finding once per `folder` (marker files under
    `folder/.findings-warned/`, so cells in other processes — joblib, Slurm — share them)."""
    _ONCE.append(Path(folder))
    try:
        yield
    finally:
        _ONCE.pop()


def _first_time(folder: Path, f: Finding) -> bool:
    key = hashlib.sha256(json.dumps(f.to_dict(), sort_keys=True).encode()).hexdigest()[:20]
    marks = folder / ".findings-warned"
    try:
        marks.mkdir(parents=True, exist_ok=True)
        fd = os.open(marks / key, os.O_CREAT | os.O_EXCL | os.O_WRONLY)
    except FileExistsError:
        return False
    except OSError:              # an unwritable folder: warn rather than stay silent
        return True
    os.close(fd)
    return True


def warn(findings: Iterable[Finding], stream: TextIO | None = None, *,
         pointer: str | None = None) -> None:
    """One warning line per finding (inside `warned_once_in`: only the first time per folder).
    With `pointer` (where the full finding is: `lab run`, `lab eval-resolver`) the line is short —
    what was found and where to read the whole finding, both causes and both fixes; without it
    (`lab contamination`) the line is the finding's whole message."""
    stream = stream if stream is not None else sys.stderr
    again = []
    for f in findings:
        if _ONCE and not _first_time(_ONCE[-1], f):
            again.append(f)
            continue
        if pointer:
            print(f"warning: [{f.code}] {f.document} quotes {len(f.queries)} golden queries "
                  f"verbatim (retrieval scores on this golden set can understate the retriever); "
                  f"the full finding, both causes and fixes: {pointer}", file=stream)
        else:
            print(f"warning: [{f.code}] {f.message}", file=stream)
    if again:
        docs = ", ".join(sorted({f.document for f in again}))
        print(f"warning: {len(again)} contamination finding(s) already reported in this sweep "
              f"({docs}); each run record keeps them", file=stream)

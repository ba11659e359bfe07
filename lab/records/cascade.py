"""Copy cascades: in one growing conversation a small model may give an earlier answer again to
later, unrelated tests (the issue-11 measurement: one answer copied into 28 tests in a row).

A test *copies* when its answer (normalized) is wrong for it and is the answer an earlier test of
the same repeat gave, while the two tests expect different files. Per repeat: how many tests
copy, the first one (and whose answer it copied), the longest streak of consecutive tests giving
the same copied answer (begun by a copy; a later test giving that answer wrongly continues it even
when it expects the source test's file and so is no copy itself), and that answer. A repeat with at least `CASCADE_MIN` copies is flagged.
Pure functions over (test id, answer, expected, passed) rows: the run summary, the record and the
analysis all use this one definition.

The other way a session stops working, seen after the collapse rule was fixed: a run of tests in
a row that end with one unanswered outcome (`unanswered_streak`, `stopped_answering`; the same
COLLAPSE_STREAK), counted apart from a collapse.
"""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass
from typing import Iterable, Sequence

from lab.records.results import CRASH, INFRASTRUCTURE, OUTCOMES

#: copies in one repeat from which the summary and the report flag a copy cascade
CASCADE_MIN = 3
#: consecutive tests giving the same copied answer from which a single-session repeat counts as
#: collapsed (the two-part comparison, lab/stats/collapse.py; issue 24). Fixed before the data:
#: the committed collapse (0/70) copied one answer into 69 tests in a row, while working repeats
#: of the real and the scripted models copy at most 2 in a row (their scattered copies flag
#: CASCADE_MIN, which is why the flag alone is not the rule)
COLLAPSE_STREAK = 5


def is_collapse(cascade: dict | None) -> bool:
    """Whether a repeat's cascade (Cascade.to_dict()) is a collapse: a streak of at least
    COLLAPSE_STREAK tests giving one copied answer."""
    return bool(cascade) and int(cascade.get("longest_streak") or 0) >= COLLAPSE_STREAK


#: a test's outcomes that carry no answer from the model (lab.records.results.OUTCOMES less pass
#: and fail, the infrastructure's api_error, the lab's crash and skipped)
UNANSWERED = tuple(o for o in OUTCOMES if o not in ("pass", "fail", *INFRASTRUCTURE, CRASH, "skipped"))


def stopped_answering(streak: int) -> bool:
    """Whether a single-session repeat stopped answering: at least COLLAPSE_STREAK tests in a row
    ended with one unanswered outcome (`unanswered_streak`). Added on 2026-12-06, after the
    collapse sweep's first such session (every call from test 1's second turn on written without
    its opening tag, every test `malformed`): the other way a session stops working, which the
    copy-cascade rule fixed before the data does not see. Views count it apart from a collapse."""
    return int(streak or 0) >= COLLAPSE_STREAK


@dataclass(frozen=True)
class Unanswered:
    streak: int                 # consecutive tests ending with one unanswered outcome
    start: str | None           # the first test of that streak
    outcome: str | None         # ... and its outcome

    def to_dict(self) -> dict:
        return asdict(self)


def unanswered_streak(rows: Iterable[tuple[str, str]]) -> Unanswered:
    """The longest run of consecutive tests with one and the same UNANSWERED outcome, over
    (test id, outcome) rows in the order the tests ran (one repeat); the first such run on a tie."""
    best = Unanswered(0, None, None)
    run_len, run_start, run_outcome = 0, None, None
    for test_id, outcome in rows:
        if outcome in UNANSWERED and outcome == run_outcome:
            run_len += 1
        elif outcome in UNANSWERED:
            run_len, run_start, run_outcome = 1, test_id, outcome
        else:
            run_len, run_start, run_outcome = 0, None, None
        if run_len > best.streak:
            best = Unanswered(run_len, run_start, run_outcome)
    return best


@dataclass(frozen=True)
class AnswerRow:
    test_id: str
    answer: str | None          # normalized answer (None: no answer)
    expected: tuple[str, ...]
    passed: bool


@dataclass(frozen=True)
class Cascade:
    copies: int                     # tests whose answer copies an unrelated earlier test's
    first_test: str | None          # the first such test
    source_test: str | None         # ... and the test whose answer it copied
    longest_streak: int             # consecutive tests giving the same copied answer
    streak_start: str | None        # the first test of that streak
    answer: str | None              # the answer of that streak
    flagged: bool                   # copies >= CASCADE_MIN

    def to_dict(self) -> dict:
        return asdict(self)


NO_CASCADE = Cascade(0, None, None, 0, None, None, False)


def _key(answer: str | None) -> str | None:
    if answer is None:
        return None
    a = " ".join(str(answer).split()).strip().lstrip("./").lower()
    return a or None


def find_cascade(rows: Sequence[AnswerRow]) -> Cascade:
    """Rows in the order the tests ran (one repeat)."""
    first_by_answer: dict[str, tuple[str, frozenset[str]]] = {}
    copies, first, source = 0, None, None
    best = (0, None, None)        # (length, start test, answer)
    run_len, run_start, run_answer = 0, None, None
    for r in rows:
        a = _key(r.answer)
        exp = frozenset(e.split("#", 1)[0].lower() for e in r.expected)
        copied = False
        if a is not None and not r.passed and a in first_by_answer:
            src_id, src_exp = first_by_answer[a]
            if src_exp != exp:
                copied = True
                copies += 1
                if first is None:
                    first, source = r.test_id, src_id
        if a is not None and a not in first_by_answer:
            first_by_answer[a] = (r.test_id, exp)
        if a is not None and a == run_answer and not r.passed:
            run_len += 1      # the streak's answer again: a copy, or wrong for a test that expects
            #                   the source test's own file (no copy of it, still the copied answer)
        elif copied:
            run_len, run_start, run_answer = 1, r.test_id, a
        else:
            run_len, run_start, run_answer = 0, None, None
        if run_len > best[0]:
            best = (run_len, run_start, run_answer)
    return Cascade(copies=copies, first_test=first, source_test=source, longest_streak=best[0],
                   streak_start=best[1], answer=best[2], flagged=copies >= CASCADE_MIN)


def stopped_by_repeat(rows: Iterable[object]) -> dict[int, Unanswered]:
    """The repeats that stopped answering, with their unanswered streak, from TestRow-like rows
    (repeat, index, test_id, outcome) of one single-session run: what `lab run`'s summary and
    `lab diff` say (the caller knows the run is no isolated one)."""
    by: dict[int, list] = {}
    for r in rows:
        by.setdefault(int(getattr(r, "repeat")), []).append(r)
    out = {}
    for k, mine in sorted(by.items()):
        u = unanswered_streak((x.test_id, x.outcome) for x in sorted(mine, key=lambda x: x.index))
        if stopped_answering(u.streak):
            out[k] = u
    return out


def answer_rows(results: Iterable[object]) -> list[AnswerRow]:
    """AnswerRows from TestResult-like objects (test_id, answer_normalized, expected, passed)."""
    out = []
    for r in results:
        ans = getattr(r, "answer_normalized", None) or getattr(r, "answer", None)
        exp = getattr(r, "expected", ())
        if isinstance(exp, str):
            exp = [e.strip() for e in exp.split("|") if e.strip()]
        out.append(AnswerRow(test_id=str(getattr(r, "test_id")), answer=ans, expected=tuple(exp),
                             passed=bool(getattr(r, "passed", False))))
    return out


#: an angle-bracket tag in an answer: the prompt's placeholder (`<path>`) or a chat-template tag
#: (`<tool_response>`) written where a path belongs
_TAG = re.compile(r"<[^<>\s]{1,40}>")


def is_placeholder_echo(answer: str | None) -> bool:
    """The answer, as the model wrote it, holds a template tag instead of (or around) a path: the
    1.5B copies the answer format's `<path>` word for word, or puts `<tool_response>` there. One
    definition for the summary, the record and the findings (issue 22)."""
    return bool(answer) and _TAG.search(str(answer)) is not None


def placeholder_echoes(results: Iterable[object]) -> int:
    """Tests of one repeat whose raw answer is a placeholder echo."""
    return sum(is_placeholder_echo(getattr(r, "answer", None)) for r in results)


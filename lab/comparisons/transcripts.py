"""Comparing a rerun's transcript with a recorded one, message for message (`lab reproduce`).

A run's result should survive a change of machine: the same fingerprint and the same numerics
(lab/records/numerics.py) should give the same tokens. This module only compares; the rerun is
lab/runner/reproducing.py. Tests are walked in order, and within a test its messages (role, content,
tool name); the first message that differs — or is missing, or is one too many, or a test that is
missing or another — is the divergence. Everything after it in a single session saw another
conversation, so only the first one explains anything; the per-test rows still say which later
tests came out the same.

A test that one side ended at its time limit (`timeout`) while its text so far is the other
side's text cut short is **cut**, not diverged: the machine was slower (or faster), the tokens
agree as far as both got. Cut tests are listed apart; in isolated runs the comparison goes on
(the tests are independent), in a single session a cut ends it (what follows saw another
conversation).

A message's place is given three ways: its index in the test's `messages` (0-based, as the
transcript holds them), the assistant turn it belongs to (1-based; a tool result belongs to the
turn whose call it answers), and the character and — when the backend has the model's tokenizer —
the token at which the two texts part (by re-tokenizing both texts: the transcript keeps text,
not token ids).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any, Callable, Mapping, Sequence

from lab.records.results import TestResult

Tokenize = Callable[[str], "list[int] | None"]

#: characters of context shown before and after the point where two texts part
BEFORE, AFTER = 60, 120


@dataclass(frozen=True)
class Divergence:
    """Where the rerun first parted from the record."""
    test_id: str
    #: content: same role and tool, other text | message: another role or tool | missing: the
    #: rerun has no such message | extra: the rerun has one more | test: the rerun has no such
    #: test, or another one at its place | outcome: the same messages, graded otherwise |
    #: cut: one side ran out of its time limit, its text the other's cut short (a single session)
    kind: str
    message_index: int | None = None   # in the test's messages (0-based)
    role: str | None = None            # the recorded message's (the rerun's for `extra`)
    tool: str | None = None            # a tool result's tool name
    turn: int | None = None            # assistant turn within the test (1-based); None before any
    char: int | None = None            # first differing character
    token: int | None = None           # first differing token; None without a tokenizer
    recorded: str | None = None        # an excerpt of each text around the divergence, one line
    now: str | None = None

    def to_dict(self) -> dict:
        return asdict(self)


@dataclass(frozen=True)
class TestComparison:
    """One test: outcome and answer, recorded and now; identical = the same messages and outcome."""
    __test__ = False

    test_id: str
    identical: bool
    outcome: str | None                # recorded (None: the record has no such test)
    now_outcome: str | None            # the rerun's (None: it has no such test)
    answer: str | None
    now_answer: str | None
    cut: bool = False                  # one side ran out of time; the same tokens up to the cut

    def to_dict(self) -> dict:
        return asdict(self)


@dataclass(frozen=True)
class Comparison:
    identical: bool
    tests: int                         # recorded tests compared
    assistant_turns: int               # recorded assistant messages the rerun has a message for
    divergence: Divergence | None      # the first that is not a cut (isolated), or a cut (single)
    rows: list[TestComparison] = field(default_factory=list)
    cut: list[str] = field(default_factory=list)   # tests cut by a time limit, same tokens before

    def to_dict(self) -> dict:
        return {"identical": self.identical, "tests": self.tests,
                "assistant_turns": self.assistant_turns,
                "divergence": self.divergence.to_dict() if self.divergence else None,
                "cut": list(self.cut), "rows": [r.to_dict() for r in self.rows]}


def compare(recorded: Sequence[TestResult], now: Sequence[TestResult], *,
            tokenize: Tokenize | None = None, independent: bool = False) -> Comparison:
    """Compare the tests of a rerun with the recorded ones, in order (see the module doc).
    `independent`: each test its own conversation (isolated), so a cut test ends nothing."""
    first: Divergence | None = None
    rows: list[TestComparison] = []
    cut: list[str] = []
    turns = 0
    for i in range(max(len(recorded), len(now))):
        rec = recorded[i] if i < len(recorded) else None
        new = now[i] if i < len(now) else None
        if rec is None or new is None or rec.test_id != new.test_id:
            # the recorded test has no counterpart (its row says so), or the rerun one more test
            first = first or Divergence(test_id=(rec or new).test_id, kind="test",  # type: ignore[union-attr]
                                        recorded=rec.test_id if rec else None,
                                        now=new.test_id if new else None)
            rows.append(_row(rec, new if rec is None else None, False))
            continue
        d, compared = _compare_messages(rec, new, tokenize)
        turns += compared
        if d is None and (rec.outcome, rec.answer) != (new.outcome, new.answer):
            # the same messages, but one side's clock ran out at their end: a cut, not a grade
            timed_out = "timeout" in (rec.outcome, new.outcome)
            d = Divergence(test_id=rec.test_id, kind="cut" if timed_out else "outcome",
                           recorded=f"{rec.outcome} {rec.answer}", now=f"{new.outcome} {new.answer}")
        rows.append(_row(rec, new, d is None, cut=d is not None and d.kind == "cut"))
        if d is not None and d.kind == "cut":
            cut.append(rec.test_id)
            if independent:
                continue
        first = first or d
    return Comparison(identical=first is None and not cut, tests=len(recorded), assistant_turns=turns,
                      divergence=first, rows=rows, cut=cut)


def _row(rec: TestResult | None, new: TestResult | None, identical: bool, *,
         cut: bool = False) -> TestComparison:
    return TestComparison(test_id=(rec or new).test_id, identical=identical,  # type: ignore[union-attr]
                          outcome=rec.outcome if rec else None,
                          now_outcome=new.outcome if new else None,
                          answer=rec.answer if rec else None, now_answer=new.answer if new else None,
                          cut=cut)


def _is_cut(short: str, long: str, short_side: TestResult) -> bool:
    """`short` is `long` cut off where its side ran out of its time limit."""
    return short_side.outcome == "timeout" and len(short) < len(long) and long.startswith(short)


def _compare_messages(rec: TestResult, new: TestResult,
                      tokenize: Tokenize | None) -> tuple[Divergence | None, int]:
    """The first differing message of one test, and how many recorded assistant turns the rerun
    had a message for."""
    turn = compared = 0
    a_msgs, b_msgs = rec.messages, new.messages
    for j in range(max(len(a_msgs), len(b_msgs))):
        a = a_msgs[j] if j < len(a_msgs) else None
        b = b_msgs[j] if j < len(b_msgs) else None
        role = (a or b or {}).get("role")
        turn += role == "assistant"
        where = {"test_id": rec.test_id, "message_index": j, "role": role,
                 "tool": (a or b or {}).get("name") if role == "tool" else None,
                 "turn": turn or None}
        if a is None or b is None:
            if (rec if a is None else new).outcome == "timeout":   # that side stopped at its limit
                return Divergence(kind="cut", char=0, recorded=_excerpt(_text(a), 0),
                                  now=_excerpt(_text(b), 0), **where), compared
            return Divergence(kind="missing" if b is None else "extra", char=0,
                              recorded=_excerpt(_text(a), 0), now=_excerpt(_text(b), 0),
                              **where), compared
        compared += role == "assistant"
        if _key(a) == _key(b):
            continue
        ta, tb = _text(a) or "", _text(b) or ""
        if (a.get("role"), a.get("name")) != (b.get("role"), b.get("name")):
            return Divergence(kind="message", char=first_difference(ta, tb), recorded=_excerpt(_label(a), 0),
                              now=_excerpt(_label(b), 0), **where), compared
        at = first_difference(ta, tb)
        if _is_cut(tb, ta, new) or _is_cut(ta, tb, rec):
            return Divergence(kind="cut", char=at, token=_token(ta, tb, tokenize),
                              recorded=_excerpt(ta, at), now=_excerpt(tb, at), **where), compared
        return Divergence(kind="content", char=at, token=_token(ta, tb, tokenize),
                          recorded=_excerpt(ta, at), now=_excerpt(tb, at), **where), compared
    return None, compared


def _key(m: Mapping[str, Any]) -> tuple:
    return m.get("role"), m.get("content"), m.get("name")


def _text(m: Mapping[str, Any] | None) -> str | None:
    return None if m is None else str(m.get("content") or "")


def _label(m: Mapping[str, Any]) -> str:
    who = m.get("role", "?") + (f" ({m['name']})" if m.get("name") else "")
    return f"[{who}] {m.get('content') or ''}"


def first_difference(a: Sequence[Any], b: Sequence[Any]) -> int:
    """Index of the first differing item; the shorter's length when one is a prefix of the other."""
    for i, (x, y) in enumerate(zip(a, b)):
        if x != y:
            return i
    return min(len(a), len(b))


def _token(a: str, b: str, tokenize: Tokenize | None) -> int | None:
    if tokenize is None:
        return None
    ta, tb = tokenize(a), tokenize(b)
    return None if ta is None or tb is None else first_difference(ta, tb)


def _excerpt(text: str | None, at: int) -> str | None:
    """About BEFORE characters before `at` and AFTER from it, on one line (newlines as \\n)."""
    if text is None:
        return None
    lo, hi = max(0, at - BEFORE), at + AFTER
    cut = ("…" if lo > 0 else "") + text[lo:hi] + ("…" if hi < len(text) else "")
    return cut.replace("\\", "\\\\").replace("\n", "\\n").replace("\r", "\\r").replace("\t", "\\t")

"""The room a response vocabulary has to move a score, and the equivalence margin argued from it
(issue 59, part 2).

A test's first path_resolve reply fixes two mechanical scores: the **floor**, a model that always
answers with the reply's first candidate (it passes when that candidate is the expected file), and
the **ceiling**, a model that always picks the right file when the reply lists it anywhere. What
the model scores sits between them when it answers from the list (the 1.5B answers with the first
candidate in ~90% of isolated tests); a vocabulary changes what the reply says about the same
list, so its effect is bounded by about this room — unless it changes the queries the model
writes, or sends it to other tools, which the room cannot see (it is an argued bound, not a proof).

The floor is not a bound below: a vocabulary that confuses the model can take it under "always
the first candidate" (the source log's `alike: 273` loop). On the embedded 1.5B it is where the
model sits (isolated, answer_line: it answers with the first candidate in ~94% of tests and scores
within a point of the floor), so the room is mostly upward: what choosing better from the list
could gain.

The margin: a third of the room's width (ceiling − floor, in points), rounded down to half a
point. "Equivalent within the margin" then says a vocabulary moved the score by less than a third
of the distance between copying the first candidate and always choosing the right listed file —
the whole effect a vocabulary can have through the list it annotates. The third is a choice, said
in every pre-registration that uses it; the room itself is measured.

One definition, read from the transcripts as the loader reads them (`room_rows`, one row per
attempted test: `Results.room`) and summarized per cell (`room_table`) for `lab report` and the
pre-registration scripts.
"""

from __future__ import annotations

import json
import math
import pandas as pd

from lab.analysis.render import Table, pct
from lab.suites.grading import grade
from lab.records.record import RunRecord
from lab.records.results import TestResult

#: the tool whose reply the room is read from
RESOLVER_TOOL = "path_resolve"
ROOM_COLUMNS = ["cell", "repeats", "tests", "tests_listed", "observed", "floor", "ceiling",
                "answered_top1", "down_points", "up_points", "margin_points"]


def candidates_key(rec: RunRecord) -> str:
    vocab = (rec.config or {}).get("vocab") or {}
    return str(((vocab.get("candidates") or {}).get("name")) or "candidates")


def _calls_resolver(message: dict) -> bool:
    """An assistant message that calls path_resolve: as a structured call, or as text."""
    if any((c.get("function") or {}).get("name") == RESOLVER_TOOL for c in message.get("tool_calls") or []):
        return True
    return f'"{RESOLVER_TOOL}"' in str(message.get("content") or "")


def first_reply_paths(result: TestResult, key: str) -> list[str] | None:
    """The candidate paths of the test's first path_resolve reply, best first; None when the test
    made no such call or its reply holds no candidate list (an error, a malformed call)."""
    msgs = result.messages or []
    for i, m in enumerate(msgs):
        if m.get("role") != "assistant" or not _calls_resolver(m):
            continue
        reply = next((x for x in msgs[i + 1:] if x.get("role") == "tool"), None)
        if reply is None:
            return None
        try:
            obj = json.loads(reply.get("content") or "")
        except (TypeError, ValueError):
            return None
        items = obj.get(key) if isinstance(obj, dict) else None
        if not isinstance(items, list):
            return None
        return [str(c["path"]) for c in items if isinstance(c, dict) and c.get("path")]
    return None


def room_of_test(result: TestResult, key: str, root) -> dict:
    """One test's row: listed (a candidate list was read), top1_pass, listed_pass, answered_top1
    (the answer is the first candidate; None when there was no list)."""
    paths = first_reply_paths(result, key)
    if not paths:
        return {"listed": False, "top1_pass": False, "listed_pass": False, "answered_top1": None}
    passes = [grade(p, result.expected, root)[0] for p in paths]
    top1 = grade(paths[0], [paths[0]], root)[1]
    answered = None if result.answer is None else grade(result.answer, [top1], root)[0]
    return {"listed": True, "top1_pass": passes[0], "listed_pass": any(passes),
            "answered_top1": answered}


def room_rows(repeat: int, results: list[TestResult], rec: RunRecord) -> list[dict]:
    """Per attempted test of one repeat's transcript: repeat, test_id, passed and `room_of_test`'s
    columns (the loader calls it as it reads each transcript: lab.analysis.load, `Results.room`)."""
    key, root = candidates_key(rec), (rec.corpus or {}).get("root")
    return [{"repeat": repeat, "test_id": r.test_id, "passed": bool(r.passed), **room_of_test(r, key, root)}
            for r in results if r.outcome != "skipped"]


#: the share of the room's width the margin is
MARGIN_SHARE = 1 / 3


def margin_points(floor: float, ceiling: float, n: int) -> float:
    """MARGIN_SHARE of the room's width in points of an n-test suite, rounded down to 0.5 (0 when
    the list holds the right file no more often than its first place does: no room argued)."""
    width = (ceiling - floor) * n * MARGIN_SHARE
    return max(0.0, math.floor(width * 2 + 1e-9) / 2)


def room_table(room: pd.DataFrame, by: list[str]) -> pd.DataFrame:
    """Per cell: the mean over its finished repeats of the observed pass rate, the floor, the
    ceiling and the share of listed tests answered with the first candidate; the room down and up
    and the margin in points of the suite (the mean tests per repeat)."""
    if not len(room):
        return pd.DataFrame(columns=[*by, *ROOM_COLUMNS[1:]])
    rows = []
    for key, g in room.groupby(by, dropna=False, sort=True):
        key = key if isinstance(key, tuple) else (key,)
        per = g.groupby(["run_id", "repeat"]).agg(n=("passed", "size"), observed=("passed", "mean"),
                                                  floor=("top1_pass", "mean"),
                                                  ceiling=("listed_pass", "mean"))
        listed = g[g["listed"]]
        n = float(per["n"].mean())
        obs, flo, ceil = (float(per[c].mean()) for c in ("observed", "floor", "ceiling"))
        rows.append({**dict(zip(by, key)), "repeats": len(per), "tests": int(round(n)),
                     "tests_listed": float(g["listed"].mean()), "observed": obs, "floor": flo,
                     "ceiling": ceil,
                     "answered_top1": (float(listed["answered_top1"].astype(float).mean())
                                       if len(listed) else float("nan")),
                     "down_points": (obs - flo) * n, "up_points": (ceil - obs) * n,
                     "margin_points": margin_points(flo, ceil, int(round(n)))})
    return pd.DataFrame(rows, columns=[*by, *ROOM_COLUMNS[1:]])


def room_blocks(room: pd.DataFrame) -> list:
    """The report's section: the room per cell and the margin it argues."""
    b: list = [("h2", "Room: how far a vocabulary could move the score")]
    b.append("From each test's first path_resolve reply: the **floor** is the score of a model that "
             "always answers with the first candidate, the **ceiling** that of one that always picks "
             "the right file when the reply lists it (lab/analysis/room.py). A vocabulary changes what "
             "the reply says about that list, so its effect is bounded by about this room, unless it "
             "changes the queries the model writes or sends it to other tools. The **margin** is the "
             "nearer side in points, rounded down to half a point: the equivalence margin a "
             "pre-registration argues from a pilot (docs/statistics.md, *The equivalence margin*).")
    b.append(Table(room, [("cell", "cell"), ("repeats", "repeats"), ("tests", "tests"),
                          ("with a list", "tests_listed"), ("floor", "floor"), ("observed", "observed"),
                          ("ceiling", "ceiling"), ("answered with the first candidate", "answered_top1"),
                          ("room down (points)", "down_points"), ("room up (points)", "up_points"),
                          ("margin (points)", "margin_points")], csv="room",
                   fmt={"tests_listed": pct, "floor": pct, "observed": pct, "ceiling": pct,
                        "answered_top1": pct}))
    return b

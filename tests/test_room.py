"""Issue 59, part 2: the room a vocabulary has to move a score (floor: always the first candidate;
ceiling: the right file whenever it is listed) and the equivalence margin argued from it."""

from __future__ import annotations

import json
from pathlib import Path

import pandas as pd
import pytest

from lab.analysis.room import first_reply_paths, margin_points, room_of_test, room_table
from lab.records.results import TestResult

AA = Path(__file__).resolve().parents[1] / "docs/findings/qwen2.5-coder-1.5b-aa/aa-twin-70"


def result(paths, answer, expected="a/right.py", key="candidates", reply=None):
    call = '<tool_call>\n{"name": "path_resolve", "arguments": {"query": "right"}}\n</tool_call>'
    content = reply if reply is not None else json.dumps({key: [{"path": p, "score": 1.0} for p in paths]})
    return TestResult(test_id="t01", index=1, position=1, category="A", query="right",
                      expected=[expected], outcome="pass" if answer == expected else "wrong",
                      passed=answer == expected, answer=answer,
                      messages=[{"role": "user", "content": "find right"},
                                {"role": "assistant", "content": call},
                                {"role": "tool", "content": content},
                                {"role": "assistant", "content": f"ANSWER: {answer}"}])


def test_floor_and_ceiling_of_one_test():
    top = room_of_test(result(["a/right.py", "b/x.py"], "a/right.py"), "candidates", None)
    assert top == {"listed": True, "top1_pass": True, "listed_pass": True, "answered_top1": True}
    second = room_of_test(result(["b/x.py", "a/right.py"], "a/right.py"), "candidates", None)
    assert second == {"listed": True, "top1_pass": False, "listed_pass": True, "answered_top1": False}
    absent = room_of_test(result(["b/x.py", "c/y.py"], "b/x.py"), "candidates", None)
    assert absent == {"listed": True, "top1_pass": False, "listed_pass": False, "answered_top1": True}


def test_a_renamed_list_and_a_reply_without_one():
    r = result(["a/right.py"], "a/right.py", key="matches")
    assert first_reply_paths(r, "matches") == ["a/right.py"]
    assert first_reply_paths(r, "candidates") is None
    bad = room_of_test(result([], "a/right.py", reply="error: no such tool"), "candidates", None)
    assert bad["listed"] is False and bad["answered_top1"] is None


def test_margin_is_a_third_of_the_room_rounded_down():
    assert margin_points(0.77, 0.93, 70) == 3.5             # width 11.2 points
    assert margin_points(0.73, 0.87, 70) == 3.0             # width 9.8
    assert margin_points(0.80, 0.80, 70) == 0.0             # the list adds nothing: no room argued


def test_room_table_means_over_repeats():
    rows = []
    for rep, (passed, top1, listed) in enumerate([([1, 1, 0, 0], [1, 0, 0, 0], [1, 1, 1, 0]),
                                                  ([1, 0, 0, 0], [1, 0, 0, 0], [1, 1, 0, 0])]):
        for i in range(4):
            rows.append({"run_id": "r", "repeat": rep, "test_id": f"t{i}", "vocabulary": "v",
                         "passed": bool(passed[i]), "listed": True, "top1_pass": bool(top1[i]),
                         "listed_pass": bool(listed[i]), "answered_top1": True})
    t = room_table(pd.DataFrame(rows), ["vocabulary"])
    row = t.iloc[0]
    assert (row.repeats, row.tests) == (2, 4)
    assert row.observed == pytest.approx(0.375) and row.floor == pytest.approx(0.25)
    assert row.ceiling == pytest.approx(0.625)
    assert row.down_points == pytest.approx(0.5) and row.up_points == pytest.approx(1.0)
    assert row.margin_points == 0.5                          # width 1.5 points, a third 0.5


def test_the_pilot_room_of_the_embedded_model():
    """The A/A' arms (isolated tests70, answer_line, maybe_exts): the model sits at or just above
    its floor, well under its ceiling, and answers with the first candidate in most tests."""
    from lab.analysis.load import load
    res = load(AA)
    t = room_table(res.room, ["vocabulary"])
    row = t.iloc[0]
    assert row.repeats == 40 and row.tests == 70
    assert row.floor <= row.observed < row.ceiling and row.up_points > 5 > abs(row.down_points)
    assert 0.85 < row.answered_top1 < 1.0
    assert row.margin_points == 3.5

"""The batched engine's plan of llama_decode sizes (lab/models/batch_shapes.py): a measured table
of call costs gives the split of slow sizes, bad tables are refused naming file and key, the
committed tables are valid, and the plan (not the setting) is in a batched run's fingerprint."""

from __future__ import annotations

import json

import pytest

from conftest import SMALL_RUN
from lab.config import compose
from lab.errors import InputError
from lab.models import batch_shapes, llama_levels

# the pinned AVX2 level on the Intel Xeon (lab/models/batch_shapes/pinned-avx2/): a call of 8 to 10
# tokens takes another kernel path, slower than two calls
STEP = {1: 0.078, 2: 0.113, 3: 0.145, 4: 0.174, 5: 0.207, 6: 0.240, 7: 0.272, 8: 0.431,
        9: 0.435, 10: 0.442, 11: 0.447, 12: 0.453, 16: 0.467}


def test_a_slow_size_is_split_into_the_calls_the_costs_say_are_fastest():
    plan = batch_shapes.plan_from_costs(STEP)
    assert plan == {8: [4, 4], 9: [5, 4], 10: [5, 5]}
    assert batch_shapes.describe(plan) == "8=4+4 9=5+4 10=5+5"
    # 13-15 are not measured: their cost is unknown, one call
    assert 13 not in plan and 16 not in plan


def test_costs_that_grow_slower_than_the_size_never_split_and_noise_never_splits():
    assert batch_shapes.plan_from_costs({n: 0.07 + 0.02 * n for n in range(1, 17)}) == {}
    # two calls of 4 would save 2% of the one call of 8: within the margin
    assert batch_shapes.plan_from_costs({1: 0.1, 4: 0.2, 8: 0.408}) == {}
    assert batch_shapes.describe({}) == "one call per step"


def test_a_split_keeps_the_entries_in_order_in_consecutive_calls():
    entries = list(range(9))
    assert batch_shapes.split(entries, {9: [5, 4]}) == [[0, 1, 2, 3, 4], [5, 6, 7, 8]]
    assert batch_shapes.split(entries, {8: [4, 4]}) == [entries]


def test_a_bad_table_is_refused_naming_the_file_line_and_key(tmp_path):
    bad = tmp_path / "t.json"
    bad.write_text('{"median_s":\n  {"decode": {"1": 0.1,}}}')
    with pytest.raises(InputError, match=r"t\.json:2.*model\.batch_shapes.*not JSON"):
        batch_shapes.read_table(bad)
    bad.write_text(json.dumps({"median_s": {"decode": {"1": 0.1, "two": 0.2}}}))
    with pytest.raises(InputError, match=r"median_s\.decode\.two"):
        batch_shapes.read_table(bad)
    bad.write_text(json.dumps({"median_s": {"decode": {"2": 0.1}}}))
    with pytest.raises(InputError, match=r"median_s\.decode\.1"):
        batch_shapes.read_table(bad)
    with pytest.raises(InputError, match="cannot read"):
        batch_shapes.read_table(tmp_path / "missing.json")


def test_auto_finds_the_table_of_the_level_and_cpu_or_says_there_is_none(tmp_path):
    assert batch_shapes.resolve("none", "pinned-avx2", "GenuineIntel-6-207") == ({}, "none")
    plan, source = batch_shapes.resolve("auto", "pinned-avx2", "NoSuchVendor-1-1")
    assert plan == {} and "no table for level pinned-avx2 on CPU NoSuchVendor-1-1" in source
    assert batch_shapes.resolve("auto", None, "GenuineIntel-6-207")[0] == {}
    own = tmp_path / "mine.json"
    own.write_text(json.dumps({"median_s": {"decode": {str(n): c for n, c in STEP.items()}}}))
    assert batch_shapes.resolve(str(own), None, "x")[0] == {8: [4, 4], 9: [5, 4], 10: [5, 5]}


def test_every_committed_table_reads_and_sits_where_its_level_and_cpu_say():
    tables = sorted(batch_shapes.TABLES.glob("*/*.json"))
    assert tables, "the measured tables are committed"
    for path in tables:
        t = batch_shapes.read_table(path)
        assert t["level"] in llama_levels.LEVELS and path.parent.name == t["level"], path
        assert path.stem == t["cpu"], path
        assert t["command"].startswith(f"VOCAB_LAB_LLAMA_BUILD={t['level']} ") and "batch_shapes.py" in t["command"]


def test_the_plan_not_the_setting_is_in_a_batched_runs_fingerprint(tmp_path):
    from lab.runner import fingerprint
    base = ["model=smollm2-135m", *SMALL_RUN, "model.parallel=4"]
    ones = tmp_path / "flat.json"
    ones.write_text(json.dumps({"median_s": {"decode": {"1": 0.1, "2": 0.15, "4": 0.2}}}))
    split = tmp_path / "split.json"
    split.write_text(json.dumps({"median_s": {"decode": {"1": 0.1, "2": 0.15, "4": 0.5}}}))
    none = fingerprint(compose([*base, "model.batch_shapes=none"]))
    assert fingerprint(compose([*base, f"model.batch_shapes={ones}"])).value == none.value
    four = fingerprint(compose([*base, f"model.batch_shapes={split}"]))
    assert four.value != none.value
    # parallel 1 never batches: the setting changes nothing
    one = ["model=smollm2-135m", *SMALL_RUN]
    assert (fingerprint(compose([*one, f"model.batch_shapes={split}"])).value
            == fingerprint(compose(one)).value)

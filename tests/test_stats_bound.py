"""A pair whose two arms both sit at the suite's floor (every repeat 0) or ceiling (every repeat
full) shows no effect and no absence of one: the 0.5B of issue 25 scores 0 in both arms of every
pair. The one comparison says so (`bound`), never "equivalent", in every view's words."""

from __future__ import annotations

import numpy as np
import pytest

from lab.stats import compare_arms, words


@pytest.mark.parametrize("session", ["isolated", "single"])
def test_both_arms_at_the_floor_are_not_called_equivalent(session):
    z = np.zeros((3, 70))
    c = compare_arms(z, z, session=session)
    assert c.method == "exact" and c.diff == 0        # the arithmetic is still what it is
    assert c.bound == "floor" and not c.equivalent
    said = words.equivalence(c.to_dict())
    assert "floor" in said and "0 of 70" in said and "shown" not in said


def test_both_arms_at_the_ceiling_are_not_called_equivalent():
    c = compare_arms(np.ones((2, 40)), np.ones((3, 40)), session="isolated")
    assert c.bound == "ceiling" and not c.equivalent
    assert "ceiling" in words.equivalence(c.to_dict()) and "40 of 40" in words.equivalence(c.to_dict())


def test_one_arm_off_the_floor_is_an_ordinary_comparison():
    rng = np.random.default_rng(1)
    base = np.zeros((3, 70))
    cand = (rng.random((3, 70)) < 0.02).astype(float)
    c = compare_arms(base, cand, session="isolated")
    assert c.bound is None
    assert "floor" not in words.equivalence(c.to_dict())
    # an arm at the floor beside one that is not is a difference, not a bound
    far = compare_arms(base, np.ones((3, 70)), session="isolated")
    assert far.bound is None and far.significant

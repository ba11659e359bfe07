"""Prompt-lookup drafts (lab/models/lookup.py, `model.lookup_draft`): what is drafted, and that the
setting is in every llama config and the fingerprint. The decoding itself (drafts change speed, not
what is sampled) is checked on a real model in test_models_llama.py."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from conftest import SMALL_RUN
from lab.config import compose
from lab.errors import LabError
from lab.models.lookup import DraftStats, draft

REPO = Path(__file__).resolve().parents[1]


def test_the_draft_continues_the_most_recent_earlier_occurrence_of_the_longest_tail():
    #            0  1  2  3  4  5  6  7  8  9
    seq = np.array([5, 6, 7, 8, 9, 1, 6, 7, 2, 6, 7])
    # tail (6, 7) occurs at 1 and 6; the most recent (6) is followed by 2, 6, 7
    assert draft(seq, max_tokens=3, max_ngram=2) == [2, 6, 7]
    assert draft(seq, max_tokens=2, max_ngram=2) == [2, 6]
    # the longest n wins over recency: (1, 6, 7) occurs once, at 5, followed by 2
    seq3 = np.array([1, 6, 7, 2, 3, 6, 7, 4, 1, 6, 7])
    assert draft(seq3, max_tokens=2, max_ngram=3) == [2, 3]
    assert draft(seq3, max_tokens=2, max_ngram=2) == [4, 1]


def test_no_draft_without_an_earlier_occurrence_or_room():
    assert draft(np.array([1, 2, 3, 4]), max_tokens=5) == []
    assert draft(np.array([1, 2, 1, 2]), max_tokens=0) == []
    assert draft(np.array([7]), max_tokens=5) == []
    # the draft never runs past the end of the sequence, and never includes the tail itself
    assert draft(np.array([3, 3]), max_tokens=5) == [3]
    assert draft(np.array([1, 2, 9, 1, 2]), max_tokens=5) == [9, 1, 2]


def test_the_draft_looks_only_inside_the_window():
    seq = np.array([4, 8, 1] + [0] * 50 + [4])
    assert draft(seq, max_tokens=2, max_ngram=1) == [8, 1]
    assert draft(seq, max_tokens=2, max_ngram=1, window=20) == []


def test_a_path_in_a_tool_result_is_drafted_for_the_answer():
    # token ids stand in for: ... "path": "a/b/c.go" ... ANSWER: a / b / c.go
    path = [101, 47, 102, 47, 103]
    context = [9, 10, 11, *path, 12, 13, 14, 15, 101]
    assert draft(np.array(context), max_tokens=10) == [47, 102, 47, 103, 12, 13, 14, 15, 101]


def test_draft_stats_report_the_acceptance_rate():
    s = DraftStats()
    assert s.as_dict()["acceptance"] is None
    s.steps, s.drafted, s.accepted = 2, 8, 6
    assert s.as_dict() == {"steps": 2, "drafted": 8, "accepted": 6, "acceptance": 0.75}


def test_lookup_draft_is_in_every_llama_config_and_the_fingerprint():
    from lab.runner import fingerprint
    for f in sorted((REPO / "configs/model").glob("*.yaml")):
        cfg = compose([f"model={f.stem}"])
        if cfg.model.backend == "llama_cpp":
            assert cfg.model.lookup_draft == 0, f.name        # off by default (README)
    off = fingerprint(compose(["model=smollm2-135m", *SMALL_RUN]))
    on = fingerprint(compose(["model=smollm2-135m", *SMALL_RUN, "model.lookup_draft=10"]))
    assert on.value != off.value and off.differing(on) == ["model"]


def test_a_bad_lookup_draft_names_the_key():
    from lab.models.llamacpp import LlamaCppBackend
    cfg = dict(compose(["model=smollm2-135m"]).model)
    for bad in (-1, 65, "many"):
        with pytest.raises(LabError) as e:
            LlamaCppBackend.settings_of({**cfg, "lookup_draft": bad})
        assert "lookup_draft" in str(e.value)


def test_a_shorter_tail_than_min_ngram_is_not_looked_up():
    seq = np.array([5, 6, 1, 7, 6])
    assert draft(seq, max_tokens=2, min_ngram=1) == [1, 7]
    assert draft(seq, max_tokens=2, min_ngram=2) == []


def test_drafts_off_leave_the_fingerprints_of_earlier_runs_unchanged():
    """lookup_draft: 0 decodes exactly as the backend did before the setting existed, so it is
    left out of the fingerprint at that value (runs made before it still match)."""
    from lab.models.llamacpp import LlamaCppBackend
    from lab.records.fingerprint import model_inputs
    cfg = {k: v for k, v in dict(compose(["model=smollm2-135m"]).model).items()}
    before = {k: v for k, v in cfg.items() if k != "lookup_draft"}
    kw = dict(backend="llama_cpp", excluded=LlamaCppBackend.fingerprint_excluded,
              omitted_at=LlamaCppBackend.fingerprint_omitted_at, file_sha256="ab")
    assert model_inputs(cfg, **kw) == model_inputs(before, **kw)
    assert model_inputs({**cfg, "lookup_draft": 4}, **kw)["settings"]["lookup_draft"] == 4

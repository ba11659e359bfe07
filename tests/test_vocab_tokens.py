"""Token accounting: per-field shares of the serialized response, pluggable tokenizer."""

from __future__ import annotations

from lab.config import compose
from lab.vocab import dumps, load_vocab, render
from lab.vocab.tokens import approx_tokens, field_tokens
from test_vocab_golden import FIXED


def chars(text: str) -> int:
    return len(text)


def test_shares_add_up_exactly_with_an_additive_tokenizer():
    rendered = render(FIXED["config"], load_vocab(compose(["vocab=full"]).vocab))
    b = field_tokens(rendered, tokenizer=chars)
    text = dumps(rendered)
    assert b.total == len(text)
    assert list(b.fields) == ["candidates", "maybe_exts", "alike", "exist_similar"]
    assert b.fields["alike"] == len(', "alike": 273')
    assert b.fields["exist_similar"] == len(', "exist_similar": true')
    assert b.fields["candidates"] == len(text) - 2 - sum(v for k, v in b.fields.items()
                                                         if k != "candidates")
    assert b.envelope == 2                                     # the braces


def test_default_tokenizer_is_the_approximation_and_totals_balance():
    rendered = {"candidates": [{"path": "services/api/config.go"}], "maybe_exts": ["go", "rs"]}
    b = field_tokens(rendered)
    assert b.total == approx_tokens(dumps(rendered))
    assert sum(b.fields.values()) + b.envelope == b.total
    assert b.to_dict()["fields"] == b.fields


def test_approximation_is_plausible():
    assert approx_tokens("") == 0
    assert approx_tokens("hello world") == 2
    assert approx_tokens("273") == 1 and approx_tokens("2731") == 2
    assert approx_tokens('"maybe_exts": ["go", "rs"]') < len('"maybe_exts": ["go", "rs"]') / 2
    assert approx_tokens("設定ファイル") == 6                    # one a CJK character
    # JSON responses run at about 2.5-4 characters a token with BPE vocabularies.
    text = dumps(render(FIXED["config"], load_vocab(compose(["vocab=maybe_exts"]).vocab)))
    assert 2.3 < len(text) / approx_tokens(text) < 4.5


def test_conditional_fields_cost_nothing_when_absent():
    v = {name: load_vocab(compose([f"vocab={name}"]).vocab)
         for name in ("minimal", "maybe_exts", "exist_similar")}
    unique = FIXED["invoice handler"]
    tot = {k: field_tokens(render(unique, vk)).total for k, vk in v.items()}
    assert tot["minimal"] == tot["maybe_exts"] < tot["exist_similar"]

"""The fast grammar sampler (lab/models/grammar_sampler.py) samples the same tokens as
llama-cpp-python's chain: the two in lockstep on one context, token for token, over seeds and
grammars whose allowed sets are large (free text) and tiny (a choice, then end of turn).
Slow: a real model (SmolLM2-135M; the 1.5B too where it is installed)."""

from __future__ import annotations

import importlib.util

import pytest

pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(importlib.util.find_spec("llama_cpp") is None,
                                 reason="needs llama-cpp-python (bash scripts/install.sh)")]

GRAMMARS = [r'''root ::= "{\"query\": \"" [a-zA-Z0-9/_ .-]* "\"}"''',
            r'''root ::= ("yes" | "no" | "maybe") " because " [a-z ]+ "."''']


def models():
    from lab.config import compose
    from lab.models.packaged import packaged_model, status
    out = ["smollm2-135m"]
    if status(packaged_model(compose(["model=qwen2.5-coder-1.5b"]).model)) == "assembled":
        out.append("qwen2.5-coder-1.5b")
    return out


@pytest.mark.parametrize("model", models())
def test_the_fast_grammar_sampler_samples_the_chains_tokens(model):
    from llama_cpp import LlamaGrammar
    from lab.config import compose
    from lab.models import load_model
    from lab.models.grammar_sampler import TopKGrammarSampler

    b = load_model(compose([f"model={model}", "model.n_ctx=512"]).model)
    llm = b.llm
    prompt = b._tokenize("Find the ledger reconciler file, and say why.\n")
    steps = checked = 0
    per: dict[str, tuple[int, int]] = {}
    try:
        for text in GRAMMARS:
            s0, c0 = steps, checked
            g = LlamaGrammar.from_string(text, verbose=False)
            for seed in range(4):
                llm.reset()
                llm.eval(prompt)
                llm.set_seed(seed)
                chain = llm._init_sampler(grammar=g, **b.sampling)
                fast = TopKGrammarSampler(llm, g, **b.sampling)
                for _ in range(24):
                    tok = chain.sample(llm._ctx, -1)
                    assert fast.sample(llm._ctx, -1) == tok, (text, seed, b._text(llm._input_ids[len(prompt):llm.n_tokens].tolist()))
                    steps += 1
                    if b._llama_cpp.llama_vocab_is_eog(b._vocab, tok):
                        break
                    llm.eval([tok])
                checked += fast.checked
                fast.close()
            per[text] = (steps - s0, checked - c0)
        assert steps > 60
        # the point of it: fewer candidates checked than the chain's whole vocabulary a step (the
        # literal `{"query": "` states allow one token each: there every candidate is checked)
        n, c = per[GRAMMARS[0]]
        assert c < 0.6 * n * llm._n_vocab, (n, c)
    finally:
        b.close()

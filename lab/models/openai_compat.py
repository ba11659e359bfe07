"""`openai`: any OpenAI-compatible chat server (vLLM, llama.cpp's server, llama_cpp.server, ...).

- `tool_mode: native` sends the tool schemas as `tools` and reads `tool_calls` from the reply;
  `text` puts a Hermes tools block into the system prompt and parses calls from the text, for
  servers that do not parse tool calls themselves. In both modes the assistant message goes back
  exactly as the server returned it.
- 429, 5xx and dropped connections are retried with exponential backoff, at most `max_retries`
  times and never past the test's deadline; what is left is `BackendAPIError` (`api_error`). A
  request still running at the deadline is `BackendTimeout` (`timeout`). A context-length error
  is `ContextOverflow`.
- Each reply has a wall-clock deadline, `request_timeout_s` or the test's end if sooner: a server
  trickling its body a byte at a time is cut off there (lab/models/openai_reply.py). A 200 that
  is not a chat completion (not JSON, `choices: []`, `message: null`) is retried like a 500.
- Cached prompt tokens are recorded when the server reports them
  (`usage.prompt_tokens_details.cached_tokens`).
- `agent.constrained=true` sends the GBNF grammar as `grammar` (llama.cpp's servers take it).
"""

from __future__ import annotations

import importlib.util
import json
import os
import re
import time
from typing import Annotated, Any, Literal, Mapping

from pydantic import Field

from lab.models.base import (BackendAPIError, BackendTimeout, ContextOverflow, FatalModelError, ModelBackend,
                             ModelIdentity)
from lab.models.messages import AssistantTurn, ChatRequest, Message, ToolCall, ToolSchema
from lab.models.settings import ChatModelSettings
from lab.errors import MissingDependencyError
from lab.models.grammar import forced_call_grammar, tool_or_answer_grammar
from lab.models.locate import require
from lab.models.openai_reply import MalformedReply, Reply, ReplyDeadline, parse_reply, read_body
from lab.models.textcalls import hermes_tools_block, parse_tool_calls
from lab.token_estimate import approx_tokens
from lab.records.numerics import Numerics
from lab.records.provenance import redact_credentials

HISTORY_RENDERING = "server: messages re-rendered by the server's chat template each turn"

_CONTEXT_ERROR = re.compile(
    r"context length|context window|maximum context|n_ctx|context_length_exceeded|too many tokens|"
    r"prompt is too long|exceeds? (?:the )?(?:available )?context", re.I)


class OpenAISettings(ChatModelSettings):
    """Any OpenAI-compatible server. `tool_mode` and the shared keys are in every config of this
    backend; how it reaches the server (key, retries, time-outs) has its default here."""
    base_url: str | None = None            # None = no server configured (check_available says how)
    model: str | None = None               # None = the first model the server lists
    api_key_env: str = "OPENAI_API_KEY"    # the environment variable holding the key (none: "no-key")
    tool_mode: Literal["native", "text"]   # native: the server parses calls; text: Hermes tags
    #: 429, 5xx and dropped connections; never past the test's time limit
    max_retries: Annotated[int, Field(ge=0)] = 3
    backoff_s: Annotated[float, Field(ge=0)] = 0.5         # doubles per retry, at most 8 s
    request_timeout_s: Annotated[float, Field(gt=0)] = 120.0
    quantization: str | None = None        # for the run record; None = not known


class OpenAIBackend(ModelBackend):
    backend = "openai"
    Settings = OpenAISettings
    settings: OpenAISettings
    concurrent_repeats = True
    fingerprint_excluded = frozenset({"base_url", "api_key_env", "max_retries", "backoff_s", "request_timeout_s"})

    @classmethod
    def describe(cls, settings):
        row = {"available": False, "quantization": settings.get("quantization")}
        if importlib.util.find_spec("openai") is None:
            return {**row, "why": "openai missing; fix: .venv/bin/pip install openai"}
        if not settings.get("base_url"):
            return {**row, "why": "no server: pass model.base_url=http://HOST:PORT/v1 (or set OPENAI_BASE_URL)"}
        return {**row, "available": True, "why": f"endpoint {settings['base_url']} (not contacted)"}

    @classmethod
    def numerics(cls, settings):
        """The server's arithmetic is the server's: its build, kernels, batching and CPU or GPU
        are not visible here (run.concurrency > 1 can batch repeats together, which the record
        notes). The id names the server so that two servers never pass for one."""
        # the id never depends on a password
        return Numerics({"engine": "server", "base_url": redact_credentials(settings.get("base_url"))},
                        {"note": "computed by the server: its build and hardware are not visible to the lab"})

    @classmethod
    def fingerprint_identity(cls, settings, backend, load):
        # no configured model id: the id the server lists is what was served
        return {} if settings.get("model") else {"served_model": load().identity().model}

    @staticmethod
    def check_available(cfg: Mapping[str, Any]) -> None:
        require("openai", "openai", "the openai model backend")
        if not cfg.get("base_url"):
            raise MissingDependencyError(
                f"model '{cfg.get('name')}' needs a server: pass model.base_url=http://HOST:PORT/v1 "
                "(or set OPENAI_BASE_URL)")

    def __init__(self, cfg: Mapping[str, Any]) -> None:
        super().__init__(cfg)
        self.check_available(self.cfg)
        st = self.settings
        self._openai = require("openai", "openai", "the openai model backend")
        self.base_url = st.base_url
        self.client = self._openai.OpenAI(base_url=str(self.base_url),
                                          api_key=os.environ.get(st.api_key_env) or "no-key",
                                          max_retries=0)
        self.model = st.model
        self.tool_mode = st.tool_mode
        self.formats = tuple(st.tool_call_formats)
        self.tool_results_as = st.tool_results_as
        self.max_retries = st.max_retries
        self.backoff_s = st.backoff_s
        self.request_timeout_s = st.request_timeout_s
        self.n_ctx = st.n_ctx
        s = st.sampling.model_dump() if st.sampling else {}
        self.sampling = {k: s[k] for k in ("temperature", "top_p") if s.get(k) is not None}
        self.extra_body = {k: s[k] for k in ("top_k", "min_p", "repeat_penalty") if s.get(k) is not None}
        self.think = (st.thinking.open, st.thinking.close) if st.thinking else ("<think>", "</think>")
        self.seed = None
        self.retries_used = 0

    # -- messages ----------------------------------------------------------------------------------
    def _messages(self, messages: list[Message], tools: list[ToolSchema]) -> list[dict]:
        out = []
        for m in messages:
            if m.role == "system":
                content = m.content
                if self.tool_mode == "text" and tools:
                    content = content.rstrip() + "\n\n" + hermes_tools_block(tools)
                out.append({"role": "system", "content": content})
            elif m.role == "assistant":
                out.append(dict(m.native) if m.native and self.tool_mode == "native"
                           else {"role": "assistant", "content": m.content})
            elif m.role == "tool":
                if self.tool_mode == "native" and m.tool_call_id:
                    out.append({"role": "tool", "tool_call_id": m.tool_call_id, "content": m.content})
                elif self.tool_results_as == "user":
                    out.append({"role": "user",
                                "content": f"<tool_response>\n{m.content}\n</tool_response>"})
                else:
                    out.append({"role": "tool", "content": m.content,
                                "tool_call_id": m.tool_call_id or "call_text"})
            else:
                out.append({"role": m.role, "content": m.content})
        return out

    # -- one turn ----------------------------------------------------------------------------------
    def chat(self, request: ChatRequest) -> AssistantTurn:
        oa = self._openai
        kwargs: dict[str, Any] = {"model": self._model_id(), "max_tokens": request.max_tokens,
                                  "messages": self._messages(request.messages, request.tools),
                                  **self.sampling}
        seed = request.seed if request.seed is not None else self.seed  # per turn, as llama_cpp
        if seed is not None:
            kwargs["seed"] = seed
        extra = dict(self.extra_body)
        if request.force_tool_call and self.tool_mode == "native":   # agent.tool_choice=first
            kwargs["tool_choice"] = ({"type": "function", "function": {"name": request.forced_tool}}
                                     if request.forced_tool else "required")
        elif request.force_tool_call:   # text mode: a llama.cpp server's GBNF grammar, as constrained
            extra["grammar"] = forced_call_grammar(request.forced_tools(), call_format=self.formats[0])
        elif request.constrained:   # llama.cpp servers accept a GBNF grammar; others refuse (api_error)
            extra["grammar"] = tool_or_answer_grammar(request.tools, call_format=self.formats[0],
                                                      answer_prefix=request.answer_prefix)
        if extra:
            kwargs["extra_body"] = extra
        if self.tool_mode == "native" and request.tools:
            kwargs["tools"] = [t.openai() for t in request.tools]
        attempt, last = 0, None
        while True:
            remaining = request.remaining()
            if remaining is not None and remaining <= 0:
                raise BackendTimeout(f"{self._at}test time limit reached after {attempt} attempt(s)"
                                     + (f"; last error: {last}" if last else ""))
            timeout = self.request_timeout_s if remaining is None else min(self.request_timeout_s, remaining)
            t0 = time.monotonic()
            try:
                reply = self._post(kwargs, timeout)
                break
            except ReplyDeadline as e:
                if request.remaining() is not None and request.remaining() <= 0.05:
                    raise BackendTimeout(f"{self._at}reply still arriving at the test's time limit ({e})") from None
                last = f"timeout: {e}"
            except MalformedReply as e:
                last = f"malformed reply: {_short(e)}"
            except oa.BadRequestError as e:
                if _CONTEXT_ERROR.search(str(e)):
                    raise ContextOverflow(f"server: {_short(e)}") from None
                raise BackendAPIError(f"{self._at}server refused the request: {_short(e)}", status=400) from None
            except oa.APITimeoutError as e:
                if request.remaining() is not None and request.remaining() <= 0.05:
                    raise BackendTimeout(f"{self._at}request still running at the test's time limit ({_short(e)})") from None
                last = f"timeout: {_short(e)}"
            except (oa.APIConnectionError, oa.RateLimitError, oa.InternalServerError) as e:
                last = f"{type(e).__name__}: {_short(e)}"
            except oa.APIStatusError as e:
                if e.status_code < 500 and e.status_code != 429:
                    if _CONTEXT_ERROR.search(str(e)):
                        raise ContextOverflow(f"server: {_short(e)}") from None
                    raise BackendAPIError(f"{self._at}server error {e.status_code}: {_short(e)}",
                                          status=e.status_code) from None
                last = f"HTTP {e.status_code}: {_short(e)}"
            attempt += 1
            self.retries_used += 1
            if attempt > self.max_retries:
                raise BackendAPIError(f"{self._at}gave up after {attempt} attempt(s): {last}", attempts=attempt)
            wait = min(self.backoff_s * (2 ** (attempt - 1)), 8.0)
            remaining = request.remaining()
            if remaining is not None and wait >= remaining:
                raise BackendAPIError(f"{self._at}gave up after {attempt} attempt(s): the test's time limit "
                                      f"leaves no room to retry; last error: {last}", attempts=attempt)
            time.sleep(wait)
        elapsed = time.monotonic() - t0
        turn = self._turn(reply, request, elapsed)
        if got := request.missing_forced_call(turn):
            self._forced_not_honoured(got, request)
        return turn

    def _forced_not_honoured(self, got: str, request: ChatRequest) -> None:
        """agent.tool_choice=first asks the server for one call (to `forced_tool` when named): a
        finished reply without it means the server ignored the request (some OpenAI-compatible
        servers drop `tool_choice`, or a grammar they do not read). Counting that turn as forced
        would pass the model's free choice off as the forced condition, in every test alike: the run
        stops here, naming the server and the fix."""
        wanted = request.forced_tool
        how = (f"tool_choice {'required' if wanted is None else f'= the function {wanted}'}"
               if self.tool_mode == "native" else "the forced call's GBNF grammar (extra_body.grammar)")
        raise FatalModelError(
            f"the server at {self.base_url} did not force the first call: it was sent {how} "
            f"and replied with {got}. It cannot run agent.tool_choice=first; run with "
            f"agent.tool_choice=auto, or serve the model with llama.cpp's llama-server "
            f"(model.tool_mode=text sends the grammar it reads), or vLLM with tool_choice support")

    def _post(self, kwargs: dict, timeout: float) -> Reply:
        """One request; its body read under a wall-clock deadline `timeout` seconds from now (the
        client's own time-out only bounds the wait between two bytes)."""
        oa, deadline = self._openai, time.monotonic() + timeout
        timed_out, dropped = _http_errors(oa)
        with self.client.chat.completions.with_streaming_response.create(timeout=timeout, **kwargs) as r:
            try:
                body = read_body(r.iter_bytes(), deadline)
            except timed_out:     # a body read is outside the client's own error mapping
                raise oa.APITimeoutError(request=r.http_response.request) from None
            except dropped as e:  # cut off mid-body
                raise oa.APIConnectionError(message=f"connection lost mid-reply ({type(e).__name__})",
                                            request=r.http_response.request) from None
        return parse_reply(body)

    def _turn(self, reply: Reply, request: ChatRequest, elapsed: float) -> AssistantTurn:
        text = reply.content
        calls: list[ToolCall] = []
        native = None
        if reply.tool_calls:
            native = {k: v for k, v in reply.message.items() if v is not None}
            native["role"] = "assistant"
            for tc in reply.tool_calls:
                raw = tc["arguments"]
                try:
                    args = json.loads(raw) if raw.strip() else {}
                    calls.append(ToolCall(name=tc["name"], arguments=args, raw=raw, id=tc["id"],
                                          form="native"))
                except json.JSONDecodeError as e:
                    calls.append(ToolCall(name=tc["name"], arguments=None, raw=raw, id=tc["id"],
                                          error=f"arguments are not valid JSON ({e.msg})", form="native"))
        else:
            calls = parse_tool_calls(text, self.formats, think=self.think)
        prompt, completion, cached = reply.prompt_tokens, reply.completion_tokens, reply.cached_tokens
        finish = reply.finish_reason
        if finish == "length" and request.stop_check is not None:
            finish = request.stop_check(text) or finish
        return AssistantTurn(text=text, tool_calls=calls, finish_reason=finish,
                             prompt_tokens=prompt, cached_tokens=cached, completion_tokens=completion,
                             context_tokens=prompt + completion, prompt_eval_s=0.0,
                             generation_s=elapsed, native=native)

    @property
    def _at(self) -> str:
        """The server an error came from, named in every error (issue 60), credentials redacted."""
        return f"{redact_credentials(str(self.base_url))}: "

    def _model_id(self) -> str:
        if not self.model:
            try:
                self.model = self.client.models.list(timeout=min(30.0, self.request_timeout_s)).data[0].id
            except Exception as e:  # noqa: BLE001 - any failure: say what to configure
                raise BackendAPIError(f"{self._at}no model.model configured and the server did not list "
                                      f"models: {_short(e)}") from None
        return str(self.model)

    def count_tokens(self, text: str) -> int:
        return approx_tokens(text)

    def context_length(self) -> int | None:
        return int(self.n_ctx) if self.n_ctx else None

    def identity(self) -> ModelIdentity:
        if not self.model:
            try:
                self._model_id()                 # the served model's id, for the run record
            except BackendAPIError:
                pass                             # the server is down: the tests will say so
        return ModelIdentity(
            name=self.name, backend=self.backend, model=str(self.model) if self.model else None,
            path=str(self.base_url), quantization=self.settings.quantization,
            context_length=self.context_length(), history_rendering=HISTORY_RENDERING,
            extra={"tool_mode": self.tool_mode, "tool_call_formats": list(self.formats),
                   "sampling": {**self.sampling, **self.extra_body},
                   "tokenizer": "approx (lab.token_estimate.approx_tokens)",
                   "openai": getattr(self._openai, "__version__", None)})

    def close(self) -> None:
        try:
            self.client.close()
        except Exception:  # noqa: BLE001
            pass


def _http_errors(oa: Any) -> tuple[type[BaseException], type[BaseException]]:
    """(time-out, transport error) classes of the HTTP library this openai release is built on
    (httpx up to openai 2, httpx2 since 3): read from its client class, not guessed."""
    for cls in oa.DefaultHttpxClient.__mro__:
        root = cls.__module__.split(".")[0]
        if root.startswith("httpx"):
            mod = importlib.import_module(root)
            return mod.TimeoutException, mod.TransportError
    raise MissingDependencyError(f"openai {getattr(oa, '__version__', '?')}: no httpx client class found")


def _short(e: Exception, n: int = 300) -> str:
    s = str(e).replace("\n", " ")
    return s if len(s) <= n else s[:n] + "..."

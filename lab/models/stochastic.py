"""`stochastic`, for tests only: a seeded model that is right with a known probability.

Each test t has a pass probability p_t = Phi(Phi^-1(p) + difficulty_sd * z_t) (z_t fixed by the
test id: some tests are harder than others, the same in every run) plus `lift` (a planted
difference, clipped to [0, 1]). A test passes when a latent normal
    sqrt(rho) * s + sqrt(1 - rho) * e_t  <  Phi^-1(p_t)
where s is shared by every test of one conversation (drawn from the repeat's seed and the
conversation's first test) and e_t is the test's own (from the seed and the test id). So the
marginal chance of a pass is exactly p_t, and two tests of the same conversation are correlated
through rho: within-session correlation in a single session, none across isolated tests (each is
its own conversation). Deterministic in the seed: a resumed repeat answers as the first time —
but s comes from the first test the backend sees after its reset, so a single session a resume
continued (lab.agent.conversation.rebuilt) draws it from the test it went on from: with rho > 0
its later answers differ from the uninterrupted run's (with rho = 0 they do not).

Through the real agent loop it calls `path_resolve` when the turn must be a tool call
(agent.tool_choice=first), then answers the test's expected path, or a wrong one.
`simulate()` draws the same outcomes as whole pass matrices (numpy), for calibration tests that
call the comparison directly on hundreds of simulated pairs.

Never a default, never in a result: configs/model/stochastic.yaml says so and `lab models` lists
it as tests only (like `scripted`).
"""

from __future__ import annotations

import hashlib
import json
import math
from typing import Annotated, Any, Mapping, Sequence

import numpy as np

from pydantic import Field

from lab.models.base import FatalModelError, ModelBackend, ModelIdentity
from lab.models.messages import (
    AssistantTurn, ChatRequest, Message, ToolCall, ToolSchema, approx_prompt_tokens)
from lab.models.settings import ModelSettings
from lab.models.textcalls import hermes_call_text
from lab.token_estimate import approx_tokens
from lab.models.lockstep import SerialEngine

_DIFFICULTY, _SESSION, _TEST = 1, 2, 3        # independent streams of uniforms
_M64 = (1 << 64) - 1


def _key(test_id: str) -> int:
    return int.from_bytes(hashlib.blake2b(test_id.encode(), digest_size=8).digest(), "big")


def _mix(x: np.ndarray) -> np.ndarray:
    """splitmix64's finalizer on uint64 arrays: a counter-based hash, the same scalar or vector."""
    with np.errstate(over="ignore"):
        x = x + np.uint64(0x9E3779B97F4A7C15)
        x = (x ^ (x >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
        x = (x ^ (x >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
        return x ^ (x >> np.uint64(31))


def _normal(stream: int, seed: int | np.ndarray, keys: np.ndarray) -> np.ndarray:
    """Standard normals fixed by (stream, seed, key); seeds and keys broadcast like numpy arrays."""
    from scipy.special import ndtri  # scipy loads only when the test model runs, not with lab.models

    seeds = np.asarray(seed, dtype=np.int64).astype(np.uint64)
    with np.errstate(over="ignore"):
        h = _mix(_mix(np.uint64(stream) * np.uint64(0x632BE59BD9B4E019) + seeds) ^ keys)
    u = ((h >> np.uint64(11)).astype(np.float64) + 0.5) / float(1 << 53)
    return ndtri(u)


def pass_probabilities(test_ids: Sequence[str], *, p: float, difficulty_sd: float = 0.0,
                       lift: float = 0.0) -> np.ndarray:
    """p_t of every test (the same in every run and arm, `lift` added)."""
    from scipy.special import ndtr, ndtri  # (the same)

    keys = np.array([_key(t) for t in test_ids], dtype=np.uint64)
    base = ndtr(ndtri(p) + difficulty_sd * _normal(_DIFFICULTY, 0, keys)) if difficulty_sd else \
        np.full(len(keys), float(p))
    return np.clip(base + lift, 0.0, 1.0)


def _salted(seed: int, salt: str) -> int:
    """The seed with `salt` mixed in: two salts are two independent draws of the same model."""
    return seed if not salt else (seed ^ _key(salt)) & 0x7FFFFFFFFFFFFFFF


def outcomes(seed: int, session_test: str, test_ids: Sequence[str], probs: np.ndarray, *,
             rho: float = 0.0, salt: str = "") -> np.ndarray:
    """Pass (bool) of each test of one conversation that began with test `session_test`."""
    from scipy.special import ndtri  # scipy loads only when the test model runs, not with lab.models

    seed = _salted(seed, salt)
    keys = np.array([_key(t) for t in test_ids], dtype=np.uint64)
    s = _normal(_SESSION, seed, np.array([_key(session_test)], dtype=np.uint64))[0]
    e = _normal(_TEST, seed, keys)
    latent = math.sqrt(rho) * s + math.sqrt(1.0 - rho) * e
    with np.errstate(divide="ignore"):
        return latent < ndtri(np.asarray(probs, dtype=float))


def simulate(test_ids: Sequence[str], seeds: Sequence[int], *, session: str, p: float,
             rho: float = 0.0, difficulty_sd: float = 0.0, lift: float = 0.0,
             salt: str = "") -> np.ndarray:
    """Pass matrix (len(seeds) repeats x tests, 0/1) of what the backend answers in a run whose
    repeats have these seeds: one conversation per repeat (single) or per test (isolated)."""
    from scipy.special import ndtri  # scipy loads only when the test model runs, not with lab.models

    probs = pass_probabilities(test_ids, p=p, difficulty_sd=difficulty_sd, lift=lift)
    keys = np.array([_key(t) for t in test_ids], dtype=np.uint64)[None, :]
    sd = np.asarray([_salted(int(x), salt) for x in seeds], dtype=np.int64)[:, None]
    first = keys[:, :1] if session == "single" else keys      # the conversation's first test
    s = _normal(_SESSION, sd, first)
    e = _normal(_TEST, sd, keys)
    with np.errstate(divide="ignore"):
        return (math.sqrt(rho) * s + math.sqrt(1.0 - rho) * e < ndtri(probs)[None, :]).astype(float)


class StochasticSettings(ModelSettings):
    """configs/model/stochastic.yaml (its values are the defaults; what each key means is there)."""
    p: Annotated[float, Field(gt=0, lt=1)]              # mean pass probability
    rho: Annotated[float, Field(ge=0, lt=1)]            # within-conversation correlation
    difficulty_sd: Annotated[float, Field(ge=0)]        # spread of test difficulty
    lift: float                                         # a planted difference
    salt: str                                           # independent draws of one model
    #: conversations run under the batch scheduler (lab.models.lockstep.SerialEngine: no batch
    #: arithmetic, each turn answered as alone), so the lab's tests exercise model.parallel's path
    parallel: Annotated[int, Field(ge=1, le=64)] = 1


class StochasticBackend(ModelBackend):
    backend = "stochastic"
    Settings = StochasticSettings
    settings: StochasticSettings
    test_only = True
    reads_golden_test = True        # right with probability p: it must know the right answer
    fingerprint_omitted_at = {"parallel": 1}

    def __init__(self, cfg: Mapping[str, Any]) -> None:
        super().__init__(cfg)                # the schema checks p in (0, 1) and rho in [0, 1)
        st = self.settings
        self.parallel = st.parallel
        self.p, self.rho, self.difficulty_sd, self.lift = st.p, st.rho, st.difficulty_sd, st.lift
        self.salt = st.salt
        self._session_test: str | None = None

    def step_engine(self):
        return SerialEngine(self, self.parallel)

    def reset(self) -> None:
        self._session_test = None           # the next test starts a new conversation

    def chat(self, request: ChatRequest) -> AssistantTurn:
        test = request.test
        if test is None:
            raise FatalModelError("the stochastic model answers suite tests only (no test in the request)")
        if self._session_test is None:
            self._session_test = test.id
        prompt = approx_prompt_tokens(request.messages, request.tools)
        last_user = max(i for i, m in enumerate(request.messages) if m.role == "user")
        called = any(m.role == "tool" for m in request.messages[last_user + 1:])
        tool = next((t.name for t in request.forced_tools() if t.name == "path_resolve"), None)
        if request.force_tool_call and not called:
            if tool is None:
                raise FatalModelError(
                    f"the stochastic model can force only path_resolve; this forced turn offers "
                    f"{', '.join(t.name for t in request.forced_tools()) or 'no tool'} (a real backend "
                    f"would call one: run it with agent.tool_choice=auto or forced_tool=path_resolve)")
            args = {"query": test.query}
            call = ToolCall(name=tool, arguments=args, raw=json.dumps(args), id="call_0",
                            form="tool_call_tags")
            return _turn(hermes_call_text(tool, args), prompt, [call])
        probs = pass_probabilities([test.id], p=self.p, difficulty_sd=self.difficulty_sd, lift=self.lift)
        ok = bool(outcomes(int(getattr(self, "seed", None) or 0), self._session_test, [test.id], probs,
                           rho=self.rho, salt=self.salt)[0])
        expected = str(test.expected[0]).partition("#")[0]
        answer = expected if ok else f"{expected}.wrong"
        return _turn(f"{request.answer_prefix} {answer}", prompt, [])

    def prompt_tokens(self, messages: list[Message], tools: list[ToolSchema]) -> int:
        return approx_prompt_tokens(messages, tools)

    def count_tokens(self, text: str) -> int:
        return approx_tokens(text)

    def identity(self) -> ModelIdentity:
        return ModelIdentity(name=self.name, backend=self.backend,
                             model="tests only: seeded pass with probability p",
                             history_rendering="none (no LLM)",
                             extra={"p": self.p, "rho": self.rho, "difficulty_sd": self.difficulty_sd,
                                    "lift": self.lift, "salt": self.salt})


def _turn(text: str, prompt: int, calls: list[ToolCall]) -> AssistantTurn:
    n = approx_tokens(text)
    return AssistantTurn(text=text, tool_calls=calls, finish_reason="tool_calls" if calls else "stop",
                         prompt_tokens=prompt, completion_tokens=n, context_tokens=prompt + n)

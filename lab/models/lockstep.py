"""Many conversations on one model, decoded as one batch, in a schedule that never depends on timing.

The agent loop stays as it is: each conversation runs in a thread of its own and calls `chat()` on
a `SequenceView`, a backend bound to one sequence slot of a shared `StepEngine`; the call blocks
until the engine has finished that turn. A `Lockstep` scheduler (the calling thread) owns the
engine and the slots:

1. free slots, lowest first, take the next jobs in the order given;
2. it waits until every running job is either waiting in `chat()` or finished (tools and the
   agent loop run between steps, never during one);
3. it runs one engine step over all waiting turns: each generating sequence decodes one token,
   each reading one a chunk of its prompt (continuous batching); turns that end are handed back;
4. repeat until no job is left.

So the batch of every step is a function of the jobs and the tokens alone, never of which thread
ran first or how long a tool took: the same command gives the same batches, hence the same tokens.

A job's time budget (`agent.time_limit_s`) is kept on the view's own clock (`ModelBackend.clock`),
which counts a step at its share (a step of d seconds over n sequences costs each d/n) and the
time the job runs tools in full: a timeout means what it means when the test runs alone.
"""

from __future__ import annotations

import threading
import time
from concurrent.futures import FIRST_COMPLETED, ThreadPoolExecutor, wait
from dataclasses import dataclass, field
from typing import Any, Callable, Protocol, Sequence

from lab.models.base import ModelBackend
from lab.models.messages import AssistantTurn, ChatRequest
import copy


class Aborted(BaseException):
    """Raised in a job's thread when the scheduler stops (an interrupt, another job's failure):
    a BaseException, so the agent loop does not record it as a test's crash."""


class StepEngine(Protocol):
    """What the scheduler drives: sequences in slots, one batched step at a time."""

    parallel: int

    def view(self, slot: int) -> "SequenceView":
        """The backend a job in `slot` talks to."""

    def step(self, turns: dict[int, ChatRequest]) -> dict[int, AssistantTurn | Exception]:
        """Advance every waiting turn by one step; return the turns that ended (or failed)."""

    def release(self, slot: int) -> None:
        """The job in `slot` ended: its sequence may be reused (its cache kept for prefixes)."""


class SequenceView(ModelBackend):
    """One sequence slot of a StepEngine, seen by the agent loop as a whole backend."""

    def __init__(self, engine: Any, slot: int, base: ModelBackend) -> None:
        # no super().__init__: the settings are the shared backend's
        self.engine, self.slot, self.base = engine, slot, base
        self.cfg, self.settings, self.name = base.cfg, base.settings, base.name
        self.backend = base.backend
        self.reads_golden_test = base.reads_golden_test
        self.scheduler: "Lockstep | None" = None
        self.seed: int | None = None
        self._excess = 0.0          # wall time the batch cost this view beyond its share

    # the clock its time budget runs on (see the module docstring)
    def clock(self) -> float:
        return time.monotonic() - self._excess

    def charge(self, wall: float, share: float) -> None:
        self._excess += max(0.0, wall - share)

    def chat(self, request: ChatRequest) -> AssistantTurn:
        assert self.scheduler is not None, "a SequenceView runs under a Lockstep scheduler"
        self.before(request)
        return self.scheduler.submit(self.slot, request)

    def before(self, request: ChatRequest) -> None:
        """Checks and preparation in the job's own thread, before the turn is queued."""

    def count_tokens(self, text: str) -> int:
        return self.base.count_tokens(text)

    def identity(self):
        return self.base.identity()

    def context_length(self) -> int | None:
        return self.base.context_length()

    def tokenize(self, text: str) -> list[int] | None:
        return self.base.tokenize(text)

    def prompt_tokens(self, messages, tools) -> int | None:
        return self.base.prompt_tokens(messages, tools)

    def close(self) -> None:
        """The shared backend is closed by its owner."""


@dataclass
class _Slot:
    view: SequenceView
    job: int | None = None
    thread: threading.Thread | None = None
    state: str = "free"                       # free | running | waiting | done
    request: ChatRequest | None = None
    result: AssistantTurn | BaseException | None = None
    ready: threading.Event = field(default_factory=threading.Event)


class Lockstep:
    """Run `jobs` (callables taking a backend) on `engine`, at most `engine.parallel` at once."""

    def __init__(self, engine: StepEngine) -> None:
        self.engine = engine
        self.slots = [_Slot(engine.view(i)) for i in range(engine.parallel)]
        for s in self.slots:
            s.view.scheduler = self
        self.cond = threading.Condition()
        self.failure: BaseException | None = None
        self.stopping = False
        self.steps = 0
        self.step_sizes: list[int] = []        # sequences per step (the batch layout, for the record)

    # -- job threads -----------------------------------------------------------------------------
    def submit(self, slot: int, request: ChatRequest) -> AssistantTurn:
        s = self.slots[slot]
        with self.cond:
            if self.stopping:
                raise Aborted()
            s.request, s.result, s.state = request, None, "waiting"
            s.ready.clear()
            self.cond.notify_all()
        s.ready.wait()
        result = s.result
        if isinstance(result, BaseException):
            raise result
        assert result is not None
        return result

    def _runner(self, slot: int, job: Callable[[ModelBackend], Any]) -> None:
        s = self.slots[slot]
        try:
            job(s.view)
        except Aborted:
            pass
        except BaseException as e:  # noqa: BLE001 - handed to the scheduler's thread
            with self.cond:
                if self.failure is None:
                    self.failure = e
        finally:
            with self.cond:
                s.state = "done"
                self.cond.notify_all()

    # -- the scheduler ---------------------------------------------------------------------------
    def run(self, jobs: Sequence[Callable[[ModelBackend], Any]]) -> None:
        pending = list(enumerate(jobs))[::-1]          # popped from the end: in order
        try:
            while True:
                with self.cond:
                    for i, s in enumerate(self.slots):
                        if s.state == "done":
                            s.thread.join()
                            s.state, s.job, s.thread = "free", None, None
                            self.engine.release(i)
                    for i, s in enumerate(self.slots):
                        if s.state == "free" and pending:
                            s.job, job = pending.pop()
                            s.state = "running"
                            s.thread = threading.Thread(target=self._runner, args=(i, job),
                                                        name=f"seq{i}", daemon=True)
                            s.thread.start()
                    while any(s.state == "running" for s in self.slots):
                        self.cond.wait()
                    if self.failure is not None:
                        raise self.failure
                    if any(s.state == "done" for s in self.slots):
                        continue                    # refill before the next step
                    waiting = {i: s.request for i, s in enumerate(self.slots) if s.state == "waiting"}
                if not waiting:
                    return
                t0 = time.monotonic()
                ended = self.engine.step(waiting)   # type: ignore[arg-type]
                self.steps += 1
                self.step_sizes.append(len(waiting))
                wall = time.monotonic() - t0
                if getattr(self.engine, "shares_steps", True):
                    for i in waiting:
                        self.slots[i].view.charge(wall, wall / len(waiting))
                with self.cond:
                    for i, result in ended.items():
                        s = self.slots[i]
                        s.result, s.state, s.request = result, "running", None
                        s.ready.set()
        finally:
            self._stop()

    def _stop(self) -> None:
        """Unblock every job still waiting (Aborted) and let the threads end."""
        with self.cond:
            self.stopping = True
            for s in self.slots:
                if s.state == "waiting":
                    s.result, s.state = Aborted(), "running"
                    s.ready.set()
        for s in self.slots:
            if s.thread is not None and s.thread is not threading.current_thread():
                s.thread.join(timeout=30)


class SerialEngine:
    """A StepEngine over a backend that has no batches (the Python models): each slot holds its
    own copy, and a step finishes every waiting turn with that copy's `chat()`. The scheduler's
    tests run on it; its outputs are those of the backend run one conversation at a time."""

    def __init__(self, backend: ModelBackend, parallel: int) -> None:
        self.parallel = parallel
        self.base = backend
        self.copies = [copy.copy(backend) for _ in range(parallel)]

    def view(self, slot: int) -> SequenceView:
        return _SerialView(self, slot, self.base)

    def step(self, turns: dict[int, ChatRequest]) -> dict[int, AssistantTurn | Exception]:
        out: dict[int, AssistantTurn | Exception] = {}
        for slot, request in sorted(turns.items()):
            try:
                out[slot] = self.copies[slot].chat(request)
            except Exception as e:  # noqa: BLE001 - the turn's own error, raised in its job
                out[slot] = e
        return out

    def release(self, slot: int) -> None:
        pass


class ConcurrentEngine(SerialEngine):
    """A StepEngine over a server backend (`concurrent_repeats`, e.g. `model=openai`): a step
    sends every waiting turn not yet in flight to the server at once (a thread each; the server's
    slots and continuous batching do the batching), waits until at least one is answered and
    hands back every answered turn. Which turns end in a step depends on the server's timing, so
    this schedule is not a function of the inputs (nor are a server's batches); each turn's time
    budget runs on the wall clock, as the request's own time-out does."""

    #: a step's wall time is not shared out: every turn in flight waited all of it
    shares_steps = False

    def __init__(self, backend: ModelBackend, parallel: int) -> None:
        super().__init__(backend, parallel)
        self.pool = ThreadPoolExecutor(max_workers=parallel, thread_name_prefix="server-turn")
        self.flight: dict[int, Any] = {}

    def step(self, turns: dict[int, ChatRequest]) -> dict[int, AssistantTurn | Exception]:
        for slot, request in sorted(turns.items()):
            if slot not in self.flight:
                self.flight[slot] = self.pool.submit(self.copies[slot].chat, request)
        done, _ = wait(list(self.flight.values()), return_when=FIRST_COMPLETED)
        out: dict[int, AssistantTurn | Exception] = {}
        for slot, fut in sorted(self.flight.items()):
            if fut in done:
                try:
                    out[slot] = fut.result()
                except Exception as e:  # noqa: BLE001 - the turn's own error, raised in its job
                    out[slot] = e
        for slot in out:
            del self.flight[slot]
        return out

    def close(self) -> None:
        """Requests still in flight end by their own time-outs; nothing waits for them."""
        self.pool.shutdown(wait=False, cancel_futures=True)


class _SerialView(SequenceView):
    def set_seed(self, seed: int | None) -> None:
        self.engine.copies[self.slot].set_seed(seed)

    def reset(self) -> None:
        self.engine.copies[self.slot].reset()

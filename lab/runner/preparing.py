"""Preparing a run: every input checked (config groups, model, agent, suite, templates, corpus,
tools) before the model is loaded or called, and the run's fingerprint (`lab fingerprint`)."""

from __future__ import annotations

import sys
from dataclasses import dataclass
from typing import Any, Callable

from omegaconf import DictConfig, OmegaConf

from lab.agent import agent_settings
from lab.agent.prompt import Templates, example_messages
from lab.agent.settings import AgentSettings
from lab.errors import InputError
from lab.models import BACKENDS, ModelBackend, load_model
from lab.models.messages import ToolSchema
from lab.records.numerics import Numerics
from lab.records.fingerprint import Fingerprint, model_inputs, run_inputs
from lab.records.settings import RunSettings, SuiteSettings, suite_settings
from lab.suites.loader import Suite, load_suite, suite_path
from lab.config import check_config
from lab.pathfinder.resolver import load_resolver
from lab.tools import build_toolset


def effective_concurrency(rs: RunSettings, backend_kind: str) -> int:
    """run.concurrency as it will be used: as asked for a server backend (`concurrent_repeats`),
    refused for a model on the machine's own cores (`uses_local_cores`: in-process llama.cpp),
    forced to 1 with a warning for the other in-process backends."""
    cls = BACKENDS[backend_kind]
    if rs.concurrency == 1 or cls.concurrent_repeats:
        return rs.concurrency
    if cls.uses_local_cores:
        raise InputError(f"run.concurrency={rs.concurrency} needs a server backend: an in-process "
                         "llama.cpp model runs one repeat at a time (serve it with llama-server and "
                         "use model=openai model.base_url=..., or set run.concurrency=1)",
                         file="configs/run", key="run.concurrency")
    print(f"warning: run.concurrency={rs.concurrency} ignored for the in-process {backend_kind} "
          "backend (repeats run one at a time)", file=sys.stderr)
    return 1


def load_run_suite(cfg: Any, corpus_paths: set[str]) -> Suite:
    """The suite of a suite group (a config, or its settings already checked), cut at its limit."""
    sc = cfg if isinstance(cfg, SuiteSettings) else suite_settings(cfg)
    suite = load_suite(suite_path(sc.file), corpus_paths=corpus_paths)
    if sc.limit is not None:
        suite = Suite(name=suite.name, path=suite.path, tests=suite.tests[:sc.limit],
                      categories=suite.categories, content_hash=suite.content_hash, raw=suite.raw)
    return suite


@dataclass
class Prepared:
    """A run's inputs, every one checked, and the fingerprint they make."""
    cfg: DictConfig
    settings: RunSettings
    agent: AgentSettings
    resolver: Any
    suite: Suite
    templates: Templates
    toolset: Any
    model_raw: dict
    fingerprint: Fingerprint
    numerics: Numerics                    # how this machine computes (beside the fingerprint)
    backend: ModelBackend | None = None   # given by the caller, or loaded cheaply (not llama_cpp)
    owned: bool = False                   # this module loaded it, so it closes it
    #: the model of many runs at once (lab/runner/many.py): loaded once, by whichever needs it first
    loader: Callable[[], ModelBackend] | None = None

    def load_backend(self) -> ModelBackend:
        if self.backend is None and self.loader is not None:
            self.backend = self.loader()          # not this run's to close
        elif self.backend is None:
            self.backend, self.owned = load_model(self.cfg.model), True
        return self.backend

    def share(self, loader: Callable[[], ModelBackend]) -> None:
        """Run on a model shared with other runs, `loader()`'s, instead of loading one of its own
        (one it loaded cheaply while preparing is closed); a backend given by the caller stays."""
        if self.backend is not None and not self.owned:
            return
        self.close()
        self.loader = loader

    def close(self) -> None:
        if self.owned and self.backend is not None:
            self.backend.close()
            self.backend, self.owned = None, False


def prepare(cfg: DictConfig, *, backend: ModelBackend | None = None) -> Prepared:
    """Check every input and compute the fingerprint, before any model is loaded or called
    (a llama.cpp model file is hashed, not loaded; a server backend is only connected)."""

    checked = check_config(cfg)   # every group against its schema, once: nothing is built or loaded yet
    rs = checked.run
    if backend is None:
        model_raw = checked.model
        if BACKENDS[model_raw["backend"]].uses_local_cores:   # refused before the model file is looked at
            effective_concurrency(rs, model_raw["backend"])
        BACKENDS[model_raw["backend"]].check_available(model_raw)
        model_cls: type = BACKENDS[model_raw["backend"]]
        agent = checked.agent
    else:   # a backend given by the caller: its own config's context policy applies
        model_raw = {"name": backend.name, **getattr(backend, "cfg", {}), "backend": backend.backend}
        model_cls = type(backend)
        agent = agent_settings(cfg.agent, model_policy=model_raw.get("context_policy"))
    resolver = load_resolver(cfg, settings=checked.resolver, corpus=checked.corpus)
    suite = load_run_suite(checked.suite, set(resolver.index.by_path))
    templates = checked.prompt.with_overrides(suite.raw.get("templates"), str(suite.path))
    toolset = build_toolset(cfg, resolver=resolver, settings=checked.tools, vocab=checked.vocab)
    example_messages(templates, [ToolSchema(t.name, t.description, t.input_schema)
                                 for t in toolset.specs()])   # the example's tool is offered
    for needed in getattr(model_cls, "requires_tools", ()):
        if needed not in toolset.names:
            raise InputError(f"model backend {model_cls.backend} needs the tool {needed} "
                             f"(the tool set offers {', '.join(toolset.names)}; try tools=pathfinder)",
                             key="tools")
    if agent.forced_tool is not None and agent.forced_tool not in toolset.names:
        raise InputError(f"agent.forced_tool={agent.forced_tool} is not offered (the tool set offers "
                         f"{', '.join(toolset.names)}): pass agent.forced_tool=null (any offered tool) "
                         "or agent.tool_choice=auto", file="configs/agent", key="agent.forced_tool")
    if agent.forced_tool is not None and agent.tool_choice != "first":
        raise InputError("agent.forced_tool needs agent.tool_choice=first (or pass "
                         "agent.forced_tool=null)", file="configs/agent", key="agent.forced_tool")
    p = Prepared(cfg=cfg, settings=rs, agent=agent, resolver=resolver, suite=suite,
                 templates=templates, toolset=toolset, model_raw=model_raw,
                 fingerprint=Fingerprint("", {}), numerics=BACKENDS[model_raw["backend"]].numerics(model_raw),
                 backend=backend)
    p.fingerprint = Fingerprint.of(_inputs(p))
    return p


def _inputs(p: Prepared) -> dict:
    raw, kind = p.model_raw, p.model_raw["backend"]
    cls = BACKENDS[kind]
    ident = cls.fingerprint_identity(raw, p.backend, p.load_backend)   # file sha256 / served id
    schemas = [ToolSchema(s.name, s.description, s.input_schema).openai() for s in p.toolset.specs()]
    cfg = OmegaConf.to_container(p.cfg, resolve=True)
    inputs = run_inputs(model=model_inputs(raw, backend=kind, excluded=cls.fingerprint_excluded,
                                           omitted_at=cls.fingerprint_omitted_at, **ident),
                        cfg=cfg, resolver=p.resolver, suite=p.suite, templates=p.templates,
                        agent=p.agent, tool_schemas=schemas)
    if not p.toolset.needs_resolver:     # the filesystem baseline never ranks anything
        inputs["resolver"] = inputs["encoder"] = None
    return inputs


def fingerprint(cfg: DictConfig) -> Fingerprint:
    """The fingerprint `run(cfg)` would record (`lab fingerprint`)."""
    return identity(cfg)[0]


def identity(cfg: DictConfig) -> tuple[Fingerprint, Numerics]:
    """The fingerprint and the numerics `run(cfg)` would record on this machine."""
    p = prepare(cfg)
    try:
        return p.fingerprint, p.numerics
    finally:
        p.close()


def _suite_info(suite: Suite) -> dict:
    return {"name": suite.name, "path": str(suite.path), "content_hash": suite.content_hash,
            "tests": len(suite.tests)}

"""`run(cfg)`: one run of a suite with a model, a vocabulary and a tool set, `run.repeats` times.

`lab run` (lab/cli/run.py) is the Hydra entry point around this plain function; tests call it
directly. Everything that can be wrong with the inputs (model, agent, run settings, suite,
templates, corpus, tools) is checked before the model is loaded or called.

Writes `results/<experiment>/<run_id>/`: `run.json` (RunRecord, rewritten at the start, after
each repeat and at the end), `tests.csv` and `transcripts/repeat-<k>.jsonl` (appended per test).
"""

from __future__ import annotations

import importlib.metadata
import platform
import sys
from dataclasses import asdict, dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, TextIO

from omegaconf import DictConfig, OmegaConf

from lab.agent import Progress, Session, agent_settings, load_templates, run_session
from lab.agent.result import OUTCOMES
from lab.errors import InputError
from lab.models import ModelBackend, load_model, model_settings
from lab.runs.io import new_run_dir
from lab.runs.record import (RunRecord, TestRow, TestsCsv, TranscriptWriter, summarize_repeat,
                             transcript_path, write_record)
from lab.suites import PROMPTS_DIR, Suite, load_suite, suite_path

TEMPLATES_FILE = PROMPTS_DIR / "templates.yaml"


@dataclass(frozen=True)
class RunSettings:
    experiment: str = "default"
    repeats: int = 1
    seed: int = 0
    results_dir: str = "results"
    progress: Any = "auto"


def run_settings(cfg: Any) -> RunSettings:
    raw = _plain(cfg) or {}
    known = RunSettings.__dataclass_fields__
    for k in raw:
        if k not in known:
            raise InputError(f"unknown run setting (known: {', '.join(known)})", file="configs/run",
                             key=f"run.{k}")
    s = RunSettings(**raw)
    if not isinstance(s.experiment, str) or not s.experiment.strip() or "/" in s.experiment:
        raise InputError("must be a non-empty name without '/'", file="configs/run", key="run.experiment")
    if isinstance(s.repeats, bool) or not isinstance(s.repeats, int) or s.repeats < 1:
        raise InputError(f"must be an integer >= 1, got {s.repeats!r}", file="configs/run", key="run.repeats")
    if isinstance(s.seed, bool) or not isinstance(s.seed, int):
        raise InputError(f"must be an integer, got {s.seed!r}", file="configs/run", key="run.seed")
    if s.progress not in ("auto", True, False):
        raise InputError("must be auto, true or false", file="configs/run", key="run.progress")
    return s


def load_run_suite(cfg: Any, corpus_paths: set[str]) -> Suite:
    sc = _plain(cfg) or {}
    for k in sc:
        if k not in ("name", "file", "limit"):
            raise InputError("unknown suite setting (known: name, file, limit)", file="configs/suite",
                             key=f"suite.{k}")
    file = sc.get("file") or sc.get("name")
    if not file:
        raise InputError("no suite file (suite.file=NAME or a path)", file="configs/suite", key="suite.file")
    path = suite_path(str(file))
    suite = load_suite(path, corpus_paths=corpus_paths)
    limit = sc.get("limit")
    if limit is not None:
        if isinstance(limit, bool) or not isinstance(limit, int) or limit < 1:
            raise InputError(f"must be an integer >= 1 or null, got {limit!r}", file="configs/suite",
                             key="suite.limit")
        suite = Suite(name=suite.name, path=suite.path, tests=suite.tests[:limit],
                      categories=suite.categories, content_hash=suite.content_hash, raw=suite.raw)
    return suite


@dataclass
class RunOutput:
    run_dir: Path
    record: RunRecord
    sessions: list  # SessionResult per repeat (in memory, for tests and the summary)


def run(cfg: DictConfig, *, backend: ModelBackend | None = None, out: TextIO | None = None,
        progress: bool | None = None) -> RunOutput:
    """Run the composed config. `backend` replaces the configured model (tests)."""
    from lab.contamination import scan, warn
    from lab.pathfinder.resolver import load_resolver
    from lab.tools import build_toolset

    out = out or sys.stdout
    # -- inputs, all checked before any model call -----------------------------------------------
    model_raw = model_settings(cfg.model) if backend is None else {"name": backend.name,
                                                                     "backend": backend.backend}
    if backend is None:
        from lab.models import BACKENDS
        BACKENDS[model_raw["backend"]].check_available(model_raw)
    policy = (model_raw.get("context_policy") if backend is None
              else getattr(backend, "cfg", {}).get("context_policy"))
    agent = agent_settings(cfg.agent, model_policy=policy)
    rs = run_settings(cfg.run)
    resolver = load_resolver(cfg)
    suite = load_run_suite(cfg.suite, set(resolver.index.by_path))
    templates = load_templates(Path(agent.templates) if agent.templates else TEMPLATES_FILE,
                               suite.raw.get("templates"), str(suite.path))
    toolset = build_toolset(cfg, resolver=resolver)
    model_cls = type(backend) if backend is not None else None
    if model_cls is None:
        from lab.models import BACKENDS
        model_cls = BACKENDS[model_raw["backend"]]
    for needed in getattr(model_cls, "requires_tools", ()):
        if needed not in toolset.names:
            raise InputError(f"model backend {model_cls.backend} needs the tool {needed} "
                             f"(the tool set offers {', '.join(toolset.names)}; try tools=pathfinder)",
                             key="tools")
    toolset.warmup()
    findings = scan(resolver.index, suite.tests)
    warn(findings, stream=sys.stderr)

    owned = backend is None
    backend = backend or load_model(cfg.model)
    run_dir = new_run_dir(Path(rs.results_dir) / rs.experiment)
    record = RunRecord(
        run_id=run_dir.name, experiment=rs.experiment, status="running", started_at=_now(),
        ended_at=None, config=OmegaConf.to_container(cfg, resolve=True),  # type: ignore[arg-type]
        model=backend.identity().to_dict(),
        suite={"name": suite.name, "path": str(suite.path), "content_hash": suite.content_hash,
               "tests": len(suite.tests)},
        corpus={"root": str(resolver.root), "files": len(resolver.index.files),
                "content_hash": resolver.index.content_hash},
        agent=asdict(agent), templates=templates.to_dict(),
        findings=[f.to_dict() for f in findings], versions=_versions())
    write_record(run_dir, record)

    session = Session(backend=backend, toolset=toolset, templates=templates, settings=agent,
                      corpus_root=Path(resolver.root))
    rows = TestsCsv(run_dir / "tests.csv")
    show = (rs.progress if rs.progress != "auto" else None) if progress is None else progress
    sessions = []
    try:
        for k in range(rs.repeats):
            seed = rs.seed + k
            tw = TranscriptWriter(transcript_path(run_dir, k))
            tw.session(repeat=k, seed=seed, system_prompt=session.system_prompt,
                       tools=[t.openai() for t in session.tools])

            def done(result, k=k, seed=seed, tw=tw):
                rows.append(TestRow.of(k, seed, result))
                tw.test(result)

            bar = Progress(len(suite.tests), label=f"repeat {k + 1}/{rs.repeats} ", enabled=show)
            res = run_session(suite.tests, session, seed=seed, progress=bar, on_result=done)
            sessions.append(res)
            record.repeats.append(summarize_repeat(k, seed, res.results, res.wall_s, res.evictions))
            write_record(run_dir, record)
        record.status = "complete"
    except KeyboardInterrupt:
        record.status = "interrupted"
        raise
    except BaseException as e:
        record.status, record.error = "failed", f"{type(e).__name__}: {e}"
        raise
    finally:
        record.ended_at = _now()
        write_record(run_dir, record)
        if owned:
            backend.close()
    out.write(format_summary(record, run_dir) + "\n")
    return RunOutput(run_dir=run_dir, record=record, sessions=sessions)


# -- the one-screen summary -----------------------------------------------------------------------

_SHORT = {"pass": "pass", "fail": "fail", "no_answer": "noans", "tool_call_cap": "cap",
          "loop": "loop", "timeout": "tmout", "context_overflow": "ovfl", "malformed": "malf",
          "api_error": "api", "skipped": "skip"}


def format_summary(record: RunRecord, run_dir: Path | None = None) -> str:
    m = record.model
    cfg = record.config
    lines = [f"run {run_dir or record.run_id}  [{record.status}]  experiment {record.experiment}",
             f"model {m.get('name')} ({m.get('backend')}"
             + (f", {m['quantization']}" if m.get("quantization") else "")
             + (f", n_ctx {m['context_length']}" if m.get("context_length") else "") + ")"
             f"  vocab {cfg.get('vocab', {}).get('name')}  tools {cfg.get('tools', {}).get('name')}"
             f"  suite {record.suite['name']} ({record.suite['tests']} tests)"
             f"  session {record.agent['session']}, context {record.agent['context_policy']}"]
    head = f"{'repeat':>6} {'seed':>5} {'score':>7}  " + " ".join(f"{_SHORT[o]:>5}" for o in OUTCOMES) \
        + f" {'wall s':>8} {'gen t/s':>7} {'cache':>6} {'evict':>5}"
    lines += ["", head]
    for r in record.repeats:
        cache = f"{r.cache_reuse:.2f}" if r.cache_reuse is not None else "-"
        tps = f"{r.generation_tps:.1f}" if r.generation_tps else "-"
        lines.append(f"{r.repeat:>6} {r.seed if r.seed is not None else '-':>5} "
                     f"{r.score:>3}/{r.n:<3}  " + " ".join(f"{r.outcomes.get(o, 0):>5}" for o in OUTCOMES)
                     + f" {r.wall_s:>8.1f} {tps:>7} {cache:>6} {len(r.evictions):>5}")
    cats = sorted({c for r in record.repeats for c in r.by_category})
    if cats:
        lines += ["", "per category (pass/n per repeat):"]
        for c in cats:
            cells = [f"{r.by_category[c]['pass']}/{r.by_category[c]['n']}" if c in r.by_category else "-"
                     for r in record.repeats]
            lines.append(f"  {c:<4} " + "  ".join(f"{x:>6}" for x in cells))
    total = {o: sum(r.outcomes.get(o, 0) for r in record.repeats) for o in OUTCOMES}
    infra = {o: sum(r.infrastructure.get(o, 0) for r in record.repeats) for o in OUTCOMES}
    model_side = ", ".join(f"{o} {total[o] - infra[o]}" for o in OUTCOMES if total[o] - infra[o])
    infra_side = ", ".join(f"{o} {n}" for o, n in infra.items() if n)
    lines += ["", f"outcomes (model): {model_side or '-'}",
              f"infrastructure (not the model): {infra_side or 'none'}"]
    prompt = sum(r.prompt_tokens for r in record.repeats)
    cached = sum(r.cached_tokens for r in record.repeats)
    steady = [r.cache_reuse_between_evictions for r in record.repeats
              if r.cache_reuse_between_evictions is not None]
    lines.append(f"tokens: prompt {prompt} (cached {cached / prompt:.0%}"
                 + (f", between evictions {min(steady):.0%}" if steady else "") + ")"
                 if prompt else "tokens: prompt 0")
    lines[-1] += f", completion {sum(r.completion_tokens for r in record.repeats)}"
    if record.findings:
        lines += ["", f"findings ({len(record.findings)}):"]
        for f in record.findings:
            lines.append(f"  {f['code']}: {f['document']} quotes {len(f['queries'])} golden queries")
    else:
        lines += ["", "findings: none"]
    return "\n".join(lines)


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


def _versions() -> dict:
    def v(dist: str) -> str | None:
        try:
            return importlib.metadata.version(dist)
        except importlib.metadata.PackageNotFoundError:
            return None
    from lab import __version__
    return {"lab": __version__, "python": platform.python_version(),
            "llama_cpp_python": v("llama-cpp-python"), "openai": v("openai")}


def _plain(obj: Any) -> Any:
    if isinstance(obj, DictConfig):
        return OmegaConf.to_container(obj, resolve=True)
    return dict(obj) if obj is not None else None

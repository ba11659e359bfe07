"""Fingerprints: a hash of exactly the inputs that determine a result, and nothing else.

Two results with the same fingerprint are comparable (a baseline); anything that does not change
outcomes (output paths, timestamps, seeds list, repeat count, experiment name, findings) stays out
on purpose — a fingerprint that moved whenever something was *reported* would cost a run its
baseline (decision record 000: findings live beside the scores, never inside the hash).

What a run's fingerprint holds (`run_inputs`):

    model       backend, the model file's sha256 (never its path) or the served model id, and the
                settings that change outputs (sampling, n_ctx, tool-call formats, templates...)
    vocab       the vocabulary config (what fields a response has, when, how many)
    tools       the tool-set config, and `tool_schemas`: names, descriptions, parameters as the
                model sees them
    resolver    ranking settings (features, weights, top_k, rerank) and `encoder` (its id)
    corpus      the content hash of every indexed file (+ workspace roots)
    suite       the suite file's content hash and the ids of the tests run (suite.limit)
    templates   the prompt (configs/prompt/): system prompt, answer format, test message, worked example
    agent       session mode, tool choice (agent.tool_choice) and every limit

The lab's own code revision is recorded in the run record but kept out: comparing a code change
against the previous baseline is what the regression gate is for.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from typing import Any, Iterable, Mapping

#: Config keys that describe rather than define (vocab/tools files).
DESCRIPTIVE = {"name", "about"}


def canonical_json(obj: Any) -> str:
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=_stable)


def _stable(o: Any) -> str:
    """Non-JSON values by what they are, never by their memory address (a scripted model's
    callables and exceptions): the same program gives the same fingerprint."""
    if isinstance(o, BaseException):
        return f"<{type(o).__name__}: {o}>"
    if callable(o):
        f = o if hasattr(o, "__qualname__") else type(o)
        return f"<{getattr(f, '__module__', '?')}.{f.__qualname__}>"
    return str(o)


@dataclass(frozen=True)
class Fingerprint:
    value: str                   # sha256 hex of the canonical inputs
    inputs: Mapping[str, Any]    # what was hashed, for `lab fingerprint` and diffs

    @classmethod
    def of(cls, inputs: Mapping[str, Any]) -> "Fingerprint":
        # through JSON once, so inputs compare equal to what a run record reads back
        plain = json.loads(canonical_json(inputs))
        return cls(hashlib.sha256(canonical_json(plain).encode()).hexdigest(), plain)

    @property
    def short(self) -> str:
        return self.value[:12]

    def differing(self, other: "Fingerprint") -> list[str]:
        """Top-level input names whose values differ."""
        keys = sorted(set(self.inputs) | set(other.inputs))
        return [k for k in keys if canonical_json(self.inputs.get(k)) != canonical_json(other.inputs.get(k))]

    def differences(self, other: "Fingerprint", limit: int = 20) -> list[str]:
        """`path: this -> other` for each differing leaf (dotted paths), at most `limit` lines."""
        out = leaf_differences(self.inputs, other.inputs)
        return out[:limit] + ([f"... and {len(out) - limit} more"] if len(out) > limit else [])


_MISSING = object()


def leaf_differences(a: Mapping[str, Any], b: Mapping[str, Any], *, width: int | None = 60) -> list[str]:
    """`dotted.path: a -> b` for each leaf that differs between two nested mappings (`(absent)`
    on the side that lacks it), values as canonical JSON cut at `width` characters (None: whole)."""
    out: list[str] = []
    _walk("", a, b, out, width)
    return out


def _walk(path: str, a: Any, b: Any, out: list[str], width: int | None) -> None:
    if isinstance(a, Mapping) and isinstance(b, Mapping):
        for k in sorted(set(a) | set(b), key=str):
            _walk(f"{path}.{k}" if path else str(k), a.get(k, _MISSING), b.get(k, _MISSING), out, width)
    elif a is _MISSING or b is _MISSING or canonical_json(a) != canonical_json(b):
        out.append(f"{path}: {_short(a, width)} -> {_short(b, width)}")


def _short(v: Any, n: int | None) -> str:
    if v is _MISSING:
        return "(absent)"
    s = canonical_json(v)
    return s if n is None or len(s) <= n else s[: n - 3] + "..."


# -- the run's inputs -------------------------------------------------------------------------------

def model_inputs(settings: Mapping[str, Any], *, backend: str, excluded: Iterable[str] = (),
                 omitted_at: Mapping[str, Any] | None = None, file_sha256: str | None = None,
                 served_model: str | None = None, batch_engine: int | None = None,
                 batch_plan: str | None = None) -> dict:
    """What the model contributes: backend, file hash or served id, output-changing settings
    (all but `excluded`, the backend's `fingerprint_excluded`, the descriptive name/about, and a
    setting of `omitted_at` at its as-before value: the backend's `fingerprint_omitted_at`), and
    for a batched llama.cpp run the engine's scheduling version (its tokens follow the schedule)
    and, where it splits a slow size, its plan of llama_decode calls (lab/models/batch_shapes.py)."""
    out = DESCRIPTIVE | set(excluded)
    at = omitted_at or {}
    d: dict[str, Any] = {"backend": backend,
                         "settings": {k: v for k, v in sorted(settings.items())
                                      if k not in out and k != "backend"
                                      and not (k in at and v == at[k])}}
    if file_sha256 is not None:
        d["file_sha256"] = file_sha256
    if served_model is not None:
        d["served_model"] = served_model
    if batch_engine is not None:
        d["batch_engine"] = batch_engine
    if batch_plan is not None:
        d["batch_plan"] = batch_plan
    return d


def run_inputs(*, model: Mapping[str, Any], cfg: Mapping[str, Any], resolver: Any, suite: Any,
               templates: Any, agent: Any, tool_schemas: list[dict]) -> dict:
    """Everything that determines a run's outcomes, other than the repeat index (see module doc)."""
    agent_d = agent.model_dump()
    if agent_d.get("tool_choice") == "auto":
        del agent_d["tool_choice"]      # the default, as before the setting existed: old fingerprints hold
    tpl = templates.content() if hasattr(templates, "content") else {
        "system": templates.system, "answer_format": templates.answer_format,
        "test_message": templates.test_message}
    if tpl.get("example") is None:
        tpl.pop("example", None)        # likewise: a prompt without a worked example
    return {
        "model": dict(model),
        "vocab": {k: v for k, v in dict(cfg["vocab"]).items() if k not in DESCRIPTIVE},
        "tools": {k: v for k, v in dict(cfg["tools"]).items() if k not in DESCRIPTIVE},
        "tool_schemas": tool_schemas,
        "resolver": resolver.ranking_settings(),   # the resolver's own (lab/pathfinder/)
        "encoder": resolver.encoder_id,
        "corpus": {"content_hash": resolver.index.content_hash, "files": len(resolver.index.files)},
        "suite": {"content_hash": suite.content_hash, "tests": [t.id for t in suite.tests]},
        "templates": tpl,
        "agent": agent_d,
    }

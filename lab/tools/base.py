"""What every tool shares: the result type, the per-set context, argument checking.

A tool error is a `ToolResult` with `is_error=True` and text the model reads; tools never raise
for anything a model can do wrong (bad arguments, missing files, paths outside the corpus).
An exception a tool raises anyway is a bug of the lab: `ToolSet.call` returns it as an error
result with `crash` set to its traceback; the agent loop ends the test as `crash` on it (never a
model outcome), the MCP server answers the client with the error and goes on.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

from lab.vocab.schema import VocabConfig

if TYPE_CHECKING:
    from lab.tools.settings import ToolsSettings


@dataclass(frozen=True)
class ToolResult:
    text: str                      # what the model reads
    structured: Any = None         # the same facts as JSON (MCP structuredContent)
    is_error: bool = False
    crash: str | None = None       # the traceback when the tool raised (a lab bug, not a tool error)

    def to_dict(self) -> dict:
        return {"text": self.text, "structured": self.structured, "is_error": self.is_error,
                "crash": self.crash}


def error(text: str, **structured: Any) -> ToolResult:
    return ToolResult(text=f"Error: {text}", structured={"error": text, **structured}, is_error=True)


@dataclass
class ToolContext:
    """What the tools of one set share: the corpus root, the settings, the vocabulary, and the
    resolver (built on first use, so the filesystem baseline never pays for an index)."""
    root: Path                             # the corpus root, symlinks resolved
    settings: ToolsSettings
    vocab: VocabConfig
    resolver_factory: Callable[[], Any]
    offered: tuple[str, ...] = ()          # the tool names of the set (for hints in errors)
    _resolver: Any = field(default=None, repr=False)
    #: Held while the resolver is built and warmed: a call that needs it during a background
    #: warm-up (`lab serve`) waits for it instead of building a second index beside it.
    _lock: threading.RLock = field(default_factory=threading.RLock, repr=False)

    @property
    def resolver(self) -> Any:
        with self._lock:
            if self._resolver is None:
                self._resolver = self.resolver_factory()
            return self._resolver

    def warm_resolver(self) -> None:
        """Build the index and load the encoder and embeddings, holding the lock throughout."""
        with self._lock:
            r = self.resolver
            if hasattr(r, "warmup"):
                r.warmup()


class Tool:
    """One tool: a name, a JSON schema of its arguments, a description, and `run`."""
    name: str = ""
    schema: dict = {"type": "object", "properties": {}}

    def description(self, ctx: ToolContext) -> str:
        raise NotImplementedError

    def run(self, args: dict, ctx: ToolContext) -> ToolResult:
        raise NotImplementedError

    def call(self, args: Any, ctx: ToolContext) -> ToolResult:
        """Check the arguments against the schema, then run; every failure comes back as text."""
        problem = check_args(self.name, self.schema, args)
        if problem:
            return error(problem, tool_name=self.name)
        known = self.schema.get("properties", {})
        # Unknown arguments are dropped, as the reference filesystem server (zod objects) does.
        return self.run({k: v for k, v in args.items() if k in known}, ctx)


_TYPES = {"string": str, "integer": int, "number": (int, float), "boolean": bool,
          "array": list, "object": dict}


def check_args(tool: str, schema: dict, args: Any) -> str | None:
    """A one-line problem with `args`, or None. Covers the schema subset our tools use."""
    if not isinstance(args, dict):
        return f"{tool} takes a JSON object of arguments, got {type(args).__name__}"
    props = schema.get("properties", {})
    for req in schema.get("required", []):
        if req not in args or args[req] is None:
            return (f"{tool} needs the argument '{req}' "
                    f"(arguments: {', '.join(props)})")
    for key, spec in props.items():
        if key not in args or args[key] is None:
            continue
        v, t = args[key], spec.get("type")
        ok = isinstance(v, _TYPES[t]) and not (t in ("integer", "number") and isinstance(v, bool))
        if ok and t == "array":
            item_t = spec.get("items", {}).get("type")
            ok = item_t is None or all(isinstance(x, _TYPES[item_t]) for x in v)
        if not ok:
            want = f"array of {spec['items']['type']}s" if t == "array" else f"{t}"
            return f"{tool}: argument '{key}' must be a {want}, got {v!r}"
        if t == "integer" and "minimum" in spec and v < spec["minimum"]:
            return f"{tool}: argument '{key}' must be >= {spec['minimum']}, got {v}"
    return None

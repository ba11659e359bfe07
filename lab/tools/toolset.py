"""`ToolSet`: the tools a run offers, built from the composed config (tools + vocab + resolver).

The agent loop and the MCP server both hold one and use only `specs()` and `call()`.
"""

from __future__ import annotations

import threading
import time
import traceback
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable


from lab.errors import InputError
from lab.settings import parse, plain
from lab.tools.base import Tool, ToolContext, ToolResult, error
from lab.tools.registry import REGISTRY
from lab.tools.settings import ToolsSettings
from lab.vocab.schema import load_vocab
from lab.pathfinder.resolver import load_resolver
from lab.pathfinder.resolver import corpus_root_from_cfg


@dataclass(frozen=True)
class ToolSpec:
    name: str
    description: str
    input_schema: dict


def load_tools_settings(cfg: Any) -> ToolsSettings:
    """Validate `cfg.tools` (configs/tools/<name>.yaml); a bad key is an InputError naming it."""
    raw = plain(cfg)
    name = raw.get("name") if isinstance(raw, Mapping) else None
    file = f"configs/tools/{name}.yaml" if isinstance(name, str) and name else "configs/tools"
    return parse(ToolsSettings, raw, file=file, prefix="tools")


class ToolSet:
    def __init__(self, tools: list[Tool], ctx: ToolContext) -> None:
        self.tools = {t.name: t for t in tools}
        self.ctx = ctx

    @property
    def names(self) -> list[str]:
        return list(self.tools)

    @property
    def needs_resolver(self) -> bool:
        return "path_resolve" in self.tools or self.ctx.settings.tool_retry_with_resolve

    def warmup(self) -> None:
        """Build the index and load the encoder now rather than on the first call."""
        if self.needs_resolver:
            self.ctx.warm_resolver()

    def warmup_in_background(self, report: Callable[[str], None]) -> threading.Thread:
        """`warmup()` on a daemon thread, so a server can answer `initialize` and `tools/list`
        at once; a tool call that needs the resolver waits until the warm-up is done. `report`
        gets one line when it ends: ready (with the time) or failed (later calls retry the build
        and return its error as their result)."""
        def work() -> None:
            t0 = time.monotonic()
            try:
                self.warmup()
            except Exception as e:  # noqa: BLE001 - reported; the calls report it again
                report(f"warm-up failed after {time.monotonic() - t0:.1f} s: {type(e).__name__}: {e}")
                return
            if self.needs_resolver:
                report(f"index ready in {time.monotonic() - t0:.1f} s")

        thread = threading.Thread(target=work, name="lab-warmup", daemon=True)
        thread.start()
        return thread

    def specs(self) -> list[ToolSpec]:
        return [ToolSpec(t.name, t.description(self.ctx), t.schema) for t in self.tools.values()]

    def call(self, name: str, args: Any) -> ToolResult:
        """Run one tool call. Whatever goes wrong comes back as an error result, never raised."""
        tool = self.tools.get(name)
        if tool is None:
            return error(f"unknown tool '{name}' (tools: {', '.join(self.tools)})")
        try:
            return tool.call(args if args is not None else {}, self.ctx)
        except Exception as e:  # a bug in a tool: the caller decides (loop: crash; MCP: an error)
            tb = traceback.format_exc()
            return ToolResult(text=f"Error: {name} failed: {type(e).__name__}: {str(e)[:500]}",
                              structured={"error": "internal", "tool_name": name},
                              is_error=True, crash=tb)


def build_toolset(cfg: Any, *, resolver: Any = None, settings: Any = None, vocab: Any = None) -> ToolSet:
    """The tool set a composed config describes. `resolver` (optional) is used instead of
    building one from cfg.resolver / cfg.corpus (tests, an agent loop that already has one);
    `settings` and `vocab`: the tools and vocab groups already checked (not parsed again)."""
    settings = settings if settings is not None else load_tools_settings(cfg["tools"])
    vocab = vocab if vocab is not None else load_vocab(cfg["vocab"])

    def make_resolver() -> Any:
        return load_resolver(cfg)

    if resolver is not None:
        root = Path(resolver.root)
    else:
        root = corpus_root_from_cfg(cfg["corpus"])
    root = root.expanduser().resolve()
    if not root.is_dir():
        raise InputError("corpus root is not a directory", key=f"corpus.root={root}")
    tools = [REGISTRY[t]() for t in settings.offer]
    ctx = ToolContext(root=root, settings=settings, vocab=vocab,
                      resolver_factory=(lambda: resolver) if resolver is not None else make_resolver,
                      offered=tuple(t.name for t in tools))
    return ToolSet(tools, ctx)

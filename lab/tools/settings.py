"""The schema of `configs/tools/<name>.yaml`: which registered tools a set offers, and their limits."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field, ValidationInfo, field_validator

from lab.settings import Settings
from lab.tools.registry import REGISTRY


class ToolsSettings(Settings):
    """`configs/tools/<name>.yaml` (the defaults are there)."""
    name: str
    offer: Annotated[tuple[str, ...], Field(strict=False, min_length=1)]  # registry ids, in offer order
    tool_retry_with_resolve: bool          # not-found errors carry resolved suggestions + tool_name
    retry_candidates: Annotated[int, Field(ge=1)]
    #: pathfinder read_file's default (and ceiling) max_bytes: required when read_file is offered
    read_max_bytes: Annotated[int, Field(ge=1)] | None = None

    @field_validator("offer")
    @classmethod
    def _registered(cls, offer: tuple[str, ...]) -> tuple[str, ...]:
        for t in offer:
            if t not in REGISTRY:
                raise ValueError(f"unknown tool {t!r} (known: {', '.join(REGISTRY)})")
        exposed = [REGISTRY[t].name for t in offer]
        dup = {n for n in exposed if exposed.count(n) > 1}
        if dup:
            raise ValueError(f"two tools would both be called {', '.join(sorted(dup))}")
        return offer

    @field_validator("read_max_bytes")
    @classmethod
    def _needed_by_read_file(cls, v: int | None, info: ValidationInfo) -> int | None:
        if v is None and "read_file" in (info.data.get("offer") or ()):
            raise ValueError("read_file is offered: set tools.read_max_bytes (bytes, >= 1)")
        return v

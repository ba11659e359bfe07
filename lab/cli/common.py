"""What several commands share: composing the config from options and overrides, error reporting."""

from __future__ import annotations

import functools
import sys
from typing import Callable

import click
from omegaconf import DictConfig

from lab.config import compose
from lab.errors import LabError


def compose_cfg(overrides: tuple[str, ...] | list[str], *, corpus: str | None = None,
                extra: list[str] | None = None) -> DictConfig:
    ov = list(overrides)
    if corpus:
        ov.append(f"corpus.root={corpus}")
    ov.extend(extra or [])
    return compose(ov)


def lab_errors(fn: Callable) -> Callable:
    """Turn the lab's own errors into a one-line message and exit code 2 (usage / input error)."""

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        try:
            return fn(*args, **kwargs)
        except LabError as e:
            click.echo(f"error: {e}", err=True)
            sys.exit(2)

    return wrapper

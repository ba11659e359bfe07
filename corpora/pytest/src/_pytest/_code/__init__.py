"""Python inspection/code generation API."""

from __future__ import annotations

from .code import Code
from .code import ExceptionInfo
from .code import filter_traceback
from .code import Frame
from .code import getfslineno
from .code import Traceback
from .code import TracebackEntry
from .source import getrawcode
from .source import Source


__all__ = [
    "Code",
    "ExceptionInfo",
    "Frame",
    "Source",
    "Traceback",
    "TracebackEntry",
    "filter_traceback",
    "getfslineno",
    "getrawcode",
]

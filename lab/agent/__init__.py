"""The agent loop: sessions, limits, outcome labels, token accounting (see `loop.py`).

Names are imported lazily (PEP 562), so reading run artifacts (`lab.agent.result`, used by
`lab.runs.record` and the analysis) never loads the loop, the models, the tools or pathfinder.
"""

from __future__ import annotations

import importlib
from typing import Any

_EXPORTS = {
    "grade": "grading", "normalize_path": "grading",
    "Session": "loop", "SessionResult": "loop", "run_session": "loop",
    "Progress": "progress",
    "RepetitionCheck": "repetition",
    "CRASH": "result", "INFRASTRUCTURE": "result", "OUTCOMES": "result", "needs_retry": "result", "TestResult": "result", "ToolCallRecord": "result",
    "AgentSettings": "settings", "agent_settings": "settings",
    "Templates": "prompt", "WorkedExample": "prompt", "load_prompt": "prompt", "load_templates": "prompt",
}

__all__ = sorted(_EXPORTS)


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'lab.agent' has no attribute '{name}'")
    return getattr(importlib.import_module(f"lab.agent.{module}"), name)

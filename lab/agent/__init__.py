"""The agent loop: sessions, limits, outcome labels, token accounting (see `loop.py`).

Names are imported lazily (PEP 562), so reading run artifacts (`lab.records.results`, used by
`lab.records.record` and the analysis) never loads the loop, the models, the tools or pathfinder.
"""

from __future__ import annotations

import importlib
from typing import Any

_EXPORTS = {
    # what an answer must be to pass lives with the golden sets (lab/suites/grading.py)
    "grade": "lab.suites.grading", "normalize_path": "lab.suites.grading",
    "Session": "loop", "SessionResult": "loop", "run_session": "loop",
    "Progress": "progress",
    "RepetitionCheck": "repetition",
    # the record schema of a test lives below the agent (lab/records/results.py); re-exported here
    "CRASH": "lab.records.results", "INFRASTRUCTURE": "lab.records.results", "OUTCOMES": "lab.records.results",
    "needs_retry": "lab.records.results", "TestResult": "lab.records.results", "ToolCallRecord": "lab.records.results",
    "AgentSettings": "settings", "agent_settings": "settings",
    "PromptSettings": "prompt", "Templates": "prompt", "WorkedExample": "prompt",
    "load_prompt": "prompt", "load_templates": "prompt",
}

__all__ = sorted(_EXPORTS)


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'lab.agent' has no attribute '{name}'")
    return getattr(importlib.import_module(module if "." in module else f"lab.agent.{module}"), name)

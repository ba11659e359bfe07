"""The agent loop: sessions, limits, outcome labels, token accounting (see `loop.py`)."""

from lab.agent.grading import grade, normalize_path
from lab.agent.loop import Session, SessionResult, run_session
from lab.agent.progress import Progress
from lab.agent.repetition import RepetitionCheck
from lab.agent.result import INFRASTRUCTURE, OUTCOMES, TestResult, ToolCallRecord
from lab.agent.settings import AgentSettings, Templates, agent_settings, load_templates

__all__ = ["AgentSettings", "INFRASTRUCTURE", "OUTCOMES", "Progress", "RepetitionCheck", "Session",
           "SessionResult", "Templates", "TestResult", "ToolCallRecord", "agent_settings", "grade",
           "load_templates", "normalize_path", "run_session"]

"""The arrows of DESIGN.md's module map point one way."""


def test_reading_run_artifacts_never_loads_the_agent_loop():
    """DESIGN: analysis reads run records and never imports the agent (loop, models, tools)."""
    import subprocess
    import sys

    code = ("import sys, lab.runs.record, lab.analysis.load; "
            "print([m for m in sys.modules if m.startswith(('lab.agent.loop', 'lab.models', 'lab.tools', "
            "'lab.pathfinder', 'lab.vocab'))])")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"

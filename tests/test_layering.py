"""The arrows of DESIGN.md's module map point one way (docs/DESIGN.md): every "never" arrow is
checked statically (every import statement, lazy ones inside functions too) and, for the
analysis side, by what importing it actually loads."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

LAB = Path(__file__).resolve().parent.parent / "lab"

#: (package, what it never imports, why) — DESIGN.md: "pathfinder never imports vocab, vocab never
#: imports models, analysis reads run records and never imports the agent"; issue 13: models never
#: import vocabularies (token approximation lives in lab/tokens.py).
NEVER = [
    ("lab.pathfinder", ("lab.vocab",), "pathfinder knows nothing of vocabularies"),
    ("lab.vocab", ("lab.models",), "a vocabulary never depends on a model backend"),
    ("lab.models", ("lab.vocab",), "models do not import vocabularies"),
    ("lab.analysis", ("lab.agent", "lab.models", "lab.tools", "lab.pathfinder", "lab.vocab"),
     "analysis reads run records, never the agent"),
]
#: Imports allowed to cross an arrow: none (the record schema of a test, lab/results.py, sits below
#: the agent, runs and analysis; issue 13, item 5).
ALLOWED: set[tuple[str, str]] = set()


def imports_of(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            out.add(node.module)
            out.update(f"{node.module}.{a.name}" for a in node.names)
    return out


@pytest.mark.parametrize("package, never, why", NEVER, ids=[f"{p}-x-{'|'.join(n)}" for p, n, _ in NEVER])
def test_never_arrows(package, never, why):
    folder = LAB / package.removeprefix("lab.").replace(".", "/")
    bad = []
    for path in sorted(folder.rglob("*.py")):
        for name in imports_of(path):
            hit = next((n for n in never if name == n or name.startswith(n + ".")), None)
            if hit and not any(name == a or name.startswith(a + ".") for p, a in ALLOWED if p == package):
                bad.append(f"{path.relative_to(LAB.parent)} imports {name}")
    assert not bad, f"{why}:\n" + "\n".join(sorted(set(bad)))


def test_reading_run_artifacts_never_loads_the_agent_loop():
    """DESIGN: analysis reads run records and never imports the agent (loop, models, tools)."""
    import subprocess
    import sys

    code = ("import sys, lab.runs.record, lab.analysis.load; "
            "print([m for m in sys.modules if m.startswith(('lab.agent.loop', 'lab.models', 'lab.tools', "
            "'lab.pathfinder', 'lab.vocab'))])")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_the_checker_sees_lazy_imports(tmp_path):
    f = tmp_path / "m.py"
    f.write_text("def f():\n    from lab.vocab.tokens import x\n    import lab.models.base\n")
    assert {"lab.vocab.tokens", "lab.models.base"} <= imports_of(f)

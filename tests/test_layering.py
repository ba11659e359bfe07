"""The arrows of docs/DESIGN.md point one way: every "never" arrow of its table is checked
statically (every import statement, lazy ones inside functions too) and, where it matters, by
what importing a part actually loads; lab/ has no import loop (walked from the AST)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

LAB = Path(__file__).resolve().parent.parent / "lab"

#: (package, what it never imports, why) — the never-arrows of docs/DESIGN.md, in its order.
FACE = ("lab.cli", "lab.serve", "lab.view")
NEVER = [
    ("lab.paths", ("lab",), "the ground floor imports nothing of the lab"),
    ("lab.errors", ("lab",), "the ground floor imports nothing of the lab"),
    ("lab.settings", ("lab.config", "lab.corpus", "lab.pathfinder", "lab.vocab", "lab.tools", "lab.models",
                      "lab.agent", "lab.runner", "lab.records", "lab.stats", "lab.comparisons", "lab.suites",
                      "lab.analysis", "lab.sweeps", *FACE),
     "the schema base sits on the ground floor"),
    ("lab.token_estimate", ("lab.vocab", "lab.models"), "the token estimate sits below models and vocabularies"),
    ("lab.corpus", ("lab.config", "lab.pathfinder", "lab.vocab", "lab.tools", "lab.models", "lab.agent",
                    "lab.runner", "lab.records", "lab.sweeps", *FACE), "a corpus knows nothing of its readers"),
    ("lab.pathfinder", ("lab.config", "lab.vocab", "lab.tools", "lab.models", "lab.agent", "lab.runner",
                        "lab.sweeps", *FACE),
     "pathfinder knows nothing of vocabularies, tools, models or the faces that show it"),
    ("lab.vocab", ("lab.models", "lab.tools", "lab.agent", "lab.runner", *FACE),
     "a vocabulary never depends on a model backend or a tool"),
    ("lab.tools", ("lab.models", "lab.agent", "lab.runner", "lab.sweeps", *FACE),
     "a tool answers whoever calls it: no model, no agent"),
    ("lab.models", ("lab.vocab", "lab.tools", "lab.pathfinder", "lab.agent", "lab.runner", "lab.sweeps",
                    "lab.analysis", *FACE),
     "models do not import vocabularies, tools or the resolver (token approximation lives in lab/token_estimate.py)"),
    ("lab.stats", ("lab.records", "lab.comparisons", "lab.runner", "lab.agent", "lab.models", "lab.analysis", "lab.sweeps", *FACE),
     "statistics are numbers in, numbers out"),
    ("lab.records", ("lab.runner", "lab.comparisons", "lab.agent", "lab.models", "lab.tools", "lab.vocab",
                     "lab.pathfinder", "lab.suites", "lab.analysis", "lab.sweeps", *FACE),
     "records are read without the machinery that wrote them"),
    ("lab.comparisons", ("lab.runner", "lab.agent", "lab.models", "lab.tools", "lab.vocab", "lab.pathfinder",
                         "lab.analysis", "lab.sweeps", *FACE), "runs are compared from their records alone"),
    ("lab.suites", ("lab.agent", "lab.models", "lab.tools", "lab.vocab", "lab.runner", "lab.analysis",
                    "lab.sweeps", *FACE), "a golden set is read and checked without any model"),
    ("lab.agent", ("lab.runner", "lab.records", "lab.sweeps", "lab.analysis", "lab.config", *FACE),
     "the loop runs one session; it neither writes records nor composes configs"),
    ("lab.runner", ("lab.sweeps", "lab.analysis", *FACE), "a run knows nothing of the sweep around it"),
    ("lab.analysis", ("lab.agent", "lab.models", "lab.tools", "lab.pathfinder", "lab.vocab", "lab.runner",
                      "lab.sweeps", *FACE), "analysis reads run records, never the agent"),
    ("lab.sweeps", FACE, "a sweep is driven by the command, never the other way"),
]
#: Imports allowed to cross an arrow: the agent writes one test attempt in the record schema
#: (lab/records/results.py), the one module of the records it may use.
ALLOWED: set[tuple[str, str]] = {("lab.agent", "lab.records.results")}


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


def files_of(package: str) -> list[Path]:
    rel = package.removeprefix("lab.").replace(".", "/")
    return [LAB / f"{rel}.py"] if (LAB / f"{rel}.py").is_file() else sorted((LAB / rel).rglob("*.py"))


@pytest.mark.parametrize("package, never, why", NEVER, ids=[f"{p}-x-{len(n)}" for p, n, _ in NEVER])
def test_never_arrows(package, never, why):
    files = files_of(package)
    assert files, package
    bad = []
    for path in files:
        for name in imports_of(path):
            hit = next((n for n in never if name == n or name.startswith(n + ".")), None)
            if hit and not any(name == a or name.startswith(a + ".") for p, a in ALLOWED if p == package):
                bad.append(f"{path.relative_to(LAB.parent)} imports {name}")
    assert not bad, f"{why}:\n" + "\n".join(sorted(set(bad)))


def test_reading_run_artifacts_never_loads_the_agent_loop():
    """DESIGN: analysis reads run records and never imports the agent (loop, models, tools)."""
    import subprocess
    import sys

    code = ("import sys, lab.records.record, lab.analysis.load; "
            "print([m for m in sys.modules if m.startswith(('lab.agent.loop', 'lab.models', 'lab.tools', "
            "'lab.pathfinder', 'lab.vocab'))])")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_the_checker_sees_lazy_imports(tmp_path):
    f = tmp_path / "m.py"
    f.write_text("def f():\n    from lab.vocab.tokens import x\n    import lab.models.base\n")
    assert {"lab.vocab.tokens", "lab.models.base"} <= imports_of(f)


def test_pathfinder_never_imports_the_faces_and_models_never_the_tools():
    """Issue 28's two missing arrows, named on their own: Models -/-> Tools, Pathfinder -/-> Face."""
    rows = {p: n for p, n, _ in NEVER}
    assert "lab.tools" in rows["lab.models"]
    assert set(FACE) <= set(rows["lab.pathfinder"])


# -- no import loop ---------------------------------------------------------------------------

def module_name(path: Path) -> str:
    if not path.is_relative_to(LAB.parent):          # a file of the checker's own test
        return path.stem
    parts = list(path.relative_to(LAB.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(p): p for p in LAB.rglob("*.py")}


def _target(name: str) -> str | None:
    """The lab module an imported name lands in (a package's __init__ for a name it defines)."""
    while name and name not in MODULES:
        name = name.rpartition(".")[0]
    return name or None


def module_imports(path: Path, *, module_level: bool) -> set[str]:
    """The lab modules `path` imports: at module level only (what importing it runs: class bodies
    and `if`/`try` blocks included, function bodies and `if TYPE_CHECKING:` not), or everywhere."""
    me = module_name(path)
    package = me if path.name == "__init__.py" else me.rpartition(".")[0]
    out: set[str] = set()
    stack = list(ast.parse(path.read_text(encoding="utf-8")).body)
    while stack:
        node = stack.pop()
        if module_level and isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        if isinstance(node, ast.If) and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING":
            continue
        if isinstance(node, ast.Import):
            out.update(filter(None, (_target(a.name) for a in node.names if a.name.startswith("lab"))))
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")[:len(package.split(".")) - (node.level - 1)]
                base = ".".join(up + ([node.module] if node.module else []))
            if base == "lab" or base.startswith("lab."):
                out.update(filter(None, (_target(f"{base}.{a.name}") for a in node.names)))
        stack.extend(ast.iter_child_nodes(node))
    out.discard(me)
    return out


def import_loops(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    loops: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                loops.append(sorted(group))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return sorted(loops)


def test_lab_has_no_import_loop():
    graph = {m: module_imports(p, module_level=True) for m, p in MODULES.items()}
    assert import_loops(graph) == []


def test_lazy_imports_hide_no_loop():
    """A function-level import closes no loop either (one did: compare <-> power <-> collapse)."""
    graph = {m: module_imports(p, module_level=False) for m, p in MODULES.items()}
    assert import_loops(graph) == []


def test_the_loop_finder_finds_a_loop_and_a_lazy_one(tmp_path):
    assert import_loops({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    f = tmp_path / "m.py"
    f.write_text("import lab.paths\nif TYPE_CHECKING:\n    import lab.runner\n"
                 "def f():\n    from lab.models import base\n")
    assert "lab.models.base" not in module_imports(f, module_level=True)
    assert "lab.models.base" in module_imports(f, module_level=False)
    assert "lab.runner" not in module_imports(f, module_level=False)


def test_a_single_lab_run_loads_nothing_of_the_sweeps(tmp_path):
    """`lab run` without -m: no lab.sweeps module (the sweep id, the manifest, the summary
    callback, the launchers' machinery), though Hydra imports every hydra_plugins module."""
    import json
    import subprocess
    import sys

    repo = LAB.parent
    code = ("import json, sys\nfrom lab.cli import main\n"
            "try:\n    main(sys.argv[1:], standalone_mode=False)\nexcept SystemExit as e:\n"
            "    assert not e.code, e.code\n"
            "print(json.dumps(sorted(m for m in sys.modules if m.startswith('lab.sweeps'))))")
    args = ["run", "model=tool_follower", f"corpus.root={repo / 'tests/data/minirepo'}",
            f"suite.file={repo / 'tests/data/mini_suite.yaml'}",
            f"prompt.file={repo / 'tests/data/agent/templates.yaml'}", "resolver.semantic.enabled=false",
            "run.progress=false", f"run.results_dir={tmp_path}"]
    out = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, check=True,
                         cwd=tmp_path).stdout
    assert json.loads(out.strip().splitlines()[-1]) == []
    assert list(tmp_path.glob("default/*/run.json"))          # the run really ran


def test_preparing_a_run_needs_no_agent_loop():
    """`prepare` checks the worked example's tool without the loop (lab.agent.prompt holds it)."""
    assert "lab.agent.loop" not in module_imports(LAB / "runner/preparing.py", module_level=False)

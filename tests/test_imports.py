"""Function-level imports say why they are not at the top of the module (issue 28): each has a
reason comment on its own line(s) or on the line above; a run of imports directly under one
comment shares it (e.g. `# heavy: scipy ~1 s to import; ...` over two scipy imports). The reasons
the lab accepts: a heavy or optional third-party package, a platform-only module, an import loop
that moving code cannot break. A lab module that is light and loop-free goes to the top."""

from __future__ import annotations

import ast
import io
import tokenize
from pathlib import Path

LAB = Path(__file__).resolve().parent.parent / "lab"


def function_imports(tree: ast.AST) -> list[ast.Import | ast.ImportFrom]:
    """Import statements inside a function body (nested classes and blocks included)."""
    out = []
    for fn in ast.walk(tree):
        if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
            out.extend(n for n in ast.walk(fn) if isinstance(n, (ast.Import, ast.ImportFrom)))
    return sorted(set(out), key=lambda n: n.lineno)


def unexplained(source: str) -> list[int]:
    """Line numbers of function-level imports with no reason comment beside them."""
    comments = {tok.start[0]: tok.string for tok in tokenize.generate_tokens(io.StringIO(source).readline)
                if tok.type == tokenize.COMMENT}
    lines = source.splitlines()
    explained_end: set[int] = set()        # last line of each explained import
    bad = []
    for node in function_imports(ast.parse(source)):
        own = any(i in comments for i in range(node.lineno, node.end_lineno + 1))
        above = node.lineno - 1
        comment_above = above in comments and lines[above - 1].strip().startswith("#")
        if own or comment_above or above in explained_end:
            explained_end.add(node.end_lineno)
        else:
            bad.append(node.lineno)
    return bad


def test_every_function_level_import_says_why():
    bad = [f"{p.relative_to(LAB.parent)}:{n}: {p.read_text(encoding='utf-8').splitlines()[n - 1].strip()}"
           for p in sorted(LAB.rglob("*.py")) for n in unexplained(p.read_text(encoding="utf-8"))]
    assert not bad, ("a function-level import without a reason beside it: hoist it to the top of "
                     "its module, or say why it stays lazy:\n" + "\n".join(bad))


def test_the_checker_finds_an_unexplained_import_and_accepts_a_reason():
    src = ("import json\n\n"
           "def f():\n"
           "    import sys\n"                                  # 4: no reason
           "    # heavy: scipy ~1 s to import\n"
           "    from scipy import stats\n"                     # 6: the line above
           "    from scipy.optimize import brentq\n"           # 7: the same run
           "    x = 1  # a comment, not about an import\n"
           "    import difflib\n"                              # 9: no reason
           "    import fcntl  # POSIX only\n"                  # 10: its own line
           "    s = '# not a comment'\n"
           "    import csv\n")                                 # 12: a '#' in a string is no reason
    assert unexplained(src) == [4, 9, 12]

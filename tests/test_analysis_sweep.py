"""A small results folder for the analysis, report and notebook tests, made in the test session.

`make_sweep(root)` runs, over a copy of tests/data/minirepo with a benchmark note that quotes two
golden queries (so the contamination section has a finding):
- experiment `vocab-sweep`: a scripted model on a generated 70-test suite (tests70's category
  layout: G = 46-48, K = 61-66, L = 67-70), vocabularies minimal, maybe_exts, exist_similar and
  alike, 3 repeats each. Its behaviour is seeded per repeat and shaped like the source log:
  maybe_exts stable, minimal weaker on the extension categories, exist_similar collapsing from
  test 46 in one repeat of three (a cascade), alike counting in a loop from test 61 on;
- experiment `follower`: `lab run -m model=tool_follower vocab=minimal,maybe_exts run.repeats=2`
  through the CLI (a Hydra multirun: two run dirs and a .sweeps folder).
The folder is made once per session (memoized) and never committed.
"""

from __future__ import annotations

import random
import shutil
from collections import defaultdict
from pathlib import Path

from click.testing import CliRunner

from conftest import MINIREPO_FILES as FILES, write_suite70

REPO = Path(__file__).resolve().parent.parent
MINIREPO = REPO / "tests/data/minirepo"
TEMPLATES = REPO / "tests/data/agent/templates.yaml"

QUOTED = ["terraform module for the fargate cluster", "where do we check webhook signatures"]
VOCABS = ["minimal", "maybe_exts", "exist_similar", "alike"]
COUNTING = "Let me count again.\n" + "59 PASS, 1 FAIL\n" * 60

_MADE: dict[Path, Path] = {}


def write_suite(path: Path) -> Path:
    return write_suite70(path, special={41: (QUOTED[0], "infra/terraform/modules/ecs/main.tf"),
                                        42: (QUOTED[1], "services/payments/handler.go")})


def corpus_with_note(root: Path) -> Path:
    corpus = root / "corpus"
    shutil.copytree(MINIREPO, corpus)
    (corpus / "docs/bench-notes.md").write_text(
        "# Benchmark notes\n\nWe ask: " + QUOTED[0] + " and also " + QUOTED[1] + ", every run.\n")
    return corpus


class Behaviour:
    """A scripted model whose chance of a right answer depends on vocabulary, position and a
    per-repeat draw — deterministic for a given seed."""

    def __init__(self, vocab: str) -> None:
        self.vocab = vocab
        self.backend = None
        self.turns: dict[tuple, int] = defaultdict(int)

    def p_right(self, seed: int, pos: int, cat: str) -> float:
        if self.vocab == "maybe_exts":
            return 0.95
        if self.vocab == "minimal":
            return 0.55 if cat in "DKL" else 0.85
        if self.vocab == "exist_similar":
            collapsed = seed % 3 == 2                     # one repeat in three collapses mid-session
            return 0.15 if collapsed and pos >= 46 else 0.92
        return 0.85                                       # alike, before the counting loop

    def __call__(self, req):
        from lab.models.textcalls import hermes_call_text

        t = req.test
        seed = self.backend.seed
        key = (seed, t.id)
        n = self.turns[key]
        self.turns[key] += 1
        if n == 0:
            return hermes_call_text("path_resolve", {"query": t.query})
        if self.vocab == "alike" and t.position >= 61:
            return COUNTING                               # the 'alike: 273' spiral -> loop
        u = random.Random(f"{self.vocab}/{seed}/{t.id}").random()
        if u < self.p_right(seed, t.position, t.category):
            return f"ANSWER: {t.expected[0]}"
        if u > 0.985:
            return "I am not sure which file that is."    # rambles: a nudge, then no_answer
        wrong = FILES[(FILES.index(t.expected[0]) + 1) % len(FILES)] if t.expected[0] in FILES else FILES[0]
        return f"ANSWER: {wrong}"


def make_sweep(root: Path) -> Path:
    """The results folder described in the module docstring (made once per root)."""
    root = Path(root)
    if root in _MADE:
        return _MADE[root]
    from lab.cli import main
    from lab.config import compose
    from lab.models import ScriptedBackend
    from lab.runner import run

    root.mkdir(parents=True, exist_ok=True)
    results = root / "results"
    suite = write_suite(root / "gen70.yaml")
    corpus = corpus_with_note(root)
    common = [f"corpus.root={corpus}", f"suite.file={suite}", f"prompt.file={TEMPLATES}",
              f"run.results_dir={results}", "resolver.semantic.enabled=false", "run.progress=false"]
    for vocab in VOCABS:
        cfg = compose([*common, f"vocab={vocab}", "run.repeats=3", "run.experiment=vocab-sweep"])
        behaviour = Behaviour(vocab)
        backend = ScriptedBackend({"name": "scripted"}, outputs=[behaviour] * 800)
        behaviour.backend = backend
        run(cfg, backend=backend, progress=False, out=open("/dev/null", "w"))
    res = CliRunner().invoke(main, ["run", "-m", *common, "model=tool_follower",
                                    "vocab=minimal,maybe_exts", "run.repeats=2",
                                    "run.experiment=follower"], catch_exceptions=False)
    assert res.exit_code == 0, res.output
    _MADE[root] = results
    return results


def test_the_sweep_has_every_cell_complete(tmp_path_factory):
    from lab.records.record import read_record

    results = make_sweep(tmp_path_factory.getbasetemp() / "analysis-sweep")
    recs = [read_record(p.parent) for p in sorted(results.rglob("run.json"))]
    cells = sorted((r.experiment, r.config["vocab"]["name"], r.model["name"], len(r.repeats)) for r in recs)
    assert cells == [("follower", "maybe_exts", "tool_follower", 2), ("follower", "minimal", "tool_follower", 2),
                     ("vocab-sweep", "alike", "scripted", 3), ("vocab-sweep", "exist_similar", "scripted", 3),
                     ("vocab-sweep", "maybe_exts", "scripted", 3), ("vocab-sweep", "minimal", "scripted", 3)]
    assert all(r.status == "complete" and r.findings for r in recs)
    alike = next(r for r in recs if r.config["vocab"]["name"] == "alike")
    assert all(rep.outcomes["loop"] >= 10 for rep in alike.repeats)

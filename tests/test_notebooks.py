"""The notebooks execute (nbclient) against a small results folder made by the scripted model."""

from __future__ import annotations

import os
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

from lab.records.rounds import SHOWN
from test_analysis_sweep import make_sweep

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"


@pytest.fixture(scope="module")
def results(tmp_path_factory):
    return make_sweep(tmp_path_factory.getbasetemp() / "analysis-sweep")


def test_every_notebook_is_tested():
    assert sorted(p.name for p in NOTEBOOKS.glob("*.ipynb")) == ["context.ipynb", "variance.ipynb"]


@pytest.mark.parametrize("name", ["variance", "context"])
def test_notebook_executes_on_a_results_folder(name, results, tmp_path, monkeypatch):
    nb = nbformat.read(NOTEBOOKS / f"{name}.ipynb", as_version=4)
    assert all(not c.get("outputs") for c in nb.cells if c.cell_type == "code"), "commit notebooks without outputs"
    monkeypatch.setenv("VOCAB_LAB_RESULTS", str(results))      # the kernel inherits the environment
    client = NotebookClient(nb, timeout=300, kernel_name="python3",
                            resources={"metadata": {"path": str(tmp_path)}})
    client.execute()
    outputs = [o for c in nb.cells if c.cell_type == "code" for o in c.outputs]
    assert not [o for o in outputs if o.output_type == "error"]
    text = "".join(o.get("text", "") for o in outputs if o.output_type == "stream")
    assert "Results(6 runs, 16 repeats" in text and "left out" not in text
    images = [o for o in outputs if "image/png" in o.get("data", {})]
    assert len(images) >= 3, f"figures shown: {len(images)}"
    tables = [o for o in outputs if "text/html" in o.get("data", {})]
    assert len(tables) >= 3
    assert os.environ.get("VOCAB_LAB_RESULTS") == str(results)


# -- the notebooks on the committed findings runs: their claims are the report's --------------------

REPO = NOTEBOOKS.parent
FINDINGS = sorted(p for p in (REPO / "docs" / "findings").glob("*/runs") if p.is_dir())

#: appended to each notebook: what it claims, as JSON (the variables its tables show)
CLAIMS = {
    "variance": ('import json\nby = globals().get("by", ["vocabulary", "model", "suite"])\n'
                 'print("CLAIMS " + json.dumps({"by": by, '
                 '"cells": cells[[*by, "repeats", "mean"]].to_dict("records"), '
                 '"comparisons": cmp[[*[c for c in by if c != "vocabulary"], "a", "b", "diff", '
                 '"p_holm", "significant_holm", *plan]].to_dict("records") if len(cmp) else [], '
                 '"rounds": rounds.to_dict("records")}, default=str))'),
    "context": ('import json\nby = globals().get("by", ["vocabulary", "model", "suite"])\n'
                'weakest = globals().get("weakest", curve.loc[curve.groupby(by)["rolling"].idxmin(), '
                '[*by, "position", "category", "rolling"]])\n'
                'print("CLAIMS " + json.dumps({"by": by, '
                '"weakest": weakest.to_dict("records")}, default=str))'),
}


@pytest.fixture(scope="module")
def findings_report():
    from lab.analysis import cell_axes, load
    from lab.analysis.tables import report_tables

    out = {}
    for runs in FINDINGS:
        res = load(runs)
        by = cell_axes(res.runs)
        out[runs] = (by, report_tables(res, by=by, n_boot=2000))
    return out


def _claims(name: str, runs: Path, tmp_path: Path, monkeypatch) -> dict:
    import json

    nb = nbformat.read(NOTEBOOKS / f"{name}.ipynb", as_version=4)
    nb.cells.append(nbformat.v4.new_code_cell(CLAIMS[name]))
    monkeypatch.setenv("VOCAB_LAB_RESULTS", str(runs))
    NotebookClient(nb, timeout=600, kernel_name="python3",
                   resources={"metadata": {"path": str(tmp_path)}}).execute()
    outputs = [o for c in nb.cells if c.cell_type == "code" for o in c.outputs]
    errors = [o for o in outputs if o.output_type == "error"]
    assert not errors, errors[0].get("evalue")
    text = "".join(o.get("text", "") for o in outputs if o.output_type == "stream")
    line = next(x for x in text.splitlines() if x.startswith("CLAIMS "))
    return json.loads(line.removeprefix("CLAIMS "))


def _key(row: dict, cols: list[str]) -> tuple:
    return tuple(str(row[c]) for c in cols)


@pytest.mark.skipif(not FINDINGS, reason="no committed findings runs")
@pytest.mark.parametrize("runs", FINDINGS, ids=[p.parent.name for p in FINDINGS])
def test_variance_notebook_claims_are_the_reports(runs, findings_report, tmp_path, monkeypatch):
    """variance.ipynb once pooled isolated, single-session and unforced runs and printed a false
    'alike beats maybe_exts, significant': its cells and comparisons must be the report's."""
    by, T = findings_report[runs]
    got = _claims("variance", runs, tmp_path, monkeypatch)
    nb_by = got["by"]

    def num(v):
        return None if v is None or v != v else round(float(v), 6)

    # every comparison the notebook shows is exactly one of the report's, with its numbers
    report_rows = T["comparisons"].to_dict("records")
    for row in got["comparisons"]:
        keys = [c for c in nb_by if c != "vocabulary"]
        same = [r for r in report_rows if (r["a"], r["b"]) == (row["a"], row["b"])
                and all(str(r[c]) == str(row[c]) for c in keys)]
        assert len(same) == 1, (f"the notebook's {row['a']} vs {row['b']} ({row['diff']:+.2f}, "
                                f"significant {row['significant_holm']}) pools {len(same)} of the "
                                f"report's cells: {[{c: r.get(c) for c in by} for r in same]}")
        r = same[0]
        assert (num(row["diff"]), num(row["p_holm"]), bool(row["significant_holm"])) == \
            (num(r["diff"]), num(r["p_holm"]), bool(r["significant_holm"]))
        # its power lines are the report's for the same pair (issue 60: never a pooled sd)
        plan = [c for c in r if c.startswith("repeats_for_")]
        assert plan and {c: num(row.get(c)) for c in plan} == {c: num(r[c]) for c in plan}
    assert len(got["comparisons"]) == len(report_rows)
    assert nb_by == by
    want_cells = {_key(r, by): (r["repeats"], num(r["mean"])) for r in T["cells"].to_dict("records")}
    assert {_key(r, by): (r["repeats"], num(r["mean"])) for r in got["cells"]} == want_cells
    # where and when each repeat ran: the report's rows (lab.records.rounds.shown)
    shown = ["cell", "run_id", "repeat", "seed", "score", *SHOWN]
    assert [_key(r, shown) for r in got["rounds"]] == [_key(r, shown) for r in T["rounds"].to_dict("records")]


@pytest.mark.skipif(not FINDINGS, reason="no committed findings runs")
@pytest.mark.parametrize("runs", FINDINGS, ids=[p.parent.name for p in FINDINGS])
def test_context_notebook_claims_are_the_reports(runs, findings_report, tmp_path, monkeypatch):
    by, T = findings_report[runs]
    got = _claims("context", runs, tmp_path, monkeypatch)
    assert got["by"] == by
    pos = T["positions"]
    weakest = pos.loc[pos.groupby(by, dropna=False)["rolling"].idxmin(), [*by, "position", "rolling"]]
    assert {_key(r, by): (int(r["position"]), round(r["rolling"], 6)) for r in got["weakest"]} == \
        {_key(r, by): (int(r["position"]), round(r["rolling"], 6)) for r in weakest.to_dict("records")}

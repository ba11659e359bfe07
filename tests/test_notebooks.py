"""The notebooks execute (nbclient) against a small results folder made by the scripted model."""

from __future__ import annotations

import os
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

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

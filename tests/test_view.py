"""`lab view`: the live web viewer, over runs written by `lab.runner.run` with the scripted model on
tests/data/minirepo and its six-test mini suite.

HTTP tests go through Starlette's TestClient (fast). The browser test starts the real `lab view`
command and drives Debian's chromium through chromedriver (Selenium, headless) while a scripted
run appends to the results folder; it skips, saying why, only where chromium or chromedriver is
not installed (scripts/install.sh installs both when run as root on Debian).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from lab.analysis import load
from lab.analysis.cell_pairs import compare
from lab.view import create_app

REPO = Path(__file__).resolve().parent.parent
MINIREPO = REPO / "tests/data/minirepo"
MINI_SUITE = REPO / "tests/data/mini_suite.yaml"
TEMPLATES = REPO / "tests/data/agent/templates.yaml"
#: what a browser on this machine sends as Host (the viewer refuses other names: issue 27.7)
LOCAL = "http://127.0.0.1:8765"
WRONG = {"mini-02", "mini-04"}          # the "sloppy" model answers these wrong


def _call(req) -> str:
    from lab.models.textcalls import hermes_call_text
    return hermes_call_text("path_resolve", {"query": req.test.query})


class Model:
    """Calls path_resolve, then answers; wrong on WRONG when sloppy. `gate`: an Event the model
    waits for before starting `gate_at` (the browser test holds a run in progress with it)."""

    def __init__(self, sloppy: bool, gate: threading.Event | None = None, gate_at: str = "mini-04",
                 delay: float = 0.0) -> None:
        self.sloppy, self.gate, self.gate_at, self.delay = sloppy, gate, gate_at, delay

    def __call__(self, req):
        if self.delay:
            time.sleep(self.delay)
        if req.messages[-1].role != "tool":
            if self.gate is not None and req.test.id == self.gate_at:
                assert self.gate.wait(60), "the test never released the gated run"
            return _call(req)
        if self.sloppy and req.test.id in WRONG:
            return "ANSWER: README.md"
        return f"ANSWER: {req.test.expected[0].split('#')[0]}"


class Flaky(Model):
    """Right, except on the k-th time it answers a test (k in `wrong[test]`): as repeat k."""

    def __init__(self, wrong: dict[str, set[int]]) -> None:
        super().__init__(sloppy=False)
        self.wrong, self.seen = wrong, {}

    def __call__(self, req):
        if req.messages[-1].role != "tool":
            return _call(req)
        k = self.seen[req.test.id] = self.seen.get(req.test.id, -1) + 1
        return "ANSWER: README.md" if k in self.wrong.get(req.test.id, ()) else \
            f"ANSWER: {req.test.expected[0].split('#')[0]}"


def _run(results: Path, vocab: str, model, repeats: int = 1, extra: tuple[str, ...] = ()) -> Path:
    """One run on the mini suite; `model`: a scripted model, or None with `extra` naming one."""
    from lab.config import compose
    from lab.models import ScriptedBackend
    from lab.runner import run

    cfg = compose([f"corpus.root={MINIREPO}", f"suite.file={MINI_SUITE}", f"prompt.file={TEMPLATES}",
                   f"run.results_dir={results}", "resolver.semantic.enabled=false", "run.progress=false",
                   "run.experiment=view", f"vocab={vocab}", f"run.repeats={repeats}", *extra])
    if model is None:
        with open(os.devnull, "w") as devnull:
            return Path(run(cfg, progress=False, out=devnull).run_dir)
    backend = ScriptedBackend({"name": "scripted"}, outputs=[model] * 400)
    with open(os.devnull, "w") as devnull:
        return Path(run(cfg, backend=backend, progress=False, out=devnull).run_dir)


@pytest.fixture(scope="module")
def results(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("view-results")
    _run(root, "minimal", Model(sloppy=False), repeats=2)
    _run(root, "maybe_exts", Model(sloppy=True), repeats=2)
    return root


@pytest.fixture(scope="module")
def client(results):
    return TestClient(create_app([results], min_interval=0), base_url=LOCAL)


def _runs(results: Path) -> dict[str, str]:
    """vocabulary -> run id"""
    res = load([results], transcripts=False)
    return dict(zip(res.runs["vocabulary"], res.runs["run_id"]))


def _rows(html: str) -> dict[str, str]:
    return {m.group(1): m.group(0) for m in re.finditer(r"<tr class='test' data-test='([^']+)'[^>]*>", html)}


# -- HTTP ------------------------------------------------------------------------------------------

def test_index_lists_runs_cells_with_every_repeat_and_no_problems(client, results):
    r = client.get("/")
    assert r.status_code == 200
    ids = _runs(results)
    for vocab, rid in ids.items():
        assert f"/run/{rid}" in r.text and vocab in r.text
    assert "<td>6/6, 6/6</td>" in r.text and "<td>4/6, 4/6</td>" in r.text   # score per repeat, over n
    cells = r.text.split("<h2>Cells</h2>")[1].split("<h2>")[0]
    assert "vocabulary=maybe_exts" in cells and "4–4" in cells and "<td>6.0/6</td>" in cells
    assert "<td>4.0/6</td>" in cells and "<td>66.7%</td>" in cells           # pass rate normalised by n
    assert "<h2>Problems</h2><p class='note'>none</p>" in r.text
    assert "cdn" not in r.text.lower() and "https://" not in r.text      # everything is served here
    assert client.get("/static/view.js").status_code == 200
    css = client.get("/static/view.css")
    assert css.status_code == 200 and ".sq{" in css.text and ".msg.tool" in css.text


def test_matrix_rows_carry_what_the_filters_need_and_link_every_attempt(client, results):
    html = client.get("/matrix").text
    rows = _rows(html)
    assert sorted(rows) == [f"mini-0{i}" for i in range(1, 7)]
    for tid, tr in rows.items():
        assert f"data-differ='{int(tid in WRONG)}'" in tr, tid
        assert f"data-failing='{int(tid in WRONG)}'" in tr, tid
    assert "data-category='B'" in rows["mini-02"] and "data-outcomes=' fail pass '" in rows["mini-02"]
    for cid in ("f-differ", "f-failing", "f-category", "f-outcome", "f-search"):
        assert f"id='{cid}'" in html
    ids = _runs(results)
    for rid in ids.values():                 # 6 tests x 2 repeats per column, each a link
        assert len(re.findall(rf"href='/transcript\?run={rid}&amp;repeat=\d&amp;test=mini-0\d'", html)) == 12
    # headers name the axis that differs, key=value (issue 26), and each test links to it side by side
    assert "<th class='col'>vocabulary=maybe_exts</th>" in html and "<th class='col'>vocabulary=minimal</th>" in html
    assert all(f"<th class='tid'><a href='/test?test={t}&amp;col=" in html for t in rows)


def test_transcript_shows_messages_tool_json_and_tokens_per_field(client, results):
    rid = _runs(results)["maybe_exts"]
    r = client.get("/transcript", params={"run": rid, "repeat": 1, "test": "mini-02"})
    assert r.status_code == 200
    t = r.text
    assert "data-live='0'" in t                                   # a found transcript stays still
    assert ">fail</span>" in t and "ANSWER: README.md" in t
    assert "path_resolve" in t and "&quot;query&quot;: &quot;invoce.go&quot;" in t   # the call's JSON
    assert "returned" in t and "candidates" in t                 # the tool's result
    assert re.search(r"\d+ tokens = candidates \d+", t)           # tokens per response field
    assert "mini-01</a>" in t and "mini-03 →</a>" in t             # neighbours in the repeat
    missing = client.get("/transcript", params={"run": rid, "repeat": 0, "test": "nope"})
    assert missing.status_code == 200 and "Not in the transcript" in missing.text
    assert client.get("/transcript", params={"run": rid, "repeat": "x"}).status_code == 400


def test_compare_shows_cand_minus_base_with_lab_diffs_numbers(client, results):
    """Issue 26: the page showed a − b while `lab diff` shows cand − base; now it is lab diff's
    own function, so its numbers are the ones `lab diff BASE CAND --format json` prints."""
    from click.testing import CliRunner

    from lab.cli import main as cli

    ids = _runs(results)
    base, cand = ids["maybe_exts"], ids["minimal"]
    html = client.get("/compare", params={"base": base, "cand": cand}).text
    run_dir = {d.name: d for d in (results / "view").iterdir()}
    out = CliRunner().invoke(cli, ["diff", str(run_dir[base]), str(run_dir[cand]), "--format", "json"])
    assert out.exit_code == 0, out.output
    c = json.loads(out.output)["comparison"]
    assert c["diff"] == 2.0 and f"<td>{c['diff']:+.1f}</td>" in html and "<th>cand − base</th>" in html
    assert f"<td>{c['ci_low']:+.1f} … {c['ci_high']:+.1f}</td>" in html
    assert "a − b" not in html and "lab diff" in html
    assert f"cand - base {c['diff']:+.2f} points" in html          # lab diff's own lines
    assert "2 favour cand, 0 favour base" in html
    differ = html.split("Tests that differ")[1]
    assert "mini-02" in differ and f"/test?test=mini-02&amp;col={base}&amp;col={cand}" in differ
    assert "The runs differ in <b>vocabulary</b> (maybe_exts → minimal)" in html
    assert "No other input differs: a like-for-like comparison of vocabulary" in html   # not a warning
    # one order everywhere (issue 60): the old a= / b= (a was the candidate) are refused, not read
    old = client.get("/compare", params={"a": base, "b": cand})
    assert old.status_code == 400 and "base=RUN and cand=RUN" in old.text
    assert f"<td>{c['diff']:+.1f}</td>" not in old.text


def test_run_page_has_its_repeats_and_a_tests_by_repeat_matrix(client, results):
    rid = _runs(results)["maybe_exts"]
    html = client.get(f"/run/{rid}").text
    assert "<td>4/6</td>" in html and "<th class='col'>repeat=0</th>" in html
    from lab.records.numerics import Numerics
    scripted_id = Numerics({"engine": "python", "backend": "scripted"}).id
    assert f"<td>{scripted_id} <span class='note'>(how the machine computed" in html   # issue 22
    assert client.get("/run/nope").status_code == 404


def test_updates_while_a_run_appends_and_a_torn_line_never_breaks_it(tmp_path):
    """Rows written after the page was served show up; a half-written row keeps the last
    snapshot (marked writing) and appears when the line is whole."""
    src = _run(tmp_path / "src", "minimal", Model(sloppy=True))
    live_dir = tmp_path / "live" / "view" / src.name
    shutil.copytree(src, live_dir)
    record = json.loads((live_dir / "run.json").read_text())
    record.update(status="running", ended_at=None, repeats=[])       # as in the middle of repeat 0
    (live_dir / "run.json").write_text(json.dumps(record))
    csv_lines = (src / "tests.csv").read_text().splitlines(keepends=True)
    (live_dir / "tests.csv").write_text("".join(csv_lines[:3]))       # header + 2 rows
    transcript = live_dir / "transcripts" / "repeat-0.jsonl"
    t_lines = (src / "transcripts" / "repeat-0.jsonl").read_text().splitlines(keepends=True)
    transcript.write_text("".join(t_lines[:3]))                       # session + 2 tests

    client = TestClient(create_app([tmp_path / "live"], min_interval=0), base_url=LOCAL)
    v0 = client.get("/api/version").json()["version"]
    assert len(_rows(client.get("/matrix").text)) == 2
    assert "repeat 0: 1/2 so far" in client.get("/").text

    with (live_dir / "tests.csv").open("a") as f:                     # a row cut mid-write
        f.write(csv_lines[3][:20])
    page = client.get("/").text
    assert "writing</span>" in page and "<h2>Problems</h2><p class='note'>none</p>" in page
    assert len(_rows(client.get("/matrix").text)) == 2
    at = {"run": src.name, "repeat": 0, "test": "mini-03"}
    assert "Not in the transcript of repeat 0 yet" in client.get("/transcript", params=at).text
    with (live_dir / "tests.csv").open("a") as f:
        f.write(csv_lines[3][20:] + "".join(csv_lines[4:]))
    with transcript.open("a") as f:                                   # its line follows, half first
        f.write(t_lines[3][:50])
    assert "Not in the transcript of repeat 0 yet" in client.get("/transcript", params=at).text
    with transcript.open("a") as f:
        f.write(t_lines[3][50:])
    assert "query</th><td>billing config rust" in client.get("/transcript", params=at).text
    assert client.get("/api/version").json()["version"] > v0
    assert len(_rows(client.get("/matrix").text)) == 6
    assert "writing</span>" not in client.get("/").text
    frag = client.get("/matrix", params={"fragment": 1})
    assert frag.text.startswith("<h1>") and int(frag.headers["X-Version"]) > v0


def test_bad_run_folders_are_listed_as_problems(tmp_path, results):
    root = tmp_path / "r"
    shutil.copytree(results, root, symlinks=True)
    bad = root / "view" / "broken"
    bad.mkdir(parents=True)
    (bad / "run.json").write_text("{not json")
    odd = root / "view" / "odd"
    shutil.copytree(next(p for p in (results / "view").iterdir() if (p / "run.json").is_file()), odd)
    (odd / "tests.csv").write_text("nonsense,columns\n1,2\n")
    client = TestClient(create_app([root, tmp_path / "missing", results], min_interval=0), base_url=LOCAL)
    r = client.get("/")
    assert r.status_code == 200
    problems = r.text.split("<h2>Problems</h2>")[1]
    assert problems.count("already loaded from") == 2           # the same runs again: named, not doubled
    assert r.text.split("<h2>Cells</h2>")[1].count("<td>6/6, 6/6</td>") == 1
    assert "broken" in problems and "corrupt run record" in problems
    assert "odd" in problems and "unexpected columns" in problems
    assert "missing" in problems
    assert client.get("/matrix").status_code == 200 and client.get("/compare").status_code == 200


def test_a_huge_transcript_is_paged_and_long_messages_cut(tmp_path, monkeypatch):
    from lab.view import live, pages

    run_dir = _run(tmp_path, "minimal", Model(sloppy=False))
    path = run_dir / "transcripts" / "repeat-0.jsonl"
    lines = path.read_text().splitlines(keepends=True)
    obj = json.loads(lines[1])
    obj["messages"] = [{"role": "user", "content": f"message {i} " + "x" * (30_000 if i == 3 else 10)}
                       for i in range(100)]
    lines[1] = json.dumps(obj) + "\n"
    path.write_text("".join(lines))
    client = TestClient(create_app([tmp_path], min_interval=0), base_url=LOCAL)
    rid = run_dir.name
    t = client.get("/transcript", params={"run": rid, "repeat": 0, "test": obj["test_id"]}).text
    assert f"100 messages; showing 1–{pages.MESSAGES_PER_PAGE}" in t
    assert "message 0 " in t and f"message {pages.MESSAGES_PER_PAGE} " not in t
    assert "more characters cut" in t and "1 long message(s) cut" in t
    t3 = client.get("/transcript", params={"run": rid, "repeat": 0, "test": obj["test_id"], "page": 3}).text
    assert "message 99 " in t3 and "message 0 " not in t3
    monkeypatch.setattr(live, "LINE_CAP", 1000)                      # a line too large to open
    client = TestClient(create_app([tmp_path], min_interval=0), base_url=LOCAL)
    t = client.get("/transcript", params={"run": rid, "repeat": 0, "test": obj["test_id"]}).text
    assert "read it with `lab show`" in t


def test_sweeps_are_listed_with_their_cells_and_a_matrix_of_their_runs(tmp_path, results):
    import os as _os

    from lab.sweeps.cells import CellEntry, cell_name, link_run, write_entry

    root = tmp_path / "r"
    shutil.copytree(results, root)
    sweep = root / "view" / ".sweeps" / "20261201T000000Z-abcdef"
    run_dirs = sorted(p for p in (root / "view").iterdir() if (p / "run.json").is_file())
    for num, d in enumerate(run_dirs):
        cell = cell_name(num, f"vocab=v{num}")
        link_run(sweep, cell, d)
        write_entry(sweep, CellEntry(cell=cell, num=num, overrides=[f"vocab=v{num}"], swept=f"vocab=v{num}",
                                     status="complete", run_dir=_os.path.relpath(d, sweep)))
    write_entry(sweep, CellEntry(cell="02_vocab=bad", num=2, overrides=["vocab=bad"], swept="vocab=bad",
                                 status="failed", error="InputError: no vocabulary 'bad'"))
    (sweep / "cells" / "03_x.json").write_text("{torn")
    client = TestClient(create_app([root], min_interval=0), base_url=LOCAL)
    page = client.get("/").text
    sweeps = page.split("<h2>Sweeps</h2>")[1].split("<h2>Problems</h2>")[0]
    assert "20261201T000000Z-abcdef" in sweeps and "running or stopped" in sweeps
    for d in run_dirs:
        assert f"/run/{d.name}" in sweeps
    assert "no vocabulary" in sweeps and "failed" in sweeps
    assert "unreadable sweep cell entry" in page.split("<h2>Problems</h2>")[1]
    assert len(_runs(root)) == 2                       # links under .sweeps are not runs twice
    m = client.get("/matrix", params={"sweep": str(sweep)}).text
    assert "2 run(s)" in m and len(_rows(m)) == 6


def test_the_viewer_reads_run_artifacts_without_loading_the_agent_loop():
    code = ("import sys, lab.view; print([m for m in sys.modules if m.startswith(('lab.agent.loop', "
            "'lab.models', 'lab.tools', 'lab.pathfinder', 'lab.vocab'))])")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_view_binds_127_0_0_1_by_default():
    from lab.cli.view import view
    assert {p.name: p.default for p in view.params}["host"] == "127.0.0.1"


# -- issue 26: views that cannot mislead, one test across variants ----------------------------------

def test_a_test_with_equal_pass_rates_favours_neither_run(tmp_path):
    """Issue 26: t59 at 0.67 vs 0.67 was listed as "favours b"."""
    base = _run(tmp_path, "minimal", Flaky({"mini-03": {0}}), repeats=2)      # fail, pass
    cand = _run(tmp_path, "maybe_exts", Flaky({"mini-03": {1}}), repeats=2)   # pass, fail
    client = TestClient(create_app([tmp_path], min_interval=0), base_url=LOCAL)
    html = client.get("/compare", params={"base": base.name, "cand": cand.name}).text
    differ = html.split("Tests that differ")[1]
    row = differ.split("mini-03</a>")[1].split("</tr>")[0]
    assert "<td>1/2</td><td>1/2</td><td>+0.00</td><td>2/2</td><td>neither (same pass rate)</td>" in row
    assert "0 favour cand, 0 favour base, 1 flip with the same pass rate" in html


def test_one_stochastic_repeat_against_a_deterministic_baseline_is_not_exact(tmp_path):
    """Issue 26: "exact, p 0.000, beyond noise: yes" from one repeat of model=stochastic."""
    base = _run(tmp_path, "minimal", Model(sloppy=False), repeats=2)          # the same 6/6 twice
    cand = _run(tmp_path, "minimal", None, repeats=1, extra=("model=stochastic", "model.p=0.5"))
    client = TestClient(create_app([tmp_path], min_interval=0), base_url=LOCAL)
    html = client.get("/compare", params={"base": base.name, "cand": cand.name}).text
    table = html.split("class='comparison'>")[1].split("</table>")[0]
    cells = re.findall(r"<td>([^<]*)</td>", table)
    assert cells[1] == "2 vs 1" and cells[7] == "none" and cells[5] == "n/a", cells   # no CI
    assert cells[-1] != "yes" and "exact" not in table
    assert "an arm has one repeat" in html
    assert "The runs differ in <b>model</b> (scripted → stochastic)" in html


def test_compare_warns_about_inputs_that_differ_beyond_the_compared_axes(tmp_path):
    """Issue 26: name the axes compared, warn only about the other inputs that differ."""
    base = _run(tmp_path, "minimal", Model(sloppy=False))
    cand = _run(tmp_path, "maybe_exts", Model(sloppy=True), extra=("agent.max_tool_calls=5",))
    client = TestClient(create_app([tmp_path], min_interval=0), base_url=LOCAL)
    html = client.get("/compare", params={"base": base.name, "cand": cand.name}).text
    assert "The runs differ in <b>vocabulary</b> (minimal → maybe_exts)" in html
    beyond = html.split("The runs differ beyond vocabulary (not like-for-like in these inputs):</p><pre>")[1]
    warned = beyond.split("</pre>")[0]
    assert "agent.max_tool_calls" in warned and "vocab." not in warned     # the axis itself is no warning
    # and the cell of one repeat has no CI either: n/a, never "0.0–0.0"
    cellrows = html and client.get("/").text.split("<h2>Cells</h2>")[1].split("</table>")[0]
    assert "n/a (one repeat)" in cellrows and "0.0–0.0" not in cellrows


@pytest.fixture(scope="module")
def twocell(tmp_path_factory) -> Path:
    """Two cells whose tool responses differ in a field: maybe_exts always present in one."""
    root = tmp_path_factory.mktemp("view-twocell")
    _run(root, "minimal", Model(sloppy=False), repeats=2)
    _run(root, "maybe_exts", Model(sloppy=True), repeats=2, extra=("vocab.maybe_exts.presence=always",))
    return root


def test_one_test_side_by_side_highlights_the_field_and_the_answer_that_differ(twocell):
    client = TestClient(create_app([twocell], min_interval=0), base_url=LOCAL)
    ids = _runs(twocell)
    html = client.get("/test", params=[("test", "mini-02"), ("col", ids["minimal"]),
                                       ("col", ids["maybe_exts"])]).text
    assert "side by side in 2 variant(s)" in html
    heads = re.findall(r"<th class='side-head'>(\d\. [^<]*)<br>", html)
    assert heads == ["1. vocabulary=minimal", "2. vocabulary=maybe_exts"]          # key=value
    assert "fields that differ: <code>maybe_exts</code> (only in side 2)" in html
    calls = html.split("<h2>Tool responses")[1].split("<h2>Conversations")[0]
    sides = calls.split("<td>")[1:]
    assert "maybe_exts" not in sides[0] and "<span class='only'" in sides[1]      # highlighted there
    assert re.search(r"<span class='only' title='maybe_exts\[0\]: only in 2'>\s*&quot;maybe_exts&quot;", sides[1])
    answers = html.split("<th>answer</th>")[1].split("</tr>")[0]
    assert "<mark>README</mark>.<mark>md</mark>" in answers                      # the answers differ
    same = client.get("/test", params=[("test", "mini-01"), ("col", ids["minimal"]),
                                       ("col", f"{ids['minimal']}:1")]).text
    assert "the same in every side" in same and "<mark>" not in same
    every = client.get("/test", params={"test": "mini-02"}).text                # no col: every run
    assert "side by side in 2 variant(s)" in every
    assert client.get("/test", params={"test": "mini-02", "repeat": "x"}).status_code == 400
    assert "No run has a row" in client.get("/test", params={"test": "nope"}).text


def test_matrix_column_and_group_picker_never_pools_two_cells(twocell):
    client = TestClient(create_app([twocell], min_interval=0), base_url=LOCAL)
    grouped = client.get("/matrix", params={"group": "vocabulary"}).text
    assert "<h2>vocabulary=maybe_exts" in grouped and "<h2>vocabulary=minimal" in grouped
    assert grouped.count("<table class='matrix'") == 2 and grouped.count("id='f-differ'") == 1
    assert "name='cols' value='vocabulary' checked" in client.get("/matrix").text


def test_run_page_leads_with_config_and_overrides_and_has_a_per_category_summary(twocell):
    client = TestClient(create_app([twocell], min_interval=0), base_url=LOCAL)
    rid = _runs(twocell)["maybe_exts"]
    html = client.get(f"/run/{rid}").text
    config, rest = html.split("<h2>Config</h2>")[1].split("<h2>Run</h2>")
    overrides = config.split("<pre class='overrides'>")[1].split("</pre>")[0]
    assert "vocab.maybe_exts.presence=&quot;always&quot;" in overrides and "run.repeats=2" in overrides
    assert "vocab=" not in overrides                       # maybe_exts is the packaged default vocabulary
    assert "the resolved config" in config
    other = client.get(f"/run/{_runs(twocell)['minimal']}").text.split("<h2>Run</h2>")[0]
    assert "vocab=minimal \\\n" in other.split("<pre class='overrides'>")[1]
    cats = rest.split("<h2>Per category</h2>")[1].split("</table>")[0]
    assert "<td>B</td><td>1</td><td>0/1, 0/1</td><td>0.00</td><td>0.0%</td>" in cats


def test_a_limited_suite_is_another_suite_with_its_own_n(tmp_path):
    """Issue 26: a run with suite.limit=3 read "tests70" with n = 3."""
    _run(tmp_path, "minimal", Model(sloppy=False), repeats=1)
    lim = _run(tmp_path, "minimal", Model(sloppy=False), repeats=1, extra=("suite.limit=3",))
    client = TestClient(create_app([tmp_path], min_interval=0), base_url=LOCAL)
    cells = client.get("/").text.split("<h2>Cells</h2>")[1].split("</table>")[0]
    assert "suite=mini[:3]" in cells and "suite=mini<" in cells
    assert "<td>3/3</td><td>3.0/3</td><td>100.0%</td>" in cells
    assert "suite.limit=3: only the first 3 tests" in client.get(f"/run/{lim.name}").text


def test_a_missing_results_folder_is_said_on_stderr_at_start(tmp_path):
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(REPO), os.environ.get("PYTHONPATH", "")])}
    proc = subprocess.Popen([sys.executable, "-c", "from lab.cli import main; main()", "view",
                             str(tmp_path / "nope"), "--port", "0"], stderr=subprocess.PIPE, text=True, env=env)
    try:
        first, second = proc.stderr.readline(), proc.stderr.readline()
    finally:
        proc.terminate()
        proc.wait(10)
    assert first.startswith("warning: results folder") and "nope does not exist" in first, first
    assert "lab view: http://127.0.0.1:" in second


# -- a real browser ---------------------------------------------------------------------------------

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
CHROMEDRIVER = shutil.which("chromedriver")


@pytest.fixture
def browser():
    """Headless chromium through chromedriver; skips (saying what is missing) before anything starts."""
    if not CHROMIUM or not CHROMEDRIVER:
        pytest.skip("needs Debian's chromium and chromium-driver (apt-get install chromium "
                    "chromium-driver; scripts/install.sh does it as root): "
                    f"chromium {'found' if CHROMIUM else 'missing'}, chromedriver "
                    f"{'found' if CHROMEDRIVER else 'missing'}")
    webdriver = pytest.importorskip("selenium.webdriver", reason="selenium is a dev dependency: "
                                    "pip install -e '.[dev]'")
    from selenium.webdriver.chrome.service import Service

    opts = webdriver.ChromeOptions()
    opts.binary_location = CHROMIUM
    for a in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
              "--window-size=1400,1000"):
        opts.add_argument(a)
    # the driver path is given, so Selenium Manager never looks for (or downloads) one
    driver = webdriver.Chrome(service=Service(executable_path=CHROMEDRIVER), options=opts)
    yield driver
    driver.quit()


def _wait(cond, timeout: float = 20, what: str = ""):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        try:
            v = cond()
        except Exception:          # the page is being swapped under us: look again
            v = None
        if v:
            return v
        time.sleep(0.2)
    raise AssertionError(f"timed out waiting for {what}")


@pytest.fixture
def lab_view(tmp_path):
    """`lab view RESULTS --port 0` as a user starts it; yields (results, base URL)."""
    results = tmp_path / "results"
    results.mkdir()
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(REPO), os.environ.get("PYTHONPATH", "")])}
    proc = subprocess.Popen([sys.executable, "-c", "from lab.cli import main; main()", "view", str(results),
                             "--port", "0"], stderr=subprocess.PIPE, text=True, env=env)
    try:
        line = proc.stderr.readline()
        m = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
        assert m, f"lab view said {line!r}"
        yield results, f"http://127.0.0.1:{m.group(1)}"
    finally:
        proc.terminate()
        proc.wait(10)


def test_browser_sees_a_run_appear_filters_differing_tests_and_opens_a_transcript(browser, lab_view):
    from selenium.webdriver.common.by import By

    results, url = lab_view
    driver = browser
    gate = threading.Event()
    worker = None
    try:
        base = _run(results, "minimal", Model(sloppy=False))                     # a finished baseline
        driver.get(url + "/matrix")
        _wait(lambda: len(driver.find_elements(By.CSS_SELECTOR, "tr.test")) == 6, what="the baseline's rows")

        out: dict = {}
        worker = threading.Thread(target=lambda: out.update(dir=_run(
            results, "maybe_exts", Model(sloppy=True, gate=gate, delay=0.05))), daemon=True)
        worker.start()
        # the new run's column fills in while the run is held before mini-04
        _wait(lambda: driver.find_elements(By.XPATH, "//th[@class='col' and text()='vocabulary=maybe_exts']"),
              what="the live run's column")
        _wait(lambda: len(driver.find_elements(By.CSS_SELECTOR, "a.sq.running")) == 3,
              what="three in-progress attempts (mini-01..03)")
        driver.find_element(By.ID, "f-differ").click()                          # only differing
        _wait(lambda: [r.get_attribute("data-test") for r in driver.find_elements(By.CSS_SELECTOR, "tr.test")
                       if r.is_displayed()] == ["mini-02"], what="only mini-02 differing so far")
        gate.set()                                                               # let the run finish
        worker.join(30)
        assert not worker.is_alive()
        _wait(lambda: not driver.find_elements(By.CSS_SELECTOR, "a.sq.running"), what="the run to complete")
        assert driver.find_element(By.ID, "f-differ").is_selected()              # kept across refreshes
        _wait(lambda: [r.get_attribute("data-test") for r in driver.find_elements(By.CSS_SELECTOR, "tr.test")
                       if r.is_displayed()] == sorted(WRONG), what="the differing tests mini-02, mini-04")
        assert "2 of 6 tests" in driver.find_element(By.ID, "f-count").text

        live_id = out["dir"].name
        square = driver.find_element(By.CSS_SELECTOR, f"tr[data-test='mini-04'] a.sq[href*='{live_id}']")
        square.click()
        _wait(lambda: "mini-04" in driver.find_element(By.TAG_NAME, "h1").text, what="the transcript page")
        page = driver.find_element(By.ID, "live").text
        assert "fail" in page and "path_resolve" in page and "ANSWER: README.md" in page
        assert "tokens = candidates" in page

        driver.get(url + "/")                                                   # the run list
        _wait(lambda: live_id in driver.page_source and base.name in driver.page_source, what="both runs")
    finally:
        gate.set()
        if worker is not None:
            worker.join(30)


def test_browser_opens_one_test_side_by_side_from_the_matrix_and_picks_its_sides(browser, lab_view):
    """Issue 26: the central view, in a real browser, on a two-cell run of the no-LLM reference
    (model=tool_follower, maybe_exts always shown) and the stochastic test model (minimal)."""
    from selenium.webdriver.common.by import By

    results, url = lab_view
    driver = browser
    ref = _run(results, "maybe_exts", None, repeats=2,
               extra=("model=tool_follower", "vocab.maybe_exts.presence=always"))
    sto = _run(results, "minimal", None, repeats=2, extra=("model=stochastic",))
    driver.get(url + "/matrix")
    _wait(lambda: len(driver.find_elements(By.CSS_SELECTOR, "tr.test")) == 6, what="the two runs' rows")
    heads = [h.text.replace("\n", " ") for h in driver.find_elements(By.CSS_SELECTOR, "th.col")]
    assert len(heads) == 2 and all("model=" in h and "vocabulary=" in h for h in heads), heads
    driver.find_element(By.CSS_SELECTOR, "tr[data-test='mini-01'] th.tid a").click()
    _wait(lambda: "side by side in 2 variant(s)" in driver.find_element(By.TAG_NAME, "h1").text,
          what="the side-by-side page")
    summary = driver.find_element(By.XPATH, "//h3[starts-with(., 'call 1')]").text
    assert "maybe_exts (only in side" in summary, summary
    only = driver.find_elements(By.CSS_SELECTOR, "table.calls pre.json span.only")
    assert only and only[0].is_displayed() and "maybe_exts" in only[0].text
    bg = only[0].value_of_css_property("background-color")
    assert bg not in ("rgba(0, 0, 0, 0)", "transparent"), bg                 # it is highlighted
    side_heads = [h.text for h in driver.find_elements(By.CSS_SELECTOR, "table.side th.side-head")][:2]
    assert any("model=tool_follower" in h for h in side_heads) and any("model=stochastic" in h for h in side_heads)
    assert len(driver.find_elements(By.CSS_SELECTOR, ".side-msgs > div")) == 2   # both conversations
    # the picker: keep one side only, then ask for repeat 1 of both
    box = driver.find_element(By.CSS_SELECTOR, f"#side-picker input[value='{sto.name}']")
    box.click()
    driver.find_element(By.CSS_SELECTOR, "#side-picker button").click()
    _wait(lambda: "side by side in 1 variant(s)" in driver.find_element(By.TAG_NAME, "h1").text,
          what="one side")
    assert "Pick two or more sides" in driver.find_element(By.ID, "live").text
    driver.get(url + f"/test?test=mini-01&col={ref.name}&col={sto.name}&repeat=1")
    _wait(lambda: "repeat 1" in driver.find_element(By.CSS_SELECTOR, "table.side").text, what="repeat 1")


def test_a_request_naming_another_host_or_origin_is_refused(tmp_path):
    # issue 27.7: `curl -H 'Host: evil.example'` got every run: a DNS-rebinding page could read them
    client = TestClient(create_app([tmp_path], min_interval=0), base_url=LOCAL)
    assert client.get("/").status_code == 200
    assert client.get("/", headers={"Host": "localhost:8765"}).status_code == 200
    for path in ("/", "/api/version", "/static/view.css", "/run/x"):
        assert client.get(path, headers={"Host": "evil.example"}).status_code == 421, path
    assert client.get("/", headers={"Host": "evil.example:8765"}).status_code == 421
    assert client.get("/", headers={"Origin": "http://evil.example"}).status_code == 403
    assert client.get("/", headers={"Origin": LOCAL}).status_code == 200
    # any loopback spelling is protected too; an address chosen to expose the viewer is not checked
    odd = TestClient(create_app([tmp_path], min_interval=0, host="127.0.0.2"), base_url="http://127.0.0.2:9")
    assert odd.get("/").status_code == 200
    assert odd.get("/", headers={"Host": "evil.example"}).status_code == 421
    lan = TestClient(create_app([tmp_path], min_interval=0, host="0.0.0.0"), base_url="http://10.0.0.5:9")
    assert lan.get("/").status_code == 200

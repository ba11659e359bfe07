"""Where and when each repeat ran, as every view shows it (lab.records.rounds.shown).

The collapse sweep ran on Intel Xeons and then an AMD EPYC under one host name; its CPU was in
`lab history`'s note and the findings page only. The report (its section and `tables/rounds.csv`)
and `lab view`'s run page now show each repeat's round — start, code, threads, host, CPU, load —
from one definition.
"""

from __future__ import annotations

import csv
import dataclasses
import re
from datetime import datetime, timezone

from click.testing import CliRunner
from starlette.testclient import TestClient

from lab.cli import main
from lab.models.numerics import cpu_info
from lab.records.record import read_record, write_record
from lab.records.rounds import NOT_RECORDED, SHOWN, UNKNOWN, RoundInfo, shown
from lab.runner import run
from lab.view import create_app
from support.runs import scripted, scripted_cfg

LOCAL = "http://127.0.0.1:8765"


def test_shown_says_every_condition_and_not_recorded_where_the_record_is_silent():
    t = datetime(2026, 12, 5, 19, 36, 45, tzinfo=timezone.utc)
    info = RoundInfo("code:" + "ab" * 8, 2, "vm", t, 1.52, "recorded", "AMD EPYC")
    assert shown(info) == {"started": "2026-12-05 19:36 UTC", "code": "code:abababab", "threads": "2",
                           "host": "vm", "cpu": "AMD EPYC", "load": "1.52 (busy)"}
    assert shown(dataclasses.replace(info, commit="0123456789abcdef", load_per_cpu=0.99))["code"] == "01234567"
    assert shown(dataclasses.replace(info, load_per_cpu=0.99))["load"] == "0.99"
    assert shown(UNKNOWN) == shown(None) == dict.fromkeys(SHOWN, NOT_RECORDED)


def _rows_of_view(html: str) -> list[list[str]]:
    table = html.split("<table class='repeats'>", 1)[1].split("</table>", 1)[0]
    return [re.findall(r"<td>(.*?)</td>", tr) for tr in table.split("<tr>")[2:]]


def test_the_report_and_the_viewer_show_each_repeats_cpu_from_one_definition(tmp_path):
    """A run resumed on another CPU: the report counts the repeats per CPU and says that their wall
    times are not one distribution; its table, its CSV and the viewer's run page agree row by row."""
    d = run(scripted_cfg(tmp_path / "runs", "run.repeats=3"), backend=scripted(), progress=False).run_dir
    rec = read_record(d)
    # repeat 2 ran in a resume on another machine of the same host name (pid 2)
    first = next(e for e in rec.events if e["status"] == "running")
    reps = [dataclasses.replace(r, round={**r.round, "pid": 2 if r.repeat == 2 else first["pid"]})
            for r in rec.repeats]
    resume = {**first, "pid": 2, "resumed": True, "kept_repeats": [0, 1], "cpu": "Another CPU (test)",
              "at": reps[2].round["started_at"]}
    write_record(d, dataclasses.replace(rec, repeats=reps, events=[*rec.events, resume]))

    out = tmp_path / "report"
    res = CliRunner().invoke(main, ["report", str(tmp_path / "runs"), "--out", str(out)], catch_exceptions=False)
    assert res.exit_code == 0, res.output
    md = (out / "report.md").read_text(encoding="utf-8")
    section = md.split("## Where and when each repeat ran", 1)[1].split("\n## ", 1)[0]
    assert (f"**CPUs:** {cpu_info()['model']} (2 repeats); Another CPU (test) (1 repeat). The repeats "
            "ran on 2 CPUs: the same tokens, other speeds, so their wall times are not one "
            "distribution.") in section
    with open(out / "tables/rounds.csv", newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    assert [r["cpu"] for r in rows] == [cpu_info()["model"], cpu_info()["model"], "Another CPU (test)"]
    assert {r["threads"] for r in rows} != {NOT_RECORDED} and all(r["started"].endswith(" UTC") for r in rows)
    for r in rows:      # the Markdown table says what the CSV says
        assert f"| {r['repeat']} | {r['seed']} | {r['score']} | {' | '.join(r[k] for k in SHOWN)} |" in section

    html = TestClient(create_app([tmp_path / "runs"], min_interval=0), base_url=LOCAL).get(f"/run/{d.name}").text
    view = _rows_of_view(html)
    assert [v[-len(SHOWN):] for v in view] == [[r[k] for k in SHOWN] for r in rows]


def test_a_report_with_one_cpu_names_it_and_claims_nothing_more(tmp_path):
    run(scripted_cfg(tmp_path / "runs", "run.repeats=2"), backend=scripted(), progress=False)
    out = tmp_path / "report"
    CliRunner().invoke(main, ["report", str(tmp_path / "runs"), "--out", str(out)], catch_exceptions=False)
    md = (out / "report.md").read_text(encoding="utf-8")
    assert f"**CPUs:** {cpu_info()['model']} (2 repeats). **Busy at the end:**" in md
    assert "ran on 2 CPUs" not in md


def test_cpus_not_recorded_make_the_count_a_lower_bound():
    import pandas as pd

    from lab.analysis.report import rounds_blocks
    rounds = pd.DataFrame({"cpu": ["Intel", NOT_RECORDED, "AMD", NOT_RECORDED],
                           "load": ["1.52 (busy)", "1.03", "0.99", NOT_RECORDED]})
    text = next(b for b in rounds_blocks(rounds) if isinstance(b, str) and b.startswith("**CPUs:**"))
    assert text.startswith("**CPUs:** Intel (1 repeat); AMD (1 repeat); not recorded (2 repeats). The "
                           "repeats ran on at least 2 CPUs")
    assert text.endswith("**Busy at the end:** 1 of 4 repeats.")


def test_lab_diff_and_the_viewers_compare_name_the_cpus_of_two_runs(tmp_path):
    """Two runs on two machines of one host name: lab diff (text and JSON) and the viewer's compare
    page say which CPUs ran the repeats; two runs on one CPU say nothing."""
    import json

    a = run(scripted_cfg(tmp_path / "runs", "run.repeats=2", "run.experiment=a"), backend=scripted(),
            progress=False).run_dir
    b = run(scripted_cfg(tmp_path / "runs", "run.repeats=2", "run.experiment=b"), backend=scripted(),
            progress=False).run_dir
    one = CliRunner().invoke(main, ["diff", str(a), str(b)], catch_exceptions=False)
    assert one.exit_code == 0 and "CPUs" not in one.output, one.output

    rec = read_record(b)
    rec.events[0]["cpu"] = "Another CPU (test)"
    write_record(b, rec)
    here = cpu_info()["model"]
    want = (f"the repeats ran on 2 CPUs (base: {here} 2; cand: Another CPU (test) 2): one numerics id, "
            "the same tokens on each; other speeds (docs/numerics.md)")
    text = CliRunner().invoke(main, ["diff", str(a), str(b)], catch_exceptions=False).output
    assert f"note: {want}\n" in text
    js = json.loads(CliRunner().invoke(main, ["diff", str(a), str(b), "--format", "json"],
                                       catch_exceptions=False).output)
    assert js["cpus"] == {"base": {here: 2}, "cand": {"Another CPU (test)": 2}, "note": want}
    page = TestClient(create_app([tmp_path / "runs"], min_interval=0), base_url=LOCAL).get(
        "/compare", params={"base": a.name, "cand": b.name}).text
    assert f"<p class='note'>Note: {want}.</p>" in page

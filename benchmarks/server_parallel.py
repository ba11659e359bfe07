"""The lab against llama.cpp's own server (xllamacpp): N parallel slots, continuous batching.

    .venv/bin/python benchmarks/server_parallel.py [--model qwen2.5-coder-1.5b] [--parallel 8]
        [--concurrency N] [--limit 8] [--threads T] [--ctx PER_SLOT] [--[no-]unified] [--port 0]
        [--in-process] [--results results] [--json FILE] [-- LAB OVERRIDES...]
    .venv/bin/python benchmarks/server_parallel.py --model smollm2-135m --parallel 2   (a quick check)

Starts `lab.models.xllamacpp_server` for the model config's GGUF (a local file: nothing is
downloaded) with `--parallel` slots and `--threads` threads, then runs, as a researcher would:

    lab run model=openai model.base_url=http://127.0.0.1:PORT/v1 model.model=NAME \
        model.tool_mode=native agent.session=isolated suite.limit=8 run.concurrency=8 ...

with the model config's sampling, tool-call formats and context per slot, so it stands beside
the in-process batched path, `lab run model=NAME agent.session=isolated suite.limit=8
model.parallel=8` (`--in-process` runs that too, after the server is stopped, never both at once).

run.concurrency=N runs N isolated tests of the repeat at once (lab.models.lockstep.ConcurrentEngine:
each test's next request goes out as soon as its previous one is answered). The server's /metrics
say what it got: `busy slots/decode` is the average number of sequences in one
llama_decode() batch (1.0: nothing ran in parallel), so the table shows what was measured.

Printed: wall time (the `lab run` process, and the repeat's own clock), tests passed, tokens
generated (the run's usage from tests.csv; the server's own count from /metrics), generated tok/s
aggregate (generated / repeat wall), prompt tokens evaluated and cached, and each test's outcome
and answer. Time budgets: the server runs tests on the wall clock, so agent.time_limit_s and
model.request_timeout_s default to the config's time limit x concurrency (the in-process path
charges each test its share of a batched step: the same budget, counted another way); pass
`--time-limit-s` to choose. Needs `pip install -e '.[server]'`. Idle machine only.

Tool calls (`--tool-mode native`, the default): the server renders the tools with the GGUF's chat
template and parses the calls. This build takes `tool_choice` only as a string: the lab's named
form (agent.forced_tool=path_resolve) is dropped with a warning ("Wrong type supplied for parameter
'tool_choice'"), so both paths run with agent.forced_tool=null (tool_choice=required; in-process a
grammar-forced call to any offered tool). Whether the server enforces "required" is up to its chat
template parser: SmolLM2's own template has no tools (they never reach the model), and SmolLM2
served with Qwen2.5's template (tools shown) still answered in prose; the column "tests with a
tool call" shows what happened (docs/batching.md). `--tool-mode text` forces the first call with a
GBNF grammar through the server, as in-process (the lab's Hermes tools block in the system prompt;
no `tools` field, which llama.cpp refuses beside a grammar).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from lab.config import compose  # noqa: E402
from lab.models.gguf import quantization, read_metadata  # noqa: E402
from lab.models.xllamacpp_server import XllamacppServer, available_threads, extra_buffers_on, resolve_model  # noqa: E402
from lab.records.record import read_record  # noqa: E402
from lab.records.test_files import read_tests_csv  # noqa: E402


def _value(v) -> str:
    """A Hydra override value: quoted when it holds characters the override grammar reserves."""
    if v is None:
        return "null"
    if isinstance(v, bool):
        return str(v).lower()
    if isinstance(v, (int, float)):
        return repr(v)
    s = str(v)
    return s if s.replace("_", "").replace("-", "").replace(".", "").isalnum() else "'" + s.replace("'", "\\'") + "'"


def server_overrides(cfg: dict, url: str, alias: str, ctx: int, quant: str | None,
                     tool_mode: str = "native") -> list[str]:
    """model=openai with what the llama_cpp config says about the model: sampling, tool-call
    formats, tool results, thinking tags, context per slot, quantization (for the record)."""
    out = ["model=openai", f"model.base_url={url}", f"model.model={alias}", f"model.tool_mode={tool_mode}",
           f"model.tool_results_as={cfg['tool_results_as']}",
           f"model.tool_call_formats=[{','.join(cfg['tool_call_formats'])}]",
           f"model.n_ctx={ctx}", f"model.quantization={_value(quant)}"]
    for k, v in (cfg.get("sampling") or {}).items():
        if v is not None:
            out.append(f"++model.sampling.{k}={_value(v)}")
    thinking = cfg.get("thinking")
    if thinking:
        out += [f"model.thinking.open={_value(thinking['open'])}",
                f"model.thinking.close={_value(thinking['close'])}"]
    else:
        out.append("model.thinking=null")
    return out


def lab_run(overrides: list[str], log: Path) -> tuple[dict, float]:
    """`lab run ... --format json` in a subprocess: (its summary, its wall time)."""
    cmd = [sys.executable, "-c", "import sys; from lab.cli import main; sys.exit(main())", "run",
           *overrides, "--format", "json"]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(REPO), *filter(None, [os.environ.get("PYTHONPATH")])])}
    print("$ lab run " + " ".join(overrides), file=sys.stderr, flush=True)
    t = time.monotonic()
    with log.open("w") as err:
        p = subprocess.run(cmd, cwd=REPO, env=env, stdout=subprocess.PIPE, stderr=err, text=True)
    wall = time.monotonic() - t
    try:
        summary = json.loads(p.stdout)
    except ValueError:
        raise SystemExit(f"lab run exited {p.returncode} without a JSON summary; its stderr: {log}\n"
                         + log.read_text(errors="replace")[-3000:]) from None
    return summary, wall


def measured(label: str, summary: dict, wall: float, before: dict | None = None,
             after: dict | None = None) -> dict:
    run_dir = Path(summary["run_dir"])
    rec = read_record(run_dir)
    rows = read_tests_csv(run_dir / "tests.csv")
    rep_wall = sum(r.wall_s for r in rec.repeats) or None
    generated = sum(r.completion_tokens for r in rows)
    row = {"path": label, "run_dir": str(run_dir), "status": rec.status, "error": rec.error,
           "wall_s": wall, "repeat_wall_s": rep_wall,
           "passed": sum(r.passed for r in rows), "tests": len(rows),
           "tests_with_calls": sum(r.tool_calls > 0 for r in rows),
           "outcomes": {o: sum(r.outcome == o for r in rows) for o in sorted({r.outcome for r in rows})},
           "generated": generated, "gen_tok_s": generated / rep_wall if rep_wall else None,
           "prompt_tokens": sum(r.prompt_tokens for r in rows), "cached_tokens": sum(r.cached_tokens for r in rows),
           "concurrency": (rec.config.get("run") or {}).get("concurrency"),
           "repeats": (rec.config.get("run") or {}).get("repeats"),
           "answers": [{"test": r.test_id, "repeat": r.repeat, "outcome": r.outcome, "passed": r.passed,
                        "answer": r.answer, "expected": r.expected, "completion_tokens": r.completion_tokens,
                        "wall_s": r.wall_s} for r in rows]}
    if before is not None and after is not None:
        d = {k: after.get(k, 0.0) - before.get(k, 0.0) for k in
             ("tokens_predicted_total", "prompt_tokens_total", "prompt_tokens_cached_total", "n_decode_total")}
        row["server"] = {**d, "n_busy_slots_per_decode": after.get("n_busy_slots_per_decode"),
                         "tokens_predicted_seconds_total": after.get("tokens_predicted_seconds_total")}
    return row


def print_report(rows: list[dict], header: str) -> None:
    print(header)
    print("| path | status | tests passed | tests with a tool call | wall s (lab run) | wall s (repeat) | "
          "generated | generated tok/s (aggregate) | prompt tokens | cached | busy slots/decode | "
          "server: predicted, decode calls |")
    print("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |")
    for r in rows:
        s = r.get("server")
        busy = f"{s['n_busy_slots_per_decode']:.2f}" if s and s.get("n_busy_slots_per_decode") is not None else "-"
        srv = f"{s['tokens_predicted_total']:.0f}, {s['n_decode_total']:.0f}" if s else "-"
        tps = f"{r['gen_tok_s']:.1f}" if r["gen_tok_s"] else "-"
        rw = f"{r['repeat_wall_s']:.1f}" if r["repeat_wall_s"] else "-"
        print(f"| {r['path']} | {r['status']} | {r['passed']}/{r['tests']} | {r['tests_with_calls']} | "
              f"{r['wall_s']:.1f} | {rw} | "
              f"{r['generated']} | {tps} | {r['prompt_tokens']} | {r['cached_tokens']} | {busy} | {srv} |")
    for r in rows:
        print(f"\n{r['path']}: {r['run_dir']}  outcomes {r['outcomes']}"
              + (f"  error: {r['error']}" if r["error"] else ""))
    print("\n| test | expected | " + " | ".join(r["path"] for r in rows) + " |")
    print("| --- | --- | " + " | ".join("---" for _ in rows) + " |")
    keys = [(a["repeat"], a["test"]) for a in rows[0]["answers"]]
    by = [{(a["repeat"], a["test"]): a for a in r["answers"]} for r in rows]
    for k in keys:
        cells = []
        for b in by:
            a = b.get(k)
            cells.append("-" if a is None else
                         f"{a['outcome']}: {a['answer'] or '(none)'} ({a['completion_tokens']} tok, {a['wall_s']:.1f} s)")
        expected = by[0][k]["expected"]
        print(f"| {k[1]}{'' if k[0] == 0 else f' r{k[0]}'} | {expected} | " + " | ".join(c.replace("|", "/") for c in cells) + " |")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--model", default="qwen2.5-coder-1.5b", help="a llama_cpp model config")
    ap.add_argument("--parallel", type=int, default=8, help="server slots (and model.parallel with --in-process)")
    ap.add_argument("--concurrency", type=int, default=None, help="run.concurrency (default: --parallel)")
    ap.add_argument("--limit", type=int, default=8, help="suite.limit")
    ap.add_argument("--threads", type=int, default=None, help="default: the cores this process may use")
    ap.add_argument("--ctx", type=int, default=None, help="context per slot (default: the config's n_ctx)")
    ap.add_argument("--unified", action=argparse.BooleanOptionalAction, default=None,
                    help="one KV pool for all slots, both paths (default: the config's kv_unified)")
    ap.add_argument("--port", type=int, default=0, help="0: a free port")
    ap.add_argument("--time-limit-s", type=float, default=None,
                    help="agent.time_limit_s and model.request_timeout_s (default: the config's x concurrency)")
    ap.add_argument("--tool-mode", choices=["native", "text"], default="native",
                    help="native: the server parses tool calls (--jinja); text: Hermes tags, first call "
                         "forced by a GBNF grammar as in-process")
    ap.add_argument("--in-process", action="store_true",
                    help="then run the same tests in-process with model.parallel=--parallel")
    ap.add_argument("--results", type=Path, default=Path("results"), help="run.results_dir")
    ap.add_argument("--json", type=Path)
    ap.add_argument("overrides", nargs="*", help="more `lab run` overrides (after --)")
    a = ap.parse_args()

    model = resolve_model(a.model)
    if model.cfg is None:
        raise SystemExit(f"--model {a.model}: a model config name (configs/model/NAME.yaml), not a file")
    cfg = model.cfg
    threads = a.threads or available_threads()
    ctx = a.ctx or int(cfg["n_ctx"])
    unified = bool(cfg.get("kv_unified", False)) if a.unified is None else a.unified
    conc = a.concurrency or a.parallel
    results = a.results.resolve()
    results.mkdir(parents=True, exist_ok=True)
    base = compose([f"model={a.model}", *a.overrides])
    limit_s = a.time_limit_s or float(base.agent.time_limit_s) * conc
    common = ["agent.session=isolated", f"suite.limit={a.limit}", f"run.results_dir={results}",
              "run.progress=false", f"agent.time_limit_s={limit_s:g}"]
    if a.tool_mode == "native":   # the only tool_choice form llama.cpp's server reads (docstring)
        common.append("agent.forced_tool=null")
    quant = quantization(read_metadata(model.path))
    header = (f"{a.model} ({model.path.name}, {quant}), {a.limit} tests isolated, {threads} threads, "
              f"context {ctx} a slot{' (one pool: kv_unified)' if unified else ''}, time limit {limit_s:g} s a test, "
              f"server tool mode {a.tool_mode}" + (", agent.forced_tool=null" if a.tool_mode == "native" else ""))

    rows = []
    stamp = time.strftime("%Y%m%d-%H%M%S")
    log = results / f"xllamacpp-server-{stamp}.log"
    srv = XllamacppServer(model.path, parallel=a.parallel, threads=threads, ctx_per_slot=ctx, alias=model.name,
                          unified=unified, extra_buffers=extra_buffers_on(model.extra_buffers),
                          batch=int(cfg.get("n_batch") or 512), port=a.port, log=log)
    t = time.monotonic()
    with srv:
        print(f"xllamacpp server {srv.url}: {a.parallel} slots, up in {time.monotonic() - t:.1f} s; log {log}",
              file=sys.stderr, flush=True)
        before = srv.metrics()
        ov = [*server_overrides(cfg, srv.base_url, model.name, ctx, quant, a.tool_mode), *common,
              f"model.request_timeout_s={limit_s:g}", f"run.concurrency={conc}",
              f"run.experiment=bench-server-p{a.parallel}", *a.overrides]
        summary, wall = lab_run(ov, results / f"lab-run-server-{stamp}.log")
        after = srv.metrics()
    rows.append(measured(f"server p{a.parallel} c{conc}", summary, wall, before, after))
    if a.in_process:
        ov = [f"model={a.model}", f"model.parallel={a.parallel}", f"model.n_threads={threads}",
              f"model.n_ctx={ctx}", f"model.kv_unified={str(unified).lower()}", *common,
              f"run.experiment=bench-inprocess-p{a.parallel}", *a.overrides]
        summary, wall = lab_run(ov, results / f"lab-run-inprocess-{stamp}.log")
        rows.append(measured(f"in-process parallel {a.parallel}", summary, wall))
    print_report(rows, header)
    if a.json:
        a.json.write_text(json.dumps({"header": header, "rows": rows}, indent=2))
    return 0 if all(r["status"] == "complete" for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())

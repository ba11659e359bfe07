"""Speed with a real model: the lab's llama_cpp backend against a plain llama-cpp-python loop over
the same messages, and against `llama_cpp.server` with its prompt cache.

    .venv/bin/python benchmarks/llama_speed.py [--tests 10] [--model qwen2.5-coder-1.5b] [--skip-server]
        [--lookup-draft 10 0] [--lab-only]

1. lab: the real agent loop (single session, tool_choice=first, forced_tool=path_resolve, the
   default prompt) on the first N tests of tests70; its conversation is recorded turn by turn.
2. plain: a fresh `Llama` with the same parameters; for every assistant turn of (1), the
   conversation up to that turn goes through `create_chat_completion(messages, tools)` (the
   template re-renders the whole history each turn, llama-cpp-python's prefix match does the
   caching), `max_tokens` = the lab's generated tokens for that turn.
3. server: `python -m lab.models.llama_server` (llama_cpp.server, `--cache true`: its RAM prompt
   cache) on a loopback port, the same requests over HTTP.

`--lookup-draft N ...` runs the lab's loop once per value of `model.lookup_draft` (prompt-lookup
drafts; the first value's conversation is the one the other loops replay); `--lab-only` skips them.

Each row: wall time for the session, prompt tokens evaluated (not reused from a cache), generated
tokens and generated tokens/s (llama.cpp's own perf counters: `llama_perf_context` in process,
the server's `llama_perf_context_print` lines), cache reuse (share of prompt tokens not evaluated).
Targets (issue 11): lab within 5% of the plain loop's generated tokens/s (the lab's forced turns
use a grammar; the plain loop runs unconstrained: the table shows both the lab's forced and free
turns), and faster wall time than the server per session. Run on an otherwise idle machine.
"""

from __future__ import annotations

import argparse
import json
import re
import socket
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from harness import build_session  # noqa: E402  (benchmarks/harness.py)
from lab.agent import run_session  # noqa: E402
from lab.config import compose  # noqa: E402


def lab_session(cfg, n_tests: int):
    session, suite = build_session(cfg)
    backend = session.backend
    t0 = time.perf_counter()
    res = run_session(suite.tests[:n_tests], session, seed=0)
    wall = time.perf_counter() - t0
    turns = [u for r in res.results for u in r.turn_usage]
    forced = [u for r in res.results for i, u in enumerate(r.turn_usage) if i == 0 and r.first_call_forced]
    free = [u for u in turns if u not in forced]
    drafts = getattr(backend, "draft_stats", None)
    row = {"name": f"lab (llama_cpp backend, lookup_draft={cfg.model.lookup_draft})", "wall_s": wall,
           "drafts": drafts.as_dict() if drafts else None,
           "evaluated": sum(u["evaluated_tokens"] for u in turns),
           "prompt": sum(u["prompt_tokens"] for u in turns),
           "generated": sum(u["completion_tokens"] for u in turns),
           "gen_s": sum(u["generation_s"] for u in turns),
           "free_tps": _tps(free), "forced_tps": _tps(forced),
           "passes": sum(r.passed for r in res.results)}
    # the conversation, as OpenAI-style messages, and the generated tokens per assistant turn
    convo = [{"role": "system", "content": session.system_prompt}]
    requests = []
    for r in res.results:
        k = 0
        for m in r.messages:
            if m["role"] == "assistant":
                requests.append((list(convo), r.turn_usage[k]["completion_tokens"]))
                k += 1
            msg = {"role": m["role"], "content": m["content"]}
            if m["role"] == "tool":          # the OpenAI API wants an id (the template ignores it)
                msg["tool_call_id"] = m.get("tool_call_id") or "call_text"
            convo.append(msg)
    tools = [t.openai() for t in session.tools]
    path = backend.identity().path
    backend.close()
    return row, requests, tools, path


def _tps(turns) -> float | None:
    gen = sum(max(u["completion_tokens"] - 1, 0) for u in turns)
    s = sum(u["generation_s"] for u in turns)
    return gen / s if s else None


def plain_loop(path: str, model_cfg, requests, tools):
    from lab.models.llama_levels import select
    select()                  # VOCAB_LAB_LLAMA_BUILD: an installed level other than the venv's own
    import llama_cpp

    from lab.models.llamacpp import _model_params, default_threads
    s = dict(model_cfg.sampling)
    with _model_params(llama_cpp, use_extra_bufts=False):
        llm = llama_cpp.Llama(model_path=path, n_ctx=int(model_cfg.n_ctx), n_threads=default_threads(),
                              n_threads_batch=default_threads(), n_batch=512, verbose=False)
    ctx = llm._ctx.ctx
    t0 = time.perf_counter()
    ev = gen = prompt = 0
    gen_ms = 0.0
    for messages, max_tokens in requests:
        llama_cpp.llama_perf_context_reset(ctx)
        out = llm.create_chat_completion(messages=messages, tools=tools, max_tokens=max(max_tokens, 1),
                                         temperature=s["temperature"], top_p=s["top_p"], top_k=s["top_k"],
                                         min_p=s["min_p"], repeat_penalty=s["repeat_penalty"], seed=0)
        perf = llama_cpp.llama_perf_context(ctx)
        ev += perf.n_p_eval
        gen += perf.n_eval
        gen_ms += perf.t_eval_ms
        prompt += out["usage"]["prompt_tokens"]
    wall = time.perf_counter() - t0
    llm.close()
    return {"name": "plain llama-cpp-python loop", "wall_s": wall, "evaluated": ev, "prompt": prompt,
            "generated": gen, "gen_s": gen_ms / 1000, "free_tps": gen / (gen_ms / 1000) if gen_ms else None,
            "forced_tps": None, "passes": None}


_PERF = re.compile(r"(prompt eval|eval) time =\s*([\d.]+) ms /\s*(\d+) (?:tokens|runs)")


def server_loop(path: str, model_cfg, requests, tools, *, cache: bool = True):
    import openai

    from lab.models.llamacpp import default_threads
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    log = Path("/tmp") / f"llama-speed-server-{port}.log"
    proc = subprocess.Popen([sys.executable, "-m", "lab.models.llama_server", "--model", path,
                             "--host", "127.0.0.1", "--port", str(port), "--n_ctx", str(model_cfg.n_ctx),
                             # its default is half the cores: give it the lab's thread count
                             "--n_threads", str(default_threads()), "--n_threads_batch", str(default_threads()),
                             "--cache", "true" if cache else "false", "--verbose", "true"],
                            stdout=log.open("w"), stderr=subprocess.STDOUT,
                            cwd=str(Path(__file__).resolve().parent.parent))
    try:
        client = openai.OpenAI(base_url=f"http://127.0.0.1:{port}/v1", api_key="none", max_retries=0)
        deadline = time.monotonic() + 180
        while True:
            try:
                client.models.list(timeout=2)
                break
            except Exception:  # noqa: BLE001 - still starting
                if time.monotonic() > deadline or proc.poll() is not None:
                    raise SystemExit(f"server did not start; see {log}")
                time.sleep(1)
        s = dict(model_cfg.sampling)
        start = log.stat().st_size
        t0 = time.perf_counter()
        prompt = done = 0
        failure = None
        for messages, max_tokens in requests:
            try:
                out = client.chat.completions.create(model="m", messages=messages, tools=tools,
                                                     max_tokens=max(max_tokens, 1),
                                                     temperature=s["temperature"], top_p=s["top_p"],
                                                     seed=0, timeout=600)
            except Exception as e:  # noqa: BLE001 - a server crash is a result: say it, keep the rest
                failure = f"{type(e).__name__} after {done} of {len(requests)} requests (server exit {proc.poll()})"
                break
            prompt += out.usage.prompt_tokens
            done += 1
        wall = time.perf_counter() - t0
        text = log.read_text(errors="replace")[start:]
    finally:
        proc.terminate()
        proc.wait(timeout=30)
    ev = sum(int(n) for kind, _, n in _PERF.findall(text) if kind == "prompt eval")
    gen = sum(int(n) for kind, _, n in _PERF.findall(text) if kind == "eval")
    gen_ms = sum(float(ms) for kind, ms, _ in _PERF.findall(text) if kind == "eval")
    name = f"llama_cpp.server (--cache {'true' if cache else 'false'})"
    return {"name": name + (f" FAILED: {failure}" if failure else ""), "wall_s": wall, "evaluated": ev,
            "prompt": prompt, "generated": gen, "gen_s": gen_ms / 1000,
            "free_tps": gen / (gen_ms / 1000) if gen_ms else None, "forced_tps": None, "passes": None}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--tests", type=int, default=10)
    ap.add_argument("--model", default="qwen2.5-coder-1.5b")
    ap.add_argument("--skip-server", action="store_true")
    ap.add_argument("--server-cache", choices=["true", "false", "both"], default="both",
                    help="llama_cpp.server's RAM prompt cache (--cache)")
    ap.add_argument("--json", type=Path, help="also write the rows here")
    ap.add_argument("--lookup-draft", type=int, nargs="+", metavar="N",
                    help="model.lookup_draft of the lab's loop, one run per value (default: the config's)")
    ap.add_argument("--lab-only", action="store_true", help="skip the plain loop and the server")
    a = ap.parse_args()
    base = [f"model={a.model}", "suite=tests70", "agent.session=single", "agent.tool_choice=first",
            "agent.forced_tool=path_resolve", "agent.time_limit_s=600"]
    rows, replay = [], None
    for ld in a.lookup_draft or [None]:
        cfg = compose(base + ([] if ld is None else [f"model.lookup_draft={ld}"]))
        row, requests, tools, path = lab_session(cfg, a.tests)
        replay = replay or (requests, tools, path)
        rows.append(row)
        print(json.dumps(row), flush=True)
    requests, tools, path = replay
    if not a.lab_only:
        rows.append(plain_loop(path, cfg.model, requests, tools))
        print(json.dumps(rows[-1]), flush=True)
    if not a.skip_server and not a.lab_only:
        for cache in ((True, False) if a.server_cache == "both" else (a.server_cache == "true",)):
            rows.append(server_loop(path, cfg.model, requests, tools, cache=cache))
            print(json.dumps(rows[-1]), flush=True)
    print(f"\n{a.tests} tests of tests70, one session, {len(requests)} assistant turns, model {a.model}\n")
    print("| loop | wall s | prompt tokens | evaluated | cache reuse | generated | gen tok/s (free turns) | gen tok/s (forced turns) |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for r in rows:
        reuse = 1 - r["evaluated"] / r["prompt"] if r["prompt"] else None
        print(f"| {r['name']} | {r['wall_s']:.1f} | {r['prompt']} | {r['evaluated']} | "
              + (f"{reuse:.1%}" if reuse is not None else "-") + f" | {r['generated']} | "
              + (f"{r['free_tps']:.2f}" if r["free_tps"] else "-") + " | "
              + (f"{r['forced_tps']:.2f}" if r["forced_tps"] else "-") + " |")
    if a.json:
        a.json.write_text(json.dumps(rows, indent=2) + "\n")


if __name__ == "__main__":
    main()

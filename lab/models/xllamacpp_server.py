"""llama.cpp's own C++ server, from the prebuilt PyPI wheel `xllamacpp`, on loopback: N parallel
slots with continuous batching, tool calls parsed by the server from the GGUF's chat template
(`--jinja`), `/health`, `/metrics` and `/slots`. The lab talks to it with `model=openai`.

    .venv/bin/python -m lab.models.xllamacpp_server --model smollm2-135m --parallel 8 [--port 8080]
        [--threads N] [--ctx PER_SLOT] [--[no-]unified] [--extra-buffers on|off|auto]

`--model` is a GGUF path, `package:<module>` or a model config name (configs/model/NAME.yaml,
backend llama_cpp: its file, context, kv_unified and extra_buffers). Nothing is ever downloaded. In code:

    with XllamacppServer(gguf, parallel=8, threads=2, ctx_per_slot=8192, alias="qwen") as srv:
        lab run model=openai model.base_url={srv.base_url} model.model=qwen ...

The server runs in a child process (`python -m lab.models.xllamacpp_server`), its output in a log
file that every start-up error names. `ctx_per_slot` is what one conversation may use: llama.cpp
splits `n_ctx` over the slots unless `unified` (one pool of parallel x ctx_per_slot cells, shared).
Extra buffer types (repacked weights) are off by default, as in every lab model config. Needs the
server extra: `.venv/bin/pip install -e '.[server]'` (pins xllamacpp).
"""

from __future__ import annotations

import argparse
import os
import re
import signal
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from lab.errors import LabError
from lab.models.locate import PACKAGE_PREFIX, model_path
from lab.config import compose
from lab.errors import InputError
from lab.models import model_settings
from lab.models.llamacpp import resolved_extra_buffers
import importlib.util
from lab.errors import MissingDependencyError

#: the line the child prints once its server listens: "<READY> http://127.0.0.1:PORT"
READY = "XLLAMACPP_SERVER_READY"
INSTALL = "-e '.[server]'  (pins xllamacpp; or: bash scripts/install.sh)"
_METRIC = re.compile(r"^llamacpp:(\w+)\s+(\S+)$")


class ServerStartError(LabError):
    """The server did not come up (exited, or no /health answer in time); names its log."""


def available_threads() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:   # not Linux
        return os.cpu_count() or 1


@dataclass(frozen=True)
class ServedModel:
    """A GGUF to serve, and what a model config says about it (None: a bare file)."""
    path: Path
    name: str
    cfg: dict | None = None

    @property
    def n_ctx(self) -> int | None:
        return (self.cfg or {}).get("n_ctx")

    @property
    def extra_buffers(self) -> Any:
        return (self.cfg or {}).get("extra_buffers", False)


def resolve_model(model: str) -> ServedModel:
    """A GGUF path, `package:<module>` or a llama_cpp model config name -> the local file.
    MissingDependencyError (from lab.models.locate) says how to get a file that is not there."""

    p = Path(model).expanduser()
    if p.is_file():
        return ServedModel(p, p.stem)
    if model.startswith(PACKAGE_PREFIX):
        return ServedModel(model_path({"name": model, "path": model}), model[len(PACKAGE_PREFIX):])
    cfg = model_settings(compose([f"model={model}"]).model)
    if cfg.get("backend") != "llama_cpp":
        raise InputError(f"backend {cfg.get('backend')!r} serves no GGUF file (a llama_cpp config, a "
                         "path or package:<module>)", file=f"configs/model/{model}.yaml", key="model.backend")
    return ServedModel(model_path(cfg), str(cfg["name"]), cfg)


def extra_buffers_on(setting: Any) -> bool:
    """A model config's `extra_buffers` (true | false | auto) as llama.cpp uses it."""
    if setting == "auto":
        return resolved_extra_buffers("auto")
    return bool(setting)


def parse_metrics(text: str) -> dict[str, float]:
    """llama.cpp's Prometheus /metrics -> {"tokens_predicted_total": 123.0, ...}."""
    out = {}
    for line in text.splitlines():
        m = _METRIC.match(line.strip())
        if m:
            try:
                out[m.group(1)] = float(m.group(2))
            except ValueError:
                pass
    return out


@dataclass
class XllamacppServer:
    """Start llama.cpp's server (xllamacpp) for one GGUF on 127.0.0.1 and stop it again; a
    context manager. `port=0`: a free port the server picks itself (no race with other servers).
    `start()` returns once /health answers ok, or raises ServerStartError naming the log file
    within `start_timeout_s`, whatever the child does (it is killed then)."""
    gguf: Path
    parallel: int = 1
    threads: int | None = None                 # None = the cores this process may use
    ctx_per_slot: int = 4096
    alias: str | None = None                   # the id /v1/models lists (None: the file path)
    unified: bool = False
    extra_buffers: bool = False
    batch: int = 512                           # n_batch and n_ubatch (the lab's model configs: 512)
    port: int = 0
    log: Path | None = None                    # None = a new file in the temp folder (kept)
    start_timeout_s: float = 180.0
    url: str | None = field(default=None, init=False)
    proc: subprocess.Popen | None = field(default=None, init=False)

    @property
    def base_url(self) -> str:
        """The OpenAI API root: model.base_url."""
        return f"{self.url}/v1"

    def command(self) -> list[str]:
        cmd = [sys.executable, "-m", "lab.models.xllamacpp_server", "--model", str(self.gguf),
               "--port", str(self.port), "--parallel", str(self.parallel),
               "--threads", str(self.threads or available_threads()), "--ctx", str(self.ctx_per_slot),
               "--batch", str(self.batch), "--extra-buffers", "on" if self.extra_buffers else "off"]
        if self.alias:
            cmd += ["--alias", self.alias]
        if self.unified:
            cmd.append("--unified")
        return cmd

    def start(self) -> "XllamacppServer":
        if importlib.util.find_spec("xllamacpp") is None:
            raise MissingDependencyError(f"llama.cpp's server needs the Python package 'xllamacpp'; "
                                         f"fix: .venv/bin/pip install {INSTALL}")
        if self.log is None:
            fd, name = tempfile.mkstemp(prefix="xllamacpp-server-", suffix=".log")
            os.close(fd)
            self.log = Path(name)
        self.log = Path(self.log)
        self.log.parent.mkdir(parents=True, exist_ok=True)
        self.url = None
        root = str(Path(__file__).resolve().parents[2])
        env = {**os.environ, "PYTHONPATH": os.pathsep.join(
            [root, *filter(None, [os.environ.get("PYTHONPATH")])])}
        with self.log.open("w") as out:
            self.proc = subprocess.Popen(self.command(), stdout=out, stderr=subprocess.STDOUT,
                                         stdin=subprocess.DEVNULL, env=env, start_new_session=True)
        try:
            self._wait_ready(time.monotonic() + self.start_timeout_s)
        except BaseException:
            self.stop()
            raise
        return self

    def _wait_ready(self, deadline: float) -> None:
        while True:
            code = self.proc.poll()
            if code is not None:
                raise ServerStartError(f"llama.cpp's server (xllamacpp) exited with code {code} "
                                       f"before answering /health; its log: {self.log}\n{self.log_tail()}")
            if self.url is None:
                m = re.search(rf"^{READY} (\S+)$", self.log.read_text(errors="replace"), re.M)
                if m:
                    self.url = m.group(1).rstrip("/")
            if self.url is not None and self.healthy():
                return
            if time.monotonic() > deadline:
                raise ServerStartError(f"llama.cpp's server (xllamacpp) did not answer /health within "
                                       f"{self.start_timeout_s:.0f} s; its log: {self.log}\n{self.log_tail()}")
            time.sleep(0.2)

    def healthy(self) -> bool:
        try:
            with urllib.request.urlopen(f"{self.url}/health", timeout=2) as r:
                return r.status == 200 and b'"ok"' in r.read()
        except (OSError, ValueError):   # refused, 503 while loading, time-out
            return False

    def get(self, path: str, timeout: float = 10) -> str:
        with urllib.request.urlopen(f"{self.url}{path}", timeout=timeout) as r:
            return r.read().decode("utf-8", "replace")

    def metrics(self) -> dict[str, float]:
        """The server's counters (tokens predicted, prompt tokens, decode calls, busy slots...)."""
        return parse_metrics(self.get("/metrics"))

    def log_tail(self, chars: int = 3000) -> str:
        try:
            return self.log.read_text(errors="replace")[-chars:] if self.log else ""
        except OSError:
            return ""

    def stop(self) -> None:
        """SIGTERM (the server drains and exits), SIGKILL after 10 s; idempotent."""
        p = self.proc
        if p is None or p.poll() is not None:
            return
        p.send_signal(signal.SIGTERM)
        try:
            p.wait(timeout=10)
        except subprocess.TimeoutExpired:
            p.kill()
            p.wait(timeout=10)

    def __enter__(self) -> "XllamacppServer":
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()


# -- the child: one server in this process until SIGTERM / SIGINT ---------------------------------

def serve(gguf: Path, *, port: int, parallel: int, threads: int, ctx_per_slot: int, batch: int,
          alias: str | None, unified: bool, extra_buffers: bool, host: str = "127.0.0.1") -> None:
    import xllamacpp  # optional extra `server`: missing, the caller names the install command

    p = xllamacpp.CommonParams()
    p.model.path = str(gguf)
    p.hostnames = [host]
    p.port = port
    p.n_parallel = parallel
    p.cont_batching = True
    p.kv_unified = unified
    p.n_ctx = ctx_per_slot * parallel      # llama.cpp gives each slot n_ctx / n_parallel (not unified)
    p.n_batch = p.n_ubatch = batch
    p.cpuparams.n_threads = p.cpuparams_batch.n_threads = threads
    p.n_threads_http = parallel + 2        # one HTTP thread per slot, and /health, /metrics beside
    p.use_jinja = True                     # the GGUF's chat template; tool calls parsed by the server
    p.endpoint_metrics = True
    p.no_extra_bufts = not extra_buffers
    p.fit_params = False                   # exactly the context asked for, never shrunk to fit
    p.ui = False
    if alias:
        p.model_alias = {alias}
    # the server's threads inherit this mask: SIGTERM / SIGINT wait for the main thread below
    stop = {signal.SIGTERM, signal.SIGINT}
    signal.pthread_sigmask(signal.SIG_BLOCK, stop)
    server = xllamacpp.Server(p)           # loads the model and listens; returns when ready
    print(f"{READY} {server.listening_address}", flush=True)
    signal.sigwait(stop)
    del server                             # stops the main loop and the HTTP threads


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(prog="python -m lab.models.xllamacpp_server",
                                 description="Serve a GGUF with llama.cpp's server (xllamacpp) on 127.0.0.1.")
    ap.add_argument("--model", required=True, help="GGUF path, package:<module> or a model config name")
    ap.add_argument("--port", type=int, default=0, help="0: a free port (printed)")
    ap.add_argument("--parallel", type=int, default=1, help="slots: requests decoded as one batch")
    ap.add_argument("--threads", type=int, default=None, help="default: the cores this process may use")
    ap.add_argument("--ctx", type=int, default=None, help="context per slot (default: the config's n_ctx, else 4096)")
    ap.add_argument("--batch", type=int, default=512)
    ap.add_argument("--alias", default=None, help="the model id /v1/models lists (default: the config name)")
    ap.add_argument("--unified", action=argparse.BooleanOptionalAction, default=None,
                    help="one KV pool shared by the slots (default: the config's kv_unified, else off)")
    ap.add_argument("--extra-buffers", choices=["on", "off", "auto"], default=None,
                    help="repacked weights (default: the config's extra_buffers, else off)")
    a = ap.parse_args(argv)
    if Path(a.model).expanduser().is_file():   # the parent resolved it: no lab config read here
        m = ServedModel(Path(a.model).expanduser(), Path(a.model).stem)
    else:
        m = resolve_model(a.model)
    extra = (extra_buffers_on(m.extra_buffers) if a.extra_buffers is None
             else extra_buffers_on("auto" if a.extra_buffers == "auto" else a.extra_buffers == "on"))
    serve(m.path, port=a.port, parallel=a.parallel, threads=a.threads or available_threads(),
          ctx_per_slot=a.ctx or m.n_ctx or 4096, batch=a.batch,
          alias=a.alias or (m.name if m.cfg else None), extra_buffers=extra,
          unified=bool((m.cfg or {}).get("kv_unified", False)) if a.unified is None else a.unified)


if __name__ == "__main__":
    main()

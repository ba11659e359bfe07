"""Numerics: how a machine did a model's arithmetic, named beside the fingerprint.

The fingerprint says *what* a run asked for (model file, settings, prompt, suite...). Two runs
with the same fingerprint compute the same tokens only when the arithmetic is also the same:
llama.cpp's build (its version, the CPU features it was compiled for, the compiler), the weight
layout (`extra_buffers`: ggml repacks Q4_K weights into other blocks and runs other kernels) and
the settings that change how sums are split (measured in docs/numerics.md). A 1.5B model's
single session can turn on one close draw, so a kernel change is enough to turn 50/70 into 0/70.

Those inputs are hashed into the **numerics id** (`Numerics.id`, 12 hex digits). It is printed
beside the fingerprint by `lab run`, `lab fingerprint`, `lab history` and `lab diff`; resume
refuses to mix two, and `lab reproduce` names both when tokens diverge. What is recorded but
not hashed (`info`: the CPU's model name and flags) does not change the computation once the
kernels are fixed at build time — true of the lab's pinned build (scripts/install.sh builds
llama.cpp for one x86-64 feature set, GGML_NATIVE=OFF), which is why the CPU itself is not in
the id; a `-march=native` build shows its CPU through its compiled features instead.

This module is the record's side (the type, reading it from a run record, comparing two); the
machine's side (the CPU, the llama.cpp build) is lab/models/numerics.py.

Backends other than llama_cpp: the lab's own Python backends compute exactly (`engine: python`);
a server's arithmetic is the server's (`engine: server`) and the lab cannot see it.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from typing import Any, Mapping

from lab.records.fingerprint import leaf_differences

@dataclass(frozen=True)
class Numerics:
    """The numerics of a run: `inputs` hashed into `id`; `info` recorded beside them."""
    inputs: Mapping[str, Any]
    info: Mapping[str, Any] = field(default_factory=dict)
    known: bool = True           # False: a record from before numerics (what it said is in info)

    @property
    def id(self) -> str | None:
        if not self.known:
            return None
        text = json.dumps(self.inputs, sort_keys=True, separators=(",", ":"), default=str)
        return hashlib.sha256(text.encode()).hexdigest()[:12]

    @property
    def label(self) -> str:
        return self.id or "unknown"

    def to_dict(self) -> dict:
        return {"id": self.id, "inputs": dict(self.inputs), "info": dict(self.info)}

    @classmethod
    def from_dict(cls, d: Mapping[str, Any] | None) -> "Numerics":
        if not isinstance(d, Mapping) or not isinstance(d.get("inputs"), Mapping) or not d.get("id"):
            return cls({}, {}, known=False)
        return cls(dict(d["inputs"]), dict(d.get("info") or {}))

    def same_as(self, other: "Numerics") -> bool | None:
        """True/False when both are known; None when either is not (a record from before them)."""
        if not (self.known and other.known):
            return None
        return self.id == other.id

    def differences(self, other: "Numerics") -> list[str]:
        """`key: this -> other` for each hashed input that differs (dotted keys, whole values)."""
        return leaf_differences(self.inputs, other.inputs, width=None)


def of_record(record: Any) -> Numerics:
    """A run record's numerics; for a record from before them (schema < 3), unknown, with what
    its model identity did say (`extra_buffers` resolved, the llama-cpp-python version)."""
    n = Numerics.from_dict(getattr(record, "numerics", None))
    if n.known:
        return n
    extra = ((getattr(record, "model", None) or {}).get("extra") or {})
    said = {k: extra[k] for k in ("extra_buffers", "llama_cpp_python") if k in extra}
    return Numerics({}, {"recorded_before_numerics": said}, known=False)


def describe_difference(a: Numerics, b: Numerics) -> str | None:
    """One line saying how two runs' numerics relate, or None when they are the same."""
    same = a.same_as(b)
    if same:
        return None
    if same is None:
        return (f"numerics {a.label} vs {b.label}: unknown for a run recorded before numerics "
                "existed, so these runs may have computed on other kernels")
    return f"numerics differ ({a.label} vs {b.label}): " + "; ".join(a.differences(b))

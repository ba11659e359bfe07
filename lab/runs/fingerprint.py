"""Fingerprints: a hash of exactly the inputs that determine a result, and nothing else.

Two results with the same fingerprint are comparable (a baseline); anything that does not change
outcomes (output paths, timestamps, seeds list, findings) stays out on purpose — a fingerprint
that moved whenever something was *reported* would cost a run its baseline.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from typing import Any, Mapping


def canonical_json(obj: Any) -> str:
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=str)


@dataclass(frozen=True)
class Fingerprint:
    value: str                   # sha256 hex of the canonical inputs
    inputs: Mapping[str, Any]    # what was hashed, for `lab fingerprint` and diffs

    @classmethod
    def of(cls, inputs: Mapping[str, Any]) -> "Fingerprint":
        return cls(hashlib.sha256(canonical_json(inputs).encode()).hexdigest(), dict(inputs))

    @property
    def short(self) -> str:
        return self.value[:12]

    def differing(self, other: "Fingerprint") -> list[str]:
        """Top-level input names whose values differ."""
        keys = sorted(set(self.inputs) | set(other.inputs))
        return [k for k in keys if canonical_json(self.inputs.get(k)) != canonical_json(other.inputs.get(k))]

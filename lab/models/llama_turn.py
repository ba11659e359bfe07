"""What the one-conversation loop (llamacpp.py) and the batched engine (llama_batch.py) share
about one llama.cpp turn: where it starts, and how often generation stops to look around."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class TurnInputs:
    """What one assistant turn starts from (LlamaCppBackend.turn_inputs)."""
    prompt: list[int]          # the tokens to read, the forced call's opening included
    opening: list[int]         # the forced call's fixed opening (jump_forward), else []
    grammar: Any               # a LlamaGrammar, or None
    seed: int


#: how often (in generated tokens) the stop check (loop detection) and the deadline are looked at
CHECK_EVERY = 8

"""pathfinder's peers: the tools users already have, as resolver kinds (`resolver.kind`).

Each peer is one module with one class, listed here explicitly and imported only when a config
asks for it (the fzf binary and the bm25s library are needed by nobody else). A peer ranks the
same index snapshot pathfinder does and returns the same typed `Resolution`.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from lab.pathfinder.peers.base import PeerResolver

#: resolver.kind -> "module:class" of the peer (pathfinder itself is lab.pathfinder.resolver).
PEERS: dict[str, str] = {
    "fzf": "lab.pathfinder.peers.fzf:FzfResolver",
    "bm25": "lab.pathfinder.peers.bm25:Bm25Resolver",
}


def peer_class(kind: str) -> "type[PeerResolver]":
    module, _, name = PEERS[kind].partition(":")
    return getattr(importlib.import_module(module), name)


__all__ = ["PEERS", "peer_class"]

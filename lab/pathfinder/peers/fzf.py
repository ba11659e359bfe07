"""The fzf peer: the real `fzf --filter=QUERY` over the corpus file list, fzf's order as the ranking.

fzf reads the corpus-relative paths on stdin (one a line) and prints the matching ones best first,
by its own scoring and its default `--tiebreak` (length, then input order), which is left as is.
Its extended-search syntax applies to the query as given: words separated by spaces are ANDed,
each matched fuzzily (`'word` exact, `^x` prefix, `x$` suffix, `!x` negation, `a | b` OR); smart
case. So a natural-language query of several words usually matches nothing: that is fzf's
behaviour, measured as it is. fzf has no notion of intent; `include_intent` appends the intent's
words to the query (more ANDed terms), off by default.

Bounded: no shell, the query cut at `max_query_chars`, a timeout; FZF_DEFAULT_OPTS and
FZF_DEFAULT_COMMAND are removed from fzf's environment so a user's settings never change a ranking.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from typing import Annotated, ClassVar, Literal

from pydantic import Field

from lab.errors import LabError, MissingDependencyError
from lab.pathfinder.index import Index
from lab.pathfinder.peers.base import PeerResolver, rank_candidate
from lab.pathfinder.resolution import Candidate
from lab.settings import Settings

FIX = "install it with `apt-get install fzf` (Debian/Ubuntu) or `bash scripts/install.sh`"


class FzfSettings(Settings):
    """configs/resolver/fzf.yaml (the defaults are there)."""
    kind: Literal["fzf"]
    top_k: Annotated[int, Field(ge=1)]
    binary: str                                   # name on PATH or a path
    timeout_s: Annotated[float, Field(gt=0)]      # per query; a timeout is an error, never an empty answer
    max_query_chars: Annotated[int, Field(ge=1)]  # longer queries are cut (one argv entry, no shell)
    include_intent: bool                          # append the intent's words to the query


class FzfResolver(PeerResolver):
    """score = 1 / rank (1, 0.5, 0.333...): fzf prints no scores, only its order."""

    kind: ClassVar[str] = "fzf"
    Settings: ClassVar[type] = FzfSettings
    non_result_settings: ClassVar[tuple[str, ...]] = ("binary", "timeout_s")  # the version stands for the binary

    def __init__(self, index: Index, settings: FzfSettings) -> None:
        super().__init__(index, settings)
        found = shutil.which(settings.binary)
        if found is None:
            raise MissingDependencyError(
                f"resolver.kind=fzf needs the fzf binary, and '{settings.binary}' is not on PATH "
                f"(resolver.binary): {FIX}")
        self.binary = found
        self.env = {k: v for k, v in os.environ.items() if k not in ("FZF_DEFAULT_OPTS", "FZF_DEFAULT_COMMAND")}
        # a path holding a newline cannot be one stdin line: such files are never offered
        self.stdin = "".join(f.path + "\n" for f in index.files if "\n" not in f.path).encode()
        self._version = self._run(["--version"], b"").strip() or "unknown"

    def versions(self) -> dict[str, str]:
        return {"fzf_version": self._version}

    def _run(self, args: list[str], stdin: bytes) -> str:
        try:
            p = subprocess.run([self.binary, *args], input=stdin, capture_output=True, env=self.env,
                               timeout=self.settings.timeout_s, check=False)
        except subprocess.TimeoutExpired as e:
            raise LabError(f"fzf took longer than {self.settings.timeout_s} s "
                           f"(resolver.timeout_s) for {args!r}") from e
        # exit 1 = no match (an empty ranking); 2 = fzf refused its input or options
        if p.returncode not in (0, 1):
            raise LabError(f"fzf exited {p.returncode} for {args!r}: "
                           f"{p.stderr.decode(errors='replace').strip()[:300]}")
        return p.stdout.decode(errors="replace")

    def query_text(self, query: str, intent: str | None) -> str:
        text = f"{query} {intent}" if intent and self.settings.include_intent else query
        return text.strip()[: self.settings.max_query_chars]

    def rank(self, query: str, intent: str | None, top_k: int) -> list[Candidate]:
        # `--filter=QUERY` as one argv entry: a query starting with "-" is never read as an option
        out = self._run([f"--filter={self.query_text(query, intent)}"], self.stdin)
        ranked: list[Candidate] = []
        for line in out.splitlines():
            if line in self.index.by_path:
                ranked.append(rank_candidate(self.index, line, 1.0 / (len(ranked) + 1), ("fzf",)))
                if len(ranked) == top_k:
                    break
        return ranked

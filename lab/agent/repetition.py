"""Loop detection inside one generation: the text's tail repeats, or one line keeps coming back.

The source log's `alike: 273` failure was a model re-counting "59 PASS, 1 FAIL" dozens of times in
one reply. Waiting for the token limit would let such a turn eat minutes and thousands of tokens
of context; the backend calls this check while it generates and stops the turn as `loop`.
"""

from __future__ import annotations

from collections import Counter


class RepetitionCheck:
    """`check(text)` -> "loop" when the text is looping, else None.

    - periodic tail: the text ends with one unit (2..512 chars) repeated `repeats` times or more,
      covering at least `min_span` characters;
    - recurring line: one line of at least `min_line` characters appears `2 * repeats` times.
    """

    def __init__(self, repeats: int = 3, *, min_span: int = 48, min_line: int = 16,
                 max_unit: int = 512) -> None:
        self.repeats, self.min_span, self.min_line, self.max_unit = repeats, min_span, min_line, max_unit
        self.reason: str | None = None

    def __call__(self, text: str) -> str | None:
        n = self.repeats
        size = len(text)
        for unit in range(2, min(self.max_unit, size // n) + 1):
            span = unit * n
            if span < self.min_span:
                continue
            if text[-1] != text[-1 - unit]:
                continue
            tail = text[-unit:]
            if text.endswith(tail * n) and tail.strip():
                self.reason = f"the reply repeats {tail.strip()[:60]!r} {n}+ times"
                return "loop"
        lines = Counter(" ".join(line.split()) for line in text.splitlines())
        for line, count in lines.most_common(3):
            if len(line) >= self.min_line and count >= 2 * n:
                self.reason = f"the reply repeats the line {line[:60]!r} {count} times"
                return "loop"
        return None

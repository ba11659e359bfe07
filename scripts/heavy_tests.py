"""tests/heavy.txt from a durations run: the tests of phase 1 (neither `slow` nor `slurm`) that take
THRESHOLD seconds or more (setup + call + teardown), which tests/conftest.py marks `heavy`, so the
fast lane (`-m "not slow and not slurm and not heavy"`) stays at a few minutes. CI runs them all.

    .venv/bin/python -m pytest -q -m "not slow and not slurm" --durations=0 -p no:cacheprovider > durations.log
    .venv/bin/python scripts/heavy_tests.py durations.log [THRESHOLD] > tests/heavy.txt
"""

from __future__ import annotations

import re
import sys
from collections import Counter

LINE = re.compile(r"^([0-9.]+)s (setup|call|teardown)\s+(\S+)")


def main() -> None:
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    threshold = float(sys.argv[2]) if len(sys.argv) > 2 else 2.0
    total: Counter = Counter()
    with open(sys.argv[1], encoding="utf-8") as f:
        for line in f:
            m = LINE.match(line)
            if m:
                total[m.group(3)] += float(m.group(1))
    if not total:
        sys.exit(f"{sys.argv[1]}: no --durations lines (run pytest with --durations=0)")
    heavy = sorted(t for t, s in total.items() if s >= threshold)
    print(f"# tests of phase 1 that took >= {threshold:g} s in a durations run (scripts/heavy_tests.py);")
    print(f"# {len(heavy)} of {len(total)} tests, {sum(total[t] for t in heavy):.0f} of "
          f"{sum(total.values()):.0f} s. Marked `heavy` by tests/conftest.py: out of the fast lane, in CI.")
    for t in heavy:
        print(t)


if __name__ == "__main__":
    main()

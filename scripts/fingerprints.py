"""Every packaged config's run fingerprint, one line each: `group/name fingerprint` (the root
config alone, then each variant of each group over it). A refactor that must not change behaviour
prints the same list before and after:

    python scripts/fingerprints.py > before.txt   # ... change ...
    python scripts/fingerprints.py | diff before.txt -

Nothing is run; a llama.cpp model file is hashed, not loaded. A config that cannot be
fingerprinted here (a model file absent on this machine) prints its error instead."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from lab.config import compose  # noqa: E402  (after the path: this checkout, not an installed lab)
from lab.errors import LabError  # noqa: E402
from lab.runner.preparing import identity  # noqa: E402

#: Groups whose variants are fingerprinted; hydra/ holds launchers (outside the fingerprint).
GROUPS = ("experiment", "vocab", "model", "resolver", "corpus", "tools", "agent", "prompt", "suite", "run")


def overrides() -> list[tuple[str, list[str]]]:
    out = [("config", [])]
    for group in GROUPS:
        for path in sorted((ROOT / "configs" / group).glob("*.yaml")):
            name = path.stem
            out.append((f"{group}/{name}", [f"+experiment={name}"] if group == "experiment" else [f"{group}={name}"]))
    return out + PAIRS


#: Variants that only make sense together (a real corpus and its suite; the filesystem tools with
#: no forced first call).
PAIRS = [
    ("corpus/criterion+suite/criterion", ["corpus=criterion", "suite=criterion"]),
    ("corpus/pytest+suite/pytest", ["corpus=pytest", "suite=pytest"]),
    ("tools/filesystem+agent.forced_tool=null", ["tools=filesystem", "agent.forced_tool=null"]),
]


def main(only: list[str]) -> None:
    for label, ov in overrides():
        if only and not any(label.startswith(o) for o in only):
            continue
        try:
            fp, _ = identity(compose(ov))
            print(f"{label} {fp.value}", flush=True)
        except LabError as e:
            print(f"{label} error: {e}", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])

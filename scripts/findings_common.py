"""What the findings scripts share: the one Markdown table they print, and their entry point (a
bad or missing run folder is one line naming it and exit 2, not a traceback)."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

import pandas as pd

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from lab.errors import LabError  # noqa: E402


def md(df: pd.DataFrame, empty: str = "(nothing to show)") -> str:
    if df is None or df.empty:
        return empty
    cols = list(df.columns)
    out = ["| " + " | ".join(map(str, cols)) + " |", "| " + " | ".join("---" for _ in cols) + " |"]
    for _, r in df.iterrows():
        out.append("| " + " | ".join("" if (not isinstance(v, (list, tuple, dict)) and pd.isna(v))
                                     else (f"{v:.3g}" if isinstance(v, float) else str(v)) for v in r) + " |")
    return "\n".join(out)


def save_figure(fig, path: Path, title: str) -> None:
    """A findings figure's title, layout and PNG (the folder made if missing); the figure closed."""
    import matplotlib.pyplot as plt
    fig.suptitle(title, fontsize=10)
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=110)
    plt.close(fig)


def run(main: Callable[[], object], name: str) -> None:
    """Run a findings script's main: the lab's own errors (a folder that holds no runs, a broken
    record) become `NAME: message` on stderr and exit 2."""
    try:
        main()
    except LabError as e:
        print(f"{Path(name).stem}: {e}", file=sys.stderr)
        sys.exit(2)

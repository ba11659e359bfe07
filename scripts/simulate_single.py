"""The numbers of docs/statistics.md's single-session simulator: fitted to the committed single
sessions, then the two-part analysis judged on simulated A/A pairs and planted collapse rates.

    .venv/bin/python scripts/simulate_single.py [RUNS_DIR]   # default: the lexiopt single sessions
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from lab.comparisons.runs import committed_single_runs  # noqa: E402  (after the path: this checkout)
from lab.stats.simulate import fit_single, judge_single  # noqa: E402

root = sys.argv[1] if len(sys.argv) > 1 else "docs/findings/qwen2.5-coder-1.5b-lexiopt/runs/single"
comp = fit_single(*committed_single_runs(root))
print(json.dumps({k: v for k, v in comp.to_dict().items() if k != "rates"}, default=float))
gen = np.random.default_rng(24)
for reps, cc in ((3, None), (5, None), (10, None), (20, None), (20, 0.5), (100, 0.25)):
    res = judge_single(comp, gen, 1000 if cc is None else 400, reps, collapse_cand=cc)
    print(json.dumps(res, default=float))

"""Analysis of run records: tidy frames, statistics, paired comparisons, figures, the report.

Reads run directories only (through `lab.records.record`'s readers); never imports the agent loop.

    from lab.analysis import load, frame_stats, cell_pairs
    res = load("results/")
    frame_stats.cell_scores(res.repeats)
"""

from lab.analysis.load import (CELL, CONDITIONS, Results, cell_axes, cell_labels, find_run_dirs, load,
                               load_reference)

__all__ = ["CELL", "CONDITIONS", "Results", "cell_axes", "cell_labels", "find_run_dirs", "load",
           "load_reference"]

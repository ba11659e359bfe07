"""Runs compared, beside lab/stats (the numbers): two runs side by side (`diff.py`), the
regression gate (`gate.py`), two runs handed to the lab's one comparison (`runs.py`), and a
rerun's transcript against a record's (`transcripts.py`, `lab reproduce`). The A/A calibration,
which runs its arms, is lab/runner/calibrating.py."""

"""Sweeps: Hydra multirun cells (job.py), the sweep folder's manifest (cells.py), the summary and
report when a sweep ends (summary.py, callback.py), and the llama.cpp parallelism guard (guard.py)."""

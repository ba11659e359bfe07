"""The records of runs: the run directory and its record (`record.py`: `RunRecord`), one test
attempt's schema (`results.py`), tests.csv and transcripts (`test_files.py`), the fingerprint and
the numerics id, provenance, atomic writes and the lock, the one walk of a results folder
(`folders.py`), history, what a resume keeps (`recovery.py`), rounds, copy cascades, MLflow
tracking, and the run and suite schemas (`settings.py`)."""

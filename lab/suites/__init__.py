"""The golden sets: suite and golden files (`loader.py`: one YAML format, one validated loader),
the contamination report of a golden set against a corpus (`contamination.py`,
golden-queries-quoted), retrieval measured on a suite without an LLM (`eval_resolver.py`), and what an answer must be to
pass (`grading.py`: the one grader of the agent loop and of the analysis)."""

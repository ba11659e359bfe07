"""The golden sets: suite and golden files (`loader.py`: one YAML format, one validated loader),
the contamination report of a golden set against a corpus (`contamination.py`,
golden-queries-quoted), and retrieval measured on a suite without an LLM (`eval_resolver.py`)."""

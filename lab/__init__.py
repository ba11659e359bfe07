"""Vocab Lab: a benchmark lab for small-LLM response-vocabulary experiments."""

__version__ = "0.1.0"

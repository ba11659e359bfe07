"""Helpers for running sweeps: a loopback OpenAI-compatible stub server (tests, benchmarks)."""

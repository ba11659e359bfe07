"""What the tests share and are not tests themselves: `runs` (configs over the mini corpus, a
scripted model, a subprocess `lab`, comparisons without wall-clock figures) and `stub_server` (a
deterministic OpenAI-compatible server on 127.0.0.1, also used by benchmarks/concurrency.py)."""

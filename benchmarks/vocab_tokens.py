"""Tokens each response vocabulary adds to the context, over a suite's golden queries.

    .venv/bin/python benchmarks/vocab_tokens.py [--suite tests70] [--variants minimal,maybe_exts,...]

For each vocabulary variant: mean tokens of the `path_resolve` response, mean tokens per field
(over the calls where the field appears, and how often it appears), and what one session of the
whole suite accumulates (one call per test). Counted with a model's own tokenizer (the embedded
default's unless `--model NAME`; llama.cpp vocab-only load: no weights evaluated) and with the lab's documented
approximation (`lab.vocab.tokens.approx_tokens`), so the approximation's error is visible too.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from lab.config import compose  # noqa: E402
from lab.pathfinder.resolver import load_resolver  # noqa: E402
from lab.suites.loader import load_suite, suite_path  # noqa: E402
from lab.vocab import render  # noqa: E402
from lab.vocab.tokens import approx_tokens, field_tokens  # noqa: E402

VARIANTS = ("minimal", "maybe_exts", "alike", "exist_similar", "full")


def model_tokenizer(name: str | None):
    """(label, count) with the model config's own tokenizer (vocab only; None: the embedded
    default), or (label, None) when llama-cpp-python or the model file is absent."""
    cfg = compose([f"model={name}"] if name else []).model
    try:
        from lab.models.llama_levels import select
        select()
        import llama_cpp

        from lab.models.locate import model_path
        llm = llama_cpp.Llama(model_path=str(model_path(cfg)), vocab_only=True, verbose=False)
    except Exception as e:  # noqa: BLE001 - report and fall back to the approximation alone
        print(f"({cfg.name} tokenizer unavailable: {e})", file=sys.stderr)
        return cfg.name, None
    return cfg.name, lambda text: len(llm.tokenize(text.encode(), add_bos=False, special=False))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--suite", default="tests70")
    ap.add_argument("--variants", default=",".join(VARIANTS))
    ap.add_argument("--model", default=None, help="a model config whose tokenizer counts (default: the embedded default)")
    args = ap.parse_args()
    suite = load_suite(suite_path(args.suite))
    resolver = load_resolver(compose([]))
    resolver.warmup()
    resolutions = [resolver.resolve(t.query, intent=t.intent) for t in suite.tests]
    label, count = model_tokenizer(args.model)
    counters = {label: count, "approx": approx_tokens}
    print(f"suite {suite.name}: {len(suite.tests)} golden queries, one path_resolve call each")
    print(f"{'variant':<14} {'tokenizer':<20} {'mean/call':>9} {'session':>8}   fields (mean tokens when present, calls present)")
    for name in args.variants.split(","):
        vocab = compose([f"vocab={name}"]).vocab
        rendered = [render(res, vocab) for res in resolutions]
        for label, count in counters.items():
            if count is None:
                continue
            totals, per_field = [], defaultdict(list)
            for out in rendered:
                tb = field_tokens(out, count)
                totals.append(tb.total)
                for k, v in tb.fields.items():
                    per_field[k].append(v)
            fields = ", ".join(f"{k} {statistics.mean(v):.1f} ({len(v)}/{len(rendered)})" for k, v in per_field.items())
            print(f"{name:<14} {label:<20} {statistics.mean(totals):>9.1f} {sum(totals):>8}   {fields}")


if __name__ == "__main__":
    main()

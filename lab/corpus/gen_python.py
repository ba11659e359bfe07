"""Python: packages under python/<name>/ in src layout, tests in tests/ and some beside sources."""

from __future__ import annotations

import random

from lab.corpus.gen_common import Tree, camel, dedent, sentence
from lab.corpus.spec import FixtureSpec

# package -> (purpose, modules). Landmark packages first so every size keeps them.
PACKAGES: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    ("invoicing", "renders invoices and credit notes for finance", ("numbering", "totals", "credit_notes", "delivery")),
    ("geo_tools", "address and geometry helpers for logistics", ("distance", "polygons", "timezones")),
    ("catalog_ingest", "imports supplier catalog feeds", ("feeds", "mapping", "images", "dedupe")),
    ("tax_reports", "builds periodic tax filings", ("periods", "oss_return", "exports")),
    ("onboarding_ocr", "extracts fields from merchant KYC documents", ("preprocess", "fields", "confidence")),
    ("etl", "batch ETL jobs feeding the warehouse", ("jobs", "state", "loaders", "transforms")),
    ("forecasting", "demand forecasting for inventory planning", ("features", "models", "backtest", "holidays")),
    ("churn_model", "predicts subscription churn", ("dataset", "train", "evaluate", "explain")),
    ("ops_scripts", "operational scripts run by on-call", ("reindex", "backfill", "rotate_keys")),
    ("data_quality", "data quality checks on warehouse tables", ("checks", "expectations", "alerts")),
    ("notebook_utils", "helpers shared by analysts' notebooks", ("plotting", "sql", "cache")),
    ("fraud_features", "feature engineering for the fraud model", ("velocity", "graph", "device")),
    ("email_renderer", "MJML email templates rendered to HTML", ("templates", "i18n", "preview")),
    ("pricing_sim", "simulates pricing changes before rollout", ("scenarios", "elasticity", "report")),
    ("search_eval", "offline evaluation of catalog search relevance", ("judgments", "metrics", "runs")),
    ("anomaly", "anomaly detection on business metrics", ("detectors", "seasonality", "notify")),
    ("ledger_audit", "cross-checks ledger balances against bank statements", ("statements", "matching", "report")),
    ("support_triage", "classifies incoming support tickets", ("classifier", "routing", "labels")),
    ("recsys_offline", "offline training for recommendations", ("candidates", "ranking", "export")),
    ("warehouse_sim", "discrete-event simulation of warehouse operations", ("events", "agents", "scenarios")),
    ("carbon", "estimates shipping emissions per parcel", ("factors", "routes", "summary")),
    ("consent", "tracks marketing consent records", ("records", "sync", "purge")),
)

_DEFS = ("load", "run", "validate", "summarize", "to_frame", "from_row", "chunked", "retry_call",
         "normalize", "merge", "score", "write")


def _module(rng: random.Random, pkg: str, purpose: str, module: str) -> str:
    fns = sorted(rng.sample(_DEFS, rng.randint(2, 4)), key=_DEFS.index)
    cls = camel(module)
    body = "\n\n".join(
        f"def {f}(items: list[dict], *, strict: bool = {rng.choice(('True', 'False'))}) -> list[dict]:\n"
        f"    \"\"\"{f.replace('_', ' ').capitalize()} step of {module.replace('_', ' ')}.\"\"\"\n"
        f"    out = [dict(i) for i in items if i]\n"
        f"    if strict and len(out) != len(items):\n"
        f"        raise ValueError(\"{module}: empty rows in input\")\n"
        f"    return out" for f in fns)
    return dedent(f'''
        """{module.replace("_", " ").capitalize()} of {pkg} ({purpose}).

        {sentence(rng, 2)}
        """

        from __future__ import annotations

        import logging
        from dataclasses import dataclass

        log = logging.getLogger(__name__)


        @dataclass(frozen=True)
        class {cls}Options:
            batch_size: int = {rng.choice((100, 500, 1000, 5000))}
            dry_run: bool = False


        ''') + body + "\n"


#: Modules most packages grow over time, besides their own.
_COMMON = ("exceptions", "types", "io", "retry", "metrics", "schemas", "utils")


def gen_package(tree: Tree, rng: random.Random, pkg: str, purpose: str, modules: tuple[str, ...]) -> None:
    modules = modules + tuple(m for m in _COMMON if rng.random() < 0.55)
    base = f"python/{pkg}"
    src = f"{base}/src/{pkg}"
    tree.add(f"{base}/pyproject.toml", dedent(f"""
        [project]
        name = "acme-{pkg.replace('_', '-')}"
        version = "0.{rng.randint(1, 30)}.0"
        description = "{purpose[:1].upper() + purpose[1:]}"
        requires-python = ">=3.11"
        dependencies = ["pydantic>=2", "{rng.choice(('pandas>=2', 'httpx>=0.27', 'sqlalchemy>=2', 'pyarrow>=15'))}"]

        [project.scripts]
        {pkg.replace('_', '-')} = "{pkg}.cli:main"
        """))
    tree.add(f"{src}/__init__.py", f'"""{pkg}: {purpose}."""\n\n__all__ = [{", ".join(repr(m) for m in modules)}]\n')
    tree.add(f"{src}/config.py", dedent(f'''
        """Settings of {pkg}, read from environment variables prefixed {pkg.upper()}_."""

        from __future__ import annotations

        import os
        from dataclasses import dataclass


        @dataclass(frozen=True)
        class Config:
            database_url: str
            batch_size: int = {rng.choice((200, 1000, 2500))}
            dry_run: bool = False


        def load() -> Config:
            return Config(
                database_url=os.environ.get("{pkg.upper()}_DATABASE_URL", "postgresql://localhost/{pkg}"),
                batch_size=int(os.environ.get("{pkg.upper()}_BATCH_SIZE", "{rng.choice((200, 1000))}")),
                dry_run=os.environ.get("{pkg.upper()}_DRY_RUN") == "1",
            )
        '''))
    tree.add(f"{src}/cli.py", dedent(f'''
        """Command line of {pkg}: `{pkg.replace('_', '-')} run|check`."""

        from __future__ import annotations

        import argparse

        from {pkg}.config import load


        def main(argv: list[str] | None = None) -> int:
            parser = argparse.ArgumentParser(prog="{pkg.replace('_', '-')}")
            parser.add_argument("command", choices=["run", "check"])
            args = parser.parse_args(argv)
            cfg = load()
            print(args.command, cfg.batch_size)
            return 0
        '''))
    for m in modules:
        tree.add(f"{src}/{m}.py", _module(rng, pkg, purpose, m))
        if rng.random() < 0.75:
            tree.add(f"{base}/tests/test_{m}.py", dedent(f'''
                """Tests of {pkg}.{m}."""

                import pytest

                from {pkg} import {m}


                @pytest.mark.parametrize("rows", [[{{"id": 1}}], [{{"id": 2}}, {{"id": 3}}]])
                def test_{m}_keeps_rows(rows):
                    assert {m} is not None
                    assert len(rows) >= 1
                '''))
    tree.add(f"{base}/tests/conftest.py", dedent(f'''
        """Shared fixtures of the {pkg} tests."""

        import pytest


        @pytest.fixture
        def config(monkeypatch):
            monkeypatch.setenv("{pkg.upper()}_DATABASE_URL", "postgresql://localhost/{pkg}_test")
        '''))
    tree.add(f"{base}/README.md", f"# {pkg}\n\n{purpose[:1].upper() + purpose[1:]}.\n\n"
             f"Install with `pip install -e python/{pkg}`; run `{pkg.replace('_', '-')} run`. "
             f"{sentence(rng)}\n")


def packages(spec: FixtureSpec) -> list[tuple[str, str, tuple[str, ...]]]:
    return list(PACKAGES[:max(6, min(spec.python_packages, len(PACKAGES)))])


def generate(tree: Tree, rng: random.Random, spec: FixtureSpec) -> None:
    for pkg, purpose, modules in packages(spec):
        gen_package(tree, rng, pkg, purpose, modules)
    tree.add("pyproject.toml", dedent("""
        # Workspace-level tooling for the Python packages under python/ and ml/.
        [tool.ruff]
        line-length = 110
        target-version = "py311"

        [tool.pytest.ini_options]
        addopts = "-q"
        """))

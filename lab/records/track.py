"""Optional experiment tracking of a finished run: `run.track=mlflow`.

MLflow with a local file store (`run.track_uri`, default `file:<results_dir>/mlruns`; no server): one
MLflow run per lab run, named by the run id, in an MLflow experiment named like the lab's.
- params: the fingerprint inputs, flattened to dotted keys (`model.sha256`, `vocab.maybe_exts.presence`),
  plus `run_id` and `fingerprint`; a value longer than MLflow's limit is cut and marked with its hash;
- metrics: `score` per repeat (step = repeat), `score_mean`, `pass_rate_mean`;
- tags: vocabulary, model, suite, prompt, status, run_dir.
The run's own files stay the record: tracking is a copy, and a tracking failure is a warning, never
a failed run. mlflow is an optional dependency (`pip install 'vocab-lab[track]'`).
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import Any, Mapping

from lab.errors import InputError
from lab.records.test_files import run_columns

TRACKERS = ("none", "mlflow")
_MAX_VALUE = 6000      # MLflow's param value limit (characters)
_MAX_KEY = 250


def flatten(obj: Any, prefix: str = "") -> dict[str, str]:
    """Nested mappings -> {"a.b.c": "value"}; lists and scalars as compact JSON (strings as-is)."""
    out: dict[str, str] = {}
    if isinstance(obj, Mapping) and obj:
        for k, v in obj.items():
            out.update(flatten(v, f"{prefix}.{k}" if prefix else str(k)))
        return out
    text = obj if isinstance(obj, str) else json.dumps(obj, sort_keys=True, ensure_ascii=False)
    if len(text) > _MAX_VALUE:
        digest = hashlib.sha256(text.encode()).hexdigest()[:12]
        text = text[: _MAX_VALUE - 40] + f"... [cut; sha256 {digest}]"
    key = prefix or "value"
    if len(key) > _MAX_KEY:
        key = key[: _MAX_KEY - 13] + "~" + hashlib.sha256(key.encode()).hexdigest()[:12]
    out[key] = text
    return out


def mlflow_module() -> Any:
    try:
        import mlflow  # optional extra `track` (run.track=mlflow)
    except ImportError:
        raise InputError("run.track=mlflow needs mlflow: pip install 'vocab-lab[track]' (or "
                         "bash scripts/install.sh)", file="configs/run", key="run.track") from None
    return mlflow


def default_uri(results_dir: str | Path) -> str:
    return (Path(results_dir) / "mlruns").resolve().as_uri()


def log_mlflow(record: Any, run_dir: Path, uri: str) -> str:
    """Log one finished lab run; returns the MLflow run id."""

    mlflow = mlflow_module()
    if uri.startswith("file:"):
        # MLflow 3 keeps its file store "in maintenance mode" behind this switch; it is the only
        # store that needs neither a server nor SQLAlchemy (mlflow-skinny), so the lab opts in.
        # A database URI (run.track_uri=sqlite:///mlflow.db, full mlflow) works as well.
        os.environ.setdefault("MLFLOW_ALLOW_FILE_STORE", "true")
    client = mlflow.MlflowClient(tracking_uri=uri)
    exp = client.get_experiment_by_name(record.experiment)
    exp_id = exp.experiment_id if exp is not None else client.create_experiment(record.experiment)
    axes = run_columns(record)
    tags = {**{k: v for k, v in axes.items() if k not in ("run_id", "experiment")},
            "status": record.status, "run_dir": str(Path(run_dir).resolve()),
            "mlflow.runName": record.run_id}
    run = client.create_run(exp_id, tags=tags, run_name=record.run_id)
    rid = run.info.run_id
    params = {"run_id": record.run_id, "fingerprint": record.fingerprint or "",
              **flatten(record.fingerprint_inputs or {})}
    from mlflow.entities import Metric, Param  # (the same)
    items = [Param(k, v) for k, v in sorted(params.items())]
    for i in range(0, len(items), 100):                 # MLflow takes at most 100 params a batch
        client.log_batch(rid, params=items[i:i + 100])
    metrics = [Metric("score", r.score, 0, r.repeat) for r in record.repeats]
    if record.repeats:
        n = len(record.repeats)
        metrics += [Metric("score_mean", sum(r.score for r in record.repeats) / n, 0, 0),
                    Metric("pass_rate_mean", sum(r.score / r.n for r in record.repeats if r.n) / n, 0, 0)]
    if metrics:
        client.log_batch(rid, metrics=metrics)
    client.set_terminated(rid, status="FINISHED" if record.status == "complete" else "FAILED")
    return rid

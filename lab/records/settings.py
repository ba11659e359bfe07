"""The schemas of `configs/run/default.yaml` (repeats, seeds, where results go) and
`configs/suite/*.yaml` (which suite file, how many of its tests). The defaults are the YAML's."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field, field_validator

from lab.settings import Settings, parse, plain
from lab.records.track import TRACKERS
from lab.records.track import mlflow_module

PositiveInt = Annotated[int, Field(ge=1)]


class RunSettings(Settings):
    experiment: str                       # results/<experiment>/<run_id>/
    repeats: PositiveInt                  # repeat k uses seed + k
    seed: int
    results_dir: str
    progress: Literal["auto", True, False]
    resume: bool                          # continue the latest unfinished run with the same fingerprint
    #: an interrupted single-session repeat: continue after its finished tests (its conversation
    #: rebuilt from the transcript, labelled) or restart it from its first test
    resume_single: Literal["continue", "restart"] = "continue"
    concurrency: PositiveInt              # repeats run at once against a server backend (threads)
    track: str                            # none | mlflow: copy the finished run to a tracker (lab/records/track.py)
    track_uri: str | None                 # the tracker's store (mlflow default: <results_dir>/mlruns)
    summary: Literal["text", "json"]      # how the run summary is printed (`lab run --format`)

    @field_validator("track")
    @classmethod
    def _a_known_tracker(cls, v: str) -> str:
        if v not in TRACKERS:
            raise ValueError(f"must be one of {', '.join(TRACKERS)}, got {v!r}")
        if v == "mlflow":
            mlflow_module()            # missing mlflow stops before any model call
        return v

    @field_validator("experiment")
    @classmethod
    def _a_folder_name(cls, v: str) -> str:
        # a folder directly under results_dir that every walk sees: `..` would write outside it,
        # and a hidden name (`.sweeps`) would hide the run from history (lab/records/folders.py)
        if not v.strip() or "/" in v or "\\" in v or v.startswith(".") or "\0" in v:
            raise ValueError("must be a folder name: not empty, no '/' or '\\', not starting with '.'")
        return v


class SuiteSettings(Settings):
    name: str
    file: str                             # prompts/<file>.yaml, or any suite file path
    limit: PositiveInt | None             # run only the first N tests


def run_settings(cfg: Any) -> RunSettings:
    return parse(RunSettings, cfg, file="configs/run/default.yaml", prefix="run")


def suite_settings(cfg: Any) -> SuiteSettings:
    raw = plain(cfg)
    name = raw.get("name") if isinstance(raw, dict) else None
    file = f"configs/suite/{name}.yaml" if isinstance(name, str) and name else "configs/suite"
    return parse(SuiteSettings, raw, file=file, prefix="suite")

"""Reproducing a run: its first tests rerun with the config it recorded, on this machine, and the
new transcript compared with the recorded one (`lab reproduce`; the comparison is
lab/comparisons/transcripts.py).

The rerun is an ordinary run (`lab.runner.run`) of the recorded config with `suite.limit` = the
tests asked for, one repeat seeded as the recorded repeat was (run.seed + k), in a folder of its
own (temporary unless kept). Dotted overrides (`model.n_threads=1`) change one setting, to measure
what it changes token for token; a group override (`model=x`) is refused: it would be another
experiment, which `lab run` is for.

Beside the tokens it says what else could explain a divergence: the fingerprint (recorded, cut
to the same tests, vs the rerun's: the lab's inputs) and the numerics (how each machine computed).
"""

from __future__ import annotations

import copy
import re
import shutil
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Sequence, TextIO

import yaml
from omegaconf import DictConfig, OmegaConf

from lab.errors import InputError
from lab.records.results import TestResult, needs_retry
from lab.records.fingerprint import Fingerprint
from lab.records.numerics import Numerics, describe_difference, of_record
from lab.records.record import RUN_FILE, RunRecord, read_record, read_transcript, transcript_path
from lab.comparisons.transcripts import Comparison, compare
from lab.records.recovery import base_seed
from lab.config import check_config
from lab.models import load_model
from lab.runner import run

_DOTTED = re.compile(r"[A-Za-z_][\w-]*(\.[\w-]+)+")
_ABSENT = object()


@dataclass
class Reproduction:
    run_dir: Path
    rerun_dir: Path
    kept: bool                         # False: the rerun's folder is deleted when done
    repeat: int
    seed: int
    comparison: Comparison
    fingerprint: Fingerprint | None    # the record's, cut to the tests rerun (None: schema 1)
    fingerprint_now: Fingerprint
    numerics: Numerics
    numerics_now: Numerics
    code: tuple[str | None, str | None]   # the lab's git revision, recorded and now

    @property
    def fingerprint_same(self) -> bool | None:
        return None if self.fingerprint is None else self.fingerprint.value == self.fingerprint_now.value

    @property
    def fingerprint_differences(self) -> list[str]:
        return self.fingerprint.differences(self.fingerprint_now) if self.fingerprint_same is False else []

    @property
    def numerics_note(self) -> str | None:
        return describe_difference(self.numerics, self.numerics_now)

    @property
    def diagnosis(self) -> str:
        c = self.comparison
        if c.cut and (c.divergence is None or c.divergence.kind == "cut"):
            which = ", ".join(c.cut)
            after = ("; what follows in the session is not comparable" if c.divergence is not None
                     else "; every other test identical")
            return (f"cut by the time limit, not diverged: {which} ran out of agent.time_limit_s on "
                    "one side (a machine of another speed) with the same tokens up to the cut"
                    f"{after} — a time limit is a wall-clock guard, not the model's behaviour")
        note = f" (and {', '.join(c.cut)} cut by the time limit)" if c.cut else ""
        return self._diagnosis() + note

    def _diagnosis(self) -> str:
        identical, same_numerics = self.comparison.identical, self.numerics.same_as(self.numerics_now)
        if self.fingerprint_same is False:
            return "the inputs differ (lab code, corpus, prompt...): not a test of the machine"
        if self.fingerprint_same is None:
            return "the record has no fingerprint (written before schema 2): its inputs cannot be checked"
        if same_numerics is None:
            return ("unknown numerics (recorded before them): a divergence may be the machine's"
                    if not identical else "the same tokens (the record's numerics are unknown)")
        if not same_numerics:
            return ("other numerics: a divergence is expected, not a lab bug" if not identical
                    else "other numerics, the same tokens: the result survived the change of machine")
        return ("same fingerprint and numerics but other tokens: a reproducibility bug in the lab"
                if not identical else "same fingerprint, numerics and tokens: reproduced")

    def to_dict(self) -> dict:
        fp = self.fingerprint
        c = self.comparison.to_dict()
        return {"run_dir": str(self.run_dir), "rerun_dir": str(self.rerun_dir), "kept": self.kept,
                "repeat": self.repeat, "seed": self.seed, "tests": c["tests"],
                "assistant_turns": c["assistant_turns"], "identical": c["identical"],
                "divergence": c["divergence"], "cut": c["cut"],
                "fingerprint": {"recorded": fp.value if fp else None, "now": self.fingerprint_now.value,
                                "same": self.fingerprint_same,
                                "differences": self.fingerprint_differences},
                "numerics": {"recorded": self.numerics.id, "now": self.numerics_now.id,
                             "same": self.numerics.same_as(self.numerics_now), "note": self.numerics_note},
                "code": {"recorded": self.code[0], "now": self.code[1]},
                "diagnosis": self.diagnosis, "rows": c["rows"]}


def reproduce(run_dir: Path, *, tests: int = 3, repeat: int = 0, overrides: Sequence[str] = (),
              keep: Path | None = None, out: TextIO | None = None) -> Reproduction:
    """Rerun the first `tests` tests of repeat `repeat` of the run in `run_dir` and compare; the
    rerun's summary goes to `out` (stderr). InputError for anything that cannot be reproduced."""

    run_dir = Path(run_dir)
    record = read_record(run_dir)
    recorded = recorded_tests(run_dir, record, tests, repeat)
    seed = base_seed(record) + repeat
    results = Path(keep) if keep is not None else Path(tempfile.mkdtemp(prefix="lab-reproduce-"))
    try:
        cfg = rerun_config(record, overrides, tests=tests, seed=seed, results_dir=results)
        check_config(cfg)           # a bad override stops before the model is loaded
        # loaded here, not by run(), so that its tokenizer places a divergence afterwards
        backend = load_model(cfg.model)
        try:
            try:
                output = run(cfg, backend=backend, out=out or sys.stderr, progress=False)
            except KeyboardInterrupt:
                if keep is None:    # the run's own "continue with: lab resume" names a folder deleted below
                    print("lab reproduce: interrupted; its temporary rerun is deleted, so there is "
                          "nothing to resume: run lab reproduce again", file=sys.stderr)
                raise
            now = read_transcript(transcript_path(output.run_dir, 0))[1]
            comparison = compare(recorded, now, tokenize=backend.tokenize,
                                 independent=cfg.agent.session == "isolated")
        finally:
            backend.close()
    finally:
        if keep is None:
            shutil.rmtree(results, ignore_errors=True)
    rec_fp = recorded_fingerprint(record, len(recorded))
    return Reproduction(run_dir=run_dir, rerun_dir=output.run_dir, kept=keep is not None,
                        repeat=repeat, seed=seed, comparison=comparison, fingerprint=rec_fp,
                        fingerprint_now=Fingerprint(output.record.fingerprint or "",
                                                    output.record.fingerprint_inputs),
                        numerics=of_record(record), numerics_now=of_record(output.record),
                        code=((record.git or {}).get("revision"),
                              (output.record.git or {}).get("revision")))


def recorded_tests(run_dir: Path, record: RunRecord, tests: int, repeat: int) -> list[TestResult]:
    """The first `tests` finished tests of the recorded repeat, refused when it has fewer."""
    path = transcript_path(run_dir, repeat)
    if not path.is_file():
        raise InputError(f"no transcript for repeat {repeat} in this run (repeats are numbered "
                         "from 0; --repeat K picks one)", file=str(path))
    planned = (record.suite or {}).get("tests")
    if isinstance(planned, int) and tests > planned:
        raise InputError(f"repeat {repeat} holds {planned} tests (the run's suite): ask --tests "
                         f"{planned} or fewer", file=str(run_dir / RUN_FILE))
    # a test in flight when the run was killed is a torn last line: it did not finish, so it is
    # not there; a resume's retries sit after the rest until the repeat ends: suite order first
    finished = sorted(read_transcript(path, torn_tail_ok=True)[1], key=lambda r: r.index)
    first = [r for r in finished if r.index <= tests]
    if [r.index for r in first] != list(range(1, tests + 1)):
        raise InputError(f"the record is incomplete for those tests: repeat {repeat}'s transcript "
                         f"holds {len(first)} of the first {tests} (run {record.status}); `lab resume` "
                         "finishes it, or ask fewer --tests", file=str(path))
    for r in first:
        if needs_retry(r.outcome, r.infrastructure):
            raise InputError(f"the record is incomplete for those tests: {r.test_id} of repeat "
                             f"{repeat} measured nothing ({r.outcome}); `lab resume` runs it again",
                             file=str(path))
    return first


#: the settings the rerun fixes itself (an override of one would be overwritten): what sets them
_FIXED = {"suite.limit": "--tests", "run": "--repeat and --keep"}


def rerun_config(record: RunRecord, overrides: Sequence[str], *, tests: int, seed: int,
                 results_dir: Path) -> DictConfig:
    """The recorded config, the dotted overrides applied, one repeat of `tests` tests at `seed`."""
    cfg = OmegaConf.create(copy.deepcopy(record.config))
    for ov in overrides:
        key, value = _override(cfg, ov)
        OmegaConf.update(cfg, key, value, merge=False)
    fixed = {"suite.limit": tests, "run.repeats": 1, "run.seed": seed, "run.experiment": "reproduce",
             "run.resume": False, "run.progress": False, "run.results_dir": str(results_dir),
             "run.track": "none"}          # a rerun is a measurement of the machine, not a result
    for key, value in fixed.items():
        OmegaConf.update(cfg, key, value, merge=False)
    return cfg


def _override(cfg: DictConfig, ov: str) -> tuple[str, object]:
    """`key=value` (or `+key=value` for a key the recorded config lacks), the value parsed as
    Hydra's command line does, as YAML."""
    key, eq, text = ov.partition("=")
    add, key = key.startswith("+"), key.removeprefix("+")
    if eq and re.fullmatch(r"[A-Za-z_][\w-]*", key):
        raise InputError(f"{ov}: a group override is another experiment (`lab run {ov} ...`); "
                         "lab reproduce reruns the recorded config and takes dotted key=value "
                         "overrides only (e.g. model.n_threads=1)", key=key)
    if not eq or not _DOTTED.fullmatch(key):
        raise InputError(f"{ov}: not a dotted key=value override (e.g. model.n_threads=1)")
    for fixed, by in _FIXED.items():
        if key == fixed or key.startswith(fixed + "."):
            raise InputError(f"{ov}: lab reproduce sets {fixed} itself ({by})", key=key)
    if not add and OmegaConf.select(cfg, key, default=_ABSENT) is _ABSENT:
        raise InputError(f"{ov}: the recorded config has no key {key} (a typo? +{key}=... adds one)",
                         key=key)
    try:
        return key, yaml.safe_load(text)
    except yaml.YAMLError as e:
        raise InputError(f"{ov}: the value is not YAML: {e}", key=key) from None


def recorded_fingerprint(record: RunRecord, tests: int) -> Fingerprint | None:
    """The record's fingerprint inputs with the suite cut to its first `tests` tests, re-hashed:
    what a run of those tests alone would record, had nothing changed (None: no inputs recorded)."""
    if not record.fingerprint_inputs:
        return None
    inputs = copy.deepcopy(dict(record.fingerprint_inputs))
    suite = inputs.get("suite")
    if isinstance(suite, dict) and isinstance(suite.get("tests"), list):
        suite["tests"] = suite["tests"][:tests]
    return Fingerprint.of(inputs)

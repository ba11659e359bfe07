"""Composing the lab's Hydra config outside `lab run` (for `lab resolve`, `lab serve`, tests), and
checking a composed config against the schema of every group (`check_config`).

`compose(overrides)` gives the same config `lab run` would see for the same overrides, checked:
a misspelt key, a value of the wrong type or a NaN fails here, naming file and key, before any
index is built or model loaded. Each group's schema lives with the code that owns the group.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import yaml
from hydra import compose as hydra_compose
from hydra import initialize_config_dir
from hydra.errors import HydraException
from omegaconf import DictConfig, OmegaConf
from omegaconf.errors import OmegaConfBaseException

from lab.errors import InputError
from lab.paths import CONFIG_DIR
from lab.agent.prompt import load_prompt
from lab.agent.settings import agent_settings
from lab.corpus.settings import check_corpus
from lab.models import model_settings
from lab.pathfinder.resolver import check_resolver
from lab.records.settings import run_settings, suite_settings
from lab.tools.toolset import load_tools_settings
from lab.vocab.schema import load_vocab


def compose(overrides: list[str] | tuple[str, ...] = (), config_name: str = "config") -> DictConfig:
    """Compose `configs/<config_name>.yaml` with Hydra overrides; a bad override is an InputError."""
    try:
        with initialize_config_dir(config_dir=str(CONFIG_DIR), version_base="1.3"):
            cfg = hydra_compose(config_name=config_name, overrides=list(overrides))
    except HydraException as e:
        raise InputError(f"cannot compose config: {e}", file=str(CONFIG_DIR / f"{config_name}.yaml"),
                         key=" ".join(overrides) or None) from e
    except yaml.MarkedYAMLError as e:    # a config file that is not YAML: its own file and line
        mark = e.problem_mark or e.context_mark
        raise InputError(f"a config file is not valid YAML: {e.problem or e}",
                         file=getattr(mark, "name", None) or str(CONFIG_DIR),
                         line=None if mark is None else mark.line + 1) from None
    if config_name == "config":
        check_config(cfg)
    return cfg


@dataclass(frozen=True)
class Checked:
    """Every config group of one config, validated: what the builders take, so that no group is
    parsed again as each piece is built (`prepare` in lab/runner/preparing.py)."""
    model: dict                 # the model config as given (plain), checked against its backend's schema
    resolver: Any
    corpus: Any
    vocab: Any
    tools: Any
    agent: Any                  # with the model's context_policy applied
    prompt: Any                 # Templates, before a suite's overrides (prepare puts them on)
    suite: Any
    run: Any


def check_config(cfg: DictConfig) -> Checked:
    """Validate every config group of a composed config against its schema (cheap: nothing is
    built, loaded or read but the prompt's templates file). The first error is an InputError
    naming `configs/<group>/<name>.yaml` and the dotted key."""

    try:
        raw = OmegaConf.to_container(cfg, resolve=True)
    except OmegaConfBaseException as e:
        raise InputError(f"cannot resolve the config: {e}", key=getattr(e, "full_key", None)) from None
    unknown = sorted(set(raw) - set(GROUPS))
    if unknown:
        raise InputError(f"unknown config group or key (known: {', '.join(GROUPS)})",
                         file=str(CONFIG_DIR / "config.yaml"), key=unknown[0])
    for group in GROUPS:
        if group not in raw:
            raise InputError("config group missing", file=str(CONFIG_DIR / "config.yaml"), key=group)
    model = model_settings(raw["model"])
    return Checked(model=model, resolver=check_resolver(raw["resolver"]), corpus=check_corpus(raw["corpus"]),
                   vocab=load_vocab(raw["vocab"]), tools=load_tools_settings(raw["tools"]),
                   agent=agent_settings(raw["agent"], model_policy=model.get("context_policy")),
                   prompt=load_prompt(raw["prompt"]), suite=suite_settings(raw["suite"]),
                   run=run_settings(raw["run"]))


#: The config groups of configs/config.yaml, each with its schema (see check_config).
GROUPS = ("resolver", "corpus", "vocab", "tools", "model", "agent", "prompt", "suite", "run")

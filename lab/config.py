"""Composing the lab's Hydra config outside `lab run` (for `lab resolve`, `lab serve`, tests).

`compose(overrides)` gives the same config `lab run` would see for the same overrides.
"""

from __future__ import annotations

from pathlib import Path

from hydra import compose as hydra_compose
from hydra import initialize_config_dir
from hydra.errors import HydraException
from omegaconf import DictConfig, OmegaConf

from lab.errors import InputError

REPO_ROOT = Path(__file__).resolve().parent.parent
CONFIG_DIR = REPO_ROOT / "configs"
PROMPTS_DIR = REPO_ROOT / "prompts"


def compose(overrides: list[str] | tuple[str, ...] = (), config_name: str = "config") -> DictConfig:
    """Compose `configs/<config_name>.yaml` with Hydra overrides; a bad override is an InputError."""
    try:
        with initialize_config_dir(config_dir=str(CONFIG_DIR), version_base="1.3"):
            cfg = hydra_compose(config_name=config_name, overrides=list(overrides))
    except HydraException as e:
        raise InputError(f"cannot compose config: {e}", file=str(CONFIG_DIR / f"{config_name}.yaml"),
                         key=" ".join(overrides) or None) from e
    return cfg


def to_container(cfg: DictConfig) -> dict:
    return OmegaConf.to_container(cfg, resolve=True)  # type: ignore[return-value]

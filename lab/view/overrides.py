"""A run's overrides, recovered from its record: what the researcher changed from the packaged
config, as the `lab run` arguments that would give it (`vocab=alike agent.session=isolated`).

The record keeps the resolved config, not the command line; so the packaged config is composed
with the record's group choices (configs/<group>/<name>.yaml, for each group whose `name` is not
the default's) and every setting that still differs is a dotted override. Composing reads the
YAML files only (Hydra's compose, no schema check: the viewer never imports the agent loop, the
models or the tools); one composition per set of group choices is kept.
"""

from __future__ import annotations

import json
import threading
from functools import lru_cache

from hydra import compose, initialize_config_dir
from omegaconf import OmegaConf

from lab.config import CONFIG_DIR

_LOCK = threading.Lock()          # Hydra's global state: one composition at a time
#: groups whose packaged files are chosen by name on the command line
GROUPS = ("model", "vocab", "suite", "prompt", "resolver", "corpus", "tools", "agent", "run")


@lru_cache(maxsize=64)
def _composed(choices: tuple[str, ...]) -> dict:
    with _LOCK, initialize_config_dir(config_dir=str(CONFIG_DIR), version_base="1.3"):
        cfg = compose(config_name="config", overrides=list(choices))
    return OmegaConf.to_container(cfg, resolve=False)


def _leaves(obj, prefix: str = "") -> dict[str, object]:
    if isinstance(obj, dict) and obj:
        out: dict[str, object] = {}
        for k, v in obj.items():
            out.update(_leaves(v, f"{prefix}.{k}" if prefix else str(k)))
        return out
    return {prefix: obj}


def overrides(config: dict) -> tuple[list[str], list[str], str | None]:
    """(the overrides, the settings today's config has and the record does not, why they could
    not be recovered or None). Overrides: group choices first, then each dotted setting that
    differs from the composed packaged config, values as JSON. A setting the lab added after the
    run was recorded is not an override: it is listed apart."""
    if not isinstance(config, dict) or not config:
        return [], [], "the record has no config"
    try:
        default = _composed(())
        choices = []
        for g in GROUPS:
            name = (config.get(g) or {}).get("name") if isinstance(config.get(g), dict) else None
            if (isinstance(name, str) and name != (default.get(g) or {}).get("name")
                    and (CONFIG_DIR / g / f"{name}.yaml").is_file()):
                choices.append(f"{g}={name}")
        base = _composed(tuple(choices)) if choices else default
    except Exception as err:                   # a packaged config that no longer composes
        return [], [], f"the packaged config does not compose here ({type(err).__name__}: {err})"
    have, want = _leaves(config), _leaves(base)
    dotted = []
    for k, v in have.items():
        if k not in want or want[k] != v:
            if isinstance(want.get(k), str) and "${" in want[k]:
                continue                       # an interpolation: the record holds its value
            dotted.append(f"{k}={json.dumps(v, ensure_ascii=False)}")
    absent = [k for k in want if k not in have]
    return choices + dotted, absent, None

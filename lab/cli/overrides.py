"""`lab run`'s overrides checked before Hydra sees them: the mistakes of a researcher's first hour
get one line naming the fix and exit 2 (never Hydra's traceback or its "+repeats=3" advice for
what is a typo).

    lab run vocab maybe_exts      -> did you mean vocab=maybe_exts?
    lab run repeats=3             -> did you mean run.repeats=3?
    lab run run.repeat=3          -> did you mean run.repeats=3?
    lab run vocab=maybe_ext       -> did you mean vocab=maybe_exts? (the options of configs/vocab/)
    lab run suite=/path/x.yaml    -> read as suite.file=/path/x.yaml (a note on stderr)

`check_overrides(args)` returns the arguments to give Hydra (a suite or prompt file named as the
group's value rewritten to `<group>.file=PATH`) or raises OverrideError. A key given with `+`
or `++` (add a key on purpose) and hydra.* keys are left to Hydra.
"""

from __future__ import annotations

import difflib
import sys
from pathlib import Path

from omegaconf import DictConfig, OmegaConf

from lab.config import CONFIG_DIR, compose
from lab.errors import InputError

#: Hydra's flags that take the next argument as their value
VALUE_FLAGS = {"--cfg", "-c", "--package", "-p", "--config-path", "-cp", "--config-name", "-cn",
               "--config-dir", "-cd", "--info", "-i", "--experimental-rerun"}
#: groups whose config has a `file` key: a path given as the group's value means that file
FILE_GROUPS = ("suite", "prompt")


class OverrideError(InputError):
    """A `lab run` argument that is not what the researcher meant; the message names the fix."""


def groups(extra: list[Path] = ()) -> dict[str, list[str]]:
    """configs/<group>/ -> its options (file names without .yaml), hydra's own groups left out;
    `extra` config folders (hydra.searchpath=[file://...]) add theirs."""
    out: dict[str, set[str]] = {}
    for root in (CONFIG_DIR, *extra):
        if not root.is_dir():
            continue
        for d in sorted(root.iterdir()):
            if d.is_dir() and d.name != "hydra":
                out.setdefault(d.name, set()).update(p.stem for p in d.glob("*.yaml"))
    return {k: sorted(v) for k, v in out.items()}


def search_path(args: list[str]) -> list[Path] | None:
    """The folders of hydra.searchpath=[file://A,file://B] among the arguments; None when it
    names something other than a folder (pkg://...): then group values are left to Hydra."""
    dirs: list[Path] = []
    for a in args:
        key, _, value = a.partition("=")
        if key.lstrip("+~") != "hydra.searchpath":
            continue
        for item in value.strip().strip("[]").split(","):
            item = item.strip().strip("'\"")
            if not item:
                continue
            if not item.startswith("file://"):
                return None
            dirs.append(Path(item.removeprefix("file://")))
    return dirs


def _near(word: str, choices: list[str]) -> str | None:
    hit = difflib.get_close_matches(word, choices, n=1, cutoff=0.6)
    return hit[0] if hit else None


def _keys(cfg: DictConfig, prefix: str = "") -> list[str]:
    out = []
    for k, v in cfg.items():
        path = f"{prefix}{k}"
        out.append(path)
        if isinstance(v, DictConfig):
            out += _keys(v, path + ".")
    return out


def _composed(group_args: list[str]) -> DictConfig | None:
    try:
        return compose(group_args)
    except Exception:            # a config that does not compose: Hydra says why, as before
        return None


def check_overrides(args: list[str]) -> list[str]:
    extra = search_path(args)
    if extra is None:               # a config package we cannot list: Hydra checks everything
        return list(args)
    opts = groups(extra)
    out: list[str] = []
    plain: list[tuple[int, str, str, str]] = []      # (index, prefix, key, value) to check against the config
    skip_next = False
    for i, a in enumerate(args):
        if skip_next:
            skip_next = False
            out.append(a)
            continue
        if a.startswith("-"):
            skip_next = a in VALUE_FLAGS
            out.append(a)
            continue
        if "=" not in a:
            nxt = args[i + 1] if i + 1 < len(args) else None
            if a in opts:
                hint = (f"{a}={nxt}" if nxt and "=" not in nxt and not nxt.startswith("-")
                        else f"{a}=" + "|".join(opts[a][:4]))
                raise OverrideError(f"{a!r} alone is not an override: did you mean {hint}? "
                                    f"(overrides are KEY=VALUE, no space)")
            prev = args[i - 1] if i else None
            if prev in opts:                       # the value of the word before: named above
                raise OverrideError(f"did you mean {prev}={a}?")
            raise OverrideError(f"{a!r} is not an override (KEY=VALUE); `lab run --help` lists them")
        key, value = a.split("=", 1)
        prefix = key[: len(key) - len(key.lstrip("+~"))]
        bare = key[len(prefix):]
        if prefix or bare.startswith("hydra") or "/" in bare:
            out.append(a)
            continue
        if bare in opts:
            values = [v.strip() for v in value.split(",")]
            for v in values:
                if v in opts[bare] or v.startswith(("${", "choice(", "range(", "glob(")):
                    continue
                if bare in FILE_GROUPS and (v.endswith((".yaml", ".yml")) or "/" in v):
                    if len(values) > 1:
                        raise OverrideError(f"{bare}={value}: a file is {bare}.file=PATH (one per "
                                            f"run; sweep files with -m {bare}.file=A,B)")
                    if not Path(v).is_file():
                        raise OverrideError(f"{bare}={v}: no such file (a {bare} file is given as "
                                            f"{bare}.file=PATH; the named {bare}s are "
                                            f"{', '.join(opts[bare])})")
                    a = f"{bare}.file={v}"
                    print(f"note: {bare}={v} read as {a}", file=sys.stderr)
                    continue
                near = _near(v, opts[bare])
                raise OverrideError(
                    f"{bare}={v}: no such {bare} (configs/{bare}/{v}.yaml)"
                    + (f": did you mean {bare}={near}?" if near else "")
                    + f" The {bare}s are: {', '.join(opts[bare])}")
            out.append(a)
            continue
        plain.append((len(out), prefix, bare, value))
        out.append(a)
    if plain:
        chosen = [x for x in out if "=" in x and not x.startswith("-")
                  and x.split("=", 1)[0].lstrip("+~") in opts and "," not in x]
        cfg = _composed(chosen) if not extra else None     # other folders: Hydra composes them
        if cfg is not None:
            known = _keys(cfg)
            for _, _, bare, value in plain:
                if OmegaConf.select(cfg, bare, default="__missing__") != "__missing__":
                    continue
                parent = bare.rpartition(".")[0]
                if parent and parent.split(".")[0] in opts and isinstance(
                        OmegaConf.select(cfg, parent, default=None), DictConfig):
                    siblings = [k for k in known if k.rpartition(".")[0] == parent]
                    near = _near(bare, siblings)
                else:
                    leaf = bare.rpartition(".")[2]
                    near = _near(bare, known) or next(
                        (k for k in known if k.rpartition(".")[2] == leaf), None) or _near(
                        leaf, [k for k in known if "." in k]) 
                    if near is None:
                        same_leaf = [k for k in known if _near(leaf, [k.rpartition(".")[2]])]
                        near = same_leaf[0] if same_leaf else None
                if near is None and parent and parent.split(".")[0] in opts:
                    continue       # a key some option of the group may have: Hydra decides
                raise OverrideError(
                    f"{bare}={value}: no key {bare!r} in the config"
                    + (f": did you mean {near}={value}?" if near else "")
                    + " (`lab run --cfg job` prints every key; +KEY=VALUE adds a new one on purpose)")
    return out

"""Compose the generators into the fixture monorepo: `generate(spec) -> {relative path: bytes}`.

Deterministic: each generator draws from its own `random.Random` seeded from `spec.seed` and its
name; nothing reads the clock, the environment or set ordering. The result is sorted by path.
"""

from __future__ import annotations

from lab.corpus import gen_data, gen_docs, gen_go, gen_infra, gen_landmarks, gen_python, gen_rust, gen_ts
from lab.corpus.gen_common import Tree, dedent, rng_for
from lab.corpus.spec import DEFAULT_SPEC, FixtureSpec

#: Paths the corpus .gitignore excludes; they do not count towards `config_stems`.
_IGNORED_PREFIXES = ("logs/", "tmp/", "web/dashboard/dist/")


def config_stem_paths(paths) -> list[str]:
    """Paths (not ignored) whose stem — name minus its last extension — is `config`."""
    out = []
    for p in paths:
        name = p.rsplit("/", 1)[-1]
        if p.startswith(_IGNORED_PREFIXES) or "." not in name or name.startswith("."):
            continue
        if name.rsplit(".", 1)[0] == "config":
            out.append(p)
    return sorted(out)


def _config_top_up(tree: Tree, target: int) -> None:
    """Add realistic config files until exactly `target` files have the stem `config`.

    Candidates, in a fixed order: per-package JSON config of TypeScript packages, per-crate
    config.toml where missing, per-Python-package config.toml, per-service config.json schema.
    """
    have = len(config_stem_paths(tree.files))
    if have > target:
        raise ValueError(f"generators already write {have} config files, more than config_stems={target}; "
                         "lower the size knobs or raise config_stems")
    candidates: list[tuple[str, str]] = []
    dirs = sorted({p.rsplit("/", 1)[0] for p in tree.files if "/" in p})
    for d in dirs:
        parts = d.split("/")
        if len(parts) == 2 and parts[0] == "packages":
            candidates.append((f"{d}/config.json", '{\n  "$schema": "../../schemas/package-config.json",\n'
                                                  f'  "name": "{parts[1]}",\n  "sideEffects": false\n}}'))
        elif len(parts) == 2 and parts[0] == "crates":
            candidates.append((f"{d}/config.toml", f"# Local defaults for {parts[1]}.\ncapacity = 256\n"))
        elif len(parts) == 2 and parts[0] == "python":
            candidates.append((f"{d}/config.toml", f"# Defaults of {parts[1]}, overridden by environment.\n"
                                                  "batch_size = 1000\ndry_run = false\n"))
        elif len(parts) == 3 and parts[0] == "services" and parts[2] == "config":
            candidates.append((f"{d}/config.json", dedent(f"""
                {{
                  "$comment": "JSON Schema of services/{parts[1]}/config/config.yaml",
                  "type": "object",
                  "required": ["http", "database"]
                }}
                """)))
        elif len(parts) == 3 and parts[0] == "apps":
            pass
    for path, text in candidates:
        if have >= target:
            break
        if not tree.has(path):
            tree.add(path, text)
            have += 1
    if have < target:
        raise ValueError(f"only {have} config files possible, fewer than config_stems={target}; "
                         "raise the size knobs")


def generate(spec: FixtureSpec | None = None) -> dict[str, bytes]:
    spec = spec or DEFAULT_SPEC
    tree = Tree()
    gen_landmarks.generate(tree, rng_for(spec.seed, "landmarks"), spec)
    gen_go.generate(tree, rng_for(spec.seed, "go"), spec)
    gen_rust.generate(tree, rng_for(spec.seed, "rust"), spec)
    gen_python.generate(tree, rng_for(spec.seed, "python"), spec)
    gen_ts.generate(tree, rng_for(spec.seed, "ts"), spec)
    gen_data.generate(tree, rng_for(spec.seed, "data"), spec)
    services = [d[0] for d in gen_go.services(spec)]
    gen_infra.generate(tree, rng_for(spec.seed, "infra"), spec, services)
    gen_docs.generate(tree, rng_for(spec.seed, "docs"))
    _config_top_up(tree, spec.config_stems)
    return {p: tree.files[p] for p in sorted(tree.files)}

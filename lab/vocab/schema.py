"""The typed, validated form of a `configs/vocab/<name>.yaml` file.

Hydra composes plain dicts; `load_vocab(cfg.vocab)` turns one into a frozen `VocabConfig` and
rejects anything it does not know (a misspelt key, a presence that is not one of the three, a
sub-field that does not exist) with an `InputError` naming the file and the key, before any
model call. Every vocabulary path in the lab (render, tool description, ToolSet, `lab serve`,
`lab resolve`) goes through `load_vocab`, so a typo cannot survive to the middle of a run.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from typing import Any

from lab.errors import InputError
from lab.settings import plain

PRESENCES = ("always", "when_ambiguous", "never")
#: Sub-fields a candidate entry may carry, in the order they are rendered.
CANDIDATE_SUBFIELDS = ("path", "score", "why", "root", "lexical", "semantic")
#: Where `maybe_exts` takes its extensions from (see lab/vocab/maybe_exts.py for why).
MAYBE_EXTS_SOURCES = ("candidates", "siblings")


@dataclass(frozen=True)
class FieldConfig:
    """One response field: whether it appears, under which JSON key, with how many elements."""
    presence: str = "never"
    name: str = ""            # the JSON key; "" means the family's own name
    cap: int | None = None    # cardinality cap (list length, or the largest count reported)


@dataclass(frozen=True)
class CandidatesConfig(FieldConfig):
    fields: tuple[str, ...] = ("path", "score", "why")
    score_digits: int = 2              # scores are rounded to this many decimals
    ambiguity_ratio: float = 0.8       # ambiguous: another candidate scores >= ratio * best


@dataclass(frozen=True)
class MaybeExtsConfig(FieldConfig):
    source: str = "candidates"         # "candidates" (same_stem_exts) | "siblings" (sibling_exts)


@dataclass(frozen=True)
class VocabConfig:
    name: str
    about: str = ""                    # for people reading the config; never shown to the model
    candidates: CandidatesConfig = field(default_factory=lambda: CandidatesConfig(
        presence="always", name="candidates", cap=5))
    maybe_exts: MaybeExtsConfig = field(default_factory=lambda: MaybeExtsConfig(name="maybe_exts"))
    alike: FieldConfig = field(default_factory=lambda: FieldConfig(name="alike"))
    exist_similar: FieldConfig = field(default_factory=lambda: FieldConfig(name="exist_similar"))

    def field_config(self, family: str) -> FieldConfig:
        return getattr(self, family)


#: family name -> its config dataclass; the keys a vocab file may hold besides name/about.
FAMILY_SCHEMAS: dict[str, type[FieldConfig]] = {
    "candidates": CandidatesConfig,
    "maybe_exts": MaybeExtsConfig,
    "alike": FieldConfig,
    "exist_similar": FieldConfig,
}


def _file_of(name: str | None) -> str:
    return f"configs/vocab/{name}.yaml" if name else "configs/vocab/<unnamed>.yaml"


def _check_int(value: Any, *, file: str, key: str, minimum: int, allow_none: bool) -> int | None:
    if value is None and allow_none:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
        raise InputError(f"must be an integer >= {minimum}" + (" or null" if allow_none else "")
                         + f", got {value!r}", file=file, key=key)
    return value


def _load_family(family: str, raw: Any, default: FieldConfig, file: str) -> FieldConfig:
    schema = FAMILY_SCHEMAS[family]
    if raw is None:
        return default
    if not isinstance(raw, Mapping):
        raise InputError(f"must be a mapping of {', '.join(f.name for f in fields(schema))}",
                         file=file, key=family)
    known = {f.name for f in fields(schema)}
    for k in raw:
        if k not in known:
            raise InputError(f"unknown key (known: {', '.join(sorted(known))})", file=file,
                             key=f"{family}.{k}")
    values = {f.name: getattr(default, f.name) for f in fields(schema)}
    values.update(raw)
    key = family + "."
    if values["presence"] not in PRESENCES:
        raise InputError(f"must be one of {', '.join(PRESENCES)}, got {values['presence']!r}",
                         file=file, key=key + "presence")
    name = values["name"] or family
    if not isinstance(name, str) or not name.strip():
        raise InputError("must be a non-empty string", file=file, key=key + "name")
    values["name"] = name
    values["cap"] = _check_int(values["cap"], file=file, key=key + "cap",
                               minimum=1 if family == "candidates" else 0, allow_none=True)
    if family == "candidates":
        subs = values["fields"]
        if isinstance(subs, str) or not isinstance(subs, (list, tuple)) or not subs:
            raise InputError(f"must be a non-empty list of {', '.join(CANDIDATE_SUBFIELDS)}",
                             file=file, key=key + "fields")
        for s in subs:
            if s not in CANDIDATE_SUBFIELDS:
                raise InputError(f"unknown candidate sub-field {s!r} (known: "
                                 f"{', '.join(CANDIDATE_SUBFIELDS)})", file=file, key=key + "fields")
        if len(set(subs)) != len(subs):
            raise InputError("lists a sub-field twice", file=file, key=key + "fields")
        values["fields"] = tuple(subs)
        values["score_digits"] = _check_int(values["score_digits"], file=file,
                                            key=key + "score_digits", minimum=0, allow_none=False)
        ratio = values["ambiguity_ratio"]
        if isinstance(ratio, bool) or not isinstance(ratio, (int, float)) or not 0 < ratio <= 1:
            raise InputError(f"must be a number in (0, 1], got {ratio!r}", file=file,
                             key=key + "ambiguity_ratio")
        values["ambiguity_ratio"] = float(ratio)
    if family == "maybe_exts" and values["source"] not in MAYBE_EXTS_SOURCES:
        raise InputError(f"must be one of {', '.join(MAYBE_EXTS_SOURCES)}, got {values['source']!r}",
                         file=file, key=key + "source")
    if family == "exist_similar" and values["cap"] is not None:
        raise InputError("a boolean has no cardinality; leave cap null", file=file, key=key + "cap")
    return schema(**values)


def load_vocab(cfg: Any) -> VocabConfig:
    """Validate a composed `vocab` config node (DictConfig or dict) into a `VocabConfig`."""
    if isinstance(cfg, VocabConfig):
        return cfg
    raw = plain(cfg)
    if not isinstance(raw, Mapping):
        raise InputError("the vocab config must be a mapping (pick one with vocab=<name>)",
                         file="configs/vocab", key="vocab")
    name = raw.get("name")
    file = _file_of(name if isinstance(name, str) else None)
    if not isinstance(name, str) or not name:
        raise InputError("every vocab file names itself (name: <file stem>)", file=file, key="name")
    allowed = {"name", "about", *FAMILY_SCHEMAS}
    for k in raw:
        if k not in allowed:
            raise InputError(f"unknown key (known: {', '.join(sorted(allowed))})", file=file, key=k)
    defaults = VocabConfig(name=name)
    families = {fam: _load_family(fam, raw.get(fam), defaults.field_config(fam), file)
                for fam in FAMILY_SCHEMAS}
    seen: dict[str, str] = {}
    for fam, fc in families.items():
        if fc.presence == "never":
            continue
        if fc.name in seen:
            raise InputError(f"JSON key {fc.name!r} is used by both {seen[fc.name]} and {fam}",
                             file=file, key=f"{fam}.name")
        seen[fc.name] = fam
    about = raw.get("about") or ""
    if not isinstance(about, str):
        raise InputError("must be a string", file=file, key="about")
    return VocabConfig(name=name, about=about, **families)  # type: ignore[arg-type]

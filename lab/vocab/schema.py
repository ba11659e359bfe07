"""The schema of `configs/vocab/<name>.yaml`: one typed, frozen `Settings` model per response-field
family, and `VocabConfig` holding the four of them.

Hydra composes plain dicts; `load_vocab(cfg.vocab)` validates one into a `VocabConfig` and
rejects anything it does not know (a misspelt key, a presence that is not one of the three, a
sub-field that does not exist, `"abc"` or `true` where a number belongs) with an `InputError`
naming the file and the key, before any model call. Every vocabulary path in the lab (render,
tool description, ToolSet, `lab serve`, `lab resolve`) goes through `load_vocab`, so a typo
cannot survive to the middle of a run.

The defaults are the YAML's: every vocab file lists every family with every key, and a key left
out is an error naming it, never a value guessed here.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, get_args

from pydantic import Field, field_validator

from lab.errors import InputError
from lab.settings import NonBlank, Settings, parse, plain

Presence = Literal["always", "when_ambiguous", "never"]
PRESENCES: tuple[str, ...] = get_args(Presence)
#: Sub-fields a candidate entry may carry, in the order they are rendered.
CANDIDATE_SUBFIELDS = ("path", "score", "why", "root", "lexical", "semantic")
MaybeExtsSource = Literal["candidates", "siblings"]
#: Where `maybe_exts` takes its extensions from (see lab/vocab/maybe_exts.py for why).
MAYBE_EXTS_SOURCES: tuple[str, ...] = get_args(MaybeExtsSource)
Count = Annotated[int, Field(ge=0)]


class FieldConfig(Settings):
    """One response field: whether it appears, under which JSON key, with how many elements."""
    presence: Presence
    name: NonBlank                 # the JSON key the model reads
    cap: Count | None              # cardinality cap (list length, or the largest count reported)


class CandidatesConfig(FieldConfig):
    cap: Annotated[int, Field(ge=1)] | None                  # top-K entries; null = every candidate
    fields: Annotated[tuple[str, ...], Field(strict=False)]  # CANDIDATE_SUBFIELDS, rendered in this order
    score_digits: Count                                     # scores are rounded to this many decimals
    ambiguity_ratio: Annotated[float, Field(gt=0, le=1)]    # ambiguous: another candidate scores >= ratio * best

    @field_validator("fields")
    @classmethod
    def _known_sub_fields(cls, subs: tuple[str, ...]) -> tuple[str, ...]:
        if not subs:
            raise ValueError(f"must be a non-empty list of {', '.join(CANDIDATE_SUBFIELDS)}")
        for s in subs:
            if s not in CANDIDATE_SUBFIELDS:
                raise ValueError(f"unknown candidate sub-field {s!r} (known: "
                                 f"{', '.join(CANDIDATE_SUBFIELDS)})")
        if len(set(subs)) != len(subs):
            raise ValueError("lists a sub-field twice")
        return subs


class MaybeExtsConfig(FieldConfig):
    source: MaybeExtsSource        # "candidates" (same_stem_exts) | "siblings" (sibling_exts)


class ExistSimilarConfig(FieldConfig):
    @field_validator("cap")
    @classmethod
    def _no_cardinality(cls, cap: int | None) -> None:
        if cap is not None:
            raise ValueError("a boolean has no cardinality; leave cap null")
        return None


class VocabConfig(Settings):
    """A validated `configs/vocab/<name>.yaml` (build it with `load_vocab`, which also checks
    that no two present families share a JSON key)."""
    name: NonBlank                 # the file's stem
    about: str                     # for people reading the config; never shown to the model
    candidates: CandidatesConfig
    maybe_exts: MaybeExtsConfig
    alike: FieldConfig
    exist_similar: ExistSimilarConfig

    def field_config(self, family: str) -> FieldConfig:
        return getattr(self, family)


#: family name -> its schema; the keys a vocab file holds besides name/about.
FAMILY_SCHEMAS: dict[str, type[FieldConfig]] = {
    "candidates": CandidatesConfig,
    "maybe_exts": MaybeExtsConfig,
    "alike": FieldConfig,
    "exist_similar": ExistSimilarConfig,
}


def _file_of(name: Any) -> str:
    return f"configs/vocab/{name}.yaml" if isinstance(name, str) and name else "configs/vocab/<unnamed>.yaml"


def load_vocab(cfg: Any) -> VocabConfig:
    """Validate a composed `vocab` config node (DictConfig or dict) into a `VocabConfig`."""
    if isinstance(cfg, VocabConfig):
        return cfg
    raw = plain(cfg)
    if not isinstance(raw, dict):
        raise InputError("the vocab config must be a mapping (pick one with vocab=<name>)",
                         file="configs/vocab", key="vocab")
    file = _file_of(raw.get("name"))
    v = parse(VocabConfig, raw, file=file, prefix="")
    seen: dict[str, str] = {}
    for fam in FAMILY_SCHEMAS:          # the one rule across families
        fc = v.field_config(fam)
        if fc.presence == "never":
            continue
        if fc.name in seen:
            raise InputError(f"JSON key {fc.name!r} is used by both {seen[fc.name]} and {fam}",
                             file=file, key=f"{fam}.name")
        seen[fc.name] = fam
    return v

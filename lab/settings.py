"""Typed config schemas: the base class every config group's schema derives from, and the one
function that turns a schema's validation error into the lab's `InputError` (file + dotted key).

A schema is strict on purpose: `extra="forbid"` (a misspelt key is an error, never ignored),
strict types (`"abc"` is not a number, `"maybe"` is not a boolean, `true` is not an integer),
finite numbers only (a `NaN` weight would reach the model as invalid JSON). The defaults live in
the YAML files of `configs/`, once: a schema's fields are required unless a group's variants
legitimately leave a key out (then the schema says what "left out" means, and only it).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any, TypeVar, get_args

from omegaconf import DictConfig, ListConfig, OmegaConf
from pydantic import AfterValidator, BaseModel, ConfigDict, ValidationError

from lab.errors import InputError

S = TypeVar("S", bound="Settings")


class Settings(BaseModel):
    """Base of every config schema: frozen, strict, no unknown keys, no NaN or infinity."""
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True, allow_inf_nan=False)


def _non_blank(s: str) -> str:
    if not s.strip():
        raise ValueError("must be a non-empty string")
    return s


#: a string with something in it besides whitespace (a name, a template, a JSON key)
NonBlank = Annotated[str, AfterValidator(_non_blank)]


def plain(obj: Any) -> Any:
    """An OmegaConf node as plain dicts and lists (interpolations resolved), also where one sits
    inside a plain dict or list (`{**dict(cfg.prompt), "system": ...}`); anything else as is.
    The one helper for this in the lab."""
    if isinstance(obj, (DictConfig, ListConfig)):
        return OmegaConf.to_container(obj, resolve=True)
    if isinstance(obj, dict):
        return {k: plain(v) for k, v in obj.items()}
    if isinstance(obj, list):
        return [plain(v) for v in obj]
    return obj


def parse(schema: type[S], raw: Any, *, file: str | None, prefix: str) -> S:
    """Validate `raw` (a mapping, or an OmegaConf node) against `schema`; the first error is an
    InputError naming `file` and the dotted key `prefix.<loc>`."""
    raw = plain(raw)
    if not isinstance(raw, Mapping):
        raise InputError(f"must be a mapping, got {raw!r}", file=file, key=prefix or None)
    try:
        return schema.model_validate(dict(raw))
    except ValidationError as e:
        raise schema_error(e, schema, file=file, prefix=prefix) from None


def schema_error(e: ValidationError, schema: type[BaseModel], *, file: str | None,
                 prefix: str) -> InputError:
    errors = e.errors(include_url=False)
    # a misspelt key first: its "missing" twin is the same mistake, named less helpfully
    err = next((x for x in errors if x["type"] == "extra_forbidden"), errors[0])
    loc = [str(p) for p in err["loc"]]
    key = ".".join([prefix, *loc] if prefix else loc) or None
    kind, msg = err["type"], err["msg"]
    if kind == "extra_forbidden":
        known = _known_keys(schema, loc[:-1])
        message = "unknown key" + (f" (known: {', '.join(known)})" if known else "")
    elif kind == "missing":
        message = "required key missing (its default belongs in the group's YAML file)"
    else:
        message = msg.removeprefix("Value error, ")
        if kind != "value_error":
            message += f", got {err.get('input')!r}"
    return InputError(message, file=file, key=key)


def _known_keys(schema: type[BaseModel], loc: list[str]) -> list[str]:
    """The field names of the (nested) schema at `loc`, when it is a schema."""
    cls: Any = schema
    for part in loc:
        f = getattr(cls, "model_fields", {}).get(part)
        if f is None:
            return []
        # an optional section (`Example | None`): the schema inside it
        cls = next((a for a in (f.annotation, *get_args(f.annotation))
                    if isinstance(a, type) and issubclass(a, BaseModel)), f.annotation)
    fields = getattr(cls, "model_fields", None)
    return list(fields) if isinstance(fields, dict) else []

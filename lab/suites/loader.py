"""Suite and golden files: one YAML format, one validated loader.

A file has a top-level `tests:` list. Each entry has at least `id`, `query` and `expected` (a list
of `path` or `path#heading`); suites add `category`, `position`, `message`, `notes`, an optional
`intent`, and any other keys (kept in `TestCase.extra`). The top level may also hold `name`,
`description`, `categories:` (letter -> description; when present every test's category must be
one of them) and the template keys in `TOP_LEVEL_KEYS`; any other top-level key is an error, so a
typo fails at load time instead of being silently ignored.

Every problem raises `InputError` naming the file, the 1-based line and the key. Lines come from
the composed YAML nodes, so they point at the entry or value at fault.
"""

from __future__ import annotations

import hashlib
from collections.abc import Collection, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any

import yaml

from lab.errors import InputError
from lab.paths import PROMPTS_DIR

#: Top-level keys a suite or golden file may have. Templates (system prompt, answer format,
#: per-test message) live under `templates:`; add a key here when the format grows one.
TOP_LEVEL_KEYS = frozenset({"name", "description", "categories", "templates", "tests", "version"})

#: Keys a suite's `templates:` mapping may override (the keys of prompts/templates.yaml). Checked
#: here so a typo ("sytem:") fails at load time instead of silently keeping the default prompt.
TEMPLATE_KEYS = ("system", "answer_format", "test_message")

#: Test-entry keys with a typed attribute on `TestCase`; every other key goes to `extra`.
KNOWN_TEST_KEYS = ("id", "query", "expected", "intent", "category", "position", "message", "notes")

SUITE_SUFFIXES = (".yaml", ".yml")


@dataclass(frozen=True)
class TestCase:
    """One suite or golden entry."""

    __test__ = False  # not a pytest test class

    id: str
    query: str
    expected: tuple[str, ...]
    intent: str | None = None
    category: str | None = None
    position: int | None = None
    message: str | None = None
    notes: str | None = None
    line: int = 0  # 1-based line of the entry in its file
    extra: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}), hash=False)

    def expected_paths(self) -> tuple[str, ...]:
        """The expected documents: `expected` with any `#heading` stripped, order kept, no repeats."""
        return tuple(dict.fromkeys(split_expected(e)[0] for e in self.expected))


@dataclass(frozen=True)
class Suite:
    name: str
    path: Path
    tests: tuple[TestCase, ...]
    categories: Mapping[str, str] = field(hash=False)
    content_hash: str  # sha256 of the file bytes
    raw: Mapping[str, Any] = field(hash=False)  # the top-level mapping as loaded


def split_expected(entry: str) -> tuple[str, str | None]:
    """`docs/a.md#Setup` -> (`docs/a.md`, `Setup`); `docs/a.md` -> (`docs/a.md`, None)."""
    path, sep, heading = entry.partition("#")
    return path, (heading if sep else None)


def suite_path(name_or_file: str, prompts_dir: Path | None = None) -> Path:
    """A suite name (`tests70` -> `<repo>/prompts/tests70.yaml`) or an existing file path."""
    prompts_dir = Path(prompts_dir) if prompts_dir is not None else PROMPTS_DIR
    given = Path(name_or_file).expanduser()
    if given.is_file():
        return given
    for suffix in ("", *SUITE_SUFFIXES):
        candidate = prompts_dir / f"{name_or_file}{suffix}"
        if candidate.is_file() and candidate.suffix in SUITE_SUFFIXES:
            return candidate
    available = available_suites(prompts_dir)
    listing = ", ".join(available) if available else f"none found in {prompts_dir}"
    raise InputError(f"no suite named '{name_or_file}' and no such file; available suites: {listing}",
                     key=name_or_file)


def available_suites(prompts_dir: Path | None = None) -> list[str]:
    prompts_dir = Path(prompts_dir) if prompts_dir is not None else PROMPTS_DIR
    if not prompts_dir.is_dir():
        return []
    return sorted({p.stem for p in prompts_dir.iterdir() if p.is_file() and p.suffix in SUITE_SUFFIXES})


class _Reader:
    """Walks the composed node tree of one file, raising InputError with file, line and key."""

    def __init__(self, file: str, loader: yaml.SafeLoader) -> None:
        self.file, self.loader = file, loader

    def error(self, message: str, node: yaml.Node | None, key: str | None) -> InputError:
        line = node.start_mark.line + 1 if node is not None else None
        return InputError(message, file=self.file, line=line, key=key)

    def value(self, node: yaml.Node) -> Any:
        try:
            return self.loader.construct_object(node, deep=True)
        except yaml.MarkedYAMLError as e:     # a tag safe YAML does not know (never executed)
            raise self.error(f"YAML error: {e.problem}", node, "(yaml)") from None
        except RecursionError:
            raise self.error("YAML nested too deep", node, "(yaml)") from None

    def items(self, node: yaml.MappingNode, where: str) -> list[tuple[str, yaml.Node, yaml.Node]]:
        """(key, key node, value node) of a mapping; keys must be unique strings."""
        seen: dict[str, int] = {}
        out = []
        for knode, vnode in node.value:
            key = self.value(knode)
            if not isinstance(key, str):
                raise self.error(f"keys of {where} must be strings, got {type(key).__name__} {key!r}",
                                 knode, str(key))
            if key in seen:
                raise self.error(f"duplicate key in {where} (first at line {seen[key]})", knode, key)
            seen[key] = knode.start_mark.line + 1
            out.append((key, knode, vnode))
        return out

    def text(self, node: yaml.Node, key: str, who: str, *, required: bool) -> str | None:
        value = self.value(node)
        if value is None and not required:
            return None
        if not isinstance(value, str):
            raise self.error(f"{who}: '{key}' must be a string, got {_type_name(value)}", node, key)
        if required and not value.strip():
            raise self.error(f"{who}: '{key}' is empty", node, key)
        return value


def _type_name(value: Any) -> str:
    return "null" if value is None else f"{type(value).__name__} {value!r}"


#: Largest suite or golden file read (tests70.yaml is 26 kB; thousands of tests fit under this).
MAX_SUITE_BYTES = 4 * 1024 * 1024


def load_suite(path: str | Path, *, corpus_paths: Collection[str] | None = None) -> Suite:
    """Load and validate a suite or golden file.

    With `corpus_paths`, every expected path (the part before `#`) must be one of them.
    """
    path = Path(path)
    file = str(path)
    try:
        size = path.stat().st_size
        if size > MAX_SUITE_BYTES:   # bounded: a suite is hand-written YAML, tests70 is 40 kB
            raise InputError(f"suite file of {size:,} bytes; the limit is {MAX_SUITE_BYTES:,} "
                             "(split it, or check that this is the file you meant)", file=file)
        with path.open("rb") as f:
            data = f.read(MAX_SUITE_BYTES + 1)
    except OSError as e:
        raise InputError(f"cannot read suite file: {e.strerror or e}", file=file) from None
    if len(data) > MAX_SUITE_BYTES:      # grew while read, or not a regular file
        raise InputError(f"suite file over the limit of {MAX_SUITE_BYTES:,} bytes", file=file)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise InputError(f"not UTF-8 text (byte {e.start})", file=file) from None

    loader = yaml.SafeLoader(text)
    try:
        try:
            root = loader.get_single_node()
        except yaml.MarkedYAMLError as e:
            mark = e.problem_mark or e.context_mark
            line = mark.line + 1 if mark else None
            problem = " ".join(str(p) for p in (e.context, e.problem) if p)
            raise InputError(f"YAML syntax error: {problem}", file=file, line=line, key="(yaml)") from None
        except yaml.YAMLError as e:
            raise InputError(f"YAML error: {e}", file=file, key="(yaml)") from None
        except RecursionError:           # `[[[[...` a million deep: the composer recurses per level
            raise InputError("YAML nested too deep", file=file, line=loader.line + 1, key="(yaml)") from None
        reader = _Reader(file, loader)
        suite = _read_suite(reader, root, path, corpus_paths)
    finally:
        loader.dispose()
    return Suite(name=suite[0], path=path, tests=suite[1], categories=suite[2],
                 content_hash=hashlib.sha256(data).hexdigest(), raw=suite[3])


def _read_suite(r: _Reader, root: yaml.Node | None, path: Path,
                corpus_paths: Collection[str] | None):
    if root is None:
        raise InputError("file is empty; a suite needs a top-level 'tests:' list", file=r.file,
                         line=1, key="tests")
    if not isinstance(root, yaml.MappingNode):
        raise r.error("the top level must be a mapping with a 'tests:' list", root, "tests")
    top = r.items(root, "the top level")
    by_key = {k: (kn, vn) for k, kn, vn in top}
    for key, knode, _ in top:
        if key not in TOP_LEVEL_KEYS:
            raise r.error(f"unknown top-level key (allowed: {', '.join(sorted(TOP_LEVEL_KEYS))})",
                          knode, key)
    if "tests" not in by_key:
        raise r.error("missing the top-level 'tests:' list", root, "tests")

    name = path.stem
    if "name" in by_key:
        name = r.text(by_key["name"][1], "name", "top level", required=True)
    if "description" in by_key:
        r.text(by_key["description"][1], "description", "top level", required=False)

    tpl_node = by_key.get("templates", (None, None))[1]
    if tpl_node is not None:
        if not isinstance(tpl_node, yaml.MappingNode):
            raise r.error("'templates' must be a mapping of template key -> text", tpl_node, "templates")
        own: dict[str, tuple[yaml.Node, str]] = {}
        for key, knode, vnode in r.items(tpl_node, "'templates'"):
            if key not in TEMPLATE_KEYS:
                raise r.error(f"unknown template key (known: {', '.join(TEMPLATE_KEYS)})", knode,
                              f"templates.{key}")
            own[key] = (knode, r.text(vnode, key, "templates", required=True))
        if "system" in own and "answer_format" not in own and "{answer_format}" in own["system"][1]:
            # its text is written around one answer format: a prompt's other one reads wrong in
            # it (tasks40_baseline under `answer_line`: a bare "ANSWER:" line, then an instruction
            # the model gave as its answer)
            raise r.error("a suite's own system prompt that places {answer_format} must set "
                          "templates.answer_format too (the text is written for one answer format; "
                          "the prompt variant's may not read right in it)", own["system"][0],
                          "templates.system")

    categories: dict[str, str] = {}
    cat_node = by_key.get("categories", (None, None))[1]
    if cat_node is not None:
        if not isinstance(cat_node, yaml.MappingNode):
            raise r.error("'categories' must be a mapping of category -> description", cat_node,
                          "categories")
        for key, _, vnode in r.items(cat_node, "'categories'"):
            categories[key] = r.text(vnode, key, "categories", required=False) or ""

    tests_node = by_key["tests"][1]
    if not isinstance(tests_node, yaml.SequenceNode):
        raise r.error(f"'tests' must be a list of entries, got {_type_name(r.value(tests_node))}",
                      tests_node, "tests")
    if not tests_node.value:
        raise r.error("'tests' is empty", tests_node, "tests")

    tests: list[TestCase] = []
    ids: dict[str, int] = {}
    positions: dict[int, tuple[str, int]] = {}
    for i, entry in enumerate(tests_node.value):
        case = _read_test(r, entry, i, categories if cat_node is not None else None, corpus_paths)
        if case.id in ids:
            raise r.error(f"duplicate id '{case.id}' (first at line {ids[case.id]})",
                          _value_node(r, entry, "id"), "id")
        ids[case.id] = case.line
        if case.position is not None:
            if case.position in positions:
                other_id, other_line = positions[case.position]
                raise r.error(f"test '{case.id}': duplicate position {case.position} "
                              f"(test '{other_id}' at line {other_line} has it)",
                              _value_node(r, entry, "position"), "position")
            positions[case.position] = (case.id, case.line)
        tests.append(case)

    raw = r.value(root)
    return (name, tuple(tests), MappingProxyType(categories), MappingProxyType(raw))


def _value_node(r: _Reader, entry: yaml.MappingNode, key: str) -> yaml.Node:
    for k, _, vnode in r.items(entry, "a test entry"):
        if k == key:
            return vnode
    return entry


def _read_test(r: _Reader, node: yaml.Node, index: int, categories: Mapping[str, str] | None,
               corpus_paths: Collection[str] | None) -> TestCase:
    if not isinstance(node, yaml.MappingNode):
        raise r.error(f"tests[{index}] must be a mapping with id, query and expected, "
                      f"got {_type_name(r.value(node))}", node, f"tests[{index}]")
    line = node.start_mark.line + 1
    fields = {k: (kn, vn) for k, kn, vn in r.items(node, f"tests[{index}]")}
    who = f"tests[{index}]"
    for key in ("id", "query", "expected"):
        if key not in fields:
            raise r.error(f"{who}: missing required key '{key}'", node, key)

    test_id = r.text(fields["id"][1], "id", who, required=True)
    who = f"test '{test_id}'"
    query = r.text(fields["query"][1], "query", who, required=True)
    expected = _read_expected(r, fields["expected"][1], who, corpus_paths)

    optional: dict[str, str | None] = {}
    for key in ("intent", "category", "message", "notes"):
        optional[key] = r.text(fields[key][1], key, who, required=False) if key in fields else None
    category = optional["category"]
    if categories is not None:
        # A file that declares categories gives every test one of them.
        if "category" not in fields:
            raise r.error(f"{who}: missing 'category' (the file declares categories: "
                          f"{', '.join(categories)})", node, "category")
        if category not in categories:
            raise r.error(f"{who}: unknown category {category!r} (categories: "
                          f"{', '.join(categories)})", fields["category"][1], "category")

    position = None
    if "position" in fields:
        pnode = fields["position"][1]
        value = r.value(pnode)
        if value is not None:
            if isinstance(value, bool) or not isinstance(value, int):
                raise r.error(f"{who}: 'position' must be an integer, got {_type_name(value)}",
                              pnode, "position")
            if value < 1:
                raise r.error(f"{who}: 'position' must be 1 or more, got {value}", pnode, "position")
            position = value

    extra = {k: r.value(vn) for k, (_, vn) in fields.items() if k not in KNOWN_TEST_KEYS}
    return TestCase(id=test_id, query=query, expected=expected, intent=optional["intent"],
                    category=category, position=position, message=optional["message"],
                    notes=optional["notes"], line=line, extra=MappingProxyType(extra))


def _read_expected(r: _Reader, node: yaml.Node, who: str,
                   corpus_paths: Collection[str] | None) -> tuple[str, ...]:
    if not isinstance(node, yaml.SequenceNode):
        raise r.error(f"{who}: 'expected' must be a list of 'path' or 'path#heading', "
                      f"got {_type_name(r.value(node))}", node, "expected")
    if not node.value:
        raise r.error(f"{who}: 'expected' is empty", node, "expected")
    out = []
    for item in node.value:
        value = r.value(item)
        if not isinstance(value, str) or not value.strip():
            raise r.error(f"{who}: each 'expected' entry must be a non-empty string "
                          f"'path' or 'path#heading', got {_type_name(value)}", item, "expected")
        doc, heading = split_expected(value)
        if not doc.strip() or (heading is not None and not heading.strip()):
            raise r.error(f"{who}: malformed expected entry {value!r} (want 'path' or 'path#heading')",
                          item, "expected")
        if corpus_paths is not None and doc not in corpus_paths:
            raise r.error(f"{who}: expected path '{doc}' is not in the corpus", item, "expected")
        out.append(value)
    return tuple(out)

"""golden-queries-quoted: one test per rule of the decision record, on small temp corpora."""

from __future__ import annotations

import io
import json
from pathlib import Path

from click.testing import CliRunner

from lab.suites.contamination import CODE, normalize, scan, warn
from lab.corpus.loader import load_corpus
from lab.pathfinder.index import build_index
from lab.suites.loader import TestCase

PAY = "retry backoff of the payments client"
OAUTH = "where is the oauth callback handled"
CONFIG = "which file loads the Rust config"


def tc(id: str, query: str, *expected: str) -> TestCase:
    return TestCase(id=id, query=query, expected=tuple(expected) or ("svc/main.go",))


def index_of(tmp_path: Path, files: dict[str, str]):
    for rel, text in {"svc/main.go": "package main\n", **files}.items():
        p = tmp_path / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(text, encoding="utf-8")
    return build_index(load_corpus(tmp_path))


GOLDEN = [tc("t1", PAY, "payments/client.go"), tc("t2", OAUTH, "auth/callback.go"),
          tc("t3", CONFIG, "rust/config.rs")]


def test_two_distinct_quotes_are_reported(tmp_path: Path):
    idx = index_of(tmp_path, {"notes/eval.md": f"# Eval notes\n\nWe ask `{PAY}` and then `{OAUTH}`.\n"})
    [f] = scan(idx, GOLDEN)
    assert (f.code, f.document, f.queries) == (CODE, "notes/eval.md", (PAY, OAUTH))


def test_one_quote_is_never_reported(tmp_path: Path):
    idx = index_of(tmp_path, {"notes/eval.md": f"# Eval notes\n\nWe ask `{PAY}` only.\n"})
    assert scan(idx, GOLDEN) == []


def test_quotes_in_different_fields_and_chunks_of_one_document_add_up(tmp_path: Path):
    # heading of one chunk + breadcrumb (frontmatter title) + body of another: counted per document
    text = f"---\ntitle: {CONFIG}\n---\n# {PAY}\n\nintro\n\n## Later\n\nand {OAUTH} too\n"
    idx = index_of(tmp_path, {"notes/eval.md": text})
    [f] = scan(idx, GOLDEN)
    assert f.queries == (PAY, OAUTH, CONFIG)


def test_quote_spanning_heading_body_seam_is_not_found(tmp_path: Path):
    head, tail = "retry backoff of", "the payments client"
    assert f"{head} {tail}" == PAY
    text = (f"# {head}\n\n{tail} is slow\n\n"               # heading | body of one chunk
            f"## Part two\n\nthis body ends with {head}\n\n"  # body of one chunk ...
            f"## {tail}\n\nsee above. {OAUTH}\n")       # ... | heading of the next
    idx = index_of(tmp_path, {"notes/seams.md": text})
    assert scan(idx, GOLDEN) == []


def test_line_wrapped_quote_inside_one_field_is_found(tmp_path: Path):
    text = "# Notes\n\nretry backoff of\n   the   payments client\n\nand where is the\toauth callback handled\n"
    idx = index_of(tmp_path, {"notes/wrapped.md": text})
    [f] = scan(idx, GOLDEN)
    assert f.queries == (PAY, OAUTH)


def test_matching_is_case_sensitive(tmp_path: Path):
    text = f"# Notes\n\n{PAY.upper()} and {OAUTH.title()}\n"
    idx = index_of(tmp_path, {"notes/case.md": text})
    assert scan(idx, GOLDEN) == []


def test_query_contained_in_another_counts_once(tmp_path: Path):
    short, long = "cross-encoder reranking", "how does cross-encoder reranking work?"
    golden = [tc("s", short, "docs/rerank.md"), tc("l", long, "docs/rerank.md"), *GOLDEN]
    idx = index_of(tmp_path, {
        "notes/long_only.md": f"# Q\n\nThe query `{long}` is hard.\n",
        "notes/long_and_pay.md": f"# Q\n\n`{long}` and `{PAY}`\n",
        "notes/both_apart.md": f"# Q\n\n`{long}`\n\n## Other\n\n`{short}` alone\n",
    })
    found = {f.document: f.queries for f in scan(idx, golden)}
    # only the long quote: one piece of evidence, no finding
    assert "notes/long_only.md" not in found
    # long + another query: 2, the short one is not listed
    assert found["notes/long_and_pay.md"] == (long, PAY)
    # no positions are kept: a separate quote of the short one is dropped too (count fewer)
    assert "notes/both_apart.md" not in found


def test_substring_drop_happens_before_the_expected_exemption(tmp_path: Path):
    # The document is the answer to the long query and quotes it; that quote must not make the
    # short query (inside it) count as independent evidence next to one real quote.
    short, long = "cross-encoder reranking", "how does cross-encoder reranking work?"
    golden = [tc("s", short, "docs/other.md"), tc("l", long, "docs/rerank.md"), *GOLDEN]
    idx = index_of(tmp_path, {"docs/rerank.md": f"# Rerank\n\n{long} Like this. {PAY}\n"})
    assert scan(idx, golden) == []


def test_identical_entries_are_collapsed(tmp_path: Path):
    golden = [tc("a", PAY, "payments/client.go"), tc("b", f"  retry backoff of\nthe payments   client ",
                                                      "payments/client.go"), tc("c", CONFIG, "rust/config.rs")]
    idx = index_of(tmp_path, {
        "notes/once.md": f"# N\n\nasked `{PAY}` once\n",
        "notes/twice.md": f"# N\n\nasked `{PAY}` and `{CONFIG}`\n",
    })
    found = {f.document: f.queries for f in scan(idx, golden)}
    assert "notes/once.md" not in found
    assert found["notes/twice.md"] == (PAY, CONFIG)  # the collapsed query listed once, as first written


def test_queries_shorter_than_12_chars_after_normalization_are_ignored(tmp_path: Path):
    eleven, twelve = "  token   cache  ", "token\n caches"
    assert (len(normalize(eleven)), len(normalize(twelve))) == (11, 12)
    idx = index_of(tmp_path, {"notes/n.md": f"# N\n\ntoken cache and {PAY}\n",
                              "notes/m.md": f"# M\n\ntoken caches and {PAY}\n"})
    assert scan(idx, [tc("x", eleven), *GOLDEN]) == []
    found = scan(idx, [tc("y", twelve), *GOLDEN])
    assert [(f.document, f.queries) for f in found] == [("notes/m.md", (twelve, PAY))]


def test_expected_document_is_exempt_even_when_a_heading_is_named(tmp_path: Path):
    golden = [tc("t1", PAY, "notes/eval.md#Some heading"), *GOLDEN[1:]]
    idx = index_of(tmp_path, {
        "notes/eval.md": f"# Some heading\n\nintro\n\n# Other heading\n\n{PAY} and {OAUTH}\n"})
    assert scan(idx, golden) == []
    assert len(scan(idx, GOLDEN)) == 1  # the same document without the label is reported


def test_collapsed_query_is_exempt_if_any_entry_lists_the_document(tmp_path: Path):
    golden = [tc("a", PAY, "payments/client.go"), tc("b", PAY + " ", "notes/eval.md"), *GOLDEN[1:]]
    idx = index_of(tmp_path, {"notes/eval.md": f"# N\n\n{PAY} and {OAUTH}\n"})
    assert scan(idx, golden) == []


def test_finding_json_shape_is_exact_and_message_gives_both_causes(tmp_path: Path):
    idx = index_of(tmp_path, {"notes/eval.md": f"# N\n\n{PAY} and {OAUTH}\n"})
    [f] = scan(idx, GOLDEN)
    d = f.to_dict()
    assert list(d) == ["code", "document", "queries", "message"]
    assert d["code"] == "golden-queries-quoted" and d["document"] == "notes/eval.md"
    assert d["queries"] == [PAY, OAUTH]
    msg = d["message"]
    assert "verbatim" in msg and "heading, breadcrumb, body" in msg  # what was measured
    assert "note about the test set" in msg and "expected" in msg      # both causes, both fixes
    assert json.loads(json.dumps(d)) == d


def test_warn_prints_one_line_per_finding(tmp_path: Path):
    idx = index_of(tmp_path, {"notes/a.md": f"# N\n\n{PAY} {OAUTH}\n",
                              "notes/b.md": f"# N\n\n{OAUTH} {CONFIG}\n"})
    findings = scan(idx, GOLDEN)
    out = io.StringIO()
    warn(findings, stream=out)
    lines = out.getvalue().splitlines()
    assert len(lines) == 2 and all(ln.startswith("warning: [golden-queries-quoted]") for ln in lines)


def _golden_file(tmp_path: Path) -> Path:
    p = tmp_path / "golden.yaml"
    p.write_text(f"tests:\n  - id: t1\n    query: {PAY}\n    expected: [payments/client.go]\n"
                 f"  - id: t2\n    query: {OAUTH}\n    expected: [auth/callback.go#Handler]\n",
                 encoding="utf-8")
    return p


def test_cli_exits_0_with_findings_and_lists_them_in_json(tmp_path: Path):
    from lab.cli.contamination import contamination

    corpus = tmp_path / "kb"
    index_of(corpus, {"notes/eval.md": f"# N\n\n{PAY} and {OAUTH}\n"})
    golden = _golden_file(tmp_path)
    res = CliRunner().invoke(contamination, ["--corpus", str(corpus), "--golden", str(golden),
                                             "--format", "json"])
    assert res.exit_code == 0, res.output
    data = json.loads(res.stdout)
    assert set(data) == {"findings", "corpus", "golden", "queries_scanned"}
    assert [f["document"] for f in data["findings"]] == ["notes/eval.md"]
    assert data["findings"][0]["queries"] == [PAY, OAUTH]
    assert data["queries_scanned"] == 2
    assert "warning: [golden-queries-quoted]" in res.stderr

    text = CliRunner().invoke(contamination, ["--corpus", str(corpus), "--golden", str(golden)])
    assert text.exit_code == 0
    assert "notes/eval.md" in text.stdout and "warning:" in text.stderr


def test_cli_json_findings_empty_list_when_none(tmp_path: Path):
    from lab.cli.contamination import contamination

    corpus = tmp_path / "kb"
    index_of(corpus, {"notes/eval.md": f"# N\n\n{PAY} only\n"})
    res = CliRunner().invoke(contamination, ["--corpus", str(corpus), "--golden",
                                             str(_golden_file(tmp_path)), "--format", "json"])
    assert res.exit_code == 0 and json.loads(res.stdout)["findings"] == []


def test_cli_is_registered_on_lab():
    from lab.cli import main

    assert "contamination" in main.commands


def test_warn_with_a_pointer_is_one_short_line_naming_where_the_full_finding_is(tmp_path: Path):
    """Issue 26: `lab run` printed the whole finding (a paragraph) as its warning."""
    idx = index_of(tmp_path, {"notes/a.md": f"# N\n\n{PAY} {OAUTH}\n"})
    findings = scan(idx, GOLDEN)
    out = io.StringIO()
    warn(findings, stream=out, pointer="`lab contamination --corpus C --golden G`")
    (line,) = out.getvalue().splitlines()
    assert line.startswith("warning: [golden-queries-quoted] notes/a.md quotes 2 golden queries")
    assert line.endswith("the full finding, both causes and fixes: `lab contamination --corpus C --golden G`")
    assert len(line) < 260 and "note about the test set" not in line

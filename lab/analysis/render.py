"""The report's documents from one list of blocks, so report.md and report.html say the same.

A block is a paragraph (str; `code` and **bold** are the only markup), a `Table`, a `Figure`, a
`Details` (collapsible in HTML, a sub-heading in Markdown) or a heading ("h2" | "h3", text). A table
cell holding a list of (text, href) renders as outcome badges that link (to transcripts).
"""

from __future__ import annotations

import base64
import html
import re
from dataclasses import dataclass, field
from typing import Any, Callable

import numpy as np
import pandas as pd

from lab.analysis.transcript import OUTCOME_COLORS, PAGE_CSS

Link = tuple[str, str | None]          # (text, href or None)

@dataclass
class Table:
    df: pd.DataFrame
    cols: list[tuple[str, str]]                       # (header, column)
    csv: str | None = None                            # the CSV it comes from
    fmt: dict[str, Callable[[Any], Any]] = field(default_factory=dict)


@dataclass
class Figure:
    name: str
    caption: str


@dataclass
class Details:
    summary: str
    blocks: list
    open: bool = False


Block = Any   # str (a paragraph: `code` and **bold** only), Table, Figure, Details, ("h2"|"h3", text),
#               ("ul", [item, ...]) (a bulleted list of paragraphs)


def num(v: Any, digits: int = 1) -> str:
    if v is None or (isinstance(v, float) and np.isnan(v)) or v is pd.NA:
        return "–"
    if isinstance(v, (bool, np.bool_)):
        return "yes" if v else ""
    if isinstance(v, (int, np.integer)):
        return str(int(v))
    if isinstance(v, (float, np.floating)):
        return f"{v:.{digits}f}"
    return str(v)


def pct(v: Any) -> str:
    return "–" if v is None or pd.isna(v) else f"{100 * float(v):.0f}%"


def _cell_text(v: Any, f: Callable | None) -> Any:
    v = f(v) if f else v
    return v if isinstance(v, list) else num(v)


def _html_inline(s: str) -> str:
    s = html.escape(s)
    s = re.sub(r"`([^`]+)`", r"<code>\1</code>", s)
    return re.sub(r"\*\*([^*]+)\*\*", r"<b>\1</b>", s)


def _md_table(t: Table) -> str:
    if t.df.empty:
        return "_(none)_"
    head = "| " + " | ".join(h for h, _ in t.cols) + " |"
    sep = "| " + " | ".join("---" for _ in t.cols) + " |"
    lines = [head, sep]
    for _, row in t.df.iterrows():
        cells = []
        for _, c in t.cols:
            v = _cell_text(row.get(c), t.fmt.get(c))
            if isinstance(v, list):
                v = " ".join(f"[{txt}]({href})" if href else txt for txt, href in v)
            cells.append(str(v).replace("|", "\\|").replace("\n", " "))
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines) + (f"\n\n(table: `tables/{t.csv}.csv`)" if t.csv else "")


def _html_table(t: Table) -> str:
    if t.df.empty:
        return "<p class='note'>(none)</p>"
    out = ["<table><tr>" + "".join(f"<th>{html.escape(h)}</th>" for h, _ in t.cols) + "</tr>"]
    for _, row in t.df.iterrows():
        tds = []
        for _, c in t.cols:
            raw = row.get(c)
            v = _cell_text(raw, t.fmt.get(c))
            if isinstance(v, list):
                inner = " ".join(
                    (f'<a class="badge" style="background:{OUTCOME_COLORS.get(txt, "#555")}" '
                     f'href="{html.escape(href)}">{html.escape(txt)}</a>') if href else
                    f'<span class="badge" style="background:{OUTCOME_COLORS.get(txt, "#555")}">{html.escape(txt)}</span>'
                    for txt, href in v)
                tds.append(f"<td>{inner}</td>")
            else:
                num = isinstance(raw, (int, float, np.integer, np.floating)) and not isinstance(raw, bool)
                tds.append(f"<td{' class=num' if num else ''}>{html.escape(str(v))}</td>")
        out.append("<tr>" + "".join(tds) + "</tr>")
    out.append("</table>")
    if t.csv:
        out.append(f"<p class='note'>table: <a href='tables/{t.csv}.csv'>tables/{t.csv}.csv</a></p>")
    return "\n".join(out)


def render_markdown(title: str, blocks: list[Block]) -> str:
    return "\n".join([f"# {title}", "", *_md_blocks(blocks)])


def _md_blocks(blocks: list[Block]) -> list[str]:
    out: list[str] = []
    for b in blocks:
        if isinstance(b, Details):
            out += [f"#### {b.summary}", "", *_md_blocks(b.blocks)]
        elif isinstance(b, tuple) and b[0] == "ul":
            out += [f"- {x}" for x in b[1]] + [""]
        elif isinstance(b, tuple):
            out += [("## " if b[0] == "h2" else "### ") + b[1], ""]
        elif isinstance(b, Table):
            out += [_md_table(b), ""]
        elif isinstance(b, Figure):
            out += [f"![{b.caption}](figures/{b.name}.png)", "", f"_{b.caption}_ "
                    f"([SVG](figures/{b.name}.svg))", ""]
        else:
            out += [str(b), ""]
    return out


#: sets data-figures and data-figures-rendered on <body> once every image has loaded (the
#: headless-browser test reads them from the dumped DOM)
RENDER_CHECK = ("<script>window.addEventListener('load',function(){var im=document.querySelectorAll("
                "'img.fig'),ok=0;for(var i=0;i<im.length;i++){if(im[i].complete&&im[i].naturalWidth>0)ok++;}"
                "document.body.setAttribute('data-figures',im.length);"
                "document.body.setAttribute('data-figures-rendered',ok);});</script>")


def render_html(title: str, blocks: list[Block], svgs: dict[str, bytes]) -> str:
    toc = [b[1] for b in blocks if isinstance(b, tuple) and b[0] == "h2"]
    body = [f"<h1>{html.escape(title)}</h1>",
            "<p class='note'>" + " · ".join(f"<a href='#{_anchor(h)}'>{html.escape(h)}</a>" for h in toc) + "</p>",
            *_html_blocks(blocks, svgs)]
    return ("<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'>"
            f"<title>{html.escape(title)}</title><style>{PAGE_CSS}</style>{RENDER_CHECK}</head><body>"
            + "\n".join(body) + "</body></html>\n")


def _html_blocks(blocks: list[Block], svgs: dict[str, bytes]) -> list[str]:
    body: list[str] = []
    for b in blocks:
        if isinstance(b, Details):
            body.append(f"<details{' open' if b.open else ''}><summary>{_html_inline(b.summary)}</summary>")
            body += _html_blocks(b.blocks, svgs)
            body.append("</details>")
        elif isinstance(b, tuple) and b[0] == "ul":
            body.append("<ul>" + "".join(f"<li>{_html_inline(str(x))}</li>" for x in b[1]) + "</ul>")
        elif isinstance(b, tuple):
            tag = "h2" if b[0] == "h2" else "h3"
            body.append(f"<{tag} id='{_anchor(b[1])}'>{html.escape(b[1])}</{tag}>")
        elif isinstance(b, Table):
            body.append(_html_table(b))
        elif isinstance(b, Figure):
            data = base64.b64encode(svgs[b.name]).decode()
            body.append(f"<div class='figure' id='fig-{b.name}'><img class='fig' alt='{html.escape(b.caption)}' "
                        f"src='data:image/svg+xml;base64,{data}'><p class='note'>{html.escape(b.caption)} "
                        f"(<a href='figures/{b.name}.png'>PNG</a>, <a href='figures/{b.name}.svg'>SVG</a>)</p></div>")
        else:
            body.append(f"<p>{_html_inline(str(b))}</p>")
    return body


def _anchor(text: str) -> str:
    return "".join(ch if ch.isalnum() else "-" for ch in text.lower()).strip("-")

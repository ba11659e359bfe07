"""The two new parts of a comparison as every output says them (lab diff, the gate's message, the
sweep summary, the report): the equivalence (TOST) line beside a difference that is not beyond
noise, and the collapse part of a single-session comparison. From `Comparison.to_dict()`."""

from __future__ import annotations


def equivalence(c: dict) -> str:
    """'' for a difference beyond noise (nothing to say); else whether |diff| < margin is shown."""
    if c.get("significant") or c.get("diff") is None:
        return ""
    m, p = c.get("margin"), c.get("tost_p")
    if c.get("bound"):
        n = c.get("tests") or 0
        at = f"0 of {n}" if c["bound"] == "floor" else f"{n} of {n}"
        return (f"both arms at the {c['bound']} ({at} in every repeat): the suite cannot show an "
                "effect or its absence here (no equivalence claimed)")
    if p is None:
        return f"equivalence within ±{m:g}: cannot tell (noise unknown)"
    a = (1 - c["level"]) / (2 if c.get("collapse") else 1)
    said = "shown" if c.get("equivalent") else "not shown"
    return f"equivalence within ±{m:g} points {said} (TOST p {p:.3g}, alpha {a:.3g})"


def plain(pl: dict, level: float) -> str:
    """The plain difference beside a two-part comparison: every repeat, collapsed or not."""
    ci = (f"{level:.0%} CI {pl['ci_low']:+.2f} .. {pl['ci_high']:+.2f}, p = {pl['p']:.4g}"
          if pl.get("ci_low") is not None and pl.get("p") is not None else "no CI")
    return (f"plain difference over every repeat (collapsed ones counted; collapse happens after "
            f"treatment, so the parts condition on an outcome): {pl['diff']:+.2f} points ({ci}; "
            f"{pl['method']}, {pl['repeats_base']} vs {pl['repeats_cand']} repeats)")


def collapse(c: dict) -> str:
    """'' for a one-part comparison; else the collapse part: counts, exact CIs, Fisher's p."""
    cp = c.get("collapse")
    if not cp:
        return ""
    lvl = f"{cp['level']:.1%}".replace(".0%", "%")
    return (f"collapsed ({cp['rule']}) base {cp['base']}/{cp['n_base']} "
            f"[{cp['ci_base'][0]:.0%}, {cp['ci_base'][1]:.0%}] vs cand {cp['cand']}/{cp['n_cand']} "
            f"[{cp['ci_cand'][0]:.0%}, {cp['ci_cand'][1]:.0%}] ({lvl} exact CIs; Fisher's exact "
            f"p {cp['p']:.3g})")

"""Which llama_decode shapes the batched engine uses: a measured table of call costs per level and CPU.

Some batch sizes fall into slow kernel paths: on the pinned AVX2 level a call of 8 tokens takes
longer than two calls of 4 (benchmarks/batch_shapes.py measures each size). The batched engine
(lab/models/llama_batch.py) splits a step's tokens into consecutive calls whose sizes the measured
costs say are fastest; a step of more tokens than the table covers is one call (prompt chunks:
prefill speed grows with size).

The tables are data committed with the code (`lab/models/batch_shapes/<level>/<cpu>.json`,
written by `benchmarks/batch_shapes.py --write`), never measured at run time: the split decides
which tokens share a call, so it is part of a batched run's fingerprint (batched logits are not
batch-invariant), and a run's tokens depend only on its config, level and CPU kind, never on how
busy the machine was. `model.batch_shapes`: `auto` (this level's and CPU's table, or one call per
step where there is none), `none` (one call per step), or a table file of one's own.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Mapping

from lab.errors import InputError

TABLES = Path(__file__).resolve().parent / "batch_shapes"

#: size -> the sizes of the consecutive calls it is split into (absent: one call)
Plan = dict[int, list[int]]


def plan_from_costs(costs: Mapping[int, float], margin: float = 0.05) -> Plan:
    """The fastest split of every size the table covers into calls of sizes it covers (dynamic
    programming over measured call costs). A split is taken only when it saves more than
    `margin` of the one call's time: noise never splits."""
    sizes = sorted(int(n) for n in costs)
    cost = {int(n): float(c) for n, c in costs.items()}
    best: dict[int, tuple[float, list[int]]] = {0: (0.0, [])}
    plan: Plan = {}
    for n in range(1, (sizes[-1] if sizes else 0) + 1):
        options = [(best[n - k][0] + cost[k], best[n - k][1] + [k])
                   for k in sizes if k <= n and n - k in best]
        if not options:
            continue
        # ties (to a nanosecond): fewer calls, then the most even
        t, parts = min(options, key=lambda o: (round(o[0], 9), len(o[1]), max(o[1])))
        one = cost.get(n)
        if one is not None and t >= one * (1 - margin):
            t, parts = one, [n]
        best[n] = (t, parts)
        if one is not None and len(parts) > 1:   # an unmeasured size is one call: its cost is unknown
            plan[n] = sorted(parts, reverse=True)
    return plan


def describe(plan: Plan) -> str:
    """The plan in a line: `8=4+4 11=6+5`, or `one call per step`."""
    return " ".join(f"{n}={'+'.join(map(str, p))}" for n, p in sorted(plan.items())) or "one call per step"


def table_path(level: str | None, cpu: str) -> Path | None:
    return TABLES / level / f"{cpu}.json" if level else None


def read_table(path: Path) -> dict:
    """A table file: {"median_s": {"decode": {n: seconds}}, ...}; an InputError naming the file
    and key when it is not one."""
    try:
        data = json.loads(path.read_text())
    except OSError as e:
        raise InputError(f"cannot read the batch-shape table: {e.strerror}", file=str(path),
                         key="model.batch_shapes") from None
    except json.JSONDecodeError as e:
        raise InputError(f"the batch-shape table is not JSON: {e.msg}", file=str(path), line=e.lineno,
                         key="model.batch_shapes") from None
    dec = data.get("median_s", {}).get("decode") if isinstance(data, dict) else None
    if not isinstance(dec, dict) or not dec:
        raise InputError("the batch-shape table has no median_s.decode costs", file=str(path),
                         key="median_s.decode")
    costs = {}
    for n, c in dec.items():
        if not (str(n).isdigit() and int(n) > 0 and isinstance(c, (int, float)) and c > 0):
            raise InputError(f"median_s.decode[{n!r}] must map a positive size to positive seconds",
                             file=str(path), key=f"median_s.decode.{n}")
        costs[int(n)] = float(c)
    if 1 not in costs:
        raise InputError("the batch-shape table must cover a call of 1 token", file=str(path),
                         key="median_s.decode.1")
    return {**data, "costs": costs}


def resolve(setting: str, level: str | None, cpu: str) -> tuple[Plan, str]:
    """The plan a batched run uses, and where it came from (for the run's facts)."""
    if setting == "none":
        return {}, "none"
    if setting == "auto":
        path = table_path(level, cpu)
        if path is None or not path.exists():
            return {}, f"auto: no table for level {level or 'unknown'} on CPU {cpu}"
        return plan_from_costs(read_table(path)["costs"]), f"auto: {path.relative_to(TABLES.parent.parent.parent)}"
    path = Path(setting)
    return plan_from_costs(read_table(path)["costs"]), str(path)


def split(entries: list, plan: Plan) -> list[list]:
    """`entries` as the consecutive calls the plan makes of their number."""
    parts = plan.get(len(entries))
    if not parts:
        return [entries]
    out, i = [], 0
    for k in parts:
        out.append(entries[i:i + k])
        i += k
    return out


def write_table(measured: dict) -> Path:
    path = table_path(measured["level"], measured["cpu"])
    if path is None:
        raise InputError("the running llama.cpp level is unknown (not a pinned level): no table "
                         "is kept for it", key="VOCAB_LAB_LLAMA_BUILD")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(measured, indent=1, sort_keys=True) + "\n")
    return path

"""Several bot kinds side by side (`bansha simulate R --bots random,heuristic,talk`).

A designer reads one script's win rates under chance play (`random`), silent
play with intent (`heuristic`) and coordinated play with public claims (`talk`):
the range between them is what the bots can say about the script. Each kind is
one ordinary run with the same seed and options; this module only lays the
runs side by side (JSON, Rich table, HTML).
"""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.table import Table

from .report import BOT_NAMES, _e, _pct, document, html_report, svg_win_rates
from .runner import RunResult


def split_kinds(bots: str) -> list[str]:
    """`random,heuristic,talk` -> the kinds, in order, each once."""
    kinds: list[str] = []
    for k in (p.strip() for p in bots.split(",")):
        if k and k not in kinds:
            kinds.append(k)
    return kinds


def document_many(results: list[RunResult]) -> dict[str, Any]:
    """One JSON document for several runs: each run's own document under `runs`, and
    `comparison`: per faction, each kind's wins, rate and 95% interval."""
    runs = [document(r) for r in results]
    first = runs[0]
    factions: list[str] = []
    for d in runs:
        factions += [f["faction"] for f in d["factions"] if f["faction"] not in factions]
    comparison = []
    for f in factions:
        by: dict[str, Any] = {}
        for d in runs:
            row = next((x for x in d["factions"] if x["faction"] == f), None)
            by[d["bots"]] = ({"wins": row["wins"], "rate": row["rate"], "ci95": row["ci95"]}
                             if row else {"wins": 0, "rate": 0.0, "ci95": [0.0, 1.0]})
        comparison.append({"faction": f, "by_bots": by})
    return {
        "ruleset": first["ruleset"], "title": first["title"],
        "bots": [d["bots"] for d in runs], "players": first["players"],
        "options": first["options"], "seed": first["seed"],
        "games_requested": first["games_requested"],
        "interrupted": any(d["interrupted"] for d in runs),
        "comparison": comparison,
        "games_per_s": {d["bots"]: d["games_per_s"] for d in runs},
        "runs": runs,
    }


def _name(kind: str) -> str:
    return BOT_NAMES.get(kind, kind)


def print_comparison(doc: dict[str, Any], console: Console) -> None:
    console.print(f"[bold]{doc['title']}[/bold]  {doc['players']}人  "
                  f"{doc['games_requested']}局/种 bot（种子 {doc['seed']}）")
    t = Table(title="阵营胜率对比（95% Wilson 区间）")
    t.add_column("阵营")
    for k in doc["bots"]:
        t.add_column(_name(k), justify="right")
    for row in doc["comparison"]:
        cells = []
        for k in doc["bots"]:
            x = row["by_bots"][k]
            cells.append(f"{_pct(x['rate'])}（{_pct(x['ci95'][0])} – {_pct(x['ci95'][1])}）")
        t.add_row(row["faction"], *cells)
    console.print(t)
    speed = "，".join(f"{_name(k)} {v} 局/秒" for k, v in doc["games_per_s"].items())
    console.print(f"[dim]速度：{speed}[/dim]")


def html_comparison(doc: dict[str, Any]) -> str:
    """The side-by-side page: the comparison table and bars, then each run's report."""
    e = _e
    head = "".join(f"<th>{e(_name(k))}</th>" for k in doc["bots"])
    rows = []
    for row in doc["comparison"]:
        cells = "".join(
            f"<td>{_pct(x['rate'])}（{_pct(x['ci95'][0])} – {_pct(x['ci95'][1])}）</td>"
            for x in (row["by_bots"][k] for k in doc["bots"]))
        rows.append(f"<tr><td>{e(row['faction'])}</td>{cells}</tr>")
    charts = "".join(
        f"<h3>{e(_name(d['bots']))}</h3>{svg_win_rates(d['factions'])}" for d in doc["runs"])
    runs = "".join(
        "<section><h2>" + e(_name(d["bots"])) + "：完整报告</h2>"
        + _body(html_report(d)) + "</section>" for d in doc["runs"])
    return f"""<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8">
<title>{e(doc['title'])} 模拟报告（bot 对比）</title>
<style>
body {{ font-family: system-ui, "PingFang SC", "Microsoft YaHei", sans-serif; margin: 2em auto;
       max-width: 760px; color: #222; }}
h1 {{ font-size: 1.4em; }} h2 {{ font-size: 1.1em; margin-top: 1.6em; }}
table {{ border-collapse: collapse; margin: .5em 0; }}
td, th {{ border: 1px solid #ccc; padding: 3px 10px; }}
td:not(:first-child) {{ text-align: right; }}
th {{ background: #f4f4f4; }} .meta {{ color: #555; }} .warn {{ color: #b03a2e; }}
section {{ border-top: 2px solid #ddd; margin-top: 2em; }}
</style></head><body>
<h1>{e(doc['title'])} · 平衡模拟 · bot 对比</h1>
<p class=meta>每种 bot {e(doc['games_requested'])} 局 · {e(doc['players'])} 人
 · 种子 {e(doc['seed'])}：
随机（机会水平）、启发式（沉默，有意图地行动）、发言（公开跳身份、报查验、协调投票）</p>
<h2>阵营胜率对比（95% Wilson 区间）</h2>
<table><thead><tr><th>阵营</th>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>
{charts}
{runs}
</body></html>
"""


def _body(page: str) -> str:
    """The inside of one run's <body> (its title demoted to a section)."""
    inner = page.split("<body>", 1)[1].rsplit("</body>", 1)[0]
    return inner.replace("<h1>", "<h3>").replace("</h1>", "</h3>")


def write_comparison(doc: dict[str, Any], path: str) -> None:
    with open(path, "w", encoding="utf-8") as f:
        f.write(html_comparison(doc))

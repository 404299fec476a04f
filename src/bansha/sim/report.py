"""Reports of a simulation: the JSON document, Rich tables, a self-contained HTML page.

The HTML page draws its plots as inline SVG (no matplotlib, no scripts, no
network): a report must open anywhere, including offline on a forum
moderator's laptop, and be attachable as one file.
"""

from __future__ import annotations

import html
import math
from typing import Any

from rich.console import Console
from rich.table import Table

from bansha import compiled
from bansha.engine import get_ruleset

from .exact import First, village_win, village_win_seer_talk
from .runner import MAX_DAYS, RunResult
from .stats import summarise

BOT_NAMES = {"random": "随机", "heuristic": "启发式", "talk": "发言",
             "uniform": "均匀（Migdał 模型）"}
# what each kind of bot does, and how to read numbers they produce (one line each)
BOT_NOTES = {
    "random": "随机 bot：每一步在合法行动中随机挑一个，不看任何信息。",
    "heuristic": "启发式 bot：像一名普通玩家那样按技能用途行事（狼人共同刀人，神职查验、"
                 "守护、救人，村民跟随公开信息投票），只看自己能看到的信息。",
    "talk": "发言 bot：启发式打法之外，每天投票前在公共板上发言（跳身份、报查验、对跳、表态），"
            "狼人会假跳，村民按发言是否自洽来投票。",
    "uniform": "均匀 bot：Migdał 模型的打法（狼人随机刀一名村民，全体随机投票），用来对照精确值。",
}
READING = ("这些数字是 bot 对局的统计，说明规则在这种打法下偏向哪一方，"
           "不等于真人对局的胜率；区间越窄，局数越够。")
WILSON = ("95% 区间（Wilson 方法）：按这么多局推算，真实胜率有 95% 的把握落在此范围内；"
          "局数少或胜率接近 0/100% 时也可靠。")


def reference(result: RunResult) -> dict[str, Any] | None:
    """For classic with uniform bots (or talk bots and one 预言家): the exact village
    win rate and the z-score."""
    cfg = result.config
    if cfg.ruleset != "classic" or cfg.bots not in ("uniform", "talk"):
        return None
    rules = get_ruleset("classic")
    opts = rules.resolve_options(dict(cfg.options))
    seer = str(opts.get("seer", 0)) == "1"
    if cfg.bots == "talk" and not seer:
        return None
    m = int(opts["wolves"])
    c = result.players - m
    first: First = "day" if opts["first"] == "day" else "night"
    exact = village_win_seer_talk(c, m, first) if cfg.bots == "talk" else village_win(c, m, first)
    n = result.tally.finished
    k = result.tally.wins.get("村民阵营", 0)
    p = float(exact)
    se = math.sqrt(p * (1 - p) / n) if n else float("nan")
    z = (k / n - p) / se if n and se > 0 else 0.0
    model = "预言家公开查验策略递推" if cfg.bots == "talk" else "Migdał 递推"
    return {"faction": "村民阵营", "villagers": c, "wolves": m, "first": first, "model": model,
            "exact": p, "exact_fraction": f"{exact.numerator}/{exact.denominator}",
            "simulated": k / n if n else 0.0, "se": se, "z": z}


def document(result: RunResult) -> dict[str, Any]:
    """The JSON document `bansha simulate --json` prints."""
    cfg = result.config
    rules = get_ruleset(cfg.ruleset)
    body = summarise(result.tally, tuple(rules.factions), tuple(rules.roles))
    doc: dict[str, Any] = {
        "ruleset": cfg.ruleset,
        "title": rules.title,
        "bots": cfg.bots,
        "players": result.players,
        "options": rules.resolve_options(dict(cfg.options)),
        "seed": cfg.seed,
        "games_requested": cfg.games,
        "interrupted": result.interrupted,
        "backend": cfg.backend,
        "workers": result.workers,
        # which build played: the optional compiled one (make fast) runs ~2x faster
        "compiled": compiled(),
        "elapsed_s": round(result.elapsed, 3),
        "games_per_s": round(result.tally.games / result.elapsed, 1) if result.elapsed else None,
        "peak_worker_rss_mb": round(result.tally.peak_rss_kb / 1024, 1),
        **body,
        "reference": reference(result),
    }
    return doc


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def print_tables(doc: dict[str, Any], console: Console) -> None:
    """The human view: one table per question a rule designer asks."""
    bots = BOT_NAMES.get(doc["bots"], doc["bots"])
    head = (f"[bold]{doc['title']}[/bold]  {doc['players']}人  bot：{bots}  "
            f"{doc['games']}局（种子 {doc['seed']}）")
    if doc["interrupted"]:
        head += f"  [yellow]已中断：完成 {doc['games']}/{doc['games_requested']} 局[/yellow]"
    console.print(head)
    t = Table(title="阵营胜率（95% Wilson 区间）")
    t.add_column("阵营")
    for col in ("胜局", "胜率", "95% 区间"):
        t.add_column(col, justify="right")
    for f in doc["factions"]:
        lo, hi = f["ci95"]
        t.add_row(f["faction"], str(f["wins"]), _pct(f["rate"]), f"{_pct(lo)} – {_pct(hi)}")
    console.print(t)
    console.print(f"[dim]{WILSON}[/dim]")
    ref = doc.get("reference")
    if ref:
        console.print(f"精确值（{ref['model']}，{ref['villagers']}村民+{ref['wolves']}狼人，"
                      f"{'先夜' if ref['first'] == 'night' else '先日'}）：村民阵营 "
                      f"{ref['exact']:.5f}（{ref['exact_fraction']}）；"
                      f"模拟 {ref['simulated']:.5f}，偏差 {ref['z']:+.2f} 个标准误")
    length = doc["length"]
    console.print(f"平均游戏长度：{length['mean_days']:.2f} 天")
    t = Table(title="游戏长度分布（天）")
    t.add_column("天数", justify="right")
    t.add_column("局数", justify="right")
    t.add_column("占比", justify="right")
    n = max(1, doc["finished"])
    for d, c in length["histogram"].items():
        t.add_row(d, str(c), _pct(c / n))
    console.print(t)
    t = Table(title="结束方式")
    t.add_column("结束方式")
    t.add_column("局数", justify="right")
    t.add_column("占比", justify="right")
    for e in doc["endings"]:
        t.add_row(e["ending"], str(e["count"]), _pct(e["share"]))
    console.print(t)
    t = Table(title="各身份存活率与胜率")
    for col in ("身份", "座位数", "存活率", "所在阵营胜率"):
        t.add_column(col, justify="left" if col == "身份" else "right")
    for r in doc["roles"]:
        t.add_row(r["role"], str(r["seats"]), _pct(r["survival"]), _pct(r["win_rate"]))
    console.print(t)
    capped = doc["capped"]
    if capped["count"]:
        console.print(f"[yellow]{capped['count']} 局在第 {MAX_DAYS} 天后仍未结束，已停止[/yellow]"
                      "（不计入任何阵营的胜负；局号 "
                      + "、".join(str(i) for i in capped["games"]) + "）")
    err = doc["errors"]
    if err["count"]:
        console.print(f"[red]{err['count']} 局出错[/red]（引擎问题，可按局号复现）：")
        for ex in err["examples"]:
            console.print(f"  第 {ex['game']} 局：{ex['error']}")
    console.print(f"[dim]{BOT_NOTES.get(doc['bots'], '')}{READING}[/dim]")
    rate = doc["games_per_s"]
    console.print(f"[dim]用时 {doc['elapsed_s']:.2f} 秒，{rate} 局/秒，"
                  f"{doc['workers']} 个进程（{doc['backend']}，"
                  f"{'编译版' if doc['compiled'] else '纯 Python'}），"
                  f"单进程峰值内存 {doc['peak_worker_rss_mb']} MB[/dim]")


# ---------------------------------------------------------------------- HTML

_PALETTE = ("#c0392b", "#2471a3", "#7d3c98", "#1e8449", "#b9770e", "#566573")


def _e(x: object) -> str:
    return html.escape(str(x))


def svg_win_rates(factions: list[dict[str, Any]], width: int = 560) -> str:
    """Horizontal bars (rate) with 95% interval whiskers, one per faction."""
    row, left, right = 34, 110, 60
    h = row * len(factions) + 30
    span = width - left - right
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{h}" '
             f'role="img" aria-label="阵营胜率">']
    for k in range(0, 101, 25):
        x = left + span * k / 100
        parts.append(f'<line x1="{x:.1f}" y1="4" x2="{x:.1f}" y2="{h - 22}" stroke="#ddd"/>'
                     f'<text x="{x:.1f}" y="{h - 6}" font-size="11" text-anchor="middle">'
                     f'{k}%</text>')
    for i, f in enumerate(factions):
        y = 8 + i * row
        colour = _PALETTE[i % len(_PALETTE)]
        w = span * f["rate"]
        lo, hi = (left + span * v for v in f["ci95"])
        mid = y + 11
        parts.append(
            f'<text x="{left - 8}" y="{mid + 4}" font-size="13" text-anchor="end">'
            f'{_e(f["faction"])}</text>'
            f'<rect x="{left}" y="{y}" width="{w:.1f}" height="22" fill="{colour}" '
            f'opacity="0.85"><title>{_e(f["faction"])} {_pct(f["rate"])}</title></rect>'
            f'<line x1="{lo:.1f}" y1="{mid}" x2="{hi:.1f}" y2="{mid}" stroke="#000"/>'
            f'<line x1="{lo:.1f}" y1="{mid - 6}" x2="{lo:.1f}" y2="{mid + 6}" stroke="#000"/>'
            f'<line x1="{hi:.1f}" y1="{mid - 6}" x2="{hi:.1f}" y2="{mid + 6}" stroke="#000"/>'
            f'<text x="{left + w + 6 if w < span - 50 else left + w - 44:.1f}" y="{mid + 4}" '
            f'font-size="12">{_pct(f["rate"])}</text>'
        )
    parts.append("</svg>")
    return "".join(parts)


def svg_histogram(hist: dict[str, int], width: int = 560, height: int = 220) -> str:
    """Game length histogram: games per number of days."""
    if not hist:
        return "<p>（无数据）</p>"
    days = [int(d) for d in hist]
    lo, hi = min(days), max(days)
    xs = list(range(lo, hi + 1))
    top = max(hist.values())
    left, bottom, pad = 50, 30, 10
    span_w = width - left - pad
    span_h = height - bottom - pad
    bw = span_w / len(xs)
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
             f'role="img" aria-label="游戏长度分布">']
    for k in range(5):
        v = top * k / 4
        y = pad + span_h - span_h * k / 4
        parts.append(f'<line x1="{left}" y1="{y:.1f}" x2="{width - pad}" y2="{y:.1f}" '
                     f'stroke="#eee"/><text x="{left - 6}" y="{y + 4:.1f}" font-size="10" '
                     f'text-anchor="end">{v:.0f}</text>')
    for i, d in enumerate(xs):
        c = hist.get(str(d), 0)
        bh = span_h * c / top
        x = left + i * bw
        parts.append(
            f'<rect x="{x + 1:.1f}" y="{pad + span_h - bh:.1f}" width="{max(1.0, bw - 2):.1f}" '
            f'height="{bh:.1f}" fill="#2471a3"><title>{d} 天：{c} 局</title></rect>'
            f'<text x="{x + bw / 2:.1f}" y="{height - 12}" font-size="11" '
            f'text-anchor="middle">{d}</text>'
        )
    parts.append(f'<text x="{left + span_w / 2:.1f}" y="{height}" font-size="11" '
                 f'text-anchor="middle">天数</text>'
                 f'<text x="12" y="{pad + span_h / 2:.1f}" font-size="11" text-anchor="middle" '
                 f'transform="rotate(-90 12 {pad + span_h / 2:.1f})">局数</text></svg>')
    return "".join(parts)


def _table(head: list[str], rows: list[list[object]]) -> str:
    th = "".join(f"<th>{_e(h)}</th>" for h in head)
    body = "".join("<tr>" + "".join(f"<td>{_e(c)}</td>" for c in r) + "</tr>" for r in rows)
    return f"<table><thead><tr>{th}</tr></thead><tbody>{body}</tbody></table>"


def html_report(doc: dict[str, Any]) -> str:
    bots = BOT_NAMES.get(doc["bots"], doc["bots"])
    fac_rows = [[f["faction"], f["wins"], _pct(f["rate"]),
                 f"{_pct(f['ci95'][0])} – {_pct(f['ci95'][1])}"] for f in doc["factions"]]
    n = max(1, doc["finished"])
    len_rows = [[d, c, _pct(c / n)] for d, c in doc["length"]["histogram"].items()]
    end_rows = [[e["ending"], e["count"], _pct(e["share"])] for e in doc["endings"]]
    role_rows = [[r["role"], r["seats"], _pct(r["survival"]), _pct(r["win_rate"])]
                 for r in doc["roles"]]
    ref = doc.get("reference")
    ref_html = ""
    if ref:
        ref_html = (f"<p>精确值（{_e(ref['model'])}）：村民阵营 {ref['exact']:.5f}"
                    f"（{_e(ref['exact_fraction'])}）；模拟 {ref['simulated']:.5f}；"
                    f"偏差 {ref['z']:+.2f} 个标准误。</p>")
    note = ""
    if doc["interrupted"]:
        note = (f"<p class=warn>已中断：完成 {doc['games']}/{doc['games_requested']} 局，"
                "以下为已完成部分的统计。</p>")
    if doc["capped"]["count"]:
        note += (f"<p class=warn>{doc['capped']['count']} 局在第 {MAX_DAYS} 天后仍未结束，"
                 "已停止（不计入任何阵营的胜负）</p>")
    if doc["errors"]["count"]:
        note += f"<p class=warn>{doc['errors']['count']} 局出错：" + "；".join(
            f"第 {_e(x['game'])} 局 {_e(x['error'])}" for x in doc["errors"]["examples"]) + "</p>"
    opts = "，".join(f"{k}={v}" for k, v in doc["options"].items()) or "默认"
    return f"""<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8">
<title>{_e(doc['title'])} 模拟报告</title>
<style>
body {{ font-family: system-ui, "PingFang SC", "Microsoft YaHei", sans-serif; margin: 2em auto;
       max-width: 760px; color: #222; }}
h1 {{ font-size: 1.4em; }} h2 {{ font-size: 1.1em; margin-top: 1.6em; }}
table {{ border-collapse: collapse; margin: .5em 0; }}
td, th {{ border: 1px solid #ccc; padding: 3px 10px; }}
td:not(:first-child) {{ text-align: right; }}
th {{ background: #f4f4f4; }} .meta {{ color: #555; }} .warn {{ color: #b03a2e; }}
</style></head><body>
<h1>{_e(doc['title'])} · 平衡模拟</h1>
<p class=meta>{_e(doc['games'])} 局 · {_e(doc['players'])} 人 · bot：{_e(bots)}
 · 种子 {_e(doc['seed'])} · 选项：{_e(opts)} · {_e(doc['games_per_s'])} 局/秒
（{_e(doc['workers'])} 进程，{_e(doc['backend'])}）</p>
{note}
<p>{_e(BOT_NOTES.get(doc['bots'], ''))}{_e(READING)}</p>
<h2>阵营胜率（95% Wilson 区间）</h2>
{svg_win_rates(doc['factions'])}
{_table(['阵营', '胜局', '胜率', '95% 区间'], fac_rows)}
<p class=meta>{_e(WILSON)}</p>
{ref_html}
<h2>游戏长度（平均 {doc['length']['mean_days']:.2f} 天）</h2>
{svg_histogram(doc['length']['histogram'])}
{_table(['天数', '局数', '占比'], len_rows)}
<h2>结束方式</h2>
{_table(['结束方式', '局数', '占比'], end_rows)}
<h2>各身份存活率与胜率</h2>
{_table(['身份', '座位数', '存活率', '所在阵营胜率'], role_rows)}
<p class=meta>bansha simulate {_e(doc['ruleset'])} --games {_e(doc['games_requested'])}
 --bots {_e(doc['bots'])} --players {_e(doc['players'])} --seed {_e(doc['seed'])}</p>
</body></html>
"""


def write_html(doc: dict[str, Any], path: str) -> None:
    with open(path, "w", encoding="utf-8") as f:
        f.write(html_report(doc))

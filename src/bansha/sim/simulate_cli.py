"""`bansha simulate RULESET`: the balance simulator's command (wired in cli.py)."""

from __future__ import annotations

import dataclasses
import functools
import json
import sys
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TaskID,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.text import Text

from .compare import document_many, print_comparison, split_kinds, write_comparison
from .report import document, print_tables, write_html
from .runner import (
    BACKENDS,
    SIM_BOTS,
    RunResult,
    SimConfig,
    SimError,
    check,
    default_workers,
    run,
)

out = Console(highlight=False, soft_wrap=True)
err = Console(stderr=True, highlight=False, soft_wrap=True)


class RateColumn(ProgressColumn):
    """Games per second since the start (steadier than Rich's windowed speed)."""

    def render(self, task: Task) -> Text:
        elapsed = task.elapsed or 0.0
        rate = task.completed / elapsed if elapsed > 0 else 0.0
        return Text(f"{rate:,.0f} 局/秒", style="progress.data.speed")


def parse_options(pairs: list[str]) -> dict[str, Any]:
    opts: dict[str, Any] = {}
    for p in pairs:
        key, sep, value = p.partition("=")
        if not sep or not key.strip():
            raise SimError(f"选项应写成 名称=值，给出了 {p!r}")
        v: Any = value.strip()
        if v.lstrip("-").isdigit():
            v = int(v)
        opts[key.strip()] = v
    return opts


def simulate_cmd(
    ruleset: Annotated[str, typer.Argument(help="规则 id（见 bansha rulesets）")],
    games: Annotated[int, typer.Option("--games", "-n", help="模拟局数")] = 1000,
    bots: Annotated[str, typer.Option(help="random | heuristic | talk | uniform；"
                                      "逗号分隔可并列对比（如 random,heuristic,talk）")] = "random",
    players: Annotated[int | None, typer.Option(help="玩家人数（默认：规则的人数）")] = None,
    workers: Annotated[int | None, typer.Option("--workers", "-w",
                                                help="进程数（默认：全部核心）")] = None,
    seed: Annotated[int, typer.Option(help="随机种子：同一种子在任意进程数下结果相同")] = 0,
    as_json: Annotated[bool, typer.Option("--json", help="输出 JSON")] = False,
    report: Annotated[str | None, typer.Option("--report", help="写出 HTML 报告")] = None,
    backend: Annotated[str, typer.Option(help="local | ray")] = "local",
    option: Annotated[list[str] | None, typer.Option(
        "--option", "-o", help="规则选项 名称=值，可重复（如 -o wolves=3 -o first=day）")] = None,
    batch: Annotated[int | None, typer.Option(help="每个任务的局数（默认自动）")] = None,
) -> None:
    """Monte Carlo balance simulation: win rates with 95% intervals, game length, endings."""
    try:
        cfg = SimConfig(ruleset=ruleset, games=games, bots=bots, players=players,
                        options=parse_options(option or []), seed=seed,
                        workers=workers or default_workers(), batch=batch, backend=backend)
        kinds = split_kinds(bots)
        for k in kinds or [bots]:
            if k not in SIM_BOTS:
                raise SimError(f"未知的 bot {k!r}；可用：{'、'.join(SIM_BOTS)}")
        if backend not in BACKENDS:
            raise SimError(f"未知的后端 {backend!r}；可用：{'、'.join(BACKENDS)}")
        if batch is not None and batch < 1:
            raise SimError("--batch 至少为 1")
        cfg = dataclasses.replace(cfg, bots=kinds[0] if kinds else bots)
        check(cfg)
    except SimError as e:
        err.print(f"[red]错误[/red]：{e}")
        raise typer.Exit(2) from None
    if len(kinds) > 1:
        _simulate_many(cfg, kinds, as_json, report)
        return
    columns = (TextColumn("[bold]模拟[/bold]"), BarColumn(), MofNCompleteColumn(), TextColumn("局"),
               RateColumn(), TextColumn("剩余"), TimeRemainingColumn(), TimeElapsedColumn())
    with Progress(*columns, console=err, transient=True, disable=not err.is_terminal) as bar:
        task = bar.add_task("simulate", total=games)
        try:
            result = run(cfg, lambda k: bar.advance(task, k))
        except SimError as e:
            bar.stop()
            err.print(f"[red]错误[/red]：{e}")
            raise typer.Exit(2) from None
        except KeyboardInterrupt:
            # a second Ctrl-C while running batches were finishing: give up quietly
            bar.stop()
            err.print("[yellow]已中断[/yellow]：未能汇总结果")
            raise typer.Exit(130) from None
    if result.interrupted:
        err.print(f"[yellow]已中断[/yellow]：完成 {result.tally.games}/{games} 局，统计如下")
    if result.tally.games == 0:
        raise typer.Exit(130 if result.interrupted else 1)
    doc = document(result)
    if report:
        write_html(doc, report)
    if as_json:
        sys.stdout.write(json.dumps(doc, ensure_ascii=False, indent=2) + "\n")
    else:
        print_tables(doc, out)
        if report:
            out.print(f"HTML 报告已写入 {report}")
    if result.interrupted:
        raise typer.Exit(130)


def _advance(bar: Progress, task: TaskID, k: int) -> None:
    bar.advance(task, k)


def _simulate_many(cfg: SimConfig, kinds: list[str], as_json: bool, report: str | None) -> None:
    """`--bots random,heuristic,talk`: one run per kind (same seed and options), side by side."""
    results: list[RunResult] = []
    for kind in kinds:
        one = dataclasses.replace(cfg, bots=kind)
        columns = (TextColumn(f"[bold]模拟（{kind}）[/bold]"), BarColumn(), MofNCompleteColumn(),
                   TextColumn("局"), RateColumn(), TimeElapsedColumn())
        with Progress(*columns, console=err, transient=True, disable=not err.is_terminal) as bar:
            task = bar.add_task("simulate", total=cfg.games)
            try:
                result = run(one, functools.partial(_advance, bar, task))
            except KeyboardInterrupt:
                bar.stop()
                err.print("[yellow]已中断[/yellow]：未能汇总结果")
                raise typer.Exit(130) from None
        results.append(result)
        if result.interrupted or result.tally.games == 0:
            break
    doc = document_many(results)
    if report:
        write_comparison(doc, report)
    if as_json:
        sys.stdout.write(json.dumps(doc, ensure_ascii=False, indent=2) + "\n")
    else:
        print_comparison(doc, out)
        if report:
            out.print(f"HTML 报告已写入 {report}")
    if doc["interrupted"]:
        raise typer.Exit(130)

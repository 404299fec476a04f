"""`bansha simulate RULESET`: the balance simulator's command (wired in cli.py)."""

from __future__ import annotations

import dataclasses
import functools
import json
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape
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

# The runner (numpy) and the report are imported when a simulation runs: every
# `bansha` command loads this module, and a scenario run or --help should not wait
# for numpy.
if TYPE_CHECKING:
    from .runner import RunResult, SimConfig

out = Console(highlight=False, soft_wrap=True)
err = Console(stderr=True, highlight=False, soft_wrap=True)


class RateColumn(ProgressColumn):
    """Games per second since the start (steadier than Rich's windowed speed)."""

    def render(self, task: Task) -> Text:
        elapsed = task.elapsed or 0.0
        rate = task.completed / elapsed if elapsed > 0 else 0.0
        return Text(f"{rate:,.0f} 局/秒", style="progress.data.speed")


class OptionError(ValueError):
    """A -o/--option that is not 名称=值."""


def parse_options(pairs: list[str]) -> dict[str, Any]:
    opts: dict[str, Any] = {}
    for p in pairs:
        key, sep, value = p.partition("=")
        if not sep or not key.strip():
            raise OptionError(f"选项应写成 名称=值，给出了“{p}”")
        v: Any = value.strip()
        if v.lstrip("-").isdigit():
            v = int(v)
        opts[key.strip()] = v
    return opts


def check_report_path(path: str) -> None:
    """Refuse a --report path that cannot be written, before any game is played."""
    from .runner import SimError

    p = Path(path)
    if path == "" or p.is_dir():
        raise SimError(f"--report {path or '（空）'}：应为一个文件名，这是一个文件夹")
    folder = p.parent if str(p.parent) else Path(".")
    if not folder.is_dir():
        raise SimError(f"--report {path}：文件夹 {folder} 不存在")
    if p.exists() and not os.access(p, os.W_OK):
        raise SimError(f"--report {path}：文件不可写")
    if not p.exists() and not os.access(folder, os.W_OK | os.X_OK):
        raise SimError(f"--report {path}：文件夹 {folder} 不可写")


def simulate_cmd(
    ruleset: Annotated[str, typer.Argument(help="规则 id（见 bansha rulesets）", metavar="规则")],
    games: Annotated[int, typer.Option("--games", "-n", metavar="局数",
                                       help="模拟局数（1 到 1000 万）")] = 1000,
    bots: Annotated[str, typer.Option(
        metavar="BOT",
        help="random（随机合法行动）、heuristic（启发式，不发言）、talk（发言的 bot）"
             "或 uniform（均匀模型）；逗号分隔可并列对比（如 random,heuristic,talk）")]
    = "random",
    players: Annotated[int | None, typer.Option(
        metavar="人数", help="玩家人数（默认：规则的人数）")] = None,
    workers: Annotated[int | None, typer.Option(
        "--workers", "-w", metavar="进程数", help="进程数（至少 1；默认：全部核心）")] = None,
    seed: Annotated[int, typer.Option(
        metavar="整数", help="随机种子（任意整数，可为负）：同一种子在任意进程数下结果相同")] = 0,
    as_json: Annotated[bool, typer.Option("--json", help="输出 JSON")] = False,
    report: Annotated[str | None, typer.Option(
        "--report", metavar="文件", help="另写一份 HTML 报告（运行前检查能否写入）")] = None,
    backend: Annotated[str, typer.Option(
        metavar="后端", help="local（本机进程）或 ray（需 pip install 'bansha[ray]'）")] = "local",
    option: Annotated[list[str] | None, typer.Option(
        "--option", "-o", metavar="名称=值",
        help="规则选项，可重复（如 -o wolves=3 -o first=day）")] = None,
    batch: Annotated[int | None, typer.Option(
        metavar="局数", help="每个任务的局数（默认自动）")] = None,
) -> None:
    """蒙特卡洛平衡模拟：各阵营胜率与 95% 区间、游戏长度、结束方式、各身份存活率。"""
    from .compare import split_kinds
    from .report import document, print_tables, write_html
    from .runner import BACKENDS, SIM_BOTS, SimConfig, SimError, check, default_workers, run

    try:
        cfg = SimConfig(ruleset=ruleset, games=games, bots=bots, players=players,
                        options=parse_options(option or []), seed=seed,
                        workers=default_workers() if workers is None else workers,
                        batch=batch, backend=backend)
    except OptionError as e:
        err.print(f"[red]错误[/red]：{escape(str(e))}")
        raise typer.Exit(2) from None
    kinds = split_kinds(bots)
    try:
        for k in kinds or [bots]:
            if k not in SIM_BOTS:
                raise SimError(f"未知的 bot“{k}”；可用：{'、'.join(SIM_BOTS)}")
        if backend not in BACKENDS:
            raise SimError(f"未知的后端“{backend}”；可用：{'、'.join(BACKENDS)}")
        if batch is not None and batch < 1:
            raise SimError(f"--batch 至少为 1，给出了 {batch}")
        cfg = dataclasses.replace(cfg, bots=kinds[0] if kinds else bots)
        check(cfg)
        if report is not None:
            check_report_path(report)
    except SimError as e:
        err.print(f"[red]错误[/red]：{escape(str(e))}")
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
            err.print(f"[red]错误[/red]：{escape(str(e))}")
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
    _publish(document(result), as_json, report, print_tables, write_html)
    if result.interrupted:
        raise typer.Exit(130)


def _publish(doc: dict[str, Any], as_json: bool, report: str | None,
             print_doc: Callable[[dict[str, Any], Console], None],
             write_doc: Callable[[dict[str, Any], str], None]) -> None:
    """The finished run first (tables or JSON), then the HTML report: a report that
    cannot be written must not lose the run (exit 1, the figures already printed)."""
    if as_json:
        sys.stdout.write(json.dumps(doc, ensure_ascii=False, indent=2) + "\n")
    else:
        print_doc(doc, out)
    if report is not None:
        try:
            write_doc(doc, report)
        except OSError as e:
            err.print(f"[red]错误[/red]：HTML 报告未能写入 {escape(report)}"
                      f"（{escape(e.strerror or str(e))}）；上面的统计是完整的")
            raise typer.Exit(1) from None
        if not as_json:
            out.print(f"HTML 报告已写入 {escape(report)}")


def _advance(bar: Progress, task: TaskID, k: int) -> None:
    bar.advance(task, k)


def _simulate_many(cfg: SimConfig, kinds: list[str], as_json: bool, report: str | None) -> None:
    """`--bots random,heuristic,talk`: one run per kind (same seed and options), side by side."""
    from .compare import document_many, print_comparison, write_comparison
    from .runner import run

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
    _publish(doc, as_json, report, print_comparison, write_comparison)
    if doc["interrupted"]:
        raise typer.Exit(130)

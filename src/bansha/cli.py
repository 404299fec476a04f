"""The `bansha` command (Typer): thin, calls the engine's public API only."""

from __future__ import annotations

import json
import random
import sys
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape

from bansha import cli_text
from bansha.engine import Game, SetupError, get_ruleset, ruleset_ids
from bansha.engine.phase import chinese_label
from bansha.forum.cli import forum_app
from bansha.scenario.loader import ScenarioError, load
from bansha.scenario.result import result_document
from bansha.scenario.runner import run
from bansha.sim.bots import BOTS
from bansha.sim.driver import play as play_game
from bansha.sim.runner import make_bots

cli_text.install()  # click's and Typer's own words (usage, errors) in Chinese
# every command group takes -h as well as --help; a sub-app is added with one line
# (app.add_typer(x_app, name="x")) and gets the same settings from HELP
HELP = {"help_option_names": ["-h", "--help"]}
app = typer.Typer(add_completion=False, no_args_is_help=True, context_settings=HELP,
                  help="bansha（版杀）：论坛狼人杀的自动导演")
scenario_app = typer.Typer(no_args_is_help=True, context_settings=HELP,
                           help="场景文件：按脚本进行一局并检查结果")
app.add_typer(scenario_app, name="scenario")
app.add_typer(forum_app, name="forum")
out = Console(highlight=False, soft_wrap=True)
err = Console(stderr=True, highlight=False, soft_wrap=True)
JSON_HELP = "输出 JSON（字段见 docs/scenarios.md）"


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("bansha")
    except PackageNotFoundError:
        return "未安装"


def _show_version(value: bool) -> None:
    if value:
        out.print(f"bansha {_version()}")
        raise typer.Exit(0)


@app.callback()
def main_options(
    show_version: Annotated[bool, typer.Option(
        "--version", "-V", help="显示版本号并退出", is_eager=True,
        callback=_show_version)] = False,
) -> None:
    """bansha（版杀）：论坛狼人杀的自动导演。"""


def _emit_json(doc: Any) -> None:
    sys.stdout.write(json.dumps(doc, ensure_ascii=False, indent=2) + "\n")


def _ruleset(rid: str) -> Any:
    try:
        return get_ruleset(rid)
    except KeyError as e:
        err.print(f"[red]错误[/red]：{escape(str(e.args[0]))}")
        raise typer.Exit(2) from None


@app.command("rulesets")
def rulesets_cmd(as_json: Annotated[bool, typer.Option("--json", help=JSON_HELP)] = False) -> None:
    """列出全部规则（id、名称、人数）。"""
    rows = []
    for rid in ruleset_ids():
        rs = get_ruleset(rid)
        rows.append({"id": rid, "title": rs.title,
                     "players": [rs.min_players, rs.max_players]})
    if as_json:
        _emit_json(rows)
        return
    for r in rows:
        lo, hi = r["players"]
        n = f"{lo}" if lo == hi else f"{lo}–{hi}"
        out.print(escape(f"{r['id']:<16} {r['title']}（{n}人）"))


def roles_document(rid: str) -> dict[str, Any]:
    rs = get_ruleset(rid)

    def skill(name: str) -> dict[str, Any]:
        sp = rs.skills[name]
        return {"name": sp.name, "tags": sp.tag_list(), "window": sp.window,
                "target": sp.target, "team": sp.team, "granted": sp.granted,
                "reveal": sp.reveal, "declaration": sp.declaration, "text": sp.text}

    return {
        "id": rs.id,
        "title": rs.title,
        "players": [rs.min_players, rs.max_players],
        "factions": list(rs.factions),
        "faction_aliases": dict(rs.faction_aliases),
        "roles": [
            {"name": r.name, "faction": r.faction, "count": r.count, "aliases": list(r.aliases),
             "note": r.note, "category": r.category, "strength": r.strength,
             "tags": list(r.tags),
             "skills": [skill(s) for s in r.skills] + [skill(s) for s in r.granted]}
            for r in rs.roles.values()
        ],
        "other": [{"name": n, "skills": [skill(s) for s in sk]}
                  for n, sk in rs.extra_roles.items()],
        "options": [{"name": o.name, "default": o.default, "choices": list(o.choices),
                     "doc": o.doc} for o in rs.option_specs],
        "statuses": [{"name": k.name, "negative": k.negative, "aliases": list(k.aliases),
                      "parts": list(k.parts)} for k in rs.status_kinds.values()],
    }


@app.command("roles")
def roles_cmd(
    ruleset: Annotated[str, typer.Argument(help="规则 id（见 bansha rulesets）", metavar="规则")],
    as_json: Annotated[bool, typer.Option("--json", help=JSON_HELP)] = False,
) -> None:
    """列出一个规则的身份、技能与标签。"""
    _ruleset(ruleset)
    doc = roles_document(ruleset)
    if as_json:
        _emit_json(doc)
        return
    out.print(f"[bold]{escape(doc['title'])}[/bold]  阵营：{escape('、'.join(doc['factions']))}")
    for r in doc["roles"] + [dict(o, faction="", count="") for o in doc["other"]]:
        # 警长, 情侣, 出局角色 are not dealt identities: no faction, no count
        if r["count"] != "":
            out.print(f"\n[bold]{escape(r['name'])}[/bold] {escape(r['faction'])} ×{r['count']}")
        else:
            out.print(f"\n[bold]{escape(r['name'])}[/bold]（非身份）")
        for s in r["skills"]:
            tags = "".join(f"<{t}>" for t in s["tags"])
            extra = "（获得）" if s["granted"] else ""
            out.print(escape(f"  {s['name']}{tags}{extra} —— {s['text']}"))


@scenario_app.command("run")
def scenario_run(
    file: Annotated[str, typer.Argument(help="场景文件（YAML，格式见 docs/scenarios.md）",
                                        metavar="文件")],
    as_json: Annotated[bool, typer.Option("--json", help=JSON_HELP)] = False,
) -> None:
    """按场景文件进行一局。退出码：0 全部检查通过，1 有检查未通过，2 文件无效（不运行）。"""
    try:
        sc = load(file)
        result = run(sc)
    except ScenarioError as e:
        err.print(f"[red]无效的场景[/red]：{escape(str(e))}")
        raise typer.Exit(2) from None
    if as_json:
        _emit_json(result.document())
    else:
        _print_game(result.game, reveal=True)
        if result.off_book is not None:
            out.print(f"[yellow]自定义配置[/yellow]：本局配置不在规则贴之内"
                      f"（{escape(result.off_book)}），"
                      "结果只说明这张自定义的桌子")
        for w in result.warnings:
            out.print(f"[yellow]注意[/yellow] {escape(w)}")
        for c in result.checks:
            mark = "[green]✓[/green]" if c.ok else "[red]✗[/red]"
            out.print(f"{mark} {escape(c.where)}: {escape(c.message)}")
        out.print("全部通过" if result.ok else "[red]有检查未通过[/red]")
    raise typer.Exit(0 if result.ok else 1)


@app.command("play")
def play_cmd(
    ruleset: Annotated[str, typer.Argument(help="规则 id（见 bansha rulesets）", metavar="规则")],
    bots: Annotated[str, typer.Option(help="每个座位的 bot：" + "、".join(BOTS),
                                      metavar="BOT")] = "random",
    seed: Annotated[int, typer.Option(help="随机种子（任意整数，可为负）：同一种子同一局",
                                      metavar="整数")] = 1,
    players: Annotated[int | None, typer.Option(
        help="玩家人数（默认：规则的人数）", metavar="人数")] = None,
    option: Annotated[list[str] | None, typer.Option(
        "--option", "-o", metavar="名称=值",
        help="规则选项，可重复（如 -o wolves=1；bansha roles 规则 --json 列出选项）")] = None,
    reveal: Annotated[bool, typer.Option(
        "--reveal", help="显示身份、私信与导演记录")] = False,
    as_json: Annotated[bool, typer.Option("--json", help=JSON_HELP)] = False,
) -> None:
    """让 bot 完整进行一局并打印全过程。"""
    rs = _ruleset(ruleset)
    if bots not in BOTS:
        err.print(f"[red]错误[/red]：未知的 bot“{escape(bots)}”；可用：{'、'.join(BOTS)}")
        raise typer.Exit(2)
    if players is not None and not rs.min_players <= players <= rs.max_players:
        lo, hi = rs.min_players, rs.max_players
        need = f"{lo}" if lo == hi else f"{lo}–{hi}"
        err.print(f"[red]错误[/red]：--players 应为 {need}（{escape(rs.title)} 的人数），"
                  f"给出了 {players}")
        raise typer.Exit(2)
    try:
        options = parse_options(option or [])
        game = Game.new(rs, players or _default_players(rs, options), seed=seed, options=options)
    except (SetupError, OptionError) as e:
        err.print(f"[red]错误[/red]：{escape(str(e))}")
        raise typer.Exit(2) from None
    # the simulator's own constructor: a heuristic bot told the rule post it plays, not
    # left to guess it from its role (m125 and m192 both have a 魔术师 with 交换)
    seats = make_bots(bots, type(game.ruleset), list(game.public_view()["seats"]))
    play_game(game, seats, random.Random(f"bots:{seed}"))
    if as_json:
        doc = result_document(game, include_trace=reveal)
        doc["log"] = game.log.as_dict()
        _emit_json(doc)
        return
    _print_game(game, reveal)


def _default_players(rs: Any, options: dict[str, Any]) -> int:
    """The table the options imply where the ruleset says (classic: 2 wolves need at
    least 5 seats), else the smallest table."""
    suggest = getattr(rs, "suggested_players", None)
    if callable(suggest):
        try:
            return int(suggest(rs.resolve_options(dict(options))))
        except ValueError as e:
            raise SetupError(str(e)) from None
    return int(rs.min_players)


def _print_game(game: Game, reveal: bool) -> None:
    record = game.director_view()
    out.print(f"[bold]{escape(game.ruleset.game_title)}[/bold]")
    if reveal:
        out.print(escape("身份：" + "，".join(f"{s['name']}={'+'.join(s['roles'])}"
                                           for s in record["seats"])))
    at = None
    for e in record["events"]:
        if e.at != at:
            at = e.at
            out.print(f"\n[bold cyan]══ {chinese_label(at)} ══[/bold cyan]")
        text = escape(e.text)
        if e.kind in ("announce", "win"):
            out.print(f"【公示】{text}")
        elif not reveal:
            continue
        elif e.kind == "notify":
            to = escape("、".join(e.to or ()))
            sk = escape(f"（{e.skill}）") if e.skill else ""
            out.print(f"  [magenta]私信→{to}[/magenta]{sk} {text}")
        elif e.kind == "rejected":
            # the event's text already says 被拒绝: show who, what and why once
            out.print(f"  [red]拒绝[/red] {escape(f'{e.by} 的 {e.skill}：{e.reason}')}")
        elif e.kind == "card":
            out.print(f"【判罚】{text}")
        else:
            out.print(f"  [dim]导演：{text}[/dim]")
    if reveal:
        # each player's inbox, read through the player's own view (the secrecy function)
        out.print("\n[bold]各玩家收到的私信[/bold]")
        for s in record["seats"]:
            name = s["name"]
            private = [e for e in game.view(name)["events"] if e.kind == "notify"]
            out.print(f"[bold]{escape(name)}[/bold]（{'+'.join(s['roles'])}）：")
            for e in private:
                out.print(f"  {chinese_label(e.at)}  {escape(e.text)}")
    oc = game.outcome()
    if oc.finished:
        won = escape(oc.winner or "无人")
        out.print(f"\n[bold]结果：{won}胜利（{chinese_label(oc.at)}）[/bold]")
    else:
        out.print(f"\n停在{chinese_label(oc.at)}，游戏未结束")


from bansha.sim.simulate_cli import OptionError, parse_options, simulate_cmd  # noqa: E402

app.command("simulate")(simulate_cmd)

from bansha.web.serve_cli import serve_cmd  # noqa: E402

app.command("serve")(serve_cmd)


def main() -> None:
    app()


if __name__ == "__main__":
    main()

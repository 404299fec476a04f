"""The `bansha` command (Typer): thin, calls the engine's public API only."""

from __future__ import annotations

import json
import random
import sys
from typing import Annotated, Any

import typer
from rich.console import Console

from bansha.engine import Game, SetupError, get_ruleset, ruleset_ids
from bansha.scenario.loader import ScenarioError, load
from bansha.scenario.result import result_document
from bansha.scenario.runner import run
from bansha.sim.bots import BOTS
from bansha.sim.driver import play as play_game

app = typer.Typer(add_completion=False, no_args_is_help=True,
                  help="bansha（版杀）：论坛狼人杀的自动导演")
scenario_app = typer.Typer(no_args_is_help=True, help="场景文件")
app.add_typer(scenario_app, name="scenario")
out = Console(highlight=False, soft_wrap=True)
err = Console(stderr=True, highlight=False, soft_wrap=True)


def _emit_json(doc: Any) -> None:
    sys.stdout.write(json.dumps(doc, ensure_ascii=False, indent=2) + "\n")


def _ruleset(rid: str) -> Any:
    try:
        return get_ruleset(rid)
    except KeyError as e:
        err.print(f"[red]错误[/red]：{e.args[0]}")
        raise typer.Exit(2) from None


@app.command("rulesets")
def rulesets_cmd(as_json: Annotated[bool, typer.Option("--json")] = False) -> None:
    """List the rulesets."""
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
        out.print(f"{r['id']:<16} {r['title']}（{n}人）")


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
             "note": r.note,
             "skills": [skill(s) for s in r.skills] + [skill(s) for s in r.granted]}
            for r in rs.roles.values()
        ],
        "other": [{"name": n, "skills": [skill(s) for s in sk]}
                  for n, sk in rs.extra_roles.items()],
        "options": [{"name": o.name, "default": o.default, "choices": list(o.choices),
                     "doc": o.doc} for o in rs.option_specs],
    }


@app.command("roles")
def roles_cmd(ruleset: str, as_json: Annotated[bool, typer.Option("--json")] = False) -> None:
    """Roles of a ruleset with their skills and tags."""
    _ruleset(ruleset)
    doc = roles_document(ruleset)
    if as_json:
        _emit_json(doc)
        return
    out.print(f"[bold]{doc['title']}[/bold]  阵营：{'、'.join(doc['factions'])}")
    for r in doc["roles"] + [dict(o, faction="", count="") for o in doc["other"]]:
        out.print(f"\n[bold]{r['name']}[/bold] {r['faction']} ×{r['count']}")
        for s in r["skills"]:
            tags = "".join(f"<{t}>" for t in s["tags"])
            extra = "（获得）" if s["granted"] else ""
            out.print(f"  {s['name']}{tags}{extra} —— {s['text']}")


@scenario_app.command("run")
def scenario_run(file: str, as_json: Annotated[bool, typer.Option("--json")] = False) -> None:
    """Run a scenario file; exit 0 = all expectations held, 1 = one failed, 2 = invalid file."""
    try:
        sc = load(file)
        result = run(sc)
    except ScenarioError as e:
        err.print(f"[red]无效的场景[/red]：{e}")
        raise typer.Exit(2) from None
    if as_json:
        _emit_json(result.document())
    else:
        _print_game(result.game, reveal=True)
        for w in result.warnings:
            out.print(f"[yellow]注意[/yellow] {w}")
        for c in result.checks:
            mark = "[green]✓[/green]" if c.ok else "[red]✗[/red]"
            out.print(f"{mark} {c.where}: {c.message}")
        out.print("全部通过" if result.ok else "[red]有检查未通过[/red]")
    raise typer.Exit(0 if result.ok else 1)


@app.command("play")
def play_cmd(
    ruleset: str,
    bots: Annotated[str, typer.Option(help="bot kind for every seat")] = "random",
    seed: Annotated[int, typer.Option()] = 1,
    players: Annotated[int | None, typer.Option(help="number of players")] = None,
    reveal: Annotated[bool, typer.Option("--reveal", help="show roles, private messages, trace")]
    = False,
    as_json: Annotated[bool, typer.Option("--json")] = False,
) -> None:
    """Play a whole game with bots and print it."""
    rs = _ruleset(ruleset)
    if bots not in BOTS:
        err.print(f"[red]错误[/red]：未知的 bot {bots!r}；可用：{'、'.join(BOTS)}")
        raise typer.Exit(2)
    try:
        game = Game.new(rs, players or rs.min_players, seed=seed)
    except SetupError as e:
        err.print(f"[red]错误[/red]：{e}")
        raise typer.Exit(2) from None
    seats = {n: BOTS[bots]() for n in game.public_view()["seats"]}
    play_game(game, seats, random.Random(f"bots:{seed}"))
    if as_json:
        doc = result_document(game, include_trace=reveal)
        doc["log"] = game.log.as_dict()
        _emit_json(doc)
        return
    _print_game(game, reveal)


def _print_game(game: Game, reveal: bool) -> None:
    record = game.director_view()
    out.print(f"[bold]{game.ruleset.game_title}[/bold]")
    if reveal:
        out.print("身份：" + "，".join(f"{s['name']}={'+'.join(s['roles'])}"
                                    for s in record["seats"]))
    at = None
    for e in record["events"]:
        if e.at != at:
            at = e.at
            out.print(f"\n[bold cyan]══ {at} ══[/bold cyan]")
        if e.kind in ("announce", "win"):
            out.print(f"【公示】{e.text}")
        elif not reveal:
            continue
        elif e.kind == "notify":
            to = "、".join(e.to or ())
            sk = f"（{e.skill}）" if e.skill else ""
            out.print(f"  [magenta]私信→{to}[/magenta]{sk} {e.text}")
        elif e.kind == "rejected":
            out.print(f"  [red]拒绝[/red] {e.text}")
        elif e.kind == "card":
            out.print(f"【判罚】{e.text}")
        else:
            out.print(f"  [dim]导演：{e.text}[/dim]")
    if reveal:
        # each player's inbox, read through the player's own view (the secrecy function)
        out.print("\n[bold]各玩家收到的私信[/bold]")
        for s in record["seats"]:
            name = s["name"]
            private = [e for e in game.view(name)["events"] if e.kind == "notify"]
            out.print(f"[bold]{name}[/bold]（{'+'.join(s['roles'])}）：")
            for e in private:
                out.print(f"  {e.at}  {e.text}")
    oc = game.outcome()
    if oc.finished:
        out.print(f"\n[bold]结果：{oc.winner or '无人'}胜利（{oc.at}）[/bold]")
    else:
        out.print(f"\n停在 {oc.at}，游戏未结束")


from bansha.sim.simulate_cli import simulate_cmd  # noqa: E402

app.command("simulate")(simulate_cmd)

from bansha.web.serve_cli import serve_cmd  # noqa: E402

app.command("serve")(serve_cmd)


def main() -> None:
    app()


if __name__ == "__main__":
    main()

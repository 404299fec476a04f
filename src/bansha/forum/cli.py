"""`bansha forum …`: the forum tools on the command line (a Typer sub-app).

Every bad input (a missing file, a bad time, an unknown ruleset, no players)
ends with exit code 2 and a Chinese message on stderr, never a traceback.
Output is plain text (BBCode must reach the terminal untouched) or --json."""

from __future__ import annotations

import json
import sys
from datetime import datetime
from pathlib import Path
from typing import Annotated, Any, NoReturn

import typer
import yaml

from bansha.engine import Game, SetupError
from bansha.engine.forum_rules import ForumRules

from .bbcode import announcement_posts
from .cards import build_ledger, parse_cards
from .flags import check_posts
from .lurk import DayActivity, count_posts, lurk_penalties
from .rulesets import forum_rules_for
from .speed import tally_speed
from .tally import tally_thread
from .text import parse_time
from .thread import Thread, parse_thread

forum_app = typer.Typer(no_args_is_help=True, help="论坛工具：投票统计、判罚记录、潜水、加速/延时、"
                                                   "BBCode 公示")

JsonOpt = Annotated[bool, typer.Option("--json", help="输出 JSON")]
RulesetOpt = Annotated[str | None, typer.Option("--ruleset", help="规则 id，如 m47-yeliang")]
PlayersOpt = Annotated[str | None, typer.Option("--players", help="全部角色，按座位（电梯楼）顺序，"
                                                                  "逗号分隔")]
OutOpt = Annotated[str, typer.Option("--out", help="已出局的角色，逗号分隔")]


def _fail(message: str) -> NoReturn:
    sys.stderr.write(f"错误：{message}\n")
    raise typer.Exit(2)


def _emit(doc: Any) -> None:
    sys.stdout.write(json.dumps(doc, ensure_ascii=False, indent=2) + "\n")


def _say(text: str) -> None:
    sys.stdout.write(text + "\n")


def _names(text: str | None) -> list[str]:
    if not text:
        return []
    for sep in "，、;；":
        text = text.replace(sep, ",")
    return [n.strip() for n in text.split(",") if n.strip()]


def _rules(ruleset: str | None) -> ForumRules:
    if not ruleset:
        _fail("需要 --ruleset（规则 id，如 m47-yeliang）")
    try:
        return forum_rules_for(ruleset)
    except KeyError as e:
        _fail(str(e.args[0]))


def _players(text: str | None) -> list[str]:
    names = _names(text)
    if not names:
        _fail("--players 不能为空：请按座位顺序列出全部角色，如 --players 甲,乙,丙")
    dup = sorted({n for n in names if names.count(n) > 1})
    if dup:
        _fail("--players 中有重复的角色：" + "、".join(dup))
    return names


def _subset(text: str | None, players: list[str], option: str) -> list[str]:
    names = _names(text)
    bad = [n for n in names if n not in players]
    if bad:
        _fail(f"{option} 中的 " + "、".join(bad) + " 不在 --players 中")
    return names


def _time(text: str | None, option: str) -> datetime | None:
    if text is None:
        return None
    t = parse_time(text)
    if t is None:
        _fail(f"{option} 的时间无效：{text!r}（应为 YYYY-MM-DD HH:MM，如 \"2026-12-01 21:00\"）")
    return t


def _read(path: str) -> str:
    p = Path(path)
    if not p.exists():
        _fail(f"找不到文件：{path}")
    if p.is_dir():
        _fail(f"{path} 是目录，不是文件")
    try:
        return p.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        _fail(f"{path} 不是 UTF-8 文本")
    except OSError as e:
        _fail(f"无法读取 {path}：{e.strerror}")


def _thread(path: str) -> Thread:
    th = parse_thread(_read(path))
    if not th.posts:
        _fail(f"{path} 中没有读到任何帖子：" + "；".join(th.warnings))
    return th


@forum_app.command("votes")
def votes_cmd(
    thread: Annotated[str, typer.Argument(help="投票帖（纯文本或 JSON lines，见 docs/forum.md）")],
    ruleset: RulesetOpt = None,
    players: PlayersOpt = None,
    out_: OutOpt = "",
    close: Annotated[str | None, typer.Option("--close", help="关门时间 YYYY-MM-DD HH:MM")] = None,
    accelerated: Annotated[bool, typer.Option("--accelerated", help="本日执行加速")] = False,
    noon_out: Annotated[str, typer.Option(
        "--noon-out", help="m192：本日正午出局的角色，可写 名字@YYYY-MM-DD HH:MM")] = "",
    no_reply_check: Annotated[bool, typer.Option(
        "--no-reply-check",
        help="不检查改票是否回复原投票楼层（粘贴的帖子没有回复信息时）")] = False,
    game: Annotated[str | None, typer.Option(
        "--game", help="从游戏（场景文件或游戏记录）取规则、角色与已出局角色")] = None,
    bbcode: Annotated[bool, typer.Option("--bbcode", help="输出投票结果的 BBCode 公示")] = False,
    as_json: JsonOpt = False,
) -> None:
    """统计一天的投票帖：每帖计入、被改票取代或不计（附原因），最终投票与最高票。"""
    if game is not None:
        g = _load_game(game)
        view = g.public_view()
        if ruleset is not None and ruleset != g.ruleset.id:
            _fail(f"--ruleset {ruleset} 与游戏的规则 {g.ruleset.id} 不一致")
        ruleset = g.ruleset.id
        rules = g.ruleset.forum_rules
        names = _players(players) if players else list(view["seats"])
        gone = _subset(out_, names, "--out") if out_ else list(view["out"])
    else:
        rules = _rules(ruleset)
        names = _players(players)
        gone = _subset(out_, names, "--out")
    when = _time(close, "--close")
    noon: dict[str, datetime | None] = {}
    for item in _names(noon_out):
        name, _, at = item.partition("@")
        if name not in names:
            _fail(f"--noon-out 中的 {name} 不在 --players 中")
        noon[name] = _time(at, "--noon-out") if at else None
    th = _thread(thread)
    rep = tally_thread(th, names, rules, out=gone, close=when, accelerated=accelerated,
                       noon_outs=noon, require_reply=not no_reply_check, ruleset=ruleset or "")
    if as_json:
        _emit(rep.as_dict())
    elif bbcode:
        _say(rep.bbcode())
    else:
        _say(rep.text())


@forum_app.command("cards")
def cards_cmd(
    cards: Annotated[str, typer.Argument(help="判罚记录：每行 阶段 角色 颜色 理由（或 JSON lines"
                                              "）")],
    ruleset: RulesetOpt = None,
    players: PlayersOpt = None,
    out_: OutOpt = "",
    factions: Annotated[str, typer.Option(
        "--factions", help="角色=阵营，逗号分隔（两张红牌判负的规则需要）")] = "",
    bbcode: Annotated[bool, typer.Option("--bbcode", help="输出可贴到帖子里的 BBCode 表"
                                                          "格")] = False,
    as_json: JsonOpt = False,
) -> None:
    """判罚记录：累计（3蓝=1黄，3黄=1红）、红牌的后果、阵营判负，导出为表格。"""
    rules = _rules(ruleset)
    names = _players(players)
    gone = _subset(out_, names, "--out")
    fmap: dict[str, str] = {}
    for item in _names(factions):
        who, sep, side = item.partition("=")
        if not sep or not side.strip():
            _fail(f"--factions 应写成 角色=阵营，给出了 {item!r}")
        if who.strip() not in names:
            _fail(f"--factions 中的 {who.strip()} 不在 --players 中")
        fmap[who.strip()] = side.strip()
    entries, warnings = parse_cards(_read(cards), names)
    led = build_ledger(entries, rules, out=gone, factions=fmap)
    led.warnings[:0] = warnings
    if as_json:
        _emit(led.as_dict())
    elif bbcode:
        _say(led.bbcode())
    else:
        _say(led.text())


def _load_game(path: str) -> Game:
    text = _read(path)
    if path.endswith((".yaml", ".yml")):
        from bansha.scenario.loader import ScenarioError, load
        from bansha.scenario.runner import run
        try:
            return run(load(path)).game
        except ScenarioError as e:
            _fail(f"无效的场景：{e}")
    try:
        doc = json.loads(text)
    except ValueError:
        _fail(f"{path} 不是场景文件（.yaml）也不是游戏记录 JSON")
    log = doc.get("log", doc) if isinstance(doc, dict) else None
    if not isinstance(log, dict):
        _fail(f"{path} 中没有游戏记录（需要 ruleset、players、seed、inputs）")
    try:
        return Game.replay(log)
    except SetupError as e:
        _fail(f"无法重建游戏：{e}")
    except (KeyError, TypeError, ValueError) as e:
        _fail(f"游戏记录无效：{e}")


@forum_app.command("bbcode")
def bbcode_cmd(
    game: Annotated[str, typer.Argument(help="场景文件（.yaml）或游戏记录 JSON（bansha play --json "
                                             "的输出）")],
    day: Annotated[int | None, typer.Option("--day", help="只输出第 N 天（白天与夜晚）")] = None,
    as_json: JsonOpt = False,
) -> None:
    """把一局游戏的全部公示导出为 Discuz! BBCode（导演的红色大字）。"""
    g = _load_game(game)
    posts = announcement_posts(g)
    if day is not None:
        posts = [p for p in posts if p.at.split()[-1] == str(day)]
    if as_json:
        _emit([p.as_dict() for p in posts])
    else:
        _say("\n\n".join(p.bbcode() for p in posts))


@forum_app.command("check")
def check_cmd(
    thread: Annotated[str, typer.Argument(help="讨论帖、投票帖或进程帖（或一组遗言）")],
    ruleset: RulesetOpt = None,
    out_: OutOpt = "",
    lastwords: Annotated[bool, typer.Option("--lastwords", help="这些帖子是遗言（检查Discuz!代码"
                                                                "）")] = False,
    as_json: JsonOpt = False,
) -> None:
    """标出违反论坛规则的帖子：红色或相近颜色、放大字体、遗言中的Discuz!代码、诈尸。"""
    rules = _rules(ruleset)
    flags = check_posts(_thread(thread), rules, out=_names(out_), lastwords=lastwords)
    if as_json:
        _emit([f.as_dict() for f in flags])
    else:
        _say("\n".join(f.text() for f in flags) if flags else "没有发现违规的帖子")


@forum_app.command("speed")
def speed_cmd(
    thread: Annotated[str, typer.Argument(help="进程帖")],
    ruleset: RulesetOpt = None,
    players: PlayersOpt = None,
    out_: OutOpt = "",
    close: Annotated[str | None, typer.Option("--close", help="本讨论日关门时间")] = None,
    accelerated_close: Annotated[str | None, typer.Option(
        "--accelerated-close", help="m125：加速成功后的关门时间")] = None,
    auto: Annotated[bool, typer.Option("--auto-accelerated", help="导演已自动执行加速")] = False,
    as_json: JsonOpt = False,
) -> None:
    """统计进程帖中的加速/延时申请（讨论日结束三小时前、大于等于存活人数的一半）。"""
    rules = _rules(ruleset)
    names = _players(players)
    gone = _subset(out_, names, "--out")
    when = _time(close, "--close")
    if when is None:
        _fail("需要 --close（本讨论日的关门时间，YYYY-MM-DD HH:MM）")
    rep = tally_speed(_thread(thread), names, rules, close=when, out=gone,
                      accelerated_close=_time(accelerated_close, "--accelerated-close"),
                      auto_accelerated=auto)
    if as_json:
        _emit(rep.as_dict())
    else:
        _say(rep.text())


@forum_app.command("lurk")
def lurk_cmd(
    days: Annotated[str, typer.Argument(help="各讨论日的发帖与投票（YAML，见 docs/forum.md）")],
    ruleset: RulesetOpt = None,
    players: PlayersOpt = None,
    apply: Annotated[bool, typer.Option("--apply", help="开启潜水判罚（默认只列出）")] = False,
    as_json: JsonOpt = False,
) -> None:
    """潜水：不足五帖、连续三天不足十帖、未投票，各判一张黄牌（需 --apply 开启）。"""
    rules = _rules(ruleset)
    names = _players(players)
    base = Path(days).parent
    try:
        doc = yaml.safe_load(_read(days))
    except yaml.YAMLError as e:
        mark = getattr(e, "problem_mark", None)
        where = f"（第{mark.line + 1}行）" if mark is not None else ""
        _fail(f"{days} 不是有效的 YAML{where}：应为 days 列表，见 docs/forum.md")
    items = doc.get("days") if isinstance(doc, dict) else doc
    if not isinstance(items, list) or not items:
        _fail(f"{days}：需要 days 列表（每项有 day 与 thread/posts、votes/voted）")
    acts = [_day(i, d, names, rules, base) for i, d in enumerate(items, 1)]
    rep = lurk_penalties(acts, names, rules, apply=apply)
    if as_json:
        _emit(rep.as_dict())
    else:
        _say(rep.text())


def _day(i: int, d: Any, names: list[str], rules: ForumRules, base: Path) -> DayActivity:
    where = f"days 第{i}项"
    if not isinstance(d, dict):
        _fail(f"{where}：应为映射")
    n = d.get("day")
    if not isinstance(n, int) or isinstance(n, bool) or n < 0:
        _fail(f"{where}：day 应为天数（整数）")
    out = [str(x) for x in d.get("out") or []]
    bad = [x for x in out if x not in names]
    if bad:
        _fail(f"{where}：out 中的 " + "、".join(bad) + " 不在 --players 中")
    if "posts" in d:
        posts = d["posts"]
        if not isinstance(posts, dict) or not all(
                isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in posts.values()):
            _fail(f"{where}：posts 应为 角色: 帖数")
        counts = {str(k): int(v) for k, v in posts.items()}
    elif "thread" in d:
        th = parse_thread(_read(str(base / str(d["thread"]))))
        counts = count_posts([p.author for p in _unique(th)], names)
    else:
        _fail(f"{where}：需要 thread（讨论帖文件）或 posts（各角色帖数）")
    voted: set[str] | None = None
    if "voted" in d:
        voted = {str(x) for x in d.get("voted") or []}
    elif "votes" in d:
        vt = parse_thread(_read(str(base / str(d["votes"]))))
        voted = set(tally_thread(vt, names, rules, out=out, require_reply=False).votes)
    return DayActivity(n, counts, voted, bool(d.get("accelerated", False)), set(out))


def _unique(th: Thread) -> list[Any]:
    seen: set[int] = set()
    posts = []
    for p in th.posts:
        if p.floor not in seen:
            seen.add(p.floor)
            posts.append(p)
    return posts

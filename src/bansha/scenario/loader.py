"""Load and validate a scenario file. Every problem names the file, the entry
and what is wrong; nothing runs unless the whole file is valid.

What the file may hold is bounded (reading.py: size, depth, expanded size) and so
is every value taken from it: names (length, no control characters), phase numbers
(MAX_DAY). Inputs a ruleset does not have (a sub-phase, a candidacy, a choice the
skill does not offer, a second card) are refused here rather than ignored, and so
is a fixed deal that is not the post's setup when the file asks for the strict
check with `options: {自定义配置: false}`.

An off-book table without that option still runs: the contract's exit 2 is for a
file that is not a scenario (unknown names, malformed YAML), and a director checks
rulings on tables of his own; the result then carries `off_book` and a warning.
`自定义配置: true` declares the table off-book on purpose (no warning).
"""

from __future__ import annotations

import datetime
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bansha.engine import Phase, Ruleset, get_ruleset
from bansha.engine.penalties import normalise_colour
from bansha.engine.ruleset import choice_text
from bansha.engine.speedup import DIRECTOR_SEAT as DIRECTOR
from bansha.engine.votes import ABSTAIN

from .reading import ReadError, parse_yaml, read_text


class ScenarioError(ValueError):
    """The file is not a valid scenario (exit status 2)."""


# The largest day number a label may name. Far above any game: a forum day is a day
# of the calendar, and even S15's longest (僵局: 10 quiet days per out, 30 players)
# ends within about 310 days. Without a cap `at: day 10000000` would resolve ten
# million empty phases.
MAX_DAY = 1000
MAX_NAME = 64  # characters in a player's name
# the option that allows a fixed deal outside the post's setup (an off-book table)
CUSTOM_SETUP = "自定义配置"

TOP_KEYS = ("ruleset", "seed", "options", "players", "script", "expect", "title", "note",
            "description")
BLOCK_KEYS = ("at", "phase", "votes", "revotes", "actions", "cards", "candidates",
              "accelerate", "note")
ACTION_KEYS = ("by", "skill", "target", "targets", "choice", "text", "phase", "expect")
EXPECT_KEYS = ("at", "out", "alive", "sheriff", "winner", "notify", "announce", "note")
NOTIFY_KEYS = ("to", "skill", "contains", "absent")
ANNOUNCE_KEYS = ("contains", "absent")
CHECKS = ("out", "alive", "sheriff", "winner", "notify", "announce")
CARD_SKILL = "判罚"


@dataclass
class Step:
    by: str
    skill: str
    target: str | None = None
    targets: tuple[str, ...] = ()
    choice: str | None = None
    text: str | None = None
    phase: str | None = None
    expect_rejected: bool = False
    where: str = ""


@dataclass
class Block:
    at: Phase
    round: int = 1  # m125: 2 = the reversal round (`reversal day N`)
    votes: list[tuple[str, str]] = field(default_factory=list)
    revotes: list[tuple[str, str]] = field(default_factory=list)
    actions: list[Step] = field(default_factory=list)
    cards: list[tuple[str, str]] = field(default_factory=list)
    candidates: list[str] = field(default_factory=list)
    accelerate: bool = False  # 加速: entered before the block's other inputs
    where: str = ""
    # a sub-phase pinning all the block's inputs (m192 `phase: 黄昏`, `正午#2`)
    phase: str | None = None


@dataclass
class Expect:
    raw: dict[str, Any]
    where: str
    at: Phase | None = None
    round: int = 1

    @property
    def label(self) -> str:
        """The phase label as the result writes it (`reversal night 2`)."""
        assert self.at is not None
        return round_label(self.at, self.round)


def round_label(at: Phase, rnd: int) -> str:
    return at.label if rnd == 1 else f"reversal {at.label}"


REVERSAL = "reversal"


def _round_of(label: Any, rs: type[Ruleset], fail: Any) -> tuple[Any, int]:
    """`reversal day N` → ("day N", 2) where the ruleset has a reversal round."""
    if isinstance(label, str) and label.split()[:1] == [REVERSAL]:
        if REVERSAL not in rs.rounds:
            raise fail(f"{rs.id} 只有一轮，没有 {label.strip()}")
        return label.strip()[len(REVERSAL):], rs.rounds.index(REVERSAL) + 1
    return label, 1


@dataclass
class Scenario:
    path: str
    ruleset: type[Ruleset]
    seed: int
    options: dict[str, Any]
    players: list[dict[str, Any]]
    names: list[str]
    script: list[Block]
    expect: list[Expect]
    # why the fixed deal is not the post's setup (None: it is the post's)
    off_book: str | None = None
    # the file said so (`自定义配置: true`): no warning in the result
    off_book_declared: bool = False


def load(path: str | Path) -> Scenario:
    src = str(path) if str(path) else "（空文件名）"
    try:
        doc = parse_yaml(read_text(path))
    except ReadError as e:
        raise ScenarioError(f"{src}: {e}") from None
    return parse(doc, src)


def describe(v: Any) -> str:
    """A YAML value as a message shows it (never a Python repr)."""
    if v is None:
        return "空值（null 或什么都没写）"
    if isinstance(v, bool):
        return (f"布尔值 {'true' if v else 'false'}（YAML 把 yes/no/on/off/true/false "
                "读作布尔值；要写成文字请加引号）")
    if isinstance(v, int | float):
        return f"数字 {v}（要写成文字请加引号）"
    if isinstance(v, list):
        return f"列表（{len(v)} 项）"
    if isinstance(v, dict):
        return f"映射（{len(v)} 项）"
    if isinstance(v, datetime.date):
        return f"日期 {v.isoformat()}（要写成文字请加引号）"
    if isinstance(v, str):
        return f"“{shown(v)}”"
    return "无法识别的值"


def shown(s: str, limit: int = 40) -> str:
    """Text safe to print: control characters as U+XXXX, long text cut."""
    out = "".join(f"U+{ord(c):04X}" if _unprintable(c) else c for c in s[:limit])
    return out + ("…" if len(s) > limit else "")


def _unprintable(c: str) -> bool:
    # Cc: controls (line breaks, ESC of terminal escape sequences); Cf: invisible
    # formatting (zero-width, bidi overrides); Zl/Zp: line/paragraph separators
    return unicodedata.category(c) in ("Cc", "Cf", "Zl", "Zp", "Cs", "Co", "Cn")


def _listed(items: Any) -> str:
    return "、".join(str(x) for x in items)


def _key(k: Any) -> str:
    """A mapping key as a message shows it."""
    return shown(k) if isinstance(k, str) else describe(k)


def parse(doc: Any, src: str = "<scenario>") -> Scenario:
    def err(where: str, msg: str) -> ScenarioError:
        return ScenarioError(f"{src}: {where}: {msg}")

    if not isinstance(doc, dict):
        raise err("文件", "顶层应为映射（ruleset、players、script、expect）")
    unknown = [k for k in doc if k not in TOP_KEYS]
    if unknown:
        raise err("文件", f"未知的字段 {_listed(_key(k) for k in unknown)}；"
                        f"可用：{_listed(TOP_KEYS)}")
    if "ruleset" not in doc or doc["ruleset"] is None:
        raise err("ruleset", "缺少 ruleset（规则 id，例如 m47-yeliang；bansha rulesets 列出全部）")
    rid = doc["ruleset"]
    if not isinstance(rid, str):
        raise err("ruleset",
                  f"ruleset 应为字符串（规则 id，例如 m47-yeliang），得到 {describe(rid)}")
    try:
        rs = get_ruleset(rid)
    except KeyError as e:
        raise err("ruleset", str(e.args[0])) from None
    seed = doc.get("seed", 0)
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise err("seed", f"种子应为整数，得到 {describe(seed)}")
    options, custom = _options(doc.get("options"), rs, err)

    players, names, roles = _players(doc.get("players"), rs, err)
    off_book = _check_setup(rs, options, roles, custom, err)
    known = set(names)

    def player(where: str, name: Any, allow_abstain: bool = False) -> str:
        if isinstance(name, list | dict):
            raise err(where, f"这里应写一个玩家名字，得到 {describe(name)}")
        if not isinstance(name, str):
            raise err(where, f"玩家名字应为字符串，得到 {describe(name)}")
        if allow_abstain and name == ABSTAIN:
            return name
        seat, card = name, ""
        for sep in (":", "："):
            if sep in name:
                seat, _, card = name.partition(sep)
                break
        if seat not in known:
            raise err(where, f"未知的玩家 {describe(name)}（本局玩家：{_listed(names)}）")
        if card and rs.cards_per_player == 1:
            raise err(where, f"{rs.id} 中每名玩家只有一张身份牌，写玩家名字 {seat} 即可，"
                             f"不能写 {shown(name)}")
        return name

    script_raw = doc.get("script") or []
    if not isinstance(script_raw, list):
        raise err("script", f"应为列表，得到 {describe(script_raw)}")
    blocks: list[Block] = []
    last: tuple[int, Phase] | None = None
    last_sub: tuple[int, int] | None = None
    for i, b in enumerate(script_raw):
        where = f"script[{i}]"
        _entry(b, BLOCK_KEYS, where, "应为映射（at、votes、actions 等）", err)
        fail = lambda m, w=where: err(w, m)  # noqa: E731
        label, rnd = _round_of(b.get("at"), rs, fail)
        at = _phase(label, rs, fail)
        shown_at = round_label(at, rnd)
        where = f"script[{i}] (at: {shown_at})"
        pin = b.get("phase")
        sub = _sub_pin(pin, rs, where, err) if pin is not None else None
        if last is not None and (rnd, at) < last:
            raise err(where, f"脚本块应按游戏顺序排列（{shown_at} 写在了 "
                             f"{round_label(last[1], last[0])} 之后）")
        if last is not None and (rnd, at) == last:
            if sub is None or last_sub is None:
                raise err(where, f"同一阶段只能有一个脚本块（{shown_at} 重复）；"
                                 "同一天或同一夜的几个块须各写不同的 phase")
            if sub <= last_sub:
                raise err(where, f"同一阶段的脚本块应按子阶段顺序排列（{shown(str(pin))} "
                                 "不在上一块的子阶段之后）")
        last, last_sub = (rnd, at), sub
        blk = Block(at=at, round=rnd, where=where, phase=str(pin) if pin is not None else None)
        speed = b.get("accelerate", False)
        if not isinstance(speed, bool):
            raise err(f"{where} accelerate", f"应为 true 或 false，得到 {describe(speed)}")
        if speed and at.is_night:
            raise err(f"{where} accelerate", "加速只在讨论日（白天）执行")
        if speed and not rs.forum_rules.speed_requests:
            raise err(f"{where} accelerate", f"{rs.id} 的规则帖没有“加速”，不能写 accelerate")
        blk.accelerate = speed
        for key, dest in (("votes", blk.votes), ("revotes", blk.revotes)):
            raw = b.get(key) or {}
            if not isinstance(raw, dict):
                raise err(f"{where} {key}", f"应为 投票者: 对象 的映射，得到 {describe(raw)}")
            if raw and at.is_night:
                raise err(f"{where} {key}", "夜晚没有投票")
            for voter, target in raw.items():
                w = f"{where} {key}.{shown(str(voter))}"
                dest.append((player(w, voter), player(w, target, allow_abstain=True)))
        cards = b.get("cards") or {}
        if not isinstance(cards, dict):
            raise err(f"{where} cards", f"应为 玩家: 蓝/黄/红 的映射，得到 {describe(cards)}")
        for who, colour in cards.items():
            w = f"{where} cards.{shown(str(who))}"
            c = normalise_colour(colour) if isinstance(colour, str) else None
            if c is None:
                raise err(w, f"未知的判罚 {describe(colour)}（应为 蓝、黄 或 红）")
            blk.cards.append((player(w, who), c))
        cands = b.get("candidates")
        if cands is not None:
            if not rs.candidacy:
                raise err(f"{where} candidates", f"{rs.id} 没有警长竞选（上警），不能写 candidates")
            if not isinstance(cands, list):
                raise err(f"{where} candidates", f"应为玩家列表，得到 {describe(cands)}")
            blk.candidates = [player(f"{where} candidates", c) for c in cands]
        acts = b.get("actions") or []
        if not isinstance(acts, list):
            raise err(f"{where} actions", f"应为列表，得到 {describe(acts)}")
        for j, a in enumerate(acts):
            w = f"{where} actions[{j}]"
            blk.actions.append(_action(a, w, rs, player, err))
        blocks.append(blk)

    expects = _expects(doc.get("expect") or [], rs, player, err)
    return Scenario(src, rs, seed, options, players, names, blocks, expects, off_book,
                    custom is True)


def _entry(raw: Any, keys: tuple[str, ...], where: str, shape: str, err: Any) -> None:
    """A block, action or expect entry: a mapping with only the known keys."""
    if not isinstance(raw, dict):
        raise err(where, f"{shape}，得到 {describe(raw)}")
    bad = [k for k in raw if k not in keys]
    if bad:
        raise err(where, f"未知的字段 {_listed(_key(k) for k in bad)}；可用：{_listed(keys)}")


def _options(raw: Any, rs: type[Ruleset], err: Any) -> tuple[dict[str, Any], bool | None]:
    """The ruleset's options as given, and `自定义配置`: True an off-book table on
    purpose, False only the post's setup, None not said (an off-book table warns)."""
    if raw is None:
        return {}, None
    if not isinstance(raw, dict):
        raise err("options", f"应为映射（选项名: 值），得到 {describe(raw)}")
    options = dict(raw)
    custom = options.pop(CUSTOM_SETUP, None)
    if custom is not None and not isinstance(custom, bool):
        raise err(f"options.{CUSTOM_SETUP}", f"应为 true 或 false，得到 {describe(custom)}")
    specs = {o.name: o for o in rs.option_specs}
    for k, v in options.items():
        w = f"options.{shown(str(k))}"
        if not isinstance(k, str):
            raise err(w, f"选项名应为字符串，得到 {describe(k)}")
        if isinstance(v, list | dict) or (
                v is None and k in specs and specs[k].default is not None):
            raise err(w, f"选项的值应为一个值，得到 {describe(v)}")
        spec = specs.get(k)
        numeric = spec is not None and not spec.choices and (
            spec.default is None or type(spec.default) is int)
        if numeric and v is not None and (type(v) is not int or v < 0):
            raise err(w, f"应为非负整数，得到 {describe(v)}")
    try:
        rs.resolve_options(options)
    except ValueError as e:
        raise err("options", str(e)) from None
    return options, custom


def _name(raw: Any, where: str, err: Any) -> str:
    """A player's name as the players list gives it."""
    if not isinstance(raw, str):
        raise err(where, f"玩家名字应为字符串，得到 {describe(raw)}")
    if not raw.strip():
        raise err(where, "玩家名字为空")
    if len(raw) > MAX_NAME:
        raise err(where, f"玩家名字有 {len(raw)} 个字符，超过 {MAX_NAME} 个字符的上限")
    bad = next((c for c in raw if _unprintable(c)), None)
    if bad is not None:
        kind = "换行" if bad in "\n\r\u2028\u2029\x85" else "控制字符"
        raise err(where, f"玩家名字 {describe(raw)} 含有{kind}（U+{ord(bad):04X}），"
                         "名字会出现在帖子和终端里，只能用可见的字符")
    if raw != raw.strip():
        raise err(where, f"玩家名字 {describe(raw)} 首尾有空白")
    if raw == ABSTAIN:
        raise err(where, f"“{ABSTAIN}”是投票用语（投给{ABSTAIN}即不投票），不能作为玩家名字")
    if ":" in raw or "：" in raw:
        raise err(where, f"玩家名字 {describe(raw)} 不能含冒号（甲:1 表示甲的第一张身份牌）")
    return raw


def _players(raw: Any, rs: type[Ruleset],
             err: Any) -> tuple[list[dict[str, Any]], list[str], list[list[str]]]:
    if not isinstance(raw, list) or not raw:
        raise err("players", "应为非空列表，每项写成 名字: 身份")
    players: list[dict[str, Any]] = []
    names: list[str] = []
    roles: list[list[str]] = []
    k = rs.cards_per_player
    for i, p in enumerate(raw):
        where = f"players[{i}]"
        if not isinstance(p, dict) or len(p) != 1:
            raise err(where, f"每名玩家写成一项 名字: 身份，得到 {describe(p)}")
        raw_name, role = next(iter(p.items()))
        name = _name(raw_name, where, err)
        if name in names:
            raise err(where, f"玩家名字重复：{name}")
        where = f"{where} ({name})"
        cards = role if isinstance(role, list) else [role]
        if len(cards) != k:
            if k == 1:
                raise err(where, f"{rs.id} 中每名玩家只有一张身份牌，给出了 {len(cards)} 张"
                                 f"（{_listed(describe(c) for c in cards)}）")
            raise err(where, f"{rs.id} 中每名玩家有 {k} 张身份牌，给出了 {len(cards)} 张")
        fixed: list[str] = []
        for c in cards:
            rn = rs.role_name(c) if isinstance(c, str) else None
            if rn is None:
                got = "缺少身份" if c is None else f"未知的身份 {describe(c)}"
                raise err(where, f"{got}；{rs.id} 的身份：{_listed(rs.roles)}")
            fixed.append(rn)
        names.append(name)
        roles.append(fixed)
        players.append({name: fixed if isinstance(role, list) else fixed[0]})
    lo, hi = rs.min_players, rs.max_players
    if not (lo <= len(players) <= hi):
        need = f"{lo}" if lo == hi else f"{lo}–{hi}"
        raise err("players", f"{rs.title} 需要 {need} 名玩家，给出了 {len(players)} 名")
    return players, names, roles


def _check_setup(rs: type[Ruleset], options: dict[str, Any], roles: list[list[str]],
                 custom: bool | None, err: Any) -> str | None:
    """None for the post's setup, else the reason the table is off it; with
    `自定义配置: false` an off-book table is an invalid file."""
    if rs.cards_per_player != 1:
        return None  # a multi-card ruleset checks its own deal when the game is made
    try:
        problem = rs(options=rs.resolve_options(options)).setup_problem([r[0] for r in roles])
    except ValueError as e:
        problem = str(e)
    if problem is None or custom is not False:
        return problem
    raise err("players", f"{problem}（options 中写了 {CUSTOM_SETUP}: false，只接受规则贴的配置）")


def _phase(label: Any, rs: type[Ruleset], fail: Any) -> Phase:
    if label is None:
        raise fail("缺少 at（阶段标签，例如 day 1 / night 1）")
    if not isinstance(label, str):
        raise fail(f"阶段标签应写成 day N 或 night N，得到 {describe(label)}")
    if len(label) > 40:
        raise fail(f"无法识别的阶段标签 {describe(label)}（应为 day N 或 night N）")
    try:
        ph = Phase.parse(label)
    except ValueError as e:
        raise fail(str(e)) from None
    if ph.n > MAX_DAY:
        raise fail(f"{ph.kind} {ph.n} 超过第 {MAX_DAY} 天的上限（任何一局都远比这短）")
    if ph < rs.first_phase:
        raise fail(f"{rs.id} 从 {rs.first_phase.label} 开始，没有 {ph.label}")
    return ph


def _text(a: dict[str, Any], key: str, w: str, err: Any) -> str | None:
    v = a.get(key)
    if v is None:
        return None
    if isinstance(v, bool) or not isinstance(v, str | int | float):
        raise err(w, f"{key} 应为文字，得到 {describe(v)}")
    return str(v)


def _action(a: Any, w: str, rs: type[Ruleset], player: Any, err: Any) -> Step:
    _entry(a, ACTION_KEYS, w, "应为映射 {by, skill, target, ...}", err)
    if "by" not in a or "skill" not in a:
        raise err(w, "需要 by 和 skill")
    skill = a["skill"]
    if not isinstance(skill, str):
        raise err(w, f"skill 应为技能名，得到 {describe(skill)}")
    if skill not in rs.skill_names():
        raise err(w, f"未知的技能 {describe(skill)}（{rs.id} 没有这个技能）")
    exp = a.get("expect")
    if exp is not None and exp != "rejected":
        raise err(w, f"expect 只能是 rejected，得到 {describe(exp)}")
    if a.get("target") is not None and a.get("targets") is not None:
        raise err(w, "target 与 targets 只能写一个（一个目标写 target，多个目标写 targets）")
    targets = a.get("targets") or []
    if not isinstance(targets, list):
        raise err(w, f"targets 应为玩家列表，得到 {describe(targets)}")
    choice = _choice(a, skill, w, rs, err)
    phase = a.get("phase")
    if phase is not None:
        _sub_pin(phase, rs, w, err)
    director = a["by"] == DIRECTOR and skill in rs.director_skills  # m125 关门前3小时
    return Step(
        by=DIRECTOR if director else player(w, a["by"]),
        skill=skill,
        target=player(w, a["target"]) if a.get("target") is not None else None,
        targets=tuple(player(w, t) for t in targets),
        choice=choice,
        text=_text(a, "text", w, err),
        phase=phase,
        expect_rejected=exp == "rejected",
        where=w,
    )


def sub_key(rs: type[Ruleset], pin: str) -> tuple[int, int]:
    """A valid pin (`黄昏`, `正午#2`) as an order key: its sub-phase's place, its count."""
    name, _, nth = pin.partition("#")
    return rs.sub_phases.index(name), int(nth) if nth else 1


def _sub_pin(phase: Any, rs: type[Ruleset], w: str, err: Any) -> tuple[int, int]:
    """A `phase:` pin: a sub-phase of the ruleset, optionally with its count (正午#2)."""
    if not rs.sub_phases:
        raise err(w, f"{rs.id} 的阶段没有子阶段，不能写 phase（{describe(phase)}）")
    if not isinstance(phase, str) or phase.partition("#")[0] not in rs.sub_phases:
        raise err(w, f"{rs.id} 没有子阶段 {describe(phase)}；可用：{_listed(rs.sub_phases)}")
    nth = phase.partition("#")[2]
    if "#" in phase and not (nth.isascii() and nth.isdigit() and 1 <= int(nth) <= 9):
        raise err(w, f"子阶段 {describe(phase)} 的次数应写成 #2 这样的数字（1–9）")
    return sub_key(rs, phase)


def _choice(a: dict[str, Any], skill: str, w: str, rs: type[Ruleset], err: Any) -> str | None:
    """`choice` only where the skill offers options, and then one of them."""
    c = a.get("choice")
    if c is None:
        return None
    if skill == CARD_SKILL:
        if not isinstance(c, str) or normalise_colour(c) is None:
            raise err(w, f"未知的判罚 {describe(c)}（应为 蓝、黄 或 红）")
        return c
    parts = rs.choice_parts.get(skill)
    if parts is not None:  # a mapping of named parts (m192 disguise {身份, 阵营, 带刀})
        if not isinstance(c, dict) or not c:
            raise err(w, f"技能 {skill} 的 choice 应为映射（{_listed(parts)}），得到 {describe(c)}")
        bad = [k for k in c if k not in parts]
        if bad:
            raise err(w, f"技能 {skill} 的 choice 没有 {_listed(_key(k) for k in bad)}；"
                         f"可用：{_listed(parts)}")
        for k, v in c.items():
            if not isinstance(v, str) or not v.strip() or "=" in v or "；" in v:
                raise err(w, f"技能 {skill} 的 choice.{k} 应为文字，得到 {describe(v)}")
        return choice_text({str(k): str(v) for k, v in c.items()}, parts)
    spec = rs.skills.get(skill)
    offered = spec.choices if spec is not None else ()
    if not offered:
        raise err(w, f"技能 {skill} 没有可选项，不能写 choice（{describe(c)}）")
    if not isinstance(c, str) or c not in offered:
        raise err(w, f"技能 {skill} 没有选项 {describe(c)}；可选：{_listed(offered)}")
    return c


def _expects(raw: Any, rs: type[Ruleset], player: Any, err: Any) -> list[Expect]:
    if not isinstance(raw, list):
        raise err("expect", f"应为列表，得到 {describe(raw)}")
    out: list[Expect] = []
    for i, e in enumerate(raw):
        w = f"expect[{i}]"
        _entry(e, EXPECT_KEYS, w, "应为映射", err)
        checks = [k for k in CHECKS if k in e]
        if len(checks) != 1:
            raise err(w, f"每项检查应恰好包含 {'、'.join(CHECKS)} 之一"
                         + (f"，给出了 {_listed(checks)}" if checks else ""))
        fail_e = lambda m, w=w: err(w, m)  # noqa: E731
        label_e, rnd_e = _round_of(e["at"], rs, fail_e) if "at" in e else (None, 1)
        at = _phase(label_e, rs, fail_e) if "at" in e else None
        if at is None and "winner" not in e:
            raise err(w, "需要 at")
        for key in ("out", "alive"):
            if key in e:
                if not isinstance(e[key], list):
                    raise err(w, f"{key} 应为玩家列表，得到 {describe(e[key])}")
                for n in e[key]:
                    player(w, n)
        if e.get("sheriff") is not None:
            player(w, e["sheriff"])
        if "winner" in e and e["winner"] is not None:
            won = e["winner"]
            if not isinstance(won, str) or rs.faction_name(won) is None:
                raise err(w, f"未知的阵营 {describe(won)}；{rs.id} 的阵营：{_listed(rs.factions)}")
        if "notify" in e:
            n = e["notify"]
            if not isinstance(n, dict) or "to" not in n or any(k not in NOTIFY_KEYS for k in n):
                raise err(w, "notify 应为 {to, skill?, contains?, absent?}")
            if not isinstance(n.get("absent", False), bool):
                raise err(w, "notify.absent 应为 true 或 false")
            player(w, n["to"])
            sk = n.get("skill")
            if sk is not None and (not isinstance(sk, str) or sk not in rs.skill_names()):
                raise err(w, f"未知的技能 {describe(sk)}")
            _text(n, "contains", w, err)
        if "announce" in e:
            a = e["announce"]
            if not isinstance(a, dict) or "contains" not in a or any(
                    k not in ANNOUNCE_KEYS for k in a):
                raise err(w, "announce 应为 {contains, absent?}")
            if not isinstance(a.get("absent", False), bool):
                raise err(w, "announce.absent 应为 true 或 false")
            if _text(a, "contains", w, err) is None:
                raise err(w, "announce.contains 应为要查找的文字，得到 空值")
        out.append(Expect(e, w, at, rnd_e))
    return out

"""Load and validate a scenario file. Every problem names the file, the entry
and what is wrong; nothing runs unless the whole file is valid."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from bansha.engine import Phase, Ruleset, get_ruleset
from bansha.engine.penalties import normalise_colour
from bansha.engine.votes import ABSTAIN


class ScenarioError(ValueError):
    """The file is not a valid scenario (exit status 2)."""


BLOCK_KEYS = {"at", "votes", "revotes", "actions", "cards", "candidates", "note"}
ACTION_KEYS = {"by", "skill", "target", "targets", "choice", "text", "phase", "expect"}
EXPECT_KEYS = {"at", "out", "alive", "sheriff", "winner", "notify", "announce", "note"}
NOTIFY_KEYS = {"to", "skill", "contains", "absent"}
ANNOUNCE_KEYS = {"contains", "absent"}
CHECKS = ("out", "alive", "sheriff", "winner", "notify", "announce")


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
    votes: list[tuple[str, str]] = field(default_factory=list)
    revotes: list[tuple[str, str]] = field(default_factory=list)
    actions: list[Step] = field(default_factory=list)
    cards: list[tuple[str, str]] = field(default_factory=list)
    candidates: list[str] = field(default_factory=list)
    where: str = ""


@dataclass
class Expect:
    raw: dict[str, Any]
    where: str
    at: Phase | None = None


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


def load(path: str | Path) -> Scenario:
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except OSError as e:
        raise ScenarioError(f"{p}: 无法读取文件：{e.strerror}") from None
    except UnicodeDecodeError:
        raise ScenarioError(f"{p}: 文件不是 UTF-8 编码") from None
    try:
        doc = yaml.safe_load(text)
    except yaml.YAMLError as e:
        mark = getattr(e, "problem_mark", None)
        loc = f"第 {mark.line + 1} 行" if mark is not None else ""
        raise ScenarioError(f"{p}: YAML 格式错误 {loc}：{getattr(e, 'problem', e)}") from None
    return parse(doc, str(p))


def parse(doc: Any, src: str = "<scenario>") -> Scenario:
    def err(where: str, msg: str) -> ScenarioError:
        return ScenarioError(f"{src}: {where}: {msg}")

    if not isinstance(doc, dict):
        raise err("文件", "顶层应为映射（ruleset/players/script/expect）")
    unknown = set(doc) - {"ruleset", "seed", "options", "players", "script", "expect",
                          "title", "note", "description"}
    if unknown:
        raise err("文件", f"未知的字段 {sorted(unknown)}")
    rid = doc.get("ruleset")
    if not isinstance(rid, str):
        raise err("ruleset", "缺少 ruleset（规则 id，例如 m47-yeliang）")
    try:
        rs = get_ruleset(rid)
    except KeyError as e:
        raise err("ruleset", str(e.args[0])) from None
    seed = doc.get("seed", 0)
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise err("seed", f"种子应为整数，得到 {seed!r}")
    options = doc.get("options") or {}
    if not isinstance(options, dict):
        raise err("options", "应为映射")
    try:
        rs.resolve_options(options)
    except ValueError as e:
        raise err("options", str(e)) from None

    players, names = _players(doc.get("players"), rs, err)
    known = set(names)

    def player(where: str, name: Any, allow_abstain: bool = False) -> str:
        n = str(name) if name is not None else ""
        if allow_abstain and n == ABSTAIN:
            return n
        seat = n.split(":")[0].split("：")[0] if ":" in n or "：" in n else n
        if seat not in known:
            raise err(where, f"未知的玩家 {name!r}（本局玩家：{'、'.join(names)}）")
        return n

    script_raw = doc.get("script") or []
    if not isinstance(script_raw, list):
        raise err("script", "应为列表")
    blocks: list[Block] = []
    last: Phase | None = None
    for i, b in enumerate(script_raw):
        where = f"script[{i}]"
        _entry(b, BLOCK_KEYS, where, "应为映射（at/votes/actions/...）", err)
        at = _phase(b.get("at"), rs, lambda m, w=where: err(w, m))
        where = f"script[{i}] (at: {at.label})"
        if last is not None and at < last:
            raise err(where, f"脚本块应按游戏顺序排列（{at.label} 在 {last.label} 之后）")
        if last is not None and at == last:
            raise err(where, f"同一阶段只能有一个脚本块（{at.label} 重复）")
        last = at
        blk = Block(at=at, where=where)
        for key, dest in (("votes", blk.votes), ("revotes", blk.revotes)):
            raw = b.get(key) or {}
            if not isinstance(raw, dict):
                raise err(f"{where} {key}", "应为 投票者: 对象 的映射")
            if raw and at.is_night:
                raise err(f"{where} {key}", "夜晚没有投票")
            for voter, target in raw.items():
                w = f"{where} {key}.{voter}"
                dest.append((player(w, voter), player(w, target, allow_abstain=True)))
        cards = b.get("cards") or {}
        if not isinstance(cards, dict):
            raise err(f"{where} cards", "应为 玩家: 蓝/黄/红 的映射")
        for who, colour in cards.items():
            w = f"{where} cards.{who}"
            c = normalise_colour(str(colour))
            if c is None:
                raise err(w, f"未知的判罚 {colour!r}（应为 蓝、黄 或 红）")
            blk.cards.append((player(w, who), c))
        cands = b.get("candidates") or []
        if not isinstance(cands, list):
            raise err(f"{where} candidates", "应为列表")
        blk.candidates = [player(f"{where} candidates", c) for c in cands]
        acts = b.get("actions") or []
        if not isinstance(acts, list):
            raise err(f"{where} actions", "应为列表")
        for j, a in enumerate(acts):
            w = f"{where} actions[{j}]"
            blk.actions.append(_action(a, w, rs, player, err))
        blocks.append(blk)

    expects = _expects(doc.get("expect") or [], rs, player, err)
    return Scenario(src, rs, seed, options, players, names, blocks, expects)


def _entry(raw: Any, keys: set[str], where: str, shape: str, err: Any) -> None:
    """A block, action or expect entry: a mapping with only the known keys."""
    if not isinstance(raw, dict):
        raise err(where, shape)
    bad = set(raw) - keys
    if bad:
        raise err(where, f"未知的字段 {sorted(bad)}；可用：{sorted(keys)}")


def _players(raw: Any, rs: type[Ruleset], err: Any) -> tuple[list[dict[str, Any]], list[str]]:
    if not isinstance(raw, list) or not raw:
        raise err("players", "应为非空列表，每项写成 名字: 身份")
    players: list[dict[str, Any]] = []
    names: list[str] = []
    for i, p in enumerate(raw):
        where = f"players[{i}]"
        if not isinstance(p, dict) or len(p) != 1:
            raise err(where, "每名玩家写成一项 名字: 身份")
        name, role = next(iter(p.items()))
        name = str(name)
        if name in names:
            raise err(where, f"玩家名字重复：{name}")
        cards = role if isinstance(role, list) else [role]
        for c in cards:
            if rs.role_name(str(c)) is None:
                raise err(f"{where} ({name})",
                          f"未知的身份 {c!r}；{rs.id} 的身份：{'、'.join(rs.roles)}")
        names.append(name)
        players.append({name: role if isinstance(role, list) else str(role)})
    lo, hi = rs.min_players, rs.max_players
    if not (lo <= len(players) <= hi):
        need = f"{lo}" if lo == hi else f"{lo}–{hi}"
        raise err("players", f"{rs.title} 需要 {need} 名玩家，给出了 {len(players)} 名")
    return players, names


def _phase(label: Any, rs: type[Ruleset], fail: Any) -> Phase:
    if label is None:
        raise fail("缺少 at（阶段标签，例如 day 1 / night 1）")
    try:
        ph = Phase.parse(str(label))
    except ValueError as e:
        raise fail(str(e)) from None
    if ph < rs.first_phase:
        raise fail(f"{rs.id} 从 {rs.first_phase.label} 开始，没有 {ph.label}")
    return ph


def _action(a: Any, w: str, rs: type[Ruleset], player: Any, err: Any) -> Step:
    _entry(a, ACTION_KEYS, w, "应为映射 {by, skill, target, ...}", err)
    if "by" not in a or "skill" not in a:
        raise err(w, "需要 by 和 skill")
    skill = str(a["skill"])
    if skill not in rs.skill_names():
        raise err(w, f"未知的技能 {skill!r}（{rs.id} 没有这个技能）")
    exp = a.get("expect")
    if exp is not None and exp != "rejected":
        raise err(w, f"expect 只能是 rejected，得到 {exp!r}")
    targets = a.get("targets") or []
    if not isinstance(targets, list):
        raise err(w, "targets 应为列表")
    return Step(
        by=player(w, a["by"]),
        skill=skill,
        target=player(w, a["target"]) if a.get("target") is not None else None,
        targets=tuple(player(w, t) for t in targets),
        choice=str(a["choice"]) if a.get("choice") is not None else None,
        text=str(a["text"]) if a.get("text") is not None else None,
        phase=str(a["phase"]) if a.get("phase") is not None else None,
        expect_rejected=exp == "rejected",
        where=w,
    )


def _expects(raw: Any, rs: type[Ruleset], player: Any, err: Any) -> list[Expect]:
    if not isinstance(raw, list):
        raise err("expect", "应为列表")
    out: list[Expect] = []
    for i, e in enumerate(raw):
        w = f"expect[{i}]"
        _entry(e, EXPECT_KEYS, w, "应为映射", err)
        checks = set(e) & set(CHECKS)
        if len(checks) != 1:
            raise err(w, f"每项检查应恰好包含 {'/'.join(CHECKS)} 之一")
        at = _phase(e["at"], rs, lambda m, w=w: err(w, m)) if "at" in e else None
        if at is None and "winner" not in e:
            raise err(w, "需要 at")
        for key in ("out", "alive"):
            if key in e:
                if not isinstance(e[key], list):
                    raise err(w, f"{key} 应为玩家列表")
                for n in e[key]:
                    player(w, n)
        if e.get("sheriff") is not None:
            player(w, e["sheriff"])
        if "winner" in e and e["winner"] is not None and rs.faction_name(str(e["winner"])) is None:
            raise err(w, f"未知的阵营 {e['winner']!r}；{rs.id} 的阵营：{'、'.join(rs.factions)}")
        if "notify" in e:
            n = e["notify"]
            if not isinstance(n, dict) or "to" not in n or set(n) - NOTIFY_KEYS:
                raise err(w, "notify 应为 {to, skill?, contains?, absent?}")
            if not isinstance(n.get("absent", False), bool):
                raise err(w, "notify.absent 应为 true 或 false")
            player(w, n["to"])
            if n.get("skill") is not None and str(n["skill"]) not in rs.skill_names():
                raise err(w, f"未知的技能 {n['skill']!r}")
        if "announce" in e:
            a = e["announce"]
            if not isinstance(a, dict) or "contains" not in a or set(a) - ANNOUNCE_KEYS:
                raise err(w, "announce 应为 {contains, absent?}")
            if not isinstance(a.get("absent", False), bool):
                raise err(w, "announce.absent 应为 true 或 false")
        out.append(Expect(e, w, at))
    return out

"""The card ledger: cards given with phase, character and reason; the post's
accumulation (3 蓝 = 1 黄, 3 黄 = 1 红) and what a red card means in it (out,
sent off but alive, or cards staying on the table), a faction's loss at its
second red (m192, m125), exported as a table for the thread.

Input, one card a line (docs/forum.md):  `第2天 甲 黄 潜水：未投票`
(phase: 第N天 / 第N天白天 / 第N天夜晚 / 第N夜 / day N / night N), or JSON lines
{"phase", "player", "colour", "reason"}. A line that cannot be read is a warning
naming it; nothing else is dropped."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from bansha.engine import Action, Game
from bansha.engine.actions import Answer
from bansha.engine.forum_rules import RED_OFF_ALIVE, RED_OUT, RED_STAYS, ForumRules
from bansha.engine.penalties import normalise_colour

from .names import match_name

_PHASE = re.compile(
    r"^(?:第(?P<n>[0-9０-９]+)(?P<unit>天白天|天夜晚|天晚上|天|夜|晚)|(?P<kind>day|night)\s*(?P<m>[0-9]+))",
    re.IGNORECASE)


@dataclass
class CardEntry:
    phase: str  # "day 2" / "night 1": the engine's phase label
    player: str
    colour: str  # 蓝 | 黄 | 红
    reason: str = ""
    line: int = 0

    def as_dict(self) -> dict[str, Any]:
        return {"phase": self.phase, "player": self.player, "colour": self.colour,
                "reason": self.reason}


@dataclass
class LedgerRow:
    entry: CardEntry
    applied: list[str]  # e.g. ["蓝", "黄"]: a third blue merged into a yellow
    totals: str  # the player's standing after this card
    consequences: list[str] = field(default_factory=list)


@dataclass
class CardLedger:
    rules: ForumRules
    rows: list[LedgerRow] = field(default_factory=list)
    standing: dict[str, list[int]] = field(default_factory=dict)  # [蓝, 黄, 红]
    lost_factions: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)

    def as_dict(self) -> dict[str, Any]:
        return {
            "post": self.rules.post,
            "cards": [dict(r.entry.as_dict(), applied=r.applied, totals=r.totals,
                           consequences=r.consequences) for r in self.rows],
            "standing": {p: {"蓝": s[0], "黄": s[1], "红": s[2]} for p, s in self.standing.items()},
            "lost_factions": list(self.lost_factions),
            "warnings": list(self.warnings),
        }

    def text(self) -> str:
        lines = [f"判罚记录（{self.rules.post}）"]
        for r in self.rows:
            e = r.entry
            chain = " → ".join(f"{c}牌" for c in r.applied)
            lines.append(f"{phase_zh(e.phase)} {e.player} {chain}（{e.reason or '未写理由'}）；累计"
                         f"：{r.totals}")
            lines.extend(f"  {c}" for c in r.consequences)
        if not self.rows:
            lines.append("（无判罚）")
        for w in self.warnings:
            lines.append(f"注意：{w}")
        return "\n".join(lines)

    def bbcode(self) -> str:
        """The ledger as Discuz! tables for the thread: every card, then each
        character's standing."""
        out = ["[table]", _tr("阶段", "角色", "判罚", "理由", "累计")]
        for r in self.rows:
            e = r.entry
            out.append(_tr(phase_zh(e.phase), e.player, " → ".join(f"{c}牌" for c in r.applied),
                           e.reason, "；".join([r.totals, *r.consequences])))
        out.append("[/table]")
        out += ["", "[table]", _tr("角色", "蓝牌", "黄牌", "红牌")]
        for p, s in self.standing.items():
            out.append(_tr(p, str(s[0]), str(s[1]), str(s[2])))
        out.append("[/table]")
        return "\n".join(out)


def _tr(*cells: str) -> str:
    return "[tr]" + "".join(f"[td]{c}[/td]" for c in cells) + "[/tr]"


def phase_zh(label: str) -> str:
    kind, _, n = label.partition(" ")
    return f"第{n}天白天" if kind == "day" else f"第{n}天夜晚" if kind == "night" else label


def parse_phase(text: str) -> tuple[str | None, str]:
    """(engine phase label, the rest of the text) or (None, text)."""
    t = text.strip()
    m = _PHASE.match(t)
    if m is None:
        return None, t
    if m.group("kind"):
        label = f"{m.group('kind').lower()} {int(m.group('m'))}"
    else:
        n = int(m.group("n").translate(str.maketrans("０１２３４５６７８９", "0123456789")))
        night = m.group("unit") in ("天夜晚", "天晚上", "夜", "晚")
        label = f"{'night' if night else 'day'} {n}"
    return label, t[m.end():].strip()


def parse_cards(text: str, players: Sequence[str]) -> tuple[list[CardEntry], list[str]]:
    """Read a card list (plain lines or JSON lines); (entries, warnings)."""
    entries: list[CardEntry] = []
    warnings: list[str] = []
    text = _json_list(text.lstrip("\ufeff"))
    for no, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith(("#", "//")):
            continue
        if line.startswith("{"):
            e, problem = _from_json(line, no)
        else:
            e, problem = _from_plain(line, no)
        if e is None:
            warnings.append(f"第{no}行：{problem}，已跳过")
            continue
        mt = match_name(e.player, players)
        if mt.name is None or mt.how == "prefix":
            if mt.name is not None:
                why = f"角色“{e.player}”须写全名（可能是 {mt.name}）"
            elif mt.ambiguous:
                why = f"角色“{e.player}”不明确：可能是 " + "、".join(mt.candidates)
            else:
                why = f"“{e.player}”不是本局角色"
            warnings.append(f"第{no}行：{why}，已跳过")
            continue
        e.player = mt.name
        entries.append(e)
    return entries, warnings


def _json_list(text: str) -> str:
    """A JSON document with a list of cards (a list, or `forum lurk --json`'s
    {"cards": [...]}) as JSON lines; any other text as it is."""
    if not text.lstrip().startswith(("[", "{")):
        return text
    try:
        doc: Any = json.loads(text)
    except ValueError:
        return text  # JSON lines, or broken: read line by line
    items = doc.get("cards") if isinstance(doc, dict) else doc
    if not isinstance(items, list):
        return text
    return "\n".join(json.dumps(i, ensure_ascii=False) for i in items)


def _from_plain(line: str, no: int) -> tuple[CardEntry | None, str]:
    label, rest = parse_phase(line)
    if label is None:
        return None, "应以阶段开头（第N天 / 第N天夜晚 / day N / night N）"
    parts = rest.split(None, 2)
    if len(parts) < 2:
        return None, "应为：阶段 角色 颜色 理由"
    colour = normalise_colour(parts[1])
    if colour is None:
        return None, f"无法识别的判罚“{parts[1]}”（应为 蓝、黄 或 红）"
    return CardEntry(label, parts[0], colour, parts[2] if len(parts) > 2 else "", no), ""


def _from_json(line: str, no: int) -> tuple[CardEntry | None, str]:
    try:
        obj: Any = json.loads(line)
    except ValueError:
        return None, "不是有效的 JSON"
    if not isinstance(obj, dict):
        return None, "应为对象"
    phase = obj.get("phase")
    label = None
    if isinstance(phase, str):
        label, rest = parse_phase(phase)
        if rest:
            label = None
    player = obj.get("player")
    colour = normalise_colour(str(obj.get("colour", obj.get("card", ""))))
    if label is None:
        return None, f"phase 无法识别：{phase!r}"
    if not isinstance(player, str) or not player.strip():
        return None, "缺少 player"
    if colour is None:
        return None, "colour 应为 蓝、黄 或 红"
    reason = obj.get("reason", "")
    why = "" if reason is None else str(reason)
    return CardEntry(label, player.strip(), colour, why, no), ""


def _give(standing: list[int], colour: str, per_step: int) -> list[str]:
    applied = [colour]
    if colour == "蓝":
        standing[0] += 1
        if standing[0] >= per_step:
            standing[0] -= per_step
            colour = "黄"
            applied.append("黄")
    if colour == "黄":
        standing[1] += 1
        if standing[1] >= per_step:
            standing[1] -= per_step
            colour = "红"
            applied.append("红")
    if colour == "红":
        standing[2] += 1
    return applied


def build_ledger(entries: Sequence[CardEntry], rules: ForumRules, *,
                 out: Sequence[str] = (), factions: Mapping[str, str] | None = None) -> CardLedger:
    """Accumulate the cards in the given order and report each red's consequence
    as the post writes it. `out`: characters out before the first card;
    `factions`: character -> faction, needed for a faction's loss at N reds."""
    led = CardLedger(rules)
    gone = set(out)
    reds: dict[str, int] = {}
    if rules.faction_loss_reds is not None and not factions:
        led.warnings.append(f"未给出阵营（--factions）：无法判断“{rules.quote('faction_loss_reds')}”")
    for e in entries:
        s = led.standing.setdefault(e.player, [0, 0, 0])
        if e.player in gone and not rules.out_may_be_carded:
            led.warnings.append(f"第{e.line}行：{e.player} 已出局（本规则未写明已出局角色仍可被判罚"
                                "）")
        applied = _give(s, e.colour, rules.cards_per_step)
        row = LedgerRow(e, applied, f"蓝牌{s[0]} 黄牌{s[1]} 红牌{s[2]}")
        if applied[-1] == "红":
            row.consequences.extend(_red(e.player, gone, rules))
            faction = (factions or {}).get(e.player)
            if faction is not None:
                reds[faction] = reds.get(faction, 0) + 1
                need = rules.faction_loss_reds
                if need is not None and reds[faction] >= need and faction not in led.lost_factions:
                    led.lost_factions.append(faction)
                    row.consequences.append(f"{faction}判负：同一阵营累计 {reds[faction]} 张红牌"
                                            f"（{rules.quote('faction_loss_reds')}）")
            if rules.faction_loss_reds is None and rules.quote("faction_loss_reds"):
                row.consequences.append(f"由导演决定是否判负：{rules.quote('faction_loss_reds')}")
        led.rows.append(row)
    return led


def _red(player: str, gone: set[str], rules: ForumRules) -> list[str]:
    why = rules.quote("red_card")
    tail = f"（{why}）" if why else ""
    if rules.red_card == RED_OUT:
        if player in gone:
            return [f"{player} 已出局，红牌记录在案{tail}"]
        gone.add(player)
        return [f"红牌罚下：{player} 出局{tail}"]
    if rules.red_card == RED_OFF_ALIVE:
        return [f"红牌罚下：{player}（罚下而未出局，角色仍处于存活状态）{tail}"]
    if rules.red_card == RED_STAYS:
        return [f"红牌：{player} 的身份牌仍然保留在场上{tail}"]
    return [f"红牌：{player}"]


def apply_cards(game: Game, entries: Sequence[CardEntry]) -> list[tuple[Action, Answer]]:
    """Give the cards to `game` through Game.submit (skill 判罚): the engine keeps its
    own ledger and the ruleset sends a red off as its post says. The caller submits
    each card in its phase (a card for night 1 while night 1 is open)."""
    return [(a, game.submit(a)) for a in
            (Action(e.player, "判罚", choice=e.colour, text=e.reason or None) for e in entries)]

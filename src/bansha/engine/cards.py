"""Identity cards (身份牌) and rounds.

A seat holds one or more cards (m125: "每个角色将会获得2个身份牌"). Each card has its
role, its actual faction, its apparent identity — a stack of disguises, each with an
expiry, "最后发动的技能所造成的表面身份更换生效" — and its own alive state. The seat's
faction derives from its cards: a ruleset names a faction order and the first one any
card holds wins (m125: "其中有任何一个身份牌是狼人阵营则归属狼人阵营"); with one card
it is that card's faction.

Every observation asks the card how it appears for its kind of look: a check (查验)
sees the apparent identity, 翻牌 "需要公开自己的[实际身份]" the actual one, an
announcement whatever the ruleset says. Inputs address a card as `甲:1`.

Rounds (m125 历史轮/逆转轮): `RoundRecord` keeps every card input of a round and gives
them back, in a later round, as NPC inputs for the same day and part. A replay is
invalidated when its actor card or a target is gone ("则玩家B在第一轮记录的骑士操作无法
发动"), and a card freed from its record is controlled by its seat again (定序王子).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Literal

from .actions import Action
from .moment import Edge, Moment, Until

Attribute = Literal["role", "faction", "can_kill"]
Look = Literal["check", "reveal", "announce"]
_SEPARATORS = ("：", ":")


@dataclass(frozen=True, slots=True)
class Disguise:
    attribute: Attribute
    value: str
    source: str = ""
    since: Moment | None = None
    until: Until | None = None


@dataclass(slots=True, init=False)  # made for every seat of every game: see actions.Action
class Card:
    seat: str
    index: int  # 1-based
    role: str
    faction: str
    can_kill: bool
    alive: bool
    revealed: bool
    disguises: list[Disguise]

    def __init__(self, seat: str, index: int, role: str, faction: str,
                 can_kill: bool = False, alive: bool = True, revealed: bool = False,
                 disguises: list[Disguise] | None = None) -> None:
        self.seat = seat
        self.index = index
        self.role = role
        self.faction = faction
        self.can_kill = can_kill
        self.alive = alive
        self.revealed = revealed
        self.disguises = [] if disguises is None else disguises

    @property
    def ref(self) -> str:
        return f"{self.seat}:{self.index}"

    def actual(self, attr: Attribute) -> str:
        if attr == "role":
            return self.role
        if attr == "faction":
            return self.faction
        return "带刀" if self.can_kill else "不带刀"

    def appears(self, attr: Attribute, look: Look = "check") -> str:
        """How the card appears to `look`: 翻牌 shows the actual identity; a check and
        an announcement the last disguise applied, if any."""
        if look == "reveal":
            return self.actual(attr)
        for d in reversed(self.disguises):
            if d.attribute == attr:
                return d.value
        return self.actual(attr)

    def disguise(self, attr: Attribute, value: str, source: str = "",
                 since: Moment | None = None, until: Until | None = None) -> Disguise:
        d = Disguise(attr, value, source, since, until)
        self.disguises.append(d)
        return d

    def expire(self, edge: Edge, at: Moment) -> list[Disguise]:
        gone = [d for d in self.disguises if d.until is not None and d.since is not None
                and d.until.reached(d.since, edge, at)]
        if gone:
            self.disguises = [d for d in self.disguises if d not in gone]
        return gone


def seat_faction(cards: Iterable[Card], order: tuple[str, ...] = ()) -> str:
    """The seat's faction: the first of `order` any card holds, else the first card's."""
    cs = list(cards)
    for f in order:
        if any(c.faction == f for c in cs):
            return f
    return cs[0].faction if cs else ""


def parse_ref(text: str) -> tuple[str, int | None]:
    """`甲:2` / `甲：2` -> (甲, 2); a plain seat name -> (name, None). ValueError (in
    Chinese, for the player) when the card number is not a whole number from 1."""
    t = text.strip()
    for sep in _SEPARATORS:
        if sep in t:
            seat, _, num = t.rpartition(sep)
            num = num.strip()
            if not num.isdecimal() or not num.isascii() or int(num) < 1:
                raise ValueError(f"{text} 的身份牌编号应为从 1 开始的整数（如 {seat.strip()}:1）")
            return seat.strip(), int(num)
    return t, None


def resolve_ref(hands: dict[str, list[Card]], text: str) -> Card:
    """The card `text` names; a bare seat name means its only card. ValueError says
    what is wrong."""
    seat, index = parse_ref(text)
    cards = hands.get(seat)
    if cards is None:
        raise ValueError(f"没有名为 {seat} 的玩家")
    if index is None:
        if len(cards) != 1:
            raise ValueError(f"{seat} 有 {len(cards)} 张身份牌，请写明是哪一张（如 {seat}:1）")
        return cards[0]
    if index > len(cards):
        raise ValueError(f"{seat} 只有 {len(cards)} 张身份牌，没有第 {index} 张")
    return cards[index - 1]


@dataclass(frozen=True, slots=True)
class Recorded:
    card: str  # the acting card's ref
    day: int
    part: str
    sub: str
    action: Action
    seq: int


class RoundRecord:
    """The inputs each card made in a round, to replay as NPC inputs later."""

    def __init__(self) -> None:
        self._items: list[Recorded] = []
        self._freed: set[str] = set()
        self._closed = False
        self._seq = 0

    def record(self, card: str, at: Moment, action: Action) -> None:
        if self._closed:
            raise ValueError("本轮记录已结束，不能再记录")
        self._items.append(Recorded(card, at.day, at.part, at.sub, action, self._seq))
        self._seq += 1

    def close(self) -> None:
        """End of the recorded round: the record no longer changes."""
        self._closed = True

    @property
    def closed(self) -> bool:
        return self._closed

    def free(self, card: str) -> None:
        """The card's seat controls it again; its record no longer replays."""
        self._freed.add(card)

    def is_npc(self, card: str) -> bool:
        return self._closed and card not in self._freed and any(
            r.card == card for r in self._items)

    def recorded(self, card: str | None = None) -> list[Recorded]:
        return [r for r in self._items if card is None or r.card == card]

    def last_moment(self) -> tuple[int, str] | None:
        """The day and part the recorded round ended in (past it, first cards act
        freely: "到达历史轮结束的时刻…尚存活的第一身份牌此时可以自由行动")."""
        if not self._items:
            return None
        r = max(self._items, key=lambda x: (x.day, x.part == "night"))
        return (r.day, r.part)

    def due(self, at: Moment, gone: Callable[[str], bool],
            targets: Callable[[Action], Iterable[str]] | None = None
            ) -> tuple[list[Recorded], list[tuple[Recorded, str]]]:
        """The replays due at `at` (same day, part and sub-phase as recorded), and the
        invalidated ones with why: the actor card gone, a target gone, or freed."""
        live: list[Recorded] = []
        dropped: list[tuple[Recorded, str]] = []
        for r in self._items:
            if (r.day, r.part, r.sub) != (at.day, at.part, at.sub):
                continue
            if r.card in self._freed:
                dropped.append((r, f"{r.card} 已由玩家自由操作"))
                continue
            if gone(r.card):
                dropped.append((r, f"{r.card} 已出局，记录的操作无法发动"))
                continue
            ts = list(targets(r.action)) if targets is not None else list(r.action.all_targets())
            lost = [t for t in ts if gone(t)]
            if lost:
                dropped.append((r, f"目标 {lost[0]} 已出局，记录的操作无法发动"))
                continue
            live.append(r)
        return live, dropped

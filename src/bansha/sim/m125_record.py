"""The heuristic bot's m125 sense: cards, not seats, and what the history round tells a
player in the reversal round.

[m125]虹猫蓝兔七侠传 targets cards (`甲:1`), so the seat-level heuristics (friends,
feedback) would not recognise a single target; this advisor gives the bot card-level
friends (its own cards and its pack's), the seer's and the 决斗's card facts, and the
witch's 通灵. Reading the record (`read_record`) adds what a player knows from the
history round once the reversal round replays it ("第二轮狼人杀游戏将有和历史轮行动完全
相同的NPC"):

- the history round's night outs: the same night of the reversal round the NPC first
  cards will strike the same card again, so a 守卫 guards it;
- every card that went out in the history round: the pack's win ("所有村民阵营的村民牌，在
  两轮游戏中至少出局过一次") needs only the cards not yet out, so a wolf kills, votes and
  shoots those first;
- card facts learned in the history round (预言, 决斗) stay true of the same cards.

With `read_record` off the bot forgets the history round at the reversal round's start,
the baseline of the measurement in docs/simulator.md.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

from bansha.engine import LegalAction

Pick = Callable[[Sequence[str]], str]

WOLF_ROLES = ("狼人", "蚀时狼妃", "黑狼王")
WOLF_FACTION = "狼人阵营"
REVERSAL = "reversal"
_REF = re.compile(r"[^\s：:，,、（）()]+:[12]")
_DUEL = re.compile(r"发动决斗：(\S+:[12]) 的身份牌是 (\S+)")
_SEER = re.compile(r"预言：(\S+:[12]) 是(狼人牌|非狼人牌)")
_KILLED = re.compile(r"通灵：今晚被指杀的是 (\S+:[12])")
_OUT = re.compile(r"(\S+:[12]) (?:被投票)?出局")
_NIGHT = re.compile(r"night (\d+)$")
_DAY = re.compile(r"day (\d+)$")


class M125Advisor:
    read_record = True  # the measurement's switch (benchmarks/m125_record_bots.py)
    sides: tuple[str, ...] = ("狼人阵营", "村民阵营")  # whose bots read it (ditto)

    def __init__(self) -> None:
        self.seen = 0
        self.wolf: set[str] = set()  # cards known to be wolf cards
        self.good: set[str] = set()  # cards known not to be
        self.killed: dict[str, str] = {}  # phase label -> the card 通灵 named
        self.history_night_outs: dict[int, list[str]] = {}
        self.history_outs: set[str] = set()
        self.in_reversal = False
        self.first_pack: set[str] = set()  # the history round's pack (first-card wolves)
        self.reads = False  # this bot reads the record (set as the reversal round opens)

    # ---- reading ------------------------------------------------------------
    def read(self, v: dict[str, Any]) -> None:
        events = v["events"]
        for e in events[self.seen:]:
            at: str = e.at
            reversal = at.startswith(REVERSAL)
            if reversal and not self.in_reversal:
                self.in_reversal = True
                self.reads = self.read_record and v.get("faction") in self.sides
                if not self.reads:  # the baseline: the history round is forgotten
                    self.wolf.clear()
                    self.good.clear()
            if e.kind == "announce":
                self._announce(at, e.text, reversal)
            elif e.kind == "notify":
                self._notify(at, e.text)
        self.seen = len(events)

    def _announce(self, at: str, text: str, reversal: bool) -> None:
        m = _DUEL.search(text)
        if m is not None:
            (self.wolf if m.group(2) in WOLF_ROLES else self.good).add(m.group(1))
        if reversal:
            return
        if text.startswith(("昨夜出局：", "本夜出局：")):  # a night's outs, in one line
            refs = _REF.findall(text)
            day, night = _DAY.search(at), _NIGHT.search(at)
            n = int(night.group(1)) if night else int(day.group(1)) - 1 if day else 0
            self.history_night_outs.setdefault(n, []).extend(refs)
            self.history_outs.update(refs)
        else:  # by day: "X 被投票出局", "X 出局" (决斗, 最后一枪)
            self.history_outs.update(_OUT.findall(text))

    def _notify(self, at: str, text: str) -> None:
        m = _SEER.search(text)
        if m is not None:
            (self.wolf if m.group(2) == "狼人牌" else self.good).add(m.group(1))
        m = _KILLED.search(text)
        if m is not None:
            self.killed[at] = m.group(1)

    # ---- choosing -----------------------------------------------------------
    def friends(self, v: dict[str, Any], pack: list[str]) -> set[str]:
        """The cards not to strike: a village player's own cards; for the pack its wolf
        cards only — every 村民 card must go out once for the pack to win, its own
        included. A pack member holds one wolf card: the first if they were in the
        history round's pack ("第一身份为狼人的所有角色共群"), else the second."""
        cards = v.get("cards", ())
        if v.get("faction") != WOLF_FACTION:
            return {c["card"] for c in cards}
        if not self.in_reversal:
            self.first_pack = set(pack)
        mine = {c["card"] for c in cards if c["role"] in WOLF_ROLES}
        return mine | {f"{s}:{1 if s in self.first_pack else 2}" for s in pack}

    def _record(self) -> bool:
        return self.reads and self.in_reversal

    def order_choice(self, la: LegalAction) -> str | None:
        """身份顺序: a wolf card first (the pack plays the history round), else keep."""
        wolves = [c for c in la.choices if c in WOLF_ROLES]
        return wolves[0] if wolves else None

    def own_skill(self, la: LegalAction, targets: list[str], v: dict[str, Any],
                  pack: list[str], focal: Pick) -> tuple[str | None] | None:
        """The card skills no generic kind fits, decided from the card facts the bot has;
        `(target,)` (None: pass) when it decides, None for a skill it leaves alone.

        - 殉职 [强制]: the badge goes to one of the bot's friends, else a card known good
          (a wolf: not to a card known good), else a focal card not known bad; never
          流失 while someone fits.
        - 决斗 [限定]: the village duels a card known to be a wolf card (votes are then
          blocked, "封锁今天的所有投票"); a wolf duels a card known good. Otherwise kept.
        - 纵火 [限定]: "被纵火的身份牌失去所有技能": the village burns a known wolf card, a
          wolf a known good one; otherwise kept.
        - 时间吞噬 [限定] (a first card's next-day votes and skills void): the pack aims
          it at a first card known good; otherwise kept.
        重定之理 and 交换 are left to the generic rules (kept unless forced)."""
        skill = la.skill
        if skill not in ("殉职", "决斗", "纵火", "时间吞噬"):
            return None
        friends = self.friends(v, pack)
        wolf_side = v.get("faction") == WOLF_FACTION
        others = [t for t in targets if t not in friends]
        bad = [t for t in others if t in (self.good if wolf_side else self.wolf)]
        if skill == "殉职":
            mine = [t for t in targets if t in friends]
            trusted = [] if wolf_side else [t for t in others if t in self.good]
            fallback = [t for t in others if t not in (self.good if wolf_side else self.wolf)]
            heirs = mine or trusted or fallback
            return (focal(heirs) if heirs else None,)
        if skill == "时间吞噬":
            firsts = [t for t in bad if t.endswith(":1")] if wolf_side else []
            return (firsts[0] if firsts else None,)
        return (bad[0] if bad else None,)

    def target(self, kind: str, la: LegalAction, targets: list[str], at: str,
               v: dict[str, Any], pack: list[str], pick: Pick, focal: Pick) -> str | None:
        """A target for `kind` (the heuristic's skill kinds), or None to pass.
        `pick(seq)` draws one of `seq` with the bot's rng; `focal(seq)` is the one every
        bot of a side derives from public facts (the village votes as one)."""
        friends = self.friends(v, pack)
        wolf_side = v.get("faction") == WOLF_FACTION
        others = [t for t in targets if t not in friends]
        if not others:
            return None
        fresh = others
        if wolf_side and self._record():
            # "在两轮游戏中至少出局过一次": a card out in the history round counts already
            fresh = [t for t in others if t not in self.history_outs] or others
        known_bad = [t for t in others if t in self.wolf]
        if kind == "kill" or (kind in ("shoot", "poison") and wolf_side):
            good = [t for t in fresh if t in self.good]
            return focal(good or fresh) if kind == "kill" else pick(good or fresh)
        if kind in ("shoot", "poison"):
            return known_bad[0] if known_bad else None
        if kind == "vote":
            if wolf_side:
                return focal(fresh)
            if known_bad:
                return known_bad[0]
            unknown = [t for t in others if t not in self.good]
            return focal(unknown or others)
        if kind == "check":
            unknown = [t for t in others if t not in self.wolf and t not in self.good]
            return pick(unknown) if unknown else None
        if kind == "save":
            hit = self.killed.get(at)
            if hit in targets and hit not in self.wolf and (not wolf_side or hit in friends):
                return hit
            return None
        if kind == "protect":
            if wolf_side:
                mine = [t for t in targets if t in friends]
                return mine[0] if mine else None
            if self._record():
                n = _NIGHT.search(at)
                due = self.history_night_outs.get(int(n.group(1)), []) if n else []
                threatened = [t for t in due if t in targets and t not in self.wolf]
                if threatened:
                    return threatened[0]
            sheriff = v.get("sheriff")
            if sheriff in targets and sheriff not in self.wolf:
                return str(sheriff)
            mine = [t for t in targets if t in friends]
            return mine[0] if mine else None
        return None

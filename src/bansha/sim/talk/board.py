"""The public board: every claim every bot posted, the public facts, and what a
careful village concludes from them (`Beliefs`).

The board is the talk channel the driver opens each day (`Board.day`, the
driver's `Talk` hook): a few rounds in seat order, each alive bot posting
claims after reading everything posted before. It reads public events only
(announcements every view holds): night outs, last words, public ballots.

`Beliefs` is public reasoning: every bot that computes it gets the same answer,
so the village votes as one on it (the way a forum village follows a 归票), and
the pack, reading the same board, knows what the village will do.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from bansha.engine import Ruleset

from ..heuristic import Knowledge, focal_order
from .protocol import (
    ATTACKED,
    CO,
    DIVINED,
    GUARDED,
    IDENTIFIED,
    POISONED,
    VOTE,
    Claim,
)

if TYPE_CHECKING:
    from .bot import TalkBot

View = Callable[[], dict[str, Any]]
# 0: reveals; 1: counter-claims; 2: answers to them and reports; 3: vote intentions
ROUNDS = 4
LAST_WORDS = -1  # the round number of a claim read from public last words

_SPLIT = re.compile(r"[；;，,。\n]")
_BALLOT = re.compile(r"([^，,\s]+)→([^，,\s]+)")


def village_faction(rules: type[Ruleset]) -> str:
    """The faction a forum calls 好人 (the village): the one named 村民."""
    return next((f for f in rules.factions if "村民" in f), rules.factions[-1])


def wolf_faction(rules: type[Ruleset]) -> str:
    """The faction of the pack's killers (what a checker reports for a wolf)."""
    from ..heuristic import KILL, classify

    village = village_faction(rules)
    for spec in rules.roles.values():
        if spec.faction != village and any(
                classify(s, rules.skills.get(s)) == KILL for s in spec.skills):
            return spec.faction
    return next(f for f in rules.factions if f != village)


class Beliefs:
    """What the public board supports (see `Board.beliefs`)."""

    __slots__ = ("_leads", "bad", "contested", "fake", "good", "roles", "suspicion", "trusted")

    def __init__(self) -> None:
        self.roles: dict[str, str] = {}  # claimant -> claimed role (its first claim)
        self.trusted: set[str] = set()  # claimants the village believes
        self.fake: set[str] = set()  # claimants shown to lie
        self.contested: list[str] = []  # claimants of an unresolved counter-claim
        self.bad: dict[str, int] = {}  # seat -> accusations by believed claimants
        self.good: set[str] = set()  # seats cleared by believed claimants
        self.suspicion: dict[str, int] = {}  # seat -> votes cast against the village's lead
        self._leads: dict[tuple[str, int], str | None] = {}

    def target(self, at: str, alive: Sequence[str], order: Sequence[str]) -> str | None:
        """The seat the village lynches today by the board, or None (no lead)."""
        key = (at, len(alive))  # alive only shrinks, so its length names it
        if key in self._leads:
            return self._leads[key]
        lead = self._target(at, alive, order)
        self._leads[key] = lead
        return lead

    def _target(self, at: str, alive: Sequence[str], order: Sequence[str]) -> str | None:
        live = set(alive)
        bad = [s for s in order if s in live and s in self.bad]
        if bad:
            return min(bad, key=lambda s: -self.bad[s])  # min keeps seat order on ties
        fakes = [s for s in order if s in live and s in self.fake]
        if fakes:
            return fakes[0]
        contested = [s for s in self.contested if s in live]
        if len(contested) > 1:  # a counter-claim: one of the two lies (对跳, 出一个)
            return focal_order(contested, "contest", at)[0]
        sus = [s for s in order if s in live and self.suspicion.get(s, 0) > 0
               and s not in self.good and s not in self.trusted and s not in self.contested]
        if sus:
            return min(sus, key=lambda s: -self.suspicion[s])
        if contested:  # with nothing better to go on, the other claimant goes too
            return contested[0]
        return None


class Board:
    """The talk channel of one game (the driver's `Talk`)."""

    def __init__(self, rules: type[Ruleset], bots: dict[str, TalkBot] | None = None) -> None:
        self.rules = rules
        self.bots: dict[str, TalkBot] = bots if bots is not None else {}
        self.village = village_faction(rules)
        self.wolves = wolf_faction(rules)
        self.claims: list[Claim] = []
        self.order: list[str] = []  # seat order
        self.alive: list[str] = []
        self.day_now = ""
        self.night_outs: dict[str, str] = {}  # seat -> day whose opening announced its night out
        self.quiet_nights: set[str] = set()  # days that opened with 昨夜无人出局
        self.ballots: dict[str, dict[str, str]] = {}  # day -> voter -> target (public ballots)
        self.leads: dict[str, str] = {}  # day -> the village's lead that day (by the board)
        self._pub = 0  # public events read
        self._facts = 0  # claims other than vote intentions
        self._alive_set: tuple[list[str], set[str]] = ([], set())
        self._focal: dict[tuple[str, int], list[str]] = {}
        # indexes of the claims, kept as they are posted (bots ask them every round)
        self.roles: dict[str, str] = {}  # speaker -> the role it claimed first
        self.by_role: dict[str, list[str]] = {}  # role -> who claimed it, in order
        self.accused: dict[str, list[Claim]] = {}  # seat -> claims naming it an enemy
        self._parser = Knowledge(rules)
        self._cache: tuple[int, int, Beliefs] | None = None
        self._role_count = {r: max(1, s.count) for r, s in rules.roles.items()}

    # ---- the driver's hook -----------------------------------------------
    def day(self, at: str, alive: list[str], view_of: Callable[[str], View]) -> None:
        self.day_now = at
        self.alive = alive
        views: dict[str, dict[str, Any]] = {}

        def lazy(seat: str) -> View:
            def get() -> dict[str, Any]:
                v = views.get(seat)
                if v is None:
                    v = views[seat] = view_of(seat)()
                return v
            return get

        if alive:
            self.read_public(lazy(alive[0])())
        for rnd in range(ROUNDS):
            for seat in alive:
                bot = self.bots.get(seat)
                if bot is None:
                    continue
                for c in bot.speak(lazy(seat), self, rnd):
                    self.post(c, at, rnd)
        b = self.beliefs()
        lead = b.target(at, alive, self.order)
        if lead is not None:
            self.leads[at] = lead

    def post(self, claim: Claim, at: str, rnd: int) -> None:
        claim.at, claim.round = at, rnd
        self.claims.append(claim)
        if claim.kind != VOTE:
            self._facts += 1  # today's vote intentions do not change today's beliefs
        if claim.kind == CO:
            self.roles.setdefault(claim.speaker, claim.role or "")
            self.by_role.setdefault(claim.role or "", []).append(claim.speaker)
        elif claim.kind in (DIVINED, IDENTIFIED) and claim.faction != self.village \
                and claim.target is not None:
            self.accused.setdefault(claim.target, []).append(claim)

    # ---- public facts ----------------------------------------------------
    def read_public(self, view: dict[str, Any]) -> None:
        """Read the public events not read yet (every view holds the same ones)."""
        if not self.order:
            self.order = list(view["seats"])
        public = [e for e in view["events"] if e.to is None]
        for e in public[self._pub:]:
            if e.kind != "announce":
                continue
            text: str = e.text
            if text.startswith("昨夜出局"):
                for s in self._names(text):
                    self.night_outs.setdefault(s, e.at)
            elif text.startswith("昨夜无人出局"):
                self.quiet_nights.add(e.at)
            elif "的遗言：" in text:
                speaker, _, said = text.partition("的遗言：")
                self._last_words(speaker.strip(), said, e.at)
            elif text.startswith("投票：") and "→" in text:
                box = self.ballots.setdefault(e.at, {})
                for voter, target in _BALLOT.findall(text[3:]):
                    box[voter] = target
        self._pub = len(public)

    def _names(self, text: str) -> list[str]:
        return [s for s in self.order if s in text]

    def _last_words(self, speaker: str, said: str, at: str) -> None:
        """Last words in the talk format (`TalkBot.last_words`) become claims."""
        roles = [r for r in self.rules.roles if f"我是{r}" in said]
        if roles:
            self.post(Claim(speaker, CO, role=max(roles, key=len)), at, LAST_WORDS)
        for seg in _SPLIT.split(said):
            faction, rest = self._parser.faction_word(seg)
            seats = [s for s in self.order if s in rest and s != speaker]
            if faction is not None and len(seats) == 1 and "我是" not in seg:
                self.post(Claim(speaker, DIVINED, target=seats[0], faction=faction), at,
                          LAST_WORDS)

    # ---- reasoning -------------------------------------------------------
    def beliefs(self) -> Beliefs:
        # suspicion reads vote intentions of past days only (the days with a lead)
        key = (self._facts, self._pub + 1000 * len(self.leads))
        if self._cache is not None and self._cache[:2] == key:
            return self._cache[2]
        b = self._reason()
        self._cache = (*key, b)
        return b

    def _reason(self) -> Beliefs:
        b = Beliefs()
        results: dict[str, list[Claim]] = {}
        attacked: list[Claim] = []
        guarded: list[Claim] = []
        poisoned: set[str] = set()
        for c in self.claims:
            if c.kind == CO:
                if c.speaker in b.roles and b.roles[c.speaker] != c.role:
                    b.fake.add(c.speaker)  # claimed two roles
                b.roles.setdefault(c.speaker, c.role or "")
            elif c.kind in (DIVINED, IDENTIFIED):
                results.setdefault(c.speaker, []).append(c)
                b.roles.setdefault(c.speaker, "")
            elif c.kind == ATTACKED:
                attacked.append(c)
            elif c.kind == GUARDED:
                guarded.append(c)
            elif c.kind == POISONED and c.target is not None:
                poisoned.add(c.target)
        by_role: dict[str, list[str]] = {}
        for seat, role in b.roles.items():
            by_role.setdefault(role, []).append(seat)
        for role, group in by_role.items():
            live = [s for s in group if s not in b.fake]
            if not role or len(live) <= self._role_count.get(role, 1):
                b.trusted.update(live)
                continue
            real = {s for s in live if s in self.night_outs and s not in poisoned}
            real |= {c.target for c in attacked if c.target in live and c.speaker not in live}
            if not real:  # weaker: a guard's protection on a quiet night
                real = {c.target for c in guarded if c.target in live and c.speaker not in live
                        and c.night is not None and _next_day(c.night) in self.quiet_nights}
            for s in live:
                for c in results.get(s, ()):
                    t = c.target
                    if t is None:
                        continue
                    if c.faction != self.village and t in self.night_outs and t not in poisoned:
                        real.discard(s)  # accused a seat the wolves killed
                        b.fake.add(s)
            if real:
                b.trusted.update(s for s in live if s in real)
                b.fake.update(s for s in live if s not in real)
            else:
                b.contested.extend(s for s in live if s not in b.fake)
        # what believed speakers say
        for seat in b.trusted:
            for c in results.get(seat, ()):
                if c.target is None:
                    continue
                if c.faction == self.village:
                    b.good.add(c.target)
                else:
                    b.bad[c.target] = b.bad.get(c.target, 0) + 1
        for c in attacked:
            if c.speaker in b.trusted and c.target is not None:
                b.good.add(c.target)  # a pack does not kill its own
                for s, cs in results.items():
                    if any(x.target == c.target and x.faction != self.village for x in cs):
                        b.fake.add(s)
                        b.trusted.discard(s)
        for c in guarded:
            if c.speaker in b.trusted and c.target is not None and c.night is not None \
                    and _next_day(c.night) in self.quiet_nights:
                b.good.add(c.target)  # the quiet night suggests the guard stopped a kill
        for s in b.fake:
            b.bad[s] = b.bad.get(s, 0) + 2
        b.trusted -= b.fake
        for s in b.trusted:
            b.good.add(s)
        for s in list(b.good):
            if s in b.bad:
                b.good.discard(s)
        b.suspicion = self._suspicion(b)
        return b

    def _suspicion(self, b: Beliefs) -> dict[str, int]:
        """Who voted against the village's lead on a day the lead was an accused seat.
        Public ballots where the ruleset publishes them, else declared intentions."""
        out: dict[str, int] = {}
        intents: dict[str, dict[str, str]] = {}
        for c in self.claims:
            if c.kind == VOTE and c.target is not None:
                intents.setdefault(c.at, {})[c.speaker] = c.target
        parties = set(b.contested) | b.fake
        for day, lead in self.leads.items():
            box = self.ballots.get(day) or intents.get(day, {})
            for voter, target in box.items():
                # the accused and the claimants of a counter-claim vote for themselves;
                # anyone else who votes against the lead stands with the accused
                if target != lead and voter != lead and voter not in parties:
                    out[voter] = out.get(voter, 0) + (3 if target in b.trusted else 1)
        return out

    # ---- questions bots ask -----------------------------------------------
    def alive_set(self) -> set[str]:
        if self._alive_set[0] is not self.alive:
            self._alive_set = (self.alive, set(self.alive))
        return self._alive_set[1]

    def focal(self, at: str, alive: Sequence[str], out: Sequence[str]) -> list[str]:
        """`focal_order(alive, at, *alive, *out)`, kept per day and table: the order of
        any subset of `alive` is this order filtered (each seat's key is its own)."""
        key = (at, len(alive))
        got = self._focal.get(key)
        if got is None:
            got = self._focal[key] = focal_order(alive, at, *alive, *out)
        return got

    def claimed(self, seat: str) -> str | None:
        """The role `seat` claimed first, or None."""
        return self.roles.get(seat)


def _next_day(night: str) -> str:
    _, _, n = night.partition(" ")
    return f"day {int(n) + 1}" if n.isdigit() else ""

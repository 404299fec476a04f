"""`talk` bots: the heuristic bot plus a voice on the public board.

A TalkBot plays every skill the way the heuristic bot does, except where the
board changes the right choice:

- checkers (any skill whose feedback names a seat and a faction/role) keep
  their results private until one shows an enemy, then claim their role and
  every result; after that they post each new result the next day;
- a village seat whose role is claimed by another seat counter-claims (对跳),
  revealing its own results;
- the witch reports whom the kill fell on when that settles a counter-claim or
  an accusation, and whom she poisoned; the guard reports a protection that a
  quiet night suggests was a save;
- an enemy of the village accused by a claimant claims the accuser's role and
  accuses him back (wolves fake-claim; third parties lie the same way);
- the village votes the board's lead (`Beliefs.target`); a checker votes the
  enemy it found itself; the pack votes with the village unless the village
  goes for one of them, and then votes the accuser;
- the pack kills the village's believed claimants first (checkers, then the
  witch, then the guard), but leaves a counter-claimed checker alone: killing
  him would tell the village who was real;
- the guard protects the believed checker; the badge goes to a believed claimant.

Everything a TalkBot says comes from its own view (its notifications, its own
submitted actions, the public board) or is a declared invention (basis None).
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from typing import Any

from bansha.engine import Action, LegalAction, Ruleset

from ..heuristic import (
    ABSTAIN,
    AUTOPSY,
    BADGE,
    CHECK,
    KILL,
    POISON,
    PROTECT,
    SAVE,
    VOTE,
    VOTE_SKILLS,
    WORDS,
    HeuristicBot,
)
from .board import Beliefs, Board
from .protocol import (
    ATTACKED,
    CO,
    COUNTER,
    DIVINED,
    ESTIMATE,
    GUARDED,
    IDENTIFIED,
    OWN_ACTION,
    POISONED,
    Claim,
)
from .protocol import (
    VOTE as SAY_VOTE,
)

View = Callable[[], dict[str, Any]]
NO = object()  # "not decided here: ask the heuristic"
_SPLIT = re.compile(r"[；;，,。\n]")
# skill kinds whose night feedback a seat may want to talk about the next day
_INFORMED = frozenset((CHECK, AUTOPSY, SAVE, POISON))
_ROLE_KINDS: dict[str, dict[str, set[str]]] = {}  # ruleset id -> role -> its skill kinds


def _last_night(day: str) -> str:
    _, _, n = day.partition(" ")
    return f"night {int(n) - 1}" if n.isdigit() else ""


class TalkBot:
    name = "talk"
    multi_action = True  # as the heuristic: the driver may ask again in one window

    def __init__(self, rules: type[Ruleset], board: Board) -> None:
        self.h = HeuristicBot(rules)
        self.rules = rules
        self.board = board
        # (night, target, faction, kind, event index): what my own checks told me
        self.results: list[tuple[str, str, str, str, int]] = []
        self.kills: list[tuple[str, str, int]] = []  # (night, seat, event index): kill feedback
        self.acted: list[tuple[str, str, str]] = []  # (phase, skill, target) I submitted
        self.said: set[tuple[str, str]] = set()  # (kind, target) already posted
        self.revealed = False
        self.fake: list[tuple[str, str]] = []  # (target, faction) I claimed falsely
        self.fake_role: str | None = None
        self.muted = False
        self.intent: dict[str, str] = {}  # day -> the vote I announced
        self.done: set[tuple[str, str]] = set()
        self.backfire: str | None = None  # the seat whose check sent me out (a hint)
        self._seen = 0
        self._kinds: dict[str, str] = {}
        self._skills: tuple[str, ...] = ()
        self._names: list[str] = []
        # what the last view said of me (the talk rounds read a view only when needed)
        self.me = ""
        self.role = ""
        self.faction = ""
        self.pack: set[str] = set()
        self.kinds: set[str] = set()
        # a post whose skills can silence a seat (S15's 癫狂): read the news every day
        self.mutable = bool(HINTS.get(rules.id, {}).get("mute"))
        role_kinds = _ROLE_KINDS.get(rules.id)
        if role_kinds is None:
            role_kinds = {r: {self.kind(s) for s in spec.skills} for r, spec in rules.roles.items()}
            _ROLE_KINDS[rules.id] = role_kinds
        self.role_kinds = role_kinds

    def kind(self, skill: str) -> str:
        k = self._kinds.get(skill)
        if k is None:
            k = self._kinds[skill] = self.h.kind(skill)
        return k

    # ---- reading my own view ------------------------------------------------
    def _read(self, v: dict[str, Any]) -> None:
        events = v["events"]
        if len(events) == self._seen and self.me:
            return  # nothing new since I last read (a seat's event list only grows)
        me: str = v["seat"]
        self.me, self.role, self.faction = me, v["role"], v["faction"]
        group = v.get("group")
        self.pack = {s for members in group.values() for s in members} if group else set()
        skills = tuple(v["skills"])
        if skills != self._skills:
            self._skills = skills
            self.kinds = {self.kind(s) for s in skills}
        if not self._names:
            self._names = [n for n in v["seats"] if n != me]
        names = self._names
        know = self.h.know
        know.words = {}  # the board judges last words; see _inject
        know.read(events, me, names)
        for i in range(self._seen, len(events)):
            e = events[i]
            if e.kind != "notify" or e.to is None or me not in e.to:
                continue
            text: str = e.text
            if "癫狂状态" in text or "假死状态" in text:
                self.muted = "解除" not in text
            if not e.skill:
                if text.startswith("你已出局") and self.acted:
                    self._backfired(e.at)
                continue
            kind = self.kind(e.skill)
            if kind in (CHECK, AUTOPSY):
                for seg in _SPLIT.split(text):
                    faction, rest = know.faction_word(seg)
                    seats = [n for n in names if n in rest]
                    if faction is not None and len(seats) == 1:
                        self.results.append((e.at, seats[0], faction,
                                             IDENTIFIED if kind == AUTOPSY else DIVINED, i))
                    elif faction is None and seats and "杀" in text:
                        self.kills.extend((e.at, s, i) for s in seats)
        self._seen = len(events)

    def _backfired(self, at: str) -> None:
        """Out in the night I checked a seat that got me no answer: by the post's text
        (a per-ruleset hint), that seat is the one whose skill sends a checker out."""
        if not HINTS.get(self.rules.id, {}).get("check_backfire"):
            return
        checks = [t for (p, s, t) in self.acted if p == at and self.kind(s) == CHECK]
        answered = {t for (n, t, *_rest) in self.results if n == at}
        left = [t for t in checks if t not in answered]
        if left:
            self.backfire = left[-1]

    # ---- the board --------------------------------------------------------
    def speak(self, view: View, board: Board, rnd: int) -> list[Claim]:
        # A view is the dear part of a game: read one only when what I may say depends
        # on news of last night (my checks, the kill I was shown) or I know nothing yet.
        if not self.me or (rnd == 0 and (self.kinds & _INFORMED or self.mutable)):
            self._read(view())
        if self.muted:
            return []
        if rnd == 0:
            return self._reveal()
        if rnd in (1, 2):
            return self._respond(rnd)
        return self._intend()

    def _evil(self) -> bool:
        return self.faction in self.rules.factions and self.faction != self.board.village

    def _say(self, out: list[Claim], c: Claim) -> None:
        key = (c.kind, c.target or c.role or "")
        if key not in self.said:
            self.said.add(key)
            out.append(c)

    def _claim_results(self, out: list[Claim]) -> None:
        me = self.me
        if not self.revealed:
            self.revealed = True
            self._say(out, Claim(me, CO, role=self.role))
        for night, t, f, kind, i in self.results:
            self._say(out, Claim(me, kind, target=t, faction=f, night=night, basis=i))

    def _reveal(self) -> list[Claim]:
        out: list[Claim] = []
        if self._evil() or not self.results:
            return out
        if self.revealed or any(f != self.board.village for _n, _t, f, _k, _i in self.results):
            self._claim_results(out)
        return out

    def _respond(self, rnd: int) -> list[Claim]:
        out: list[Claim] = []
        board, me, at = self.board, self.me, self.board.day_now
        evil = self._evil()
        if not evil and rnd == 2 and not self.kills and not self.acted and not self.results:
            return out  # a plain villager: nothing to answer, nothing to report
        alive = board.alive_set()
        night = _last_night(at)
        if evil:
            pack = self.pack
            if self.fake_role is None and board.claimed(me) is None:
                for c in board.accused.get(me, ()):
                    if c.speaker not in pack and c.speaker != me:
                        role = board.claimed(c.speaker)
                        if role is None:
                            continue
                        self.fake_role = role
                        self.fake.append((c.speaker, board.wolves))
                        out += [Claim(me, CO, role=role),
                                Claim(me, DIVINED, target=c.speaker, faction=board.wolves,
                                      night=night),
                                Claim(me, COUNTER, target=c.speaker, role=role)]
                        break
            return out
        role = self.role
        rivals = [s for s in board.by_role.get(role, ()) if s != me and s in alive]
        count = max(1, self.rules.roles[role].count) if role in self.rules.roles else 1
        if rivals and len(rivals) >= count:
            self._claim_results(out)
            for r in rivals:
                self._say(out, Claim(me, COUNTER, target=r, role=role))
                self._say(out, Claim(me, ESTIMATE, target=r, faction=board.wolves))
        if rnd == 1:
            return out  # reports answer the counter-claims: they come next round
        b = board.beliefs()
        for n, t, i in self.kills:
            if n != night:
                continue
            accused = t in board.accused
            if t in b.contested or accused:
                self._say(out, Claim(me, CO, role=role))
                self._say(out, Claim(me, ATTACKED, target=t, night=n, basis=i))
        for phase, skill, t in self.acted:
            if phase != night:
                continue
            kind = self.kind(skill)
            if kind == POISON:
                self._say(out, Claim(me, CO, role=role))
                self._say(out, Claim(me, POISONED, target=t, night=phase, basis=OWN_ACTION))
            elif kind == PROTECT and at in board.quiet_nights and t in b.roles and t != me:
                self._say(out, Claim(me, CO, role=role))
                self._say(out, Claim(me, GUARDED, target=t, night=phase, basis=OWN_ACTION))
        return out

    def _intend(self) -> list[Claim]:
        board = self.board
        at = board.day_now
        if at in self.h.know.elections:
            return []
        live = set(board.alive)
        out = [s for s in board.order if s not in live]
        t = self._vote_target(at, board.alive, out, board.alive)
        if t is None:
            return []
        self.intent[at] = t
        return [Claim(self.me, SAY_VOTE, target=t)]

    # ---- decisions ------------------------------------------------------------
    def _vote_target(self, at: str, alive: list[str], out: list[str],
                     targets: list[str]) -> str | None:
        b = self.board.beliefs()
        me = self.me
        cand = [t for t in targets if t != ABSTAIN and t != me]
        if not cand:
            return None
        order = self.board.order or [*alive, *out]
        lead = b.target(at, alive, order)
        if self._evil():
            pack = self.pack | {me}
            if lead is not None and lead not in pack and lead in cand:
                return lead
            if lead is not None:
                accusers = [c.speaker for c in self.board.accused.get(lead, ())
                            if c.speaker not in pack and c.speaker in cand]
                if accusers:
                    return accusers[0]
            return None
        mine = [t for _n, t, f, _k, _i in self.results if f != self.board.village and t in cand]
        if mine:
            return mine[0]
        if self.backfire in cand:
            return self.backfire
        known_good = {t for _n, t, f, _k, _i in self.results if f == self.board.village}
        if lead is not None and lead in cand and lead not in known_good:
            return lead
        if me in b.contested:  # my rival lies: I know it, the village does not
            rivals = [s for s in b.contested if s in cand]
            if rivals:
                return rivals[0]
        # no lead: the village's focal seat, sparing the cleared and a checker whose
        # rival went out (he may be the real one)
        order2 = self.board.focal(at, alive, out)
        pool = set(cand)
        return next((t for t in order2 if t in pool and t not in b.good and t not in known_good
                     and t not in b.contested), None)

    def _inject(self, b: Beliefs) -> None:
        """The heuristic reads `know.words` as the seats the village accuses: give it
        the board's accused seats (so the witch poisons, a shooter shoots, them)."""
        if self.pack:
            return
        words = {s: self.board.wolves for s in b.bad if s != self.me}
        if self.backfire is not None:
            words[self.backfire] = self.board.wolves
        self.h.know.words = words

    def act(self, view: View, legal: list[LegalAction], rng: random.Random) -> Action | None:
        if all(la.skill == "改票" for la in legal):
            return None
        v = view()
        self._read(v)
        b = self.board.beliefs()
        self._inject(b)
        at: str = v["at"]
        for la in legal:
            if (at, la.skill) in self.done:
                continue
            got = self._decide(la, v, b, rng)
            if got is not NO:
                if got is not None:
                    assert isinstance(got, Action)
                    self.done.add((at, la.skill))
                    self._remember(at, got)
                    return got
        a = self.h.act(lambda: v, legal, rng)
        if a is not None:
            self._remember(at, a)
        return a

    def _remember(self, at: str, a: Action) -> None:
        if a.target is not None and a.skill not in VOTE_SKILLS:
            self.acted.append((at, a.skill, a.target))

    def _decide(self, la: LegalAction, v: dict[str, Any], b: Beliefs,
                rng: random.Random) -> Action | object | None:
        kind = self.kind(la.skill)
        me, at = v["seat"], v["at"]
        targets = [t for t in la.targets if t != ABSTAIN]
        if kind == VOTE:
            if la.skill != "投票" or at in self.h.know.elections:
                return NO
            t = self.intent.get(at)
            if t is None or t not in targets:
                t = self._vote_target(at, v["alive"], v["out"], targets)
            return NO if t is None else Action(la.seat, la.skill, target=t)
        if kind == WORDS and la.needs_text:
            return Action(la.seat, la.skill, text=self.last_words())
        if la.n_targets != 1:
            return NO
        if kind == KILL and la.team:
            pack = self.pack | {me}
            t = self._prey(b, targets, pack)
            return NO if t is None else Action(la.seat, la.skill, target=t)
        if kind == PROTECT:
            t = self._ward(b, targets)
            return NO if t is None else Action(la.seat, la.skill, target=t)
        if kind == CHECK and not self._evil():
            known = {t for _n, t, *_r in self.results}
            fresh = [t for t in targets if t not in known and t != me and t not in b.trusted]
            if not fresh:
                return NO
            top = max(b.suspicion.get(t, 0) for t in fresh)
            pool = [t for t in fresh if b.suspicion.get(t, 0) == top]
            return Action(la.seat, la.skill, target=pool[int(rng.random() * len(pool))])
        if kind == BADGE:
            heirs = [t for t in targets if t in b.trusted and t != me]
            return Action(la.seat, la.skill, target=heirs[0]) if heirs else NO
        if kind == SAVE:
            hit = [t for n, t, _i in self.kills if n == at and t in targets and t in b.trusted]
            return Action(la.seat, la.skill, target=hit[0]) if hit else NO
        return NO

    def _rank(self, role: str) -> int:
        kinds = self.role_kinds.get(role, set())
        if kinds & {CHECK, AUTOPSY}:
            return 0
        if kinds & {SAVE, POISON}:
            return 1
        if PROTECT in kinds:
            return 2
        return 3

    def _prey(self, b: Beliefs, targets: list[str], pack: set[str]) -> str | None:
        # believed village claimants first; a counter-claimed checker is left alive
        live = [s for s in targets if s in b.trusted and s not in pack]
        if not live:
            return None
        return min(live, key=lambda s: self._rank(b.roles.get(s, "")))

    def _ward(self, b: Beliefs, targets: list[str]) -> str | None:
        live = [s for s in targets if s in b.trusted]
        if not live:
            return None
        return min(live, key=lambda s: self._rank(b.roles.get(s, "")))

    def last_words(self) -> str:
        """Last words in the talk format (the board reads them back as claims)."""
        if self.fake_role is not None:
            found = "；".join(f"{t}={f}" for t, f in self.fake)
            return f"我是{self.fake_role}。查验：{found}"
        if self._evil():
            return "过"
        found_list = [f"{t}={f}" for _n, t, f, _k, _i in self.results]
        if self.backfire is not None:
            found_list.append(f"{self.backfire}={self.board.wolves}")
        if not found_list:
            return "我是好人，没有信息"
        return f"我是{self.role}。查验：" + "；".join(found_list)


# Per-ruleset hints: small facts of a post the bots cannot read from skill kinds.
# m47-yeliang: 侵蚀 — "若你成为神明的<神音>技能的指定对象时，神明立即出局": a 神明 who goes
# out the night he checked a seat (with no answer) knows that seat is the 野良.
# s15-official: 癫狂/假死 — "角色不能正常讨论": a maddened seat posts no claims.
HINTS: dict[str, dict[str, str]] = {"m47-yeliang": {"check_backfire": "1"},
                                    "s15-official": {"mute": "1"}}

"""Bots that play with intent: `heuristic` (a plausible human) and `uniform`
(the policy of Migdał's model, for validating the simulator).

Both see only what the engine gives a seat: the lazy `view` (events the seat
may see, its role, faction, skills, groups) and the `legal` actions. The rule
post itself is public, so the heuristic bot may read the ruleset's data (skill
texts, role → faction, faction aliases) to classify skills and decode feedback;
it never reads the game state.

The heuristic is rule-agnostic: a skill is classified by what its name and
text say (kill, check, protect, save, poison, shoot, badge, recruit), feedback
is decoded by finding a seat name and a faction/role word in a private
notification, and coordination uses only shared knowledge (the pack decides
from its members' common view; the village follows a focal order derived from
public facts, the way a forum village follows its sheriff's 归票). Per-ruleset
hints (`HINTS`) override the classifier where the text misleads it.
"""

from __future__ import annotations

import random
import re
import weakref
import zlib
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from bansha.engine import Action, LegalAction, Ruleset, SkillSpec, get_ruleset, ruleset_ids

from .m125_record import M125Advisor

# the same lazy view as bots.View (bots.py registers these bots, so no import back)
View = Callable[[], dict[str, Any]]

ABSTAIN = "弃权"
VOTE_SKILLS = ("投票", "改票")

KILL = "kill"
CHECK = "check"
AUTOPSY = "autopsy"
PROTECT = "protect"
SAVE = "save"
POISON = "poison"
SHOOT = "shoot"
BADGE = "badge"
RECRUIT = "recruit"
WORDS = "lastwords"
VOTE = "vote"
UNKNOWN = "unknown"

# Small per-ruleset overrides: {ruleset id: {skill: kind}}. Empty today, because
# the classifier reads every M47 skill right; a ruleset whose texts mislead it
# adds one line here rather than code.
HINTS: dict[str, dict[str, str]] = {}
# Per-ruleset decisions the kinds cannot express (a ruleset's own module, e.g.
# sim/m192.py, registers one): policy(bot, legal, ctx) -> (action or None,) when it
# decides, None to leave the legal action to the generic rules below.
Policy = Callable[["HeuristicBot", LegalAction, "_Ctx"], "tuple[Action | None] | None"]
POLICIES: dict[str, Policy] = {}

_SPLIT = re.compile(r"[；;，,。\n]")


def classify(skill: str, spec: SkillSpec | None = None, hints: dict[str, str] | None = None) -> str:
    """What a skill does, from its name and (when known) its text and target range."""
    if hints and skill in hints:
        return hints[skill]
    if skill in VOTE_SKILLS:
        return VOTE
    if skill == "遗言":
        return WORDS
    if "救" in skill:
        return SAVE
    if "毒" in skill:
        return POISON
    if "杀" in skill or "刀" in skill:
        return KILL
    text = spec.text if spec is not None else ""
    target = spec.target if spec is not None else "alive"
    if "警长" in skill or "警徽" in text or "移交警长" in text:
        return BADGE
    if "共群" in text or "召唤" in skill:
        return RECRUIT
    if any(w in skill + text for w in ("保护", "免疫", "守护", "守卫")):
        return PROTECT
    if any(w in skill + text for w in ("致死", "带走", "开枪", "枪")):
        return SHOOT
    if any(w in skill + text for w in ("反馈", "查验", "得知", "预言", "验人")):
        return AUTOPSY if target == "dead" else CHECK
    if "指杀" in text:
        return KILL
    return UNKNOWN


def _crc(*parts: object) -> int:
    # str hash() is salted per process; crc32 gives every bot the same number
    return zlib.crc32("|".join(map(str, parts)).encode())


def focal_order(seats: Sequence[str], *salt: object) -> list[str]:
    """A pseudo-random order of `seats` that every seat sharing `salt` computes alike."""
    base = _crc(*salt)
    return sorted(seats, key=lambda s: (zlib.crc32(s.encode(), base), s))


class Knowledge:
    """What one seat has learned from its own view, updated incrementally."""

    def __init__(self, rules: type[Ruleset] | None) -> None:
        self.rules = rules
        self.seen = 0  # events already read (a seat's event list only grows)
        self.faction_of: dict[str, str] = {}  # seat -> faction learned from feedback
        # phase -> seats reported killed there; a dict, not a set: string hashing is
        # salted per process and the order must not differ between workers
        self.killed: dict[str, dict[str, None]] = {}
        self.words: dict[str, str] = {}  # seat -> faction claimed in public last words
        self.elections: set[str] = set()  # phases whose vote elects a sheriff
        tokens: dict[str, str] = {}
        if rules is not None:
            for r in rules.roles.values():
                tokens[r.name] = r.faction
                for a in r.aliases:
                    tokens.setdefault(a, r.faction)
            for f in rules.factions:
                tokens[f] = f
            for alias, f in rules.faction_aliases.items():
                if not alias.isascii():
                    tokens[alias] = f
        # longest first, so 野良阵营 wins over 野良 and 伤心的村民 over 村民
        self.tokens = sorted(tokens.items(), key=lambda kv: -len(kv[0]))

    def faction_word(self, text: str) -> tuple[str | None, str]:
        """The first faction/role word in `text` (its faction) and the text without words."""
        best: tuple[int, str, str] | None = None
        for word, faction in self.tokens:
            i = text.find(word)
            if i >= 0 and (best is None or i < best[0]):
                best = (i, word, faction)
        if best is None:
            return None, text
        i, word, faction = best
        if "不是" in text[:i] or text[max(0, i - 1):i] == "非":
            return None, text  # "乙 不是野良" says what 乙 is not
        stripped = text
        for w, _ in self.tokens:
            stripped = stripped.replace(w, " ")
        return faction, stripped

    def read(self, events: Sequence[Any], me: str, names: Iterable[str]) -> None:
        names = [n for n in names if n != me]
        for e in events[self.seen:]:
            if e.kind == "notify" and e.to is not None and e.skill:
                self._feedback(e.at, e.text, names)
            elif e.kind == "announce" and "遗言" in e.text:
                speaker, _, said = e.text.partition("的遗言")
                self._claims(said, names, speaker.strip())
            elif e.kind == "announce" and "警长" in e.text and ("选" in e.text
                                                               or "确定警长" in e.text):
                # "警长竞选" (M47, m125), "计票确定警长" (S15's day 1)
                self.elections.add(e.at)
        self.seen = len(events)

    def _feedback(self, at: str, text: str, names: list[str]) -> None:
        for seg in _SPLIT.split(text):
            faction, rest = self.faction_word(seg)
            seats = [n for n in names if n in rest]
            if faction is not None and len(seats) == 1:
                self.faction_of[seats[0]] = faction
            elif faction is None and seats and "杀" in text:
                self.killed.setdefault(at, {}).update(dict.fromkeys(seats))

    def _claims(self, said: str, names: list[str], speaker: str) -> None:
        for seg in _SPLIT.split(said):
            faction, rest = self.faction_word(seg)
            seats = [n for n in names if n in rest and n != speaker]
            if faction is not None and len(seats) == 1:
                self.words[seats[0]] = faction


class HeuristicBot:
    """A plausible human, driven by skill kinds and feedback (see the module doc)."""

    name = "heuristic"
    multi_action = True  # the driver may ask again after each accepted action

    def __init__(self, rules: type[Ruleset] | None = None) -> None:
        self.done: set[tuple[str, str]] = set()  # (phase, skill) already submitted
        self._learn(rules)
        self._guessed = rules is not None

    def _learn(self, rules: type[Ruleset] | None) -> None:
        self.rules = rules
        self.hints = HINTS.get(rules.id, {}) if rules is not None else {}
        self.policy = POLICIES.get(rules.id) if rules is not None else None
        self.know = Knowledge(rules)
        # m125 targets cards and replays a record: its own advisor (m125_record.py)
        self.m125 = M125Advisor() if rules is not None and rules.id == "m125-hongmao" else None

    def _guess_rules(self, v: dict[str, Any]) -> None:
        """Made without a ruleset (`bansha play --bots heuristic`): find the rule post
        whose roles hold this seat's role and skills. Rule posts are public."""
        self._guessed = True
        mine = set(v["skills"])
        for rid in ruleset_ids():
            rules = get_ruleset(rid)
            spec = rules.roles.get(v["role"])
            if spec is not None and mine <= set(rules.skills):
                self._learn(rules)
                return

    # ---- helpers -----------------------------------------------------------
    def kind(self, skill: str) -> str:
        spec = self.rules.skills.get(skill) if self.rules is not None else None
        return classify(skill, spec, self.hints)

    def act(self, view: View, legal: list[LegalAction], rng: random.Random) -> Action | None:
        if all(la.skill == "改票" for la in legal):
            return None  # never changes a vote: spare the view (it is the dear part)
        v = view()
        if not self._guessed:
            self._guess_rules(v)
        me: str = v["seat"]
        at: str = v["at"]
        alive: list[str] = v["alive"]
        self.know.read(v["events"], me, [*alive, *v["out"]])
        if self.m125 is not None:
            self.m125.read(v)
        pack = sorted({s for members in v.get("group", {}).values() for s in members})
        mine: str = v["faction"]
        friends = {s for s, f in self.know.faction_of.items() if f == mine} | set(pack) | {me}
        enemies = [s for s in alive if self.know.faction_of.get(s, mine) != mine]
        if not pack:
            # the village trusts checkers' public last words; a pack needs none
            enemies += [s for s in alive if s not in enemies and s not in friends
                        and self.know.words.get(s, mine) != mine]
        ctx = _Ctx(me, at, alive, pack, friends, enemies, v, rng)
        for la in sorted(legal, key=lambda la: _PRIORITY.get(self.kind(la.skill), 9)):
            if (at, la.skill) in self.done and la.skill != "殉职":
                continue
            a = self._decide(la, ctx)
            if a is not None:
                self.done.add((at, la.skill))
                return a
        return None

    def _decide(self, la: LegalAction, c: _Ctx) -> Action | None:
        if self.policy is not None:
            own = self.policy(self, la, c)
            if own is not None:
                return own[0]
        kind = self.kind(la.skill)
        targets = [t for t in la.targets if t != ABSTAIN]
        if la.needs_text:
            return Action(la.seat, la.skill, text=self._last_words(c))
        if self.m125 is not None and la.skill == "身份顺序":
            first = self.m125.order_choice(la)
            return None if first is None else Action(la.seat, la.skill, choice=first)
        if la.n_targets == 0:
            if la.optional:
                return None
            choice = la.choices[c.rng.randrange(len(la.choices))] if la.choices else None
            return Action(la.seat, la.skill, choice=choice)
        if la.n_targets > 1:
            if la.optional or len(targets) < la.n_targets:
                return None
            return Action(la.seat, la.skill, targets=tuple(c.rng.sample(targets, la.n_targets)))
        decided: tuple[str | None] | None = None
        if self.m125 is not None:
            decided = self.m125.own_skill(
                la, targets, c.view, c.pack,
                lambda seq: focal_order(seq, c.at, *c.pack, *c.alive, *c.view["out"])[0])
        t = self._target(kind, la, targets, c) if decided is None else decided[0]
        if t is None and not la.optional and targets:
            t = targets[c.rng.randrange(len(targets))]
        return None if t is None else Action(la.seat, la.skill, target=t)

    def _target(self, kind: str, la: LegalAction, targets: list[str], c: _Ctx) -> str | None:
        if kind == VOTE and la.skill == "改票":
            return None
        if self.m125 is not None and kind in _M125_KINDS:
            return self.m125.target(
                kind, la, targets, c.at, c.view, c.pack,
                lambda seq: seq[c.rng.randrange(len(seq))],
                lambda seq: focal_order(seq, c.at, *c.pack, *c.alive, *c.view["out"])[0])
        others = [t for t in targets if t not in c.friends]
        known_bad = [t for t in c.enemies if t in targets]
        if kind == VOTE:
            return self._vote(targets, c)
        if kind == KILL:
            if not others:
                return None
            pick = focal_order(others, c.at, *c.pack, *c.alive)
            sheriff = c.view.get("sheriff")
            if known_bad:
                pick = [*known_bad, *pick]
            elif sheriff in others:
                pick = [sheriff, *pick]
            # a second kill (双刀) goes to the pack's second choice, not the same seat
            return pick[1] if (not la.team and c.pack and len(pick) > 1) else pick[0]
        if kind == RECRUIT:
            order = focal_order(others, "recruit", c.at, *c.pack)
            return order[0] if others and _crc(c.at, *c.pack) % 2 == 0 else None
        if kind == CHECK:
            fresh = [t for t in others if t not in self.know.faction_of]
            return fresh[c.rng.randrange(len(fresh))] if fresh else None
        if kind == AUTOPSY:
            fresh = [t for t in targets if t not in self.know.faction_of]
            return fresh[c.rng.randrange(len(fresh))] if fresh else None
        if kind == PROTECT:
            sheriff = c.view.get("sheriff")
            for t in (sheriff, c.me):
                if t in targets and t not in c.enemies:
                    return t
            safe = [t for t in targets if t not in c.enemies]
            return safe[c.rng.randrange(len(safe))] if safe else None
        if kind == SAVE:
            # save early: whoever the feedback says is being killed tonight
            hit = [t for t in self.know.killed.get(c.at, {}) if t in targets]
            hit = [t for t in hit if t not in c.enemies]
            return hit[0] if hit else None
        if kind in (POISON, SHOOT):
            return known_bad[0] if known_bad else None
        if kind == BADGE:
            heirs = [t for t in targets if t in c.friends and t != c.me]
            if not heirs:
                heirs = [t for t in focal_order(targets, c.at, "badge") if t not in c.enemies]
            return heirs[0] if heirs else None
        return None

    def _vote(self, targets: list[str], c: _Ctx) -> str | None:
        if not targets:
            return None
        election = c.at in self.know.elections
        # public facts only, so every village bot derives the same order (归票)
        order = focal_order(targets, c.at, *c.alive, *c.view["out"])
        if election:
            # the village rallies behind one focal candidate; a pack behind its own
            if c.pack:
                mates = [t for t in order if t in c.pack]
                return mates[0] if mates else order[0]
            return next((t for t in order if t not in c.enemies), order[0])
        bad = [t for t in c.enemies if t in targets]
        if bad and not c.pack:
            return bad[0]
        return next((t for t in order if t not in c.friends), None)

    def _last_words(self, c: _Ctx) -> str:
        if c.pack:
            return "过"  # a wolf has nothing he wants the village to know
        found = [f"{s}={f}" for s, f in self.know.faction_of.items()]
        return "查验：" + "；".join(found) if found else "我是好人，没有信息"


_M125_KINDS = frozenset({KILL, SHOOT, POISON, VOTE, CHECK, SAVE, PROTECT})
_PRIORITY = {WORDS: 0, BADGE: 0, SHOOT: 0, SAVE: 1, POISON: 1, KILL: 2, RECRUIT: 3,
             CHECK: 4, AUTOPSY: 4, PROTECT: 4, VOTE: 5}


class _Ctx:
    __slots__ = ("alive", "at", "enemies", "friends", "me", "pack", "rng", "view")

    def __init__(self, me: str, at: str, alive: list[str], pack: list[str], friends: set[str],
                 enemies: list[str], view: dict[str, Any], rng: random.Random) -> None:
        self.me, self.at, self.alive, self.pack = me, at, alive, pack
        self.friends, self.enemies, self.view, self.rng = friends, enemies, view, rng


# ---------------------------------------------------------------------------
# uniform: Migdał's model

_TABLES: weakref.WeakKeyDictionary[random.Random, dict[tuple[str, ...], tuple[str, set[str]]]] = (
    weakref.WeakKeyDictionary()
)


class UniformBot:
    """Kill skills hit a uniformly random legal target; every voter votes for the
    same uniformly random candidate (the village lynches "as one").

    The bots of one game share the driver's rng, so the shared choice is kept
    per rng: the first voter of a day draws it, the others follow. A new day is
    recognised when a seat that already followed asks again. It never calls the
    view: the classic validation plays 10⁵ games and the view is the dear part.
    """

    name = "uniform"

    def act(self, view: View, legal: list[LegalAction], rng: random.Random) -> Action | None:
        for la in legal:
            if la.skill == "投票":
                table = _TABLES.get(rng)
                if table is None:
                    table = _TABLES[rng] = {}
                entry = table.get(la.targets)
                if entry is None or la.seat in entry[1]:
                    cands = [t for t in la.targets if t != ABSTAIN]
                    if not cands:
                        continue
                    entry = (cands[rng.randrange(len(cands))], set())
                    table[la.targets] = entry
                entry[1].add(la.seat)
                return Action(la.seat, la.skill, target=entry[0])
        for la in legal:
            if la.skill in VOTE_SKILLS or la.n_targets != 1 or not la.targets:
                continue
            if classify(la.skill) == KILL or not la.optional:
                return Action(la.seat, la.skill, target=la.targets[rng.randrange(len(la.targets))])
        return None

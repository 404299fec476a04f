"""The game: a value you ask questions of and push inputs into.

    game = Game.new("m47-yeliang", players, seed=7)
    game.pending(); game.legal(seat); game.submit(action); game.advance()
    game.view(seat); game.public_view(); game.outcome(); game.log
    Game.replay(game.log)

Inputs are validated and logged; a refused input is answered with Rejected and
a `rejected` event and changes nothing else. Resolution of a phase runs as a
generator that yields Prompts for choices arising mid-resolution; a prompt is
answered by a matching submission (made earlier or now) or, when the window
closes, by the rule's default.
"""

from __future__ import annotations

import random
from collections.abc import Generator, Sequence
from dataclasses import dataclass
from typing import Any, Final

from .abilities import Ability, Use, UseBook, ability_of
from .actions import ACCEPTED, Accepted, Action, Answer, LegalAction, Prompt, Rejected
from .bus import Bus
from .cards import Card, Recorded, RoundRecord, resolve_ref, seat_faction
from .events import DIRECTOR, Event
from .factions import WinChecker
from .held import HeldSkill, Origin, SkillTable
from .input_shape import named, shape_reason
from .lastwords import LastWords
from .log import GameLog
from .moment import Calendar, Moment, NewsBuffer
from .penalties import CardLedger, normalise_colour
from .phase import Phase, name_rounds
from .registry import get_ruleset
from .ring import Ring
from .ruleset import DEFAULT_NAMES, Resolution, Ruleset
from .seats import SeatState
from .secrecy import may_see
from .shape import Shape
from .speedup import DIRECTOR_SEAT, SPEEDUP, accelerate, change_refusal
from .speedup import refusal as speedup_refusal
from .statuses import StatusBook
from .votes import ABSTAIN, VoteBox
from .window import WindowRun


class SetupError(ValueError):
    """A game cannot be created as asked (bad players, roles or options)."""


class GameOver(Exception):
    """Raised inside resolution once a winner is declared: nothing else resolves."""


@dataclass(init=False)  # __init__ written out: see engine/actions.py, Action
class PhaseRecord:
    at: str
    outs: list[tuple[str, str]]
    sheriff: str | None
    alive: list[str] | None  # filled when the phase closes

    def __init__(self, at: str, outs: list[tuple[str, str]] | None = None,
                 sheriff: str | None = None, alive: list[str] | None = None) -> None:
        self.at = at
        self.outs = [] if outs is None else outs
        self.sheriff = sheriff
        self.alive = alive


@dataclass(init=False)  # __init__ written out, not frozen: see engine/actions.py, Action
class Outcome:
    finished: bool
    winner: str | None
    at: str

    def __init__(self, finished: bool, winner: str | None, at: str) -> None:
        self.finished = finished
        self.winner = winner
        self.at = at


class Game:
    # ------------------------------------------------------------------ setup
    def __init__(self, ruleset: Ruleset, log: GameLog, roles: list[list[str]]) -> None:
        self.ruleset = ruleset
        self.log = log
        self.rng = random.Random(log.seed)
        names = [self._player_name(p) for p in log.players] if log.players else []
        self.order: tuple[str, ...] = tuple(names)
        self.ring = Ring(self.order)
        self.seats: dict[str, SeatState] = {}
        order = ruleset.faction_order
        for name, cards in zip(self.order, roles, strict=True):
            if len(cards) == 1 and not order:  # one card: its faction, the card made later
                seat = SeatState(name, list(cards), ruleset.roles[cards[0]].faction)
            else:
                hand = [Card(name, i, r, ruleset.roles[r].faction)
                        for i, r in enumerate(cards, 1)]
                seat = SeatState(name, list(cards), seat_faction(hand, order), cards=hand)
            self.seats[name] = seat
        self.phase: Phase = ruleset.opening_phase()
        self._label = self.phase.label
        self.events: list[Event] = []
        self.phases: list[PhaseRecord] = []
        self.sheriff: str | None = None
        self.groups: dict[str, list[str]] = {}
        self.cards = CardLedger()
        self.accelerated_on: str | None = None  # the day 加速 was entered on (speedup.py)
        self.lastwords = LastWords()  # the ruleset sets its limit in setup()
        self.sent_off_pending: list[str] = []
        self.votes = VoteBox()
        self.finished = False
        self.winner: str | None = None
        self.wins: WinChecker[Game] = WinChecker(ruleset.win_rules(), ruleset.win_priority)
        self._resolution: Driven | None = None  # the running resolution, as _to_end has it
        self._immediate = False  # the running resolution is a resolve_now one
        self._prompt: Prompt | None = None
        self._later: list[str] = []  # night announcements published at the next day start
        self._vote_cache: tuple[int, tuple[str, ...]] | None = None
        self._alive_cache: tuple[str, ...] | None = None
        # every skill held, by seat or card (held.py): a plain attribute, not a Shape
        # part behind a property, because legality reads it for every seat and skill
        self.held = SkillTable()
        self._init_shape()
        ruleset.setup(self)
        self._open_phase(self.phase)

    @staticmethod
    def _player_name(p: Any) -> str:
        if type(p) is str:
            return p
        if isinstance(p, dict):
            return str(next(iter(p)))
        if isinstance(p, list | tuple):
            return str(p[0])
        return str(p)

    @classmethod
    def new(
        cls,
        ruleset: str | type[Ruleset],
        players: Sequence[Any] | int,
        seed: int = 0,
        options: dict[str, Any] | None = None,
    ) -> Game:
        """Create a game. `players` is a count, a list of names (roles dealt with the
        seed), or a list of {name: role} / (name, role) with roles fixed by hand
        (a role may be a list of cards). Raises SetupError with a clear message."""
        try:
            rs_cls = get_ruleset(ruleset) if isinstance(ruleset, str) else ruleset
        except KeyError as e:
            raise SetupError(str(e.args[0])) from None
        try:
            opts = rs_cls.resolve_options(dict(options or {}))
        except ValueError as e:
            raise SetupError(str(e)) from None
        rs = rs_cls(options=opts)
        if isinstance(players, int):
            if players > len(DEFAULT_NAMES):
                raise SetupError(f"最多支持 {len(DEFAULT_NAMES)} 名玩家")
            players = list(DEFAULT_NAMES[:players])
        plist = list(players)
        log = GameLog(rs_cls.id, _jsonable_players(plist), int(seed), opts)
        roles = cls._roles_for(rs, plist, random.Random(f"deal:{seed}"))
        return cls(rs, log, roles)

    @staticmethod
    def _roles_for(rs: Ruleset, plist: list[Any], rng: random.Random) -> list[list[str]]:
        if not (rs.min_players <= len(plist) <= rs.max_players):
            lo, hi = rs.min_players, rs.max_players
            need = f"{lo}" if lo == hi else f"{lo}–{hi}"
            raise SetupError(f"{rs.title} 需要 {need} 名玩家，给出了 {len(plist)} 名")
        names: list[str] = []
        given: list[list[str] | None] = []
        for i, p in enumerate(plist, 1):
            if isinstance(p, dict):
                if len(p) != 1:
                    raise SetupError(f"第 {i} 名玩家应写成 名字: 身份")
                name, role = next(iter(p.items()))
            elif isinstance(p, list | tuple):
                if len(p) != 2:
                    raise SetupError(f"第 {i} 名玩家应写成 (名字, 身份)")
                name, role = p
            else:
                name, role = p, None
            name = str(name)
            if not name.strip():
                raise SetupError(f"第 {i} 名玩家没有名字")
            if name in names:
                raise SetupError(f"玩家名字重复：{name}")
            names.append(name)
            if role is None:
                given.append(None)
                continue
            cards = [role] if isinstance(role, str) else list(role)
            fixed: list[str] = []
            for c in cards:
                rn = rs.role_name(str(c))
                if rn is None:
                    known = "、".join(rs.roles)
                    raise SetupError(f"玩家 {name}：未知的身份“{c}”；本规则的身份：{known}")
                fixed.append(rn)
            given.append(fixed)
        if all(g is None for g in given):
            try:
                return rs.deal_hands(len(names), rng)
            except ValueError as e:
                raise SetupError(str(e)) from None
        if any(g is None for g in given):
            raise SetupError("要么为每名玩家指定身份，要么都不指定（由种子发牌）")
        hands = [g for g in given if g is not None]
        problem = rs.hands_problem(hands, names)
        if problem is not None:
            raise SetupError(problem)
        return hands

    @classmethod
    def replay(cls, log: GameLog | dict[str, Any]) -> Game:
        """Rebuild a game from its log: the same seed and inputs give the same events."""
        lg = log if isinstance(log, GameLog) else GameLog.from_dict(log)
        game = cls.new(lg.ruleset, lg.players, lg.seed, lg.options)
        for inp in lg.inputs:
            if inp is None:
                game.advance()
            else:
                game.submit(inp)
        return game

    # ------------------------------------------------------------ questions
    def alive(self, name: str) -> bool:
        return self.seats[name].alive

    def alive_seats(self) -> list[str]:
        """Alive seats in seat order (cached; the cache is dropped whenever anyone
        goes out or comes back through `set_alive`)."""
        return list(self.alive_tuple())

    def alive_tuple(self) -> tuple[str, ...]:
        if self._alive_cache is None:
            seats = self.seats  # a list made first: tuple(generator) resumes a frame per seat
            self._alive_cache = tuple([n for n in self.order if seats[n].alive])
        return self._alive_cache

    def alive_names(self) -> list[str]:
        """Who is alive as the phase records say it: seats, or with card targets
        (m125 "the rules act on cards") every card in play (`Card.alive`)."""
        if not self.ruleset.card_targets:
            return self.alive_seats()
        return [c.ref for n in self.order for c in self.seats[n].cards if c.alive]

    def set_alive(self, seat: str, alive: bool) -> None:
        self.seats[seat].alive = alive
        self._alive_cache = None
        self._vote_cache = None

    @property
    def prompt(self) -> Prompt | None:
        return self._prompt

    @property
    def resolving(self) -> bool:
        return self._resolution is not None

    def pending(self) -> dict[str, list[LegalAction]]:
        """Who may act now, with which actions."""
        if self.finished:
            return {}
        if self._prompt is not None:
            return {self._prompt.seat: list(self._prompt.options)}
        # legal() for every seat: the simulator's hottest path (every seat, every
        # step of every window), asked of the ruleset in one call (legal_all) so that
        # what the seats share is looked up once
        out: dict[str, list[LegalAction]] = {}
        rs = self.ruleset
        rows = rs.legal_all(self)  # every seat's legal() in one call
        if self.phase.kind == "day" and self._resolution is None and rs.votes_open(self):
            self._add_votes(self.order, rows)  # by day each seat's vote too
        for name, acts in zip(self.order, rows, strict=True):
            if acts:
                out[name] = acts
        return out

    def legal(self, seat: str) -> list[LegalAction]:
        # hot path: called for every seat in every phase by pending()
        p = self._prompt
        if p is not None:
            return list(p.options) if p.seat == seat and not self.finished else []
        if self.finished or seat not in self.seats:
            return []
        return self._legal_now(seat, self.phase.kind == "day" and self._resolution is None)

    def _legal_now(self, seat: str, voting: bool) -> list[LegalAction]:
        """The open window's actions for `seat`: its skills, and its vote by day."""
        acts = self.ruleset.legal(self, seat)
        if voting:
            self._add_votes((seat,), [acts])
        return acts

    def _add_votes(self, names: Sequence[str], rows: list[list[LegalAction]]) -> None:
        """Append to each seat's actions the vote it may cast in the open day window
        (a first vote or its one change). For all seats at once (pending()): the box
        and the ruleset's flags are looked up once, and the targets only once somebody
        may vote: their cache lasts until an out or a new phase, and by a ruleset's
        sub-phase rules (m192) they may differ in a window nobody votes in."""
        rs = self.ruleset
        box = self.votes
        current = box.current
        own = rs.own_voter
        own_may = rs.own_may_vote
        seats = self.seats
        targets: tuple[str, ...] | None = None
        for name, acts in zip(names, rows, strict=True):
            # Ruleset.may_vote, inlined where the ruleset keeps it: the living vote
            if (rs.may_vote(self, name) is not None) if own_may else not seats[name].alive:
                continue
            key = rs.voter(self, name) if own else name
            if key not in current:
                skill = "投票"
            elif box.may_change(key):
                skill = "改票"
            else:
                continue
            if targets is None:
                targets = self._vote_targets()
            acts.append(LegalAction(name, skill, targets))

    def _vote_targets(self) -> tuple[str, ...]:
        # who may be voted for changes only when someone goes out or a phase opens
        # (set_alive and _open_phase drop the cache)
        cache = self._vote_cache
        if cache is None:
            names: tuple[str, ...] = self.order
            if self.ruleset.card_targets:  # every card may be a vote's target
                names = tuple(c.ref for n in self.order for c in self.seats[n].cards)
            rs = self.ruleset
            if rs.own_may_be_voted or rs.card_targets:
                targets = [t for t in names if rs.may_be_voted(self, t) is None]
            else:  # Ruleset.may_be_voted, inlined: the living may be voted
                seats = self.seats
                targets = [t for t in names if seats[t].alive]
            cache = self._vote_cache = (0, (*targets, ABSTAIN))
        return cache[1]

    @property
    def accelerated(self) -> bool:
        """加速 holds: entered on the current day (it ends with the day)."""
        return self.accelerated_on is not None and self.accelerated_on == self.phase.label

    def outcome(self) -> Outcome:
        return Outcome(self.finished, self.winner, self._label)  # round-qualified: reversal day 2

    def public_view(self) -> dict[str, Any]:
        return self._view(None)

    def director_view(self) -> dict[str, Any]:
        """Everything, as the director's record has it: every seat's cards, current
        faction and fate, every phase's outs, every event including the trace. For the
        director's screens and post-game statistics, never for a player or a bot."""
        return {
            "at": self._label,
            "finished": self.finished,
            "winner": self.winner,
            "sheriff": self.sheriff,
            "accelerated": self.accelerated,
            "seats": [
                {"name": n, "roles": list(s.roles), "faction": s.faction, "alive": s.alive,
                 "out_cause": s.out_cause, "out_at": s.out_at}
                for n, s in self.seats.items()
            ],
            "phases": [
                {"at": p.at, "outs": list(p.outs), "sheriff": p.sheriff,
                 "alive": list(p.alive) if p.alive is not None else self.alive_names()}
                for p in self.phases
            ],
            "events": list(self.events),
        }

    def view(self, seat: str) -> dict[str, Any]:
        """Everything `seat` may know, nothing more (filtered by secrecy.may_see)."""
        if seat not in self.seats:
            raise KeyError(seat)
        return self._view(seat)

    def _view(self, seat: str | None) -> dict[str, Any]:
        v: dict[str, Any] = {
            "at": self._label,
            "finished": self.finished,
            "winner": self.winner,
            "sheriff": self.sheriff,
            "accelerated": self.accelerated,
            "seats": list(self.order),
            "alive": self.alive_seats(),
            "out": [n for n in self.order if not self.seats[n].alive],
            "events": [e for e in self.events if may_see(e, seat)],
        }
        if seat is not None:
            s = self.seats[seat]
            v["seat"] = seat
            v["roles"] = list(s.roles)
            v["role"] = s.role
            v["faction"] = self.ruleset.roles[s.role].faction
            v["is_alive"] = s.alive
            v["skills"] = sorted(self.skills_of(seat))
            v["legal"] = self.legal(seat)
            v.update(self.ruleset.view_extra(self, seat))
        return v

    # ----------------------------------------------------------------- inputs
    def submit(self, action: Action) -> Answer:
        """Validate and record one input. Never raises on bad input."""
        self.log.inputs.append(action)
        bad = shape_reason(action, self.ruleset, self._prompt)
        if bad is not None:
            return self._refuse_shape(action, bad)
        try:
            return self._submit(action)
        except GameOver:
            return Accepted("游戏结束")

    def _submit(self, a: Action) -> Answer:
        if self.finished:
            return self._refuse(a, "游戏已结束")
        if self.ruleset.own_canonical:
            a = self.ruleset.canonical(self, a)
        if a.skill == SPEEDUP:  # the director's input: it names no player
            reason = speedup_refusal(self, a)
            if reason is not None:
                return self._refuse(a, reason)
            accelerate(self)
            return ACCEPTED
        seats = self.seats
        # a ruling only the director can make (m192 审讯's correctness): the director's
        # own input, judged by the ruleset like any other (Ruleset.director_skills)
        director = (a.seat == DIRECTOR_SEAT and a.skill in self.ruleset.director_skills
                    and DIRECTOR_SEAT not in seats)
        if a.seat not in seats and not director and not self._addressable(a.seat):
            return self._refuse(a, f"没有名为 {a.seat} 的玩家")
        t = a.target
        if t is not None and t != ABSTAIN and t not in seats and not self._addressable(t):
            return self._refuse(a, f"目标 {t} 不是本局玩家")
        for t in a.targets:
            if t != ABSTAIN and t not in seats and not self._addressable(t):
                return self._refuse(a, f"目标 {t} 不是本局玩家")
        if a.skill == "判罚":
            return self._give_card(a)
        p = self._prompt
        if p is not None and self._answers(p, a) and p.option(a.skill) is not None:
            reason = self._check_prompt_answer(p, a)
            if reason is not None:
                return self._refuse(a, reason)
            self._run(a)
            return ACCEPTED
        if a.skill in ("投票", "改票"):
            cards = self.ruleset.card_targets  # card rulesets vote card by card (甲:1)
            if (a.seat not in seats and not cards) or (
                    a.target not in seats and a.target != ABSTAIN and a.target is not None
                    and not cards):
                return self._refuse(a, "投票的投票人和投票对象应为玩家")
            return self._vote(a)
        if a.skill not in self.ruleset.skills:
            return self._refuse(a, f"本规则没有技能 {a.skill}")
        reason = self.ruleset.check_submit(self, a)
        if reason is not None:
            return self._refuse(a, reason)
        now = self.ruleset.resolve_now(self, a)
        if now is None:
            self._keep(a)
            return ACCEPTED
        if self._resolution is not None:
            now.close()
            return self._refuse(a, "正在结算其他事件，请在结算完成后再提交")
        self._resolution = _to_end(now)
        self._immediate = True
        self._run(None, first=True)
        return ACCEPTED

    def _answers(self, p: Prompt, a: Action) -> bool:
        """`a` comes from the prompted seat: itself, or (card rulesets) one of its cards."""
        if p.seat == a.seat:
            return True
        return (self.ruleset.card_targets and a.seat not in self.seats
                and self._addressable(a.seat) and self.owner(a.seat) == p.seat)

    def _check_prompt_answer(self, p: Prompt, a: Action) -> str | None:
        opt = p.option(a.skill)
        assert opt is not None
        if opt.n_targets == 0:
            return None
        targets = a.all_targets()
        if len(targets) != opt.n_targets:
            return f"{a.skill} 需要 {opt.n_targets} 个目标"
        for t in targets:
            if t not in opt.targets:
                return f"{t} 不是 {a.skill} 的合法目标"
        return None

    def _vote(self, a: Action) -> Answer:
        if self.phase.is_night or self.resolving:
            return self._refuse(a, "现在不是投票时间")
        reason = self.ruleset.may_vote(self, a.seat)
        if reason is not None:
            return self._refuse(a, reason)
        target = a.target
        if target is None:
            return self._refuse(a, "投票需要写明投票对象（或“弃权”）")
        if target != ABSTAIN:
            reason = self.ruleset.may_be_voted(self, target)
            if reason is not None:
                return self._refuse(a, reason)
        if a.skill == "改票" and (reason := change_refusal(self)) is not None:
            return self._refuse(a, reason)
        t = None if target == ABSTAIN else target
        if a.skill == "投票":
            reason = self.votes.cast(a.seat, t)
        else:
            reason = self.votes.change(a.seat, t)
        if reason is not None:
            return self._refuse(a, reason)
        self._emit("vote", f"{a.seat} {a.skill}：{target}", DIRECTOR, skill=a.skill, by=a.seat)
        return ACCEPTED

    def _give_card(self, a: Action) -> Answer:
        colour = normalise_colour(a.choice or a.text or "")
        if colour is None:
            given = a.choice or a.text
            if not given:
                return self._refuse(a, "判罚需要写明颜色：蓝、黄 或 红")
            return self._refuse(a, f"无法识别的判罚“{given}”（应为 蓝、黄 或 红）")
        self.give_card(a.seat, colour)
        return ACCEPTED

    def give_card(self, seat: str, colour: str) -> None:
        """Record a card (蓝/黄/红); a resulting red is sent off when the ruleset
        settles `sent_off_pending` (after the day's vote or the night)."""
        applied = self.cards.give(seat, colour)
        text = f"判罚：{seat} " + " → ".join(f"{c}牌" for c in applied)
        # the player learns at once; the thread learns at once by day, and at the next
        # day start for a card given at night (night news is published then)
        self._emit("card", text, (seat,), name=seat, extra={"cards": applied})
        self.announce(text, later=self.phase.is_night)
        if applied[-1] == "红" and self.seats[seat].alive and seat not in self.sent_off_pending:
            self.sent_off_pending.append(seat)

    def _refuse_shape(self, action: object, reason: str) -> Rejected:
        """Refuse an ill-shaped input (input_shape): told to its seat when it names one."""
        seat, skill = named(action)
        to = (seat,) if seat is not None and seat in self.seats else DIRECTOR
        what = f"{seat} 的 {skill or '行动'}" if seat is not None else (skill or "无法识别的行动")
        self._emit("rejected", f"{what} 被拒绝：{reason}", to, skill=skill, by=seat, reason=reason)
        return Rejected(reason)

    def _refuse(self, a: Action, reason: str) -> Rejected:
        to = (a.seat,) if a.seat in self.seats else DIRECTOR
        if a.seat not in self.seats and self._addressable(a.seat):
            to = (self.owner(a.seat),)  # a card's input: its seat is told
        self._emit("rejected", f"{a.seat} 的 {a.skill} 被拒绝：{reason}", to,
                   skill=a.skill, by=a.seat, reason=reason)
        return Rejected(reason)

    def advance(self) -> None:
        """Close what is open: an open prompt takes its default; otherwise the
        phase window closes and the phase resolves."""
        self.log.inputs.append(None)
        if self.finished:
            return
        if self._prompt is not None:
            p = self._prompt
            self.trace(f"{p.seat} 未在时限内回应（{'/'.join(p.skills())}）：{p.default}")
            self._run(None)
            return
        self._resolution = _to_end(self.ruleset.resolve(self))
        self._run(None, first=True)

    def _run(self, answer: Action | None, first: bool = False) -> None:
        gen = self._resolution
        assert gen is not None
        self._prompt = None
        value = answer
        try:
            while True:
                p = next(gen) if first else gen.send(value)
                if p is None:  # the resolution's end (_to_end)
                    self._resolution = None
                    break
                first = False
                reserved = self._reserved_answer(p)
                if reserved is None:
                    self._prompt = p
                    return
                value = reserved
        except GameOver:
            self._resolution = None
            self._immediate = False
            return
        if self._immediate:  # a resolve_now action: the phase stays open
            self._immediate = False
            return
        try:
            if self.ruleset.next_sub(self):  # the same phase, its next sub-phase window
                self.shape.new_window()
                return
            self._open_phase(self.phase.next())
        except GameOver:
            pass

    def _reserved_answer(self, p: Prompt) -> Action | None:
        """An answer submitted before the prompt came up (scenarios, impatient players)."""
        for skill in p.skills():
            a = self.take(p.seat, skill)
            if a is None:
                continue
            reason = self._check_prompt_answer(p, a)
            if reason is None:
                return a
            self._refuse(a, reason)
        return None

    # ------------------------------------------------------- phase plumbing
    def _open_phase(self, phase: Phase) -> None:
        self._vote_cache = None
        if self.phases:
            self.phases[-1].alive = self.alive_names()
        self.phase = phase
        self.shape.moment = None
        self._label = phase.label if self.shape.round == 1 else self.calendar.label(
            self.calendar.of_phase(phase, "", self.shape.round))  # reversal night 1
        self.phases.append(PhaseRecord(self._label, sheriff=self.sheriff))
        self.votes = VoteBox()
        self.shape.new_window()
        self.ruleset.on_phase_start(self)
        self.phases[-1].sheriff = self.sheriff

    def take(self, seat: str, skill: str) -> Action | None:
        """Take (and remove) `seat`'s submitted `skill` from the window's book (an
        input its ruleset's step takes, or a prompt's answer given ahead)."""
        book = self.shape._uses  # Shape.book(), inlined: every step of every night asks
        u = None if book is None else book.take(f"{seat}/{skill}", False)
        return None if u is None else u.input()

    def take_key(self, key: str) -> Action | None:
        """Take the input kept under `key` (`submit_key`: seat/skill, a team's key)."""
        book = self.shape._uses
        u = None if book is None else book.take(key, False)
        return None if u is None else u.input()

    def grant(self, holder: str, skill: str, by: str | None = None,
              via: str | None = None) -> HeldSkill:
        """`holder` gains `skill` (寻仇's 杀人, 换代's 神堕), granted by seat `by`'s skill
        `via` where one did, as the ability the ruleset declares for it."""
        rs = self.ruleset
        ability = abilities_of(type(rs))[skill]
        return self.held.grant(holder, ability, Origin(granted_by=by, via=via))

    def skills_of(self, seat: str) -> list[str]:
        """What `seat` holds now (by seat, or by each of its cards), in grant order."""
        held = self.held
        s = self.seats[seat]
        if s._cards is None or len(s._cards) == 1:
            return held.names(seat)
        names = held.names(seat)
        for c in s._cards:
            names.extend(n for n in held.names(c.ref) if n not in names)
        return names

    # ------------------------------------------- the shape (docs/architecture.md)
    def _init_shape(self) -> None:
        rs = self.ruleset
        self.shape = Shape(_calendar(type(rs)), rs.status_kinds, rs.new_state())
        held = self.held
        if rs.role_data:
            for name, seat in self.seats.items():
                for c in seat.cards:
                    role = rs.role_data.get(c.role)
                    for ab in role.abilities if role is not None else ():
                        held.grant(name if len(seat.cards) == 1 else c.ref, ab,
                                   Origin(role=c.role))
            return
        # a ruleset that writes its skills as SkillSpecs: each dealt role's skills,
        # held by the seat (or its card) as the abilities the specs declare
        dealt = _dealt_abilities(type(rs))
        for name, seat in self.seats.items():
            roles = seat.roles
            if len(roles) == 1:
                abilities, origin = dealt[roles[0]]
                held.grant_all(name, abilities, origin)
                continue
            for i, role_name in enumerate(roles, 1):
                abilities, origin = dealt[role_name]
                held.grant_all(f"{name}:{i}", abilities, origin)

    # the shape's parts (shape.py), as properties
    @property
    def calendar(self) -> Calendar:
        return self.shape.calendar

    @property
    def sub(self) -> str:
        """The running sub-phase, set by a ruleset that declares them."""
        return self.shape.sub

    @sub.setter
    def sub(self, value: str) -> None:
        self.shape.sub = value
        self.shape.moment = None

    @property
    def nth(self) -> int:
        return self.shape.nth

    @nth.setter
    def nth(self, value: int) -> None:
        self.shape.nth = value
        self.shape.moment = None

    @property
    def round(self) -> int:
        return self.shape.round

    @property
    def state(self) -> object | None:
        """The ruleset's typed state (Ruleset.new_state; read it with state.state_of)."""
        return self.shape.state

    @property
    def window(self) -> WindowRun | None:
        """The sub-phase running (resolve.py), for effects that insert or void uses."""
        return self.shape.window

    @window.setter
    def window(self, value: WindowRun | None) -> None:
        self.shape.window = value

    @property
    def bus(self) -> Bus:
        """The trigger bus (bus.py)."""
        bus = self.shape._bus  # made on first use (Shape.bus); asked at every out
        return self.shape.bus() if bus is None else bus

    @property
    def statuses(self) -> StatusBook:
        """Every status of the game, of the ruleset's `status_kinds` (statuses.py)."""
        return self.shape.statuses()

    @property
    def news(self) -> NewsBuffer:
        """Private news held until its sub-phase ends (`release_news`)."""
        return self.shape.news()

    @property
    def uses(self) -> UseBook:
        """This window's uses of held abilities, in order (a new book each phase)."""
        book = self.shape._uses  # made on first use (Shape.uses)
        return self.shape.uses() if book is None else book

    @property
    def record(self) -> RoundRecord:
        """Card inputs of this round, replayed in the next (`next_round`, `replays`)."""
        return self.shape.record()

    def _keep(self, a: Action) -> None:
        """Keep an accepted submission in the window's book (`game.uses`) under the
        ruleset's `submit_key`. A ruleset with `role_data` resolves its held abilities'
        uses by the schedule (`resolve_part`): several per window for a [数值] ability,
        a resubmission taking the new place, in the sub-phase it belongs to. Every
        other input (a step's input, a prompt's answer given ahead, 遗言) replaces the
        one under its key in place, and is taken by its step (`take`)."""
        rs = self.ruleset
        key = rs.submit_key(self, a)
        h = self.held.get(a.seat, a.skill) if rs.role_data else None
        if h is None:
            self.uses.submit(Use(a.seat, a.skill, a.all_targets(), a.choice, a.text,
                                 action=a, key=key, held=False), several=False, moves=False)
            return
        subs = self.calendar.subs(self.phase.kind)
        window = self.sub if self.sub in h.ability.windows else next(
            (w for w in h.ability.windows if w in subs), "")
        self.uses.submit(Use(a.seat, a.skill, a.all_targets(), a.choice, a.text,
                             window=window, action=a, key=key),
                         several=h.ability.several_per_window)

    @property
    def moment(self) -> Moment:
        sh = self.shape
        m = sh.moment
        if m is None:  # made once per window: legality asks for it per skill and seat
            m = sh.calendar.of_phase(self.phase, sh.sub, sh.round)
            if sh.nth != 1:
                m = Moment(m.day, m.part, m.sub, m.pos, sh.nth, m.round)
            sh.moment = m
        return m

    def card(self, ref: str) -> Card:
        """The card `ref` names (`甲:2`, or a one-card seat's name); ValueError says
        what is wrong."""
        return resolve_ref({n: s.cards for n, s in self.seats.items()}, ref)

    def _addressable(self, ref: str) -> bool:
        if ref in self.seats:
            return True
        if not self.ruleset.card_targets:
            return False
        try:
            self.card(ref)
        except ValueError:
            return False
        return True

    def owner(self, ref: str) -> str:
        """The seat an input names: itself, or the seat of a card reference."""
        return ref if ref in self.seats else self.card(ref).seat

    def next_round(self) -> None:
        """End the round (m125 历史轮): its record closes, and the next round opens at
        the ruleset's opening phase, labelled with the round (`reversal day 1`)."""
        if self.round >= len(self.ruleset.rounds):
            raise ValueError(f"{self.ruleset.title} 没有第{self.round + 1}轮")
        self.record.close()
        self.shape.round += 1
        self._open_phase(self.ruleset.opening_phase())

    def replays(self) -> tuple[list[Recorded], list[tuple[Recorded, str]]]:
        """The recorded inputs due now as NPC inputs, and those that cannot happen any
        more (actor card or a target out, or the card freed), with why."""
        def gone(ref: str) -> bool:
            if ref in self.seats:
                return not self.seats[ref].alive
            try:
                return not self.card(ref).alive
            except ValueError:
                return True
        return self.record.due(self.moment, gone)

    def release_news(self, ended: Moment) -> None:
        """Deliver the private news held until `ended` (a sub-phase) is over."""
        for n in self.news.release(ended):
            self.notify(n.to, n.text, n.skill)

    # ------------------------------------------------------------- messages
    def _emit(
        self,
        kind: str,
        text: str,
        to: tuple[str, ...] | None,
        skill: str | None = None,
        by: str | None = None,
        name: str | None = None,
        cause: str | None = None,
        reason: str | None = None,
        extra: dict[str, Any] | None = None,
    ) -> Event:
        # positional: a game emits ~140 events and Event(**kw) cost a dict per call
        e = Event(kind, self._label, text, to, skill, by, name, cause, reason, extra)
        self.events.append(e)
        return e

    def announce(self, text: str, later: bool = False, ahead: bool = False) -> None:
        """Public 公示; `later` buffers it until the next day starts, and `ahead` puts it
        before the lines buffered so far (a night's out list comes before what those
        outs set off during the night: a 警徽 handed on, a skill's 公示)."""
        if later:
            if ahead:
                self._later.insert(0, text)
                return
            self._later.append(text)
        else:
            self.events.append(Event("announce", self._label, text, None))

    def flush_later(self) -> None:
        for text in self._later:
            self._emit("announce", text, None)
        self._later = []

    def notify(self, to: str | Sequence[str], text: str, skill: str | None = None) -> None:
        rec = (to,) if isinstance(to, str) else tuple(to)
        self.events.append(Event("notify", self._label, text, rec, skill))

    def trace(self, text: str, skill: str | None = None, name: str | None = None) -> None:
        """Director-only resolution trace: why someone went out, survived, was refused."""
        self.events.append(Event("trace", self._label, text, DIRECTOR, skill, None, name))

    def reject(self, a: Action, reason: str) -> None:
        """Refuse an action at resolution time (it was accepted into the window)."""
        self._refuse(a, reason)

    # -------------------------------------------------------------- outs/win
    def put_out(self, seat: str, cause: str) -> Resolution:
        """Send a seat out: the ruleset's before-out triggers, the out itself,
        a win check, then after-out triggers (last words, badge, ...)."""
        s = self.seats[seat]
        if not s.alive:
            return
        before = self.ruleset.before_out(self, seat, cause)
        if before is not None:
            yield from before
            if not s.alive:
                return
        self.set_alive(seat, False)
        s.out_cause = cause
        s.out_at = self.phase.label
        self.phases[-1].outs.append((seat, cause))
        self._emit("out", f"{seat} 出局（{cause}）", DIRECTOR, name=seat, cause=cause)
        self.notify(seat, f"你已出局（{cause}）")
        if self.ruleset.win_check_on_out:
            self.check_win()
        after = self.ruleset.after_out(self, seat, cause)
        if after is not None:
            yield from after

    def vote_out_top(self, counts: dict[str, float], cause: str) -> Resolution:
        """The plain tie rule: a single top goes out (announced), a tie or no votes
        sends nobody out. Rulesets with other tie rules decide for themselves."""
        tops = VoteBox.tops(counts)
        if len(tops) == 1:
            self.announce(f"{tops[0]} 被投票出局")
            yield from self.put_out(tops[0], cause)
        elif tops:
            self.announce("平票（" + "、".join(tops) + "），无人出局")
        else:
            self.announce("无人得票，无人出局")

    def set_sheriff(self, seat: str | None) -> None:
        self.sheriff = seat
        self.phases[-1].sheriff = seat

    def check_win(self) -> None:
        """Lose conditions first, then a win; raises GameOver when the game ends."""
        if self.finished:
            raise GameOver()
        verdict = self.wins.check(self)
        for f in verdict.newly_lost:
            self.trace(f"{f} 判负")
        if verdict.finished:
            self.finished = True
            self.winner = verdict.winner
            self.flush_later()
            if verdict.winner is None:
                self._emit("win", "游戏结束：所有阵营均已判负，无人胜利", None)
            else:
                self._emit("win", f"游戏结束：{verdict.winner}胜利", None,
                           extra={"winner": verdict.winner})
            raise GameOver()


Driven = Generator[Prompt | None, Action | None, None]


def _to_end(gen: Resolution) -> Driven:
    """`gen`'s prompts, then None once it is over: `Game._run` learns of the end from
    a value instead of a StopIteration. In the compiled build each StopIteration
    caught in `_run` cost an exception and a traceback entry (a code object and a
    frame made for it), ~0.36 M instructions a M192 game; here the end of `gen` is
    met by `yield from`, which the compiled build completes without raising."""
    yield from gen
    yield None


_CALENDARS: Final[dict[type[Ruleset], Calendar]] = {}
_ABILITIES: Final[dict[type[Ruleset], dict[str, Ability]]] = {}


def abilities_of(rs: type[Ruleset]) -> dict[str, Ability]:
    """The ability each of a ruleset's skills is, derived once from its `skills`
    (`ability_of`) unless the ruleset declares its own (`Ruleset.abilities`)."""
    got = _ABILITIES.get(rs)
    if got is None:
        got = _ABILITIES[rs] = {n: rs.abilities.get(n) or ability_of(spec)
                                for n, spec in rs.skills.items()}
    return got


_DEALT: Final[dict[type[Ruleset], dict[str, tuple[tuple[Ability, ...], Origin]]]] = {}


def _dealt_abilities(rs: type[Ruleset]) -> dict[str, tuple[tuple[Ability, ...], Origin]]:
    """Per role of a ruleset that writes its skills as SkillSpecs: the abilities a
    dealt card of it holds, in the role's order, and their origin (derived once)."""
    got = _DEALT.get(rs)
    if got is None:
        abilities = abilities_of(rs)
        got = _DEALT[rs] = {
            name: (tuple(abilities[sk] for sk in role.skills), Origin(role=name))
            for name, role in rs.roles.items()}
    return got


def _calendar(rs: type[Ruleset]) -> Calendar:
    """A ruleset's calendar, derived once from its schedule and rounds."""
    cal = _CALENDARS.get(rs)
    if cal is None:
        cal = _CALENDARS[rs] = rs.schedule.calendar(rs.rounds, rs.rounds_cn)
        name_rounds(rs.rounds, rs.rounds_cn)
    return cal


def _jsonable_players(plist: list[Any]) -> list[Any]:
    out: list[Any] = []
    for p in plist:
        if isinstance(p, dict):
            out.append({str(k): (v if isinstance(v, str) else list(v)) for k, v in p.items()})
        elif isinstance(p, tuple):
            out.append(list(p))
        else:
            out.append(p)
    return out

"""Inputs to a game and the engine's answers to them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from .input_json import decode, decode_targets, encode, encode_targets


# The hot value classes below (Action, LegalAction; Event, Ballot, HeldSkill, Use elsewhere)
# are dataclasses for __eq__/__repr__ but write their own __init__ (init=False): in the
# optional compiled build (setup.py) a generated dataclass __init__ stays interpreted and
# made constructing them a tenth of a game's time; a written one compiles. They are not
# frozen (though never mutated) because a frozen __init__ is several times slower.
@dataclass(slots=True, init=False)
class Action:
    """One input: a skill use, a vote (skill '投票'), a revote ('改票') or a card ('判罚')."""

    seat: str
    skill: str
    target: str | None
    targets: tuple[str, ...]
    choice: str | None
    text: str | None

    def __init__(self, seat: str, skill: str, target: str | None = None,
                 targets: tuple[str, ...] = (), choice: str | None = None,
                 text: str | None = None) -> None:
        self.seat = seat
        self.skill = skill
        self.target = target
        self.targets = targets
        self.choice = choice
        self.text = text

    def all_targets(self) -> tuple[str, ...]:
        if self.target is not None:
            return (self.target, *self.targets)
        return self.targets

    def as_dict(self) -> dict[str, Any]:
        """The input as JSON that `from_dict` reads back to an equal Action, whatever
        its fields hold (an ill-shaped input is logged too: engine/input_json.py)."""
        d: dict[str, Any] = {"seat": encode(self.seat), "skill": encode(self.skill)}
        if self.target is not None:
            d["target"] = encode(self.target)
        targets: object = self.targets
        if not (type(targets) is tuple and not targets):
            d["targets"] = encode_targets(targets)
        if self.choice is not None:
            d["choice"] = encode(self.choice)
        if self.text is not None:
            d["text"] = encode(self.text)
        return d

    @staticmethod
    def from_dict(d: dict[str, Any]) -> Action:
        """The Action `as_dict` wrote, with its fields' types as they were (no
        coercion: a refused input must be refused again). In the compiled build an
        ill-typed field raises TypeError here, as building such an Action does."""
        return Action(
            seat=decode(d["seat"]),
            skill=decode(d["skill"]),
            target=decode(d.get("target")),
            targets=decode_targets(d["targets"]) if "targets" in d else (),
            choice=decode(d.get("choice")),
            text=decode(d.get("text")),
        )


@dataclass(frozen=True, slots=True)
class Accepted:
    note: str = ""

    def __bool__(self) -> bool:
        return True


@dataclass(frozen=True, slots=True)
class Rejected:
    reason: str

    def __bool__(self) -> bool:
        return False


Answer = Accepted | Rejected
ACCEPTED: Final = Accepted()  # the plain answer, shared: an answer is immutable


@dataclass(slots=True, init=False)  # built for every seat every phase: see Action
class LegalAction:
    """What a seat may do now: a skill, its possible targets, choices, and whether
    it may also be left unused (optional)."""

    seat: str
    skill: str
    targets: tuple[str, ...]
    n_targets: int  # 0 = untargeted; 2 = two-target skill
    choices: tuple[str, ...]
    optional: bool
    needs_text: bool
    team: bool  # decided by a group: any member's submission stands for all

    def __init__(self, seat: str, skill: str, targets: tuple[str, ...] = (),
                 n_targets: int = 1, choices: tuple[str, ...] = (), optional: bool = True,
                 needs_text: bool = False, team: bool = False) -> None:
        self.seat = seat
        self.skill = skill
        self.targets = targets
        self.n_targets = n_targets
        self.choices = choices
        self.optional = optional
        self.needs_text = needs_text
        self.team = team


@dataclass(slots=True, init=False)  # __init__ written out, not frozen: see Action
class Prompt:
    """A choice that arises during resolution (badge, 神堕, the witch after 通灵).

    The game pauses until the seat answers with one of `options` or the window
    is closed, in which case `default` (described in Chinese) applies.
    """

    seat: str
    options: tuple[LegalAction, ...]
    default: str
    context: str

    def __init__(self, seat: str, options: tuple[LegalAction, ...],
                 default: str = "视为放弃", context: str = "") -> None:
        self.seat = seat
        self.options = options
        self.default = default
        self.context = context

    def skills(self) -> tuple[str, ...]:
        return tuple(o.skill for o in self.options)

    def option(self, skill: str) -> LegalAction | None:
        for o in self.options:
            if o.skill == skill:
                return o
        return None

"""[S15] the ruleset's typed state (engine state.py: `Ruleset.new_state`, `state_of`):
what the post makes the director remember beyond seats, votes and statuses."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from bansha.engine.outs import OutPipeline
from bansha.engine.state import state_of
from bansha.engine.statuses import StatusBook

if TYPE_CHECKING:
    from bansha.engine import Game


@dataclass
class Notes:
    """One character's marks the post speaks of."""

    original_faction: str = ""  # the faction dealt (before 私奔/归群/复仇)
    original_role: str = ""  # before 身份转变 (复仇, 仿冒)
    fool_used: bool = False  # 若愚 发动: "此后白痴投票不计入总票数"
    sent_off: bool = False  # 红牌罚下
    seer_public: bool = False  # 仿冒: "当你使用【预言】时，目标角色将于次日白天公示"
    bite_pair: int = 0  # 撕咬: the pair of nights (1~2 = 1, 3~4 = 2) last bitten in
    kill_got: int = -1  # 杀人 received at night (phase index): usable from the next night
    legacy: bool = False  # 遗志: this lover holds the lovers' shared 杀人
    elder_marks: int = 0  # 道骨: the 长老's marks


@dataclass
class Night:
    """What one night's choices add up to before step 17 settles them."""

    n: int
    kill_targets: list[str] = field(default_factory=list)  # chosen by 杀人 (guarded or not)
    bite_targets: list[str] = field(default_factory=list)  # chosen by 撕咬
    poison: tuple[str, str] | None = None  # (witch, target)
    deferred: list[tuple[str, str, str]] = field(default_factory=list)  # (to, text, skill)

    def listed(self) -> list[str]:
        """【通灵】: everyone chosen by 杀人 or 撕咬 tonight, in order, once each."""
        return list(dict.fromkeys([*self.kill_targets, *self.bite_targets]))


@dataclass
class S15State:
    notes: dict[str, Notes] = field(default_factory=dict)
    night: Night | None = None  # the night being resolved (None by day)
    # 濒死: the night's unsettled harms (the engine's out pipeline's pending ledger),
    # built in setup with the 守护 protection
    dying: OutPipeline | None = None
    # the game's StatusBook (game.statuses), kept here at setup: the win checks ask it
    # for 癫狂/假死 of every seat after every step, and the property chain cost more
    book: StatusBook | None = None
    night0_done: bool = False  # 金箭 settled: the lovers' faction can be judged
    slander: list[tuple[str, int]] = field(default_factory=list)  # 诽谤 (target, day)
    redeemed: list[tuple[str, int]] = field(default_factory=list)  # 救赎 (target, day)
    out_by: dict[str, str | None] = field(default_factory=dict)  # whose skill sent out
    revenge_done: bool = False  # 复仇: only the first lover's out counts
    elder_fired: bool = False  # 道骨's stripping happens once
    legacy_done: bool = False  # 遗志 happened


def st(game: Game) -> S15State:
    """The game's S15 state. The ruleset made it (new_state), so it is not checked
    again on every read (`state_of` does; this is on the hot path of every win check:
    checked once per game by `checked`)."""
    return game.shape.state  # type: ignore[return-value]  # no typing.cast: a call


def checked(game: Game) -> S15State:
    return state_of(game, S15State)


def book(game: Game) -> StatusBook:
    state: S15State = game.shape.state  # type: ignore[assignment]
    b = state.book
    assert b is not None  # kept in setup
    return b


def notes(game: Game, seat: str) -> Notes:
    state: S15State = game.shape.state  # type: ignore[assignment]
    return state.notes[seat]


def tonight(game: Game) -> Night | None:
    """The night being resolved (None by day)."""
    night = st(game).night
    return night if night is not None and game.phase.is_night else None


def dying(game: Game) -> OutPipeline:
    pipe = st(game).dying
    assert pipe is not None  # made in setup
    return pipe

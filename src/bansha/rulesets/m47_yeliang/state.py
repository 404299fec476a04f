"""[M47]'s typed ruleset state (`game.state`, made by `M47Yeliang.new_state`), in
place of the untyped `game.data`: what the post makes the director remember from one
phase to the next, and the tally of the night being resolved."""

from __future__ import annotations

from collections.abc import Callable, Generator
from typing import TYPE_CHECKING

from bansha.engine.actions import Action, Prompt
from bansha.engine.outs import Harm, OutPipeline, OutRecord, Verdict
from bansha.engine.state import state_of

if TYPE_CHECKING:
    from bansha.engine import Game

# what an order-table step leaves to run (schedule.py): prompts, answers, any result
StepRun = Generator[Prompt, Action | None, object]


class NightTally:
    """What the night's choices add up to before (9)–(10) settle them (one per night)."""

    __slots__ = ("backlash", "beacon", "beacon_by", "kills", "poisoned", "saved", "shield",
                 "shield_spent", "voice", "voice_by")

    def __init__(self) -> None:
        self.kills: list[tuple[str, str]] = []  # (target, by skill), in the order given
        self.saved: str | None = None  # 救药
        self.poisoned: str | None = None  # 毒药
        self.shield: str | None = None  # 神器
        self.shield_spent = False  # 神器 "免疫一次狼人的指杀"
        self.beacon: str | None = None  # 道标's target, for (7) 反噬
        self.beacon_by: str | None = None  # who used it
        self.voice: str | None = None  # 神音's target, for (5) 侵蚀
        self.voice_by: str | None = None  # who used it
        self.backlash = False  # the 祝器 went out by 反噬 at (7)


class M47State:
    __slots__ = ("gods", "joined_night", "night", "open_outs", "out_records", "outs", "stray",
                 "summon_used", "vessel", "village_cursed", "villagers", "witch_tonight",
                 "wolves")

    def __init__(self) -> None:
        self.wolves: list[str] = []  # dealt 狼人 (the pack at the start)
        self.gods: list[str] = []  # 神明、祝器、女巫、村长 (the village's first loss condition)
        self.villagers: list[str] = []  # the five 村民 (its second)
        self.stray: str | None = None  # the 野良: who held 流浪 when dealt
        self.vessel: str | None = None  # the 祝器: who held 道标 when dealt (换代 waits on it)
        self.summon_used = False  # 召唤 <限定>: spent whoever was chosen (RULINGS 14)
        self.joined_night: int | None = None  # the night the 野良 was summoned into the pack
        self.witch_tonight: str | None = None  # the potion used this night (裁定27)
        self.village_cursed = False  # 长寿之命's curse fell (RULINGS 30)
        self.night = NightTally()
        # every out goes through this pipeline (outs.py: its protections read `night`).
        # It holds the game, so it lives for one resolution only (ruleset.resolve): a
        # Game left in a reference cycle would wait for the cyclic GC instead of being
        # freed when the simulator drops it (measured: +10% instructions per game).
        self.outs: OutPipeline | None = None
        self.open_outs: Callable[[], OutPipeline] | None = None  # makes it, on the first out
        self.out_records: list[OutRecord] = []  # every out of the game, kept from each pipeline

    def hit(self, seat: str, cause: str) -> Generator[Prompt, Action | None, Verdict]:
        """A harm of kind `cause` (指杀, 毒药, 侵蚀, 神堕…) through the out pipeline."""
        p = self.outs
        if p is None:  # most phases have no out of their own: made on the first
            assert self.open_outs is not None, "an out outside a resolution"
            p = self.outs = self.open_outs()
        return p.hit(Harm(cause, seat))


def m47(game: Game) -> M47State:
    s = game.shape.state  # the hot path (legality, win checks): no property, one check
    if isinstance(s, M47State):
        return s
    return state_of(game, M47State)  # says what the game holds instead

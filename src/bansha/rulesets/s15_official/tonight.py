"""What one night's choices add up to before step 17 settles them."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from bansha.engine.damage import DyingTracker, Protection

if TYPE_CHECKING:
    from bansha.engine import Game


@dataclass
class Night:
    n: int
    guarded: list[Protection] = field(default_factory=list)  # 守护: immune to 杀人/撕咬
    soundproof: set[str] = field(default_factory=set)  # 隔音: immune to 吹笛
    shaken: set[str] = field(default_factory=set)  # 摇落: tonight's skills void
    warded: set[str] = field(default_factory=set)  # 卫道: immune to 预言
    kill_targets: list[str] = field(default_factory=list)  # chosen by 杀人 (guarded or not)
    bite_targets: list[str] = field(default_factory=list)  # chosen by 撕咬
    dying: DyingTracker = field(default_factory=DyingTracker)  # 濒死
    poison: tuple[str, str] | None = None  # (witch, target)
    deferred: list[tuple[str, str, str]] = field(default_factory=list)  # (to, text, skill)

    def listed(self) -> list[str]:
        """【通灵】: everyone chosen by 杀人 or 撕咬 tonight, in order, once each."""
        return list(dict.fromkeys([*self.kill_targets, *self.bite_targets]))


def tonight(game: Game) -> Night | None:
    """The night being resolved (None by day)."""
    night = game.data.get("night")
    return night if isinstance(night, Night) and game.phase.is_night else None


def shaken_tonight(game: Game, seat: str) -> bool:
    night = tonight(game)
    return night is not None and seat in night.shaken

"""加速: the director's input that marks the current discussion day accelerated.

The posts that have it say (M47, m125, m192): "执行加速时，所有人不可改票，且发言不足
或未投票者将不被判罚。" The director enters it as `Action("导演", "加速")` (by hand,
from a scenario, or from the forum tools' tally of the 进程帖's requests); it is
logged like any input, so a replay accelerates the same day. It holds for the day
it was entered on and ends with that day. While it holds, 改票 is refused (where
the post forbids it) and a ruleset's automatic 潜水 penalties give no card
(`Game.accelerated`).

Whether a ruleset has 加速 at all, and the sentences quoted in the reasons, come
from the post's forum rules (engine/forum_rules.py): a post without it refuses the
input itself.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    from .actions import Action
    from .game import Game

SPEEDUP: Final = "加速"
DIRECTOR_SEAT: Final = "导演"  # the seat a director's own input names
# M47's sentence, used where a post has 加速 but its forum rules quote nothing
_DEFAULT_QUOTE = "执行加速时，所有人不可改票，且发言不足或未投票者将不被判罚。"


def _quote(game: Game) -> str:
    return game.ruleset.forum_rules.quote("change_when_accelerated") or _DEFAULT_QUOTE


def refusal(game: Game, a: Action) -> str | None:
    """Why the 加速 input is refused now (None: it takes effect)."""
    if a.seat != DIRECTOR_SEAT or DIRECTOR_SEAT in game.seats:
        # a player's 加速 is a request in the 进程帖, never an input of his own
        return "加速由导演执行：玩家请在进程帖中申请加速"
    rules = game.ruleset.forum_rules
    if not rules.speed_requests:
        post = rules.post or game.ruleset.title or game.ruleset.id
        return f"{post} 的规则帖没有“加速”：本规则不能执行加速"
    if a.target is not None or a.targets or a.choice is not None:
        return "加速不需要目标或选项"
    if game.phase.is_night or game.resolving:
        return "加速只在讨论日（白天）执行"
    if game.accelerated:
        return f"{game.phase.chinese}已执行加速"
    return None


def accelerate(game: Game) -> None:
    """Mark the current day accelerated and announce it with the post's sentence."""
    game.accelerated_on = game.phase.label
    game.announce(f"本讨论日执行加速。{_quote(game)}")


def change_refusal(game: Game) -> str | None:
    """Why a 改票 is refused for 加速 (None: 加速 does not stop it)."""
    if game.accelerated and not game.ruleset.forum_rules.change_when_accelerated:
        return f"本讨论日已执行加速，不可改票（规则：“{_quote(game)}”）"
    return None

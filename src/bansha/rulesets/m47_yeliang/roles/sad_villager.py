"""伤心的村民 (1, 不定阵营): 心碎<强制> (the badge sends him out) and 依靠<强制> (he
takes the first sheriff's faction). Both hear the badge on the bus."""

from __future__ import annotations

from bansha.engine import Game, RoleSpec, SkillSpec
from bansha.engine.bus import Trigger
from bansha.engine.ruleset import Resolution

from ..state import m47
from .factions import UNDECIDED

SKILLS: tuple[SkillSpec, ...] = (
    SkillSpec("心碎", window="trigger", target="none", forced=True,
              text="你无法当任警长，若当你获得警长时，你立刻出局"),
    SkillSpec("依靠", window="trigger", target="none", forced=True,
              text="第一天投票结束后，最先获得投票数最多的角色当选警长，你的阵营转变为警长的阵营"),
)
ROLE: RoleSpec = RoleSpec("伤心的村民", UNDECIDED, 1, ("心碎", "依靠"))


def lean_on(t: Trigger) -> None:
    """依靠 (on the first election): his faction becomes the sheriff's."""
    game: Game = t.data["game"]
    winner = t.seat
    assert winner is not None
    sad = game.held.first("依靠")
    if sad is not None and sad != winner and game.alive(sad):
        game.seats[sad].faction = game.seats[winner].faction
        game.notify(sad, f"依靠：你的阵营转变为警长 {winner} 的阵营", skill="依靠")
        game.trace(f"依靠：{sad} 的阵营变为 {game.seats[sad].faction}", skill="依靠")
        game.check_win()


def heartbreak(t: Trigger) -> Resolution | None:
    """心碎: the 伤心的村民 cannot hold the badge; getting it sends him out at once."""
    game: Game = t.data["game"]
    seat = t.seat
    assert seat is not None
    if game.held.has(seat, "心碎"):
        game.trace(f"心碎：{seat} 获得警长，立刻出局", skill="心碎")
        return _out(game, seat)
    return None


def _out(game: Game, seat: str) -> Resolution:
    yield from m47(game).hit(seat, "心碎")

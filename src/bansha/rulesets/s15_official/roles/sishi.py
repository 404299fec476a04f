"""死士（普通）【死节】: "可选择在任意时间主动出局。无论以何种方式出局时，身份均会被公布"."""

from __future__ import annotations

from bansha.engine import Game
from bansha.engine.abilities import Use
from bansha.engine.ruleset import Resolution

from ..names import VILLAGE
from ..outs import out
from ..skill import LOCKED, Role, Skill, role, skill


def _die(game: Game, use: Use) -> Resolution:
    game.trace(f"死节：{use.actor} 主动出局", skill="死节")
    yield from out(game, use.actor, "死节", by=use.actor)


def out_note(game: Game, seat: str, cause: str) -> Resolution:
    if game.seats[seat].role == "死士":
        game.announce("死士出局！", later=game.phase.is_night)
    return
    yield


DEATH: Skill = skill("死节", "可选择在任意时间主动出局。无论以何种方式出局时，身份均会被公布。",
              window="any", target="none", tags=LOCKED, effect=_die)

ROLE: Role = role("死士", VILLAGE, "普通", (DEATH,), note="普通（随机抽取）")

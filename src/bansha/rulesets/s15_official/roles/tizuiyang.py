"""替罪羊（普通）【蒙冤】: goes out in a tie of the count (day.py), and hands the skill
to a 良民 after the last words."""

from __future__ import annotations

from bansha.engine import Game
from bansha.engine.ruleset import Resolution

from ..identity import role_seats
from ..names import VILLAGE
from ..outs import grant, heir
from ..skill import LOCKED, Role, Skill, role, skill


def pass_scapegoat(game: Game, seat: str, cause: str) -> Resolution:
    """蒙冤: "在遗言阶段后，替罪羊须指认一名良民获得该技能"."""
    if not game.held.has(seat, "蒙冤"):
        return
    game.held.remove(seat, "蒙冤")
    options = tuple(n for n in role_seats(game, "良民") if game.seats[n].alive and n != seat)
    if not options:
        game.trace(f"蒙冤：{seat} 出局，场上不存在良民，无须指定", skill="蒙冤")
        return
    chosen = yield from heir(game, seat, "蒙冤", options, "随机指定一名良民",
                             f"{seat} 出局，须指认一名良民获得【蒙冤】")
    grant(game, chosen, "蒙冤")
    game.notify(chosen, f"{seat} 出局，你获得技能【蒙冤】", skill="蒙冤")
    game.trace(f"蒙冤：{seat} 指认良民 {chosen} 获得【蒙冤】", skill="蒙冤")


SCAPEGOAT: Skill = skill(
    "蒙冤", "第二天及以后，如果有两名角色票数相同且为最高，则替罪羊代替他们出局，"
    "并公示。在遗言阶段后，替罪羊须指认一名良民获得该技能，若场上不存在良民，"
    "则无须指定。",
    window="trigger", target="none", tags=LOCKED)

ROLE: Role = role("替罪羊", VILLAGE, "普通", (SCAPEGOAT,), note="普通（随机抽取）")

"""村长 (1): 长寿之命 — one more life against the 指杀 (the third protection of step
(9), ruleset.py), and the curse when he goes out by 毒药, 神堕 or the vote (an "out"
handler on the bus)."""

from __future__ import annotations

from bansha.engine import Game, RoleSpec, SkillSpec
from bansha.engine.bus import Trigger

from ..state import M47State, m47
from .factions import VILLAGE

SKILLS: tuple[SkillSpec, ...] = (
    SkillSpec("长寿之命", window="passive", target="none", charges=1,
              text="可以抵挡一次狼人的指杀。当村长因毒药、神堕、投票出局后，"
                   "所有村民阵营角色失去所有非强制性技能。"),
)
ROLE: RoleSpec = RoleSpec("村长", VILLAGE, 1, ("长寿之命",))

VOTED_OUT = "投票出局"
CURSE_CAUSES = ("毒药", "神堕", VOTED_OUT)


def second_life(game: Game, st: M47State, target: str) -> bool:
    """被指杀的角色是还有第二条命的村长: the 指杀 does not take him out (once per game)."""
    life = game.held.get(target, "长寿之命")
    if life is None or not life.usable():
        return False
    life.spend(game.moment, ())
    return True


def curse(t: Trigger) -> None:
    game: Game = t.data["game"]
    cause: str = t.data["cause"]
    mayor = t.seat
    assert mayor is not None
    if not game.held.has(mayor, "长寿之命") or cause not in CURSE_CAUSES:
        return  # the curse is 长寿之命's: "当村长因毒药、神堕、投票出局后"
    lost: list[str] = []
    for n in game.order:
        st = game.seats[n]
        if st.faction != VILLAGE:
            continue
        held = game.held
        for sk in [k for k, h in held.table(n).items() if not h.ability.forced]:
            held.remove(n, sk)
            lost.append(f"{n}:{sk}")
    m47(game).village_cursed = True
    names = "、".join(lost) or "无"
    game.trace(f"长寿之命：村长出局（{cause}），所有村民阵营角色失去非强制性技能（{names}）",
               skill="长寿之命")


def why_missing(game: Game, st: M47State, seat: str, skill: str) -> str | None:
    s = game.seats[seat]
    held = any(skill in game.ruleset.roles[r].skills for r in s.roles)
    if held and st.village_cursed and s.faction == VILLAGE:
        return (f"{seat} 没有技能 {skill}（已失去；裁定30：村长因毒药、神堕、投票出局后，"
                "所有村民阵营角色失去所有非强制性技能）")
    return None

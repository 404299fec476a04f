"""头狼（狼人）【血统】【枭首】: 血统 in the count (day.py); 枭首 on his out."""

from __future__ import annotations

from bansha.engine import Game
from bansha.engine.ruleset import Resolution

from ..names import WOLVES
from ..skill import LOCKED, Role, Skill, role, skill

BEHEAD_CAUSES = ("毒药", "流弹", "行刺")  # 枭首
# the skills 狼使 and 狼牧 come with (langshi.py, langmu.py): 枭首 strips their holders
ENVOY_SKILLS = ("出使", "救赎", "卫道")


def behead(game: Game, seat: str, cause: str) -> Resolution:
    if not game.held.has(seat, "枭首") or cause not in BEHEAD_CAUSES:
        return
    for n in game.order:
        t = game.seats[n]
        held = game.held.table(n)
        # 狼使、狼牧: who holds their skills (【出使】, or 【救赎】/【卫道】)
        if any(sk in held for sk in ENVOY_SKILLS):
            gone = sorted(held)
            for sk in gone:
                game.held.remove(n, sk)
            game.trace(f"枭首：头狼因{cause.removesuffix('出局')}出局，"
                       f"{n}（{t.role}）失去技能 {'、'.join(gone)}",
                       skill="枭首")
            if t.alive:
                game.notify(n, f"枭首：头狼因{cause.removesuffix('出局')}出局，你失去技能",
                            skill="枭首")
    return
    yield


BLOODLINE: Skill = skill("血统", "第二天及以后，头狼在计票时票数-2。",
                  window="passive", target="none", tags=LOCKED)
BEHEADING: Skill = skill("枭首", "当头狼因【毒药】、【流弹】、【行刺】出局后，狼使、狼牧失去技能。",
                  window="trigger", target="none", tags=LOCKED)

ROLE: Role = role("头狼", WOLVES, "狼人", (BLOODLINE, BEHEADING), granted=("杀人",), note="狼人")

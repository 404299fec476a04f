"""附加身份：情侣【私奔】【殉情】【遗志】 (given by 金箭: roles/aishen.py). 私奔 is in
金箭's settlement and 预言's feedback (prophecy.py); 遗志 follows the win check
(wins.py)."""

from __future__ import annotations

from bansha.engine import Game
from bansha.engine.ruleset import Resolution

from ..identity import partner
from ..outs import out
from ..skill import LOCKED, Skill, skill


def die_together(game: Game, seat: str, cause: str) -> Resolution:
    """殉情: "情侣中若有一人出局，另一人立即出局"."""
    mate = partner(game, seat)
    if mate is not None and game.seats[mate].alive:
        game.trace(f"殉情：{seat} 出局，情侣 {mate} 立即出局", skill="殉情", name=mate)
        yield from out(game, mate, "殉情", by=seat)


ELOPE: Skill = skill("私奔", "若情侣的身份属于同一个阵营，情侣仍然属于该阵营；"
                      "若情侣的身份不属于同一个阵营，情侣均脱离其原阵营，形成〖情侣阵营〗。"
                      "若情侣或爱神成为【预言】目标，则反馈为目标所属的原本阵营，"
                      "若为〖村民阵营〗，则反馈为其情侣所属的原本阵营。",
              window="passive", target="none", tags=LOCKED)
TOGETHER: Skill = skill("殉情", "情侣中若有一人出局，另一人立即出局。",
                 window="trigger", target="none", tags=LOCKED)
LEGACY: Skill = skill("遗志", "若情侣中有狼人且情侣属于〖情侣阵营〗，当〖狼人阵营〗优先判负后，"
                       "狼人阵营的狼人失去技能【杀人】，情侣获得技能【杀人】。",
               window="trigger", target="none", tags=LOCKED)

LOVER_SKILLS: tuple[Skill, ...] = (ELOPE, TOGETHER, LEGACY)

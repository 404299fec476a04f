"""5L 狼人阵营: "[群内]则入狼群，并与所有群内共享一个杀人技能".

杀人[深夜][团队][指定]——选择目标：第二晚开始，任意一名角色。结算效果：对结算目标造成一次
[指杀]。 ("狼人群内首夜不能[杀人]", 附加规则1.) Held by every [群内] wolf; one use per
night for the whole pack (团队: "发动者视为随机一个团队内成员")."""

from __future__ import annotations

from typing import Final

from bansha.engine import Game
from bansha.engine.abilities import Ability, Resolution, Targeting, Use
from bansha.engine.outs import Harm

from ..common import harm
from ..outs import KILL


def kill(game: Game, use: Use) -> Resolution:
    for t in use.final or ():
        yield from harm(game, Harm(KILL, t, use.actor, "杀人", game.moment))


KILL_ABILITY: Final[Ability] = Ability("杀人", ("深夜",), team=True,
                              target=Targeting("alive", from_night=2), effect=kill,
                              text="对结算目标造成一次[指杀]")
TEAM: Final = "狼群"

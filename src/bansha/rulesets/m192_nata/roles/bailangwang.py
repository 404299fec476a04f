"""白狼王[群内]⑩ — 神风突击[正午][指定][翻牌]——选择范围：除竞选日外的游戏日白天，可选任意
1名角色。发动效果：发动者承受[致死伤害]，若发动者因此出局，则当天[封锁投票]，本技能造成的
出局若有遗言，则遗言必须强制留空。结算效果：结算目标承受[致死伤害]，若结算目标是警长且
因此出局，则下一任警长继位由白狼王选择传位给谁。

[翻牌] "公开自己的[实际身份]": announced with whether anyone went out, never the skill
or its target; 发动效果 comes first (it is written first); the heir is chosen with a
second 神风突击 naming him (RULINGS 30); its outs' last words are forced empty
(lastwords.py)."""

from __future__ import annotations

from typing import Final

from bansha.engine import Game
from bansha.engine.abilities import Ability, Resolution, RoleData, Targeting, Use
from bansha.engine.outs import Harm

from ..common import harm, role, st
from ..outs import LETHAL

SKILL: Final = "神风突击"


def kamikaze(game: Game, use: Use) -> Resolution:
    state = st(game)
    me = use.actor
    state.revealed.add(me)
    game.announce(f"有角色翻牌：{me} 的实际身份是{role(game, me)}")
    yield from harm(game, Harm(LETHAL, me, me, SKILL, game.moment))
    if not game.seats[me].alive:
        state.vote_blocked = True
        game.announce("今日封锁投票：放逐投票关闭，已进行的放逐投票无效")
    for t in use.final or ():
        if game.sheriff == t:
            state.badge_by[t] = (me, SKILL)
        yield from harm(game, Harm(LETHAL, t, me, SKILL, game.moment))
        state.badge_by.pop(t, None)
    if not any(not game.seats[s].alive for s in (me, *(use.final or ()))):
        game.announce("无人出局")


ROLE: Final[RoleData] = RoleData("白狼王", "狼人阵营", "狼", 10, ("群内",), (
    Ability(SKILL, ("正午",), reveal=True, target=Targeting("alive"), effect=kamikaze),))


def not_on_election_day(game: Game, seat: str) -> str | None:
    return "神风突击 竞选日不可发动" if game.phase.n == 1 else None

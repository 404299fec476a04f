"""蚀时狼妃: 杀人【团队】; 时间吞噬【限定】 (逆转轮 night step (7)) "可以指定一个第一身份，该
身份于第二天所做的投票和使用技能的操作均视作未进行，若为狼人，则可以重新指杀新的目标";
穿越时空<强制> (always the second card: deal.py). RULINGS 20: 第二天 = the next game day
(its day and its night); a wolf card voided lets the pack choose that night's kill."""

from __future__ import annotations

from bansha.engine import Game
from bansha.engine.abilities import Ability, Resolution, RoleData, Targeting, Use

from ..common import is_wolf_card
from ..state import state
from .kill import KILL


def devour(game: Game, use: Use) -> Resolution:
    if not use.final:
        return
    ref = use.final[0]
    st = state(game)
    day = game.phase.n + 1
    st.devoured[ref] = day
    st.devoured_tonight.add(ref)
    if is_wolf_card(game.card(ref)):
        st.rekill.add(day)
    game.trace(f"时间吞噬：{ref} 于第{day}天的投票和技能视作未进行", skill="时间吞噬")
    return
    yield


DEVOUR = Ability("时间吞噬", ("night",), once=True, target=Targeting("alive"), effect=devour,
                 text="可以指定一个第一身份，该身份于第二天所做的投票和使用技能的操作均视作未进行")

# 穿越时空<强制> acts only in the deal and the order choice (deal.py, order.py)
SECOND = Ability("穿越时空", forced=True, text="游戏开始时，这个身份牌必须为第二身份")

ROLE: RoleData = RoleData("蚀时狼妃", "狼人阵营", abilities=(KILL, DEVOUR, SECOND))

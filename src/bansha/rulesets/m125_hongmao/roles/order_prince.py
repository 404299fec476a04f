"""定序王子: 重定之理【限定】 (逆转轮 night step (8)) "可以对某个第一身份发动该技能，那个第一
身份的角色，在下一个白天和夜晚可以自由操作该身份，若为狼人，则狼人阵营可以重新指杀一个角色…
发动该技能会公示。当和狼妃对同一身份牌使用技能时，重定之理会被无效并浪费"; 逆转时空<强制>
(always the second card: deal.py)."""

from __future__ import annotations

from bansha.engine import Game
from bansha.engine.abilities import Ability, Resolution, RoleData, Targeting, Use

from ..common import is_wolf_card
from ..state import state


def reorder(game: Game, use: Use) -> Resolution:
    if not use.final:
        return
    ref = use.final[0]
    st = state(game)
    if ref in st.devoured_tonight:
        game.trace(f"重定之理：{ref} 同时是时间吞噬的目标，重定之理被无效并浪费", skill="重定之理")
        return
    day = game.phase.n + 1
    st.reordered[ref] = day
    if is_wolf_card(game.card(ref)):
        st.rekill.add(day)
    # "发动该技能会公示" (RULINGS 21: the target card is announced)
    game.announce(f"定序王子发动重定之理：{ref} 在第{day}天的白天和夜晚可以自由行动", later=True)
    game.notify(game.card(ref).seat,
                f"重定之理：你的第一身份 {ref} 在第{day}天的白天和夜晚可以自由操作",
                skill="重定之理")
    return
    yield


REORDER = Ability("重定之理", ("night",), once=True, target=Targeting("alive"), effect=reorder,
                  text="游戏日夜晚，可以对某个第一身份发动该技能")

# 逆转时空<强制> acts only in the deal and the order choice (deal.py, order.py)
SECOND = Ability("逆转时空", forced=True, text="游戏开始时，这个身份牌必须为第二身份")

ROLE: RoleData = RoleData("定序王子", "村民阵营", abilities=(REORDER, SECOND))

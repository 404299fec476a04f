"""天命人⑤ — 身份属性（不是技能）：天命人不会获得任何状态。
薪火相传[晨曦][黄昏][指定]——选择范围：出局后下一个可发动技能的时点，选择任意1名角色。
发动效果：发动者立刻失去所有技能。结算效果：结算目标获得以此失去的所有技能。
天命所归[正午][限定]——游戏日正午可发动该技能，发动后，发动者[实际身份]的对应技能刷新至初始。

"不会获得任何状态": no status at all, negative or not (RULINGS 34). The skills passed
keep their counts and history; 天命所归 refreshes the skills of the user's own actual
identity (held again if lost), 天命所归 itself included (RULINGS 34)."""

from __future__ import annotations

from typing import Final

from bansha.engine import Game
from bansha.engine.abilities import Ability, Resolution, RoleData, Targeting, Use
from bansha.engine.held import Origin

from ..common import role, tell

PASS: Final = "薪火相传"
FATE: Final = "天命所归"


def hand_on(game: Game, use: Use) -> Resolution:
    me = use.actor
    lost = game.held.remove_all(me)  # 发动效果, first
    game.trace(f"{me} 失去所有技能：{'、'.join(h.name for h in lost) or '无'}", PASS)
    for t in use.final or ():
        for h in lost:
            got = game.held.grant(t, h.ability, Origin(role=h.origin.role, granted_by=me,
                                                       via=PASS))
            got.charges = h.charges
            got.used = list(h.used)
        tell(game, t, "你获得了技能：" + "、".join(h.name for h in lost), PASS)
    return
    yield


def refresh(game: Game, use: Use) -> Resolution:
    me = use.actor
    mine = game.ruleset.role_data.get(role(game, me))
    for a in mine.abilities if mine is not None else ():
        game.held.grant(me, a, Origin(role=role(game, me), via=FATE))
    tell(game, me, f"{FATE}：你的身份技能已刷新至初始", FATE)
    from ..rules import mark_refreshed  # its [开局] skills may be decided now
    mark_refreshed(game, me)
    return
    yield


ROLE: Final[RoleData] = RoleData("天命人", "村民阵营", "弱神", 5, (), (
    Ability(PASS, ("晨曦", "黄昏"), target=Targeting("alive"), after_out=True, effect=hand_on),
    Ability(FATE, ("正午",), once=True, effect=refresh),))


def setup(game: Game, seat: str) -> None:
    game.statuses.shield(seat, "天命人不会获得任何状态")

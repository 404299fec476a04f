"""道士⑧ — 结印[指定][早夜]——选择范围：任意三名角色，不能连续两晚选择相同的三个角色。
结算效果：若结算目标的[实际身份]为1狼1强神1弱神，所有和道士实际阵营不一致的角色获得[沉默]
状态，持续至下一个夜晚开始。若所有结算目标的[实际身份]为3狼，所有结算目标获得[缴械]状态，
持续至下一个正午开始。若所有结算目标的[实际身份]为3强神，下一天被[投票出局]的角色[翻牌]。
若所有结算目标的[实际身份]为3弱神，道士获得[独裁]状态，持续至下一个夜晚开始。其余情况或
道士的结算目标不是正好3人则无效果。

Categories are the pools of 2L (验人系 and 宗教老爷爷 fit none of the four cases)."""

from __future__ import annotations

from typing import Final

from bansha.engine import Game
from bansha.engine.abilities import Ability, Resolution, RoleData, Targeting, Use
from bansha.engine.moment import Until

from ..common import category, faction, give, st

_ONE_EACH: Final = tuple(sorted(("狼", "强神", "弱神")))


def seal(game: Game, use: Use) -> Resolution:
    final = list(dict.fromkeys(use.final or ()))
    me = use.actor
    if len(final) != 3:
        game.trace(f"结印：结算目标不是正好3人（{len(final)}），无效果", use.ability)
        return
    # the three categories as a sorted tuple: a multiset, compared as a Counter would
    # be (collections.Counter is interpreted Python even in the compiled build: it was
    # ~0.5 M of a compiled random game's ~13 M instructions)
    kinds = tuple(sorted(category(game, t) for t in final))
    if kinds == _ONE_EACH:
        for s in game.alive_tuple():
            if faction(game, s) != faction(game, me):
                give(game, "沉默", s, Until("start", part="night"), me, use.ability)
    elif kinds == ("狼", "狼", "狼"):
        for t in final:
            give(game, "缴械", t, Until("start", sub="正午"), me, use.ability)
    elif kinds == ("强神", "强神", "强神"):
        st(game).reveal_exiled_on = game.phase.n + 1
        game.trace("结印：下一天被投票出局的角色翻牌", use.ability)
    elif kinds == ("弱神", "弱神", "弱神"):
        give(game, "独裁", me, Until("start", part="night"), me, use.ability)
    else:
        game.trace("结印：其余情况，无效果", use.ability)
    return
    yield


ROLE: Final[RoleData] = RoleData("道士", "村民阵营", "强神", 8, (), (
    Ability("结印", ("早夜",), target=Targeting("alive", count=3, not_twice_in_a_row=True),
            effect=seal),))

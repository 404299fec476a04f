"""愚者② — 大难不死[强制][1]——当愚者承受投票出局的效果时触发此效果：永久获得[自由][霸道]
状态并公示[投票出局的人是个愚者，本次放逐无效]。若愚者是警长，须选择一名其他角色移交警长。
然后愚者不能参与投票、不能成为警长[殉职]目标。"""

from __future__ import annotations

from typing import Final

from bansha.engine import Game
from bansha.engine.abilities import Ability, RoleData
from bansha.engine.outs import Harm, Veto, VetoRun
from bansha.engine.statuses import FORCED

from .. import day
from ..common import give, st
from ..outs import VOTED

SKILL: Final = "大难不死"
ROLE: Final[RoleData] = RoleData("愚者", "村民阵营", "弱神", 2, (),
                                 (Ability(SKILL, forced=True, charges=1),))


def setup(game: Game, seat: str) -> None:
    def veto(h: Harm) -> VetoRun:
        held = game.held.get(seat, SKILL)
        if (h.target != seat or h.kind != VOTED or held is None or held.off
                or (held.charges or 0) <= 0 or game.statuses.blocking(seat, FORCED)):
            return False
        held.spend(game.moment, ())
        give(game, "自由", seat, None, seat, SKILL)
        give(game, "霸道", seat, None, seat, SKILL)
        game.announce("投票出局的人是个愚者，本次放逐无效")
        state = st(game)
        state.no_vote.add(seat)
        state.no_badge.add(seat)
        if game.sheriff == seat:  # "须选择一名其他角色移交警长"
            yield from day.badge(game, seat)
        return True

    outs = st(game).outs
    assert outs is not None
    outs.vetoes = [*outs.vetoes, Veto(SKILL, veto)]

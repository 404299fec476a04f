"""小公主（普通）【纯真】: 夜晚7, after the witch: she goes out in a dying one's place."""

from __future__ import annotations

from bansha.engine import Game
from bansha.engine.abilities import Use
from bansha.engine.outs import Harm
from bansha.engine.ruleset import Resolution

from ..dying import is_dying
from ..names import VILLAGE
from ..skill import LIMITED, Role, Skill, role, skill, target
from ..state import dying
from .zhanglao import elder_spared


def _innocence(game: Game, use: Use) -> Resolution:
    t = target(use)
    if not is_dying(game, t) or elder_spared(game, t):
        game.trace(f"纯真：{t} 当晚不会出局，不产生任何效果", skill="纯真")
        return
    ledger = dying(game)
    ledger.spare(t)
    ledger.mark(Harm("纯真", use.actor, use.actor, "纯真"))
    game.trace(f"纯真：小公主 {use.actor} 代替 {t} 出局", skill="纯真")
    return
    yield


INNOCENCE: Skill = skill("纯真", "游戏日夜晚，可选择代替处于濒死状态的一名角色出局。"
                          "若当晚无人出局，则不产生任何效果。",
                  charges=1, tags=LIMITED, effect=_innocence, shakeable=True)

ROLE: Role = role("小公主", VILLAGE, "普通", (INNOCENCE,), note="普通（随机抽取）")

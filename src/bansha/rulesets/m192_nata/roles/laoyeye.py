"""宗教老爷爷 (独立) — 游戏开局，选择六名角色（自己除外）作为异端。
异端处决[强制]——每有一名异端出局，票权+1，每有三名异端出局，免疫一次出局。
PS：出局后复活，然后再次出局，计为出局2次。
胜利条件：异端或自己除外的非异端角色全部出局 (wins.py).

The six are chosen at 开局 (scenario: `{skill: 异端处决, targets: [...], phase: 开局}`);
[强制] "不允许放弃发动": left unchosen, six are drawn at random (RULINGS 20). The
immunity stops any out but 红牌罚下 (RULINGS 20)."""

from __future__ import annotations

from typing import Final

from bansha.engine import Game
from bansha.engine.abilities import Ability, Resolution, RoleData, Targeting, Use
from bansha.engine.bus import Trigger
from bansha.engine.outs import Harm, Veto, VetoRun
from bansha.engine.statuses import FORCED

from ..common import st, tell
from ..outs import RED
from . import forced

HERETICS: Final = 6


def choose(game: Game, use: Use) -> Resolution:
    state = st(game)
    state.heretics = list(use.chosen)
    tell(game, use.actor, "你选择的异端：" + "、".join(use.chosen), use.ability)
    return
    yield


ABILITY: Final[Ability] = Ability("异端处决", ("开局",), forced=True,
                         target=Targeting("alive_other", count=HERETICS), effect=choose)
ROLE: Final[RoleData] = RoleData("宗教老爷爷", "宗教老爷爷阵营", "独立", None, (), (ABILITY,))


def setup(game: Game, seat: str) -> None:
    state = st(game)
    immune = {"left": 0}

    def works() -> bool:
        h = game.held.get(seat, "异端处决")
        return h is not None and not h.off and game.statuses.blocking(seat, FORCED) is None

    def on_out(t: Trigger) -> Resolution:
        if t.seat in state.heretics and works():
            n = state.heretic_outs = state.heretic_outs + 1
            state.elder_votes[seat] = state.elder_votes.get(seat, 0) + 1
            if n % 3 == 0:
                immune["left"] += 1
            forced.acted(game, f"异端 {t.seat} 出局（第{n}次）：{seat} 票权+1"
                       + ("，免疫一次出局" if n % 3 == 0 else ""), "异端处决")
        return
        yield

    def veto(h: Harm) -> VetoRun:
        if h.target != seat or h.kind == RED or immune["left"] <= 0 or not works():
            return False
        immune["left"] -= 1
        forced.acted(game, f"{seat} 的异端处决免疫了这次出局（{h.kind}）", "异端处决")
        return True
        yield

    game.bus.on("out", on_out, name="异端处决")
    outs = state.outs
    assert outs is not None
    outs.vetoes = [*outs.vetoes, Veto("异端处决", veto)]
    state.opening_defaults.append(lambda: _draw(game, seat))


def _draw(game: Game, seat: str) -> None:
    """[强制]: left unchosen at 开局, the six are drawn (seeded)."""
    state = st(game)
    if state.heretics:
        return
    others = [s for s in game.order if s != seat]
    state.heretics = sorted(game.rng.sample(others, HERETICS), key=game.order.index)
    game.trace(f"{seat} 未选择异端，随机选定：{'、'.join(state.heretics)}", "异端处决")
    tell(game, seat, "你的异端（未选择，随机选定）：" + "、".join(state.heretics), "异端处决")

"""【预言】's feedback: which faction a target appears to belong to.

- 乱民【趋附】: "当你成为【预言】目标时，反馈为“村民阵营”" (wins over 私奔: R-9).
- 情侣【私奔】: "若情侣或爱神成为【预言】目标，则反馈为目标所属的原本阵营，若为〖村民阵营〗，
  则反馈为其情侣所属的原本阵营" (for the 爱神: the first lover, in seat order, whose
  original faction is not 村民阵营: R-9).
- anyone else: "反馈该角色所属阵营" — the faction now (a 归群 白狼 is 狼人阵营).
"""

from __future__ import annotations

from bansha.engine import Game

from .identity import lovers, original_faction, partner
from .names import VILLAGE


def feedback(game: Game, target: str) -> str:
    s = game.seats[target]
    if game.held.has(target, "趋附"):  # 乱民【趋附】
        return VILLAGE
    pair = lovers(game)
    if target in pair or (s.role == "爱神" and pair):
        own = original_faction(game, target)
        if own != VILLAGE:
            return own
        if target in pair:
            mate = partner(game, target)
            return original_faction(game, mate) if mate is not None else own
        return next((f for f in (original_faction(game, n) for n in pair) if f != VILLAGE),
                    VILLAGE)
    return s.faction

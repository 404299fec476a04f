"""6L 出局 and 出局结算流程 as the out pipeline.

1. "若承受伤害的目标有可以对应抵消的[守护][坚韧][不死][霸道]状态，目标不出局，有多个可以
   抵消时，优先判定时限最短的状态进行抵消": one protection step that finds every status
   able to stop this harm and spends the one that ends soonest (守护 loses a use;
   the others are not used up).
   - [守护：X] stops [指杀] only ([穿透] "无视[守护]");
   - [坚韧] stops all but 红牌罚下, [致死伤害] and 投票出局;
   - [不死] stops all but 红牌罚下 (厚皮肉猪's only against non-village sources);
   - [霸道] stops 投票出局 only.
2. vetoes: every one resolves (the roles add theirs: 朱雀, 愚者, 宗教老爷爷).
3. the out (game.put_out) and its triggers.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from bansha.engine import Game
from bansha.engine.abilities import Resolution
from bansha.engine.moment import expiry_key
from bansha.engine.outs import Harm, OutPipeline, Protection, Veto
from bansha.engine.statuses import Status

from .statuses import PIG_UNDYING

RED: Final = "红牌罚下"
VOTED: Final = "投票出局"
KILL: Final = "指杀"
PIERCE: Final = "穿透"
LETHAL: Final = "致死伤害"


def stops(name: str, kind: str) -> bool:
    if kind == RED:
        return False
    if name == "守护":
        return kind == KILL
    if name == "坚韧":
        return kind not in (LETHAL, VOTED)
    if name == "霸道":
        return kind == VOTED
    return name in ("不死", PIG_UNDYING)


def _protection(game: Game, source_faction: Callable[[Harm], str | None]) -> Protection:
    def stop(h: Harm) -> bool:
        book = game.statuses
        able: list[Status] = []
        for s in book.of(h.target):
            if not stops(s.name, h.kind):
                continue
            src = source_faction(h)
            if s.name == PIG_UNDYING and (src is None or src == "村民阵营"):
                continue  # "仅针对非村民阵营的[不死]": a harm by a non-village character

            able.append(s)
        if not able:
            return False
        best = min(able, key=lambda s: (*expiry_key(book.calendar, s.start, s.until), s.seq))
        if best.name == "守护":
            book.consume(h.target, "守护")
        game.trace(f"{h.target} 的[{best.name}]抵消了{h.kind}（{h.skill or h.kind}）", h.skill)
        return True

    return Protection("状态", frozenset({"*"}), stop)


def pipeline(game: Game, vetoes: list[Veto], go_out: Callable[[Harm], Resolution],
             source_faction: Callable[[Harm], str | None]) -> OutPipeline:
    from .common import in_play  # "离开游戏的角色…也不受其他技能影响"
    return OutPipeline([_protection(game, source_faction)], vetoes, go_out,
                       lambda s: in_play(game, s), game.statuses.snapshot)

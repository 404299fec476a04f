"""胜负判定 of the reversal round ("逆转轮中，游戏状态满足某阵营胜利条件之一，游戏立即结束"),
checked after every card out. The history round declares no winner (outs.py)."""

from __future__ import annotations

from bansha.engine import Game

from .common import cards, is_wolf_card
from .state import state


def wolves_won(game: Game) -> bool:
    """【狼人阵营】1，所有村民阵营的村民牌，在两轮游戏中至少出局过一次 (RULINGS 5, 23)."""
    if game.round != 2:
        return False
    out = state(game).ever_out
    return all(c.ref in out for c in cards(game) if c.role == "村民")


def village_won(game: Game) -> bool:
    """【村民阵营】1，所有狼人身份均出局。2，历史轮以条件1结束时，所有第二身份的狼人牌出局。"""
    if game.round != 2:
        return False
    wolves = [c for c in cards(game) if is_wolf_card(c)]
    if not any(c.alive for c in wolves):
        return True
    end = state(game).history_end
    return end is not None and end[1] == 1 and not any(
        c.alive for c in wolves if c.index == 2)


def night_outs(game: Game) -> None:
    """A night that ends the game (or the history round) has no next day for its outs
    ("夜晚期间需要公示的内容全部在下一个白天开始时公布"): they are announced before the
    result, in the order the cards went out (RULINGS 29)."""
    if game.phase.is_night and game.phases and game.phases[-1].outs:
        game.announce("本夜出局：" + "、".join(n for n, _ in game.phases[-1].outs))


def _finishes(game: Game) -> bool:
    """Whether check_win would end the game now (the rules are pure functions)."""
    w = game.wins
    return any(r.lost(game) or (r.won is not None and r.won(game))
               for r in w.rules if r.name not in w.has_lost)


def end_check(game: Game) -> None:
    """game.check_win, with the night's outs announced first when it ends the game."""
    if game.phase.is_night and not game.finished and _finishes(game):
        night_outs(game)
    game.check_win()


RED_LOSS = 2  # the 作弊 note: "阵营判负只需两红" (RULINGS 25)


def reds_lost(game: Game, faction: str) -> bool:
    """Two red cards among the players of a faction: that faction loses."""
    reds = sum(game.cards.counts[n].red for n in game.order
               if n in game.cards.counts and game.seats[n].faction == faction)
    return reds >= RED_LOSS

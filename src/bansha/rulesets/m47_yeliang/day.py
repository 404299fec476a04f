"""[M47] the day's steps (placed by schedule.py): the vote (day 1 elects the sheriff:
竞岗, 依靠, 心碎; from day 2 the top vote goes out, 警长 0.5 票, 平票无人出局), 潜水
(3) as an option, then red cards."""

from __future__ import annotations

from bansha.engine import Game
from bansha.engine.ruleset import Resolution

from .roles.mayor import VOTED_OUT
from .roles.sheriff import elect, vote_weights
from .state import M47State, StepRun


def fmt(x: float) -> str:
    return str(int(x)) if x == int(x) else f"{x:g}"


def vote(game: Game, st: M47State) -> Resolution:
    counts = game.votes.tally(vote_weights(game))
    # most votes first, ties in seat order: a stable sort of the targets in seat order
    ranked = sorted([t for t in game.order if t in counts], key=counts.__getitem__,
                    reverse=True)
    tally = "，".join([f"{t} {fmt(counts[t])}票" for t in ranked]) or "无有效票"
    if game.phase.n == 1:
        game.announce(f"警长竞选投票结果：{tally}")
        yield from elect(game)
    else:
        game.announce(f"投票结果：{tally}")
        yield from game.vote_out_top(counts, VOTED_OUT)


def auto_penalties(game: Game, st: M47State) -> None:
    """潜水（3）: a living player who did not vote gets a yellow card (option)."""
    if game.ruleset.options.get("penalties") != "auto":
        return
    if game.accelerated:  # 执行加速时……未投票者将不被判罚
        game.trace("本讨论日执行了加速：未投票者不判罚")
        return
    for n in game.alive_seats():
        if n not in game.votes.current:
            game.trace(f"{n} 未投票：黄牌", name=n)
            game.give_card(n, "黄")


SENT_OFF = "红牌罚下"


def send_offs(game: Game, st: M47State) -> StepRun | None:
    """Red cards take effect after the vote (by day) or after the night's resolution."""
    return _send_offs(game, st) if game.sent_off_pending else None


def _send_offs(game: Game, st: M47State) -> Resolution:
    while game.sent_off_pending:
        seat = game.sent_off_pending.pop(0)
        if game.alive(seat):
            game.announce(f"红牌罚下：{seat}", later=game.phase.is_night)
            yield from st.hit(seat, SENT_OFF)

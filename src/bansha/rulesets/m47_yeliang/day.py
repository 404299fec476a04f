"""[M47] the day: day 1 elects the sheriff (竞岗, 依靠, 心碎); from day 2 the top
vote goes out (警长 0.5 票, 平票无人出局); then red cards are settled."""

from __future__ import annotations

from bansha.engine import Game
from bansha.engine.ruleset import Resolution

from .outs import SENT_OFF, VOTED_OUT, heartbreak


def fmt(x: float) -> str:
    return str(int(x)) if x == int(x) else f"{x:g}"


def vote_weight(game: Game, seat: str) -> float:
    # 正直: the sheriff's vote counts 0.5
    return 0.5 if seat == game.sheriff else 1.0


def resolve_day(game: Game) -> Resolution:
    counts = game.votes.tally(lambda v: vote_weight(game, v))
    ranked = sorted(counts.items(), key=lambda kv: (-kv[1], game.order.index(kv[0])))
    tally = "，".join(f"{t} {fmt(c)}票" for t, c in ranked) or "无有效票"
    if game.phase.n == 1:
        game.announce(f"警长竞选投票结果：{tally}")
        yield from elect(game)
    else:
        game.announce(f"投票结果：{tally}")
        yield from game.vote_out_top(counts, VOTED_OUT)
    auto_penalties(game)
    yield from send_offs(game)


def elect(game: Game) -> Resolution:
    """竞岗: the first to reach the top count becomes sheriff; 依靠 follows him."""
    winner = game.votes.first_to_reach_top(lambda v: 1.0)
    sad = next((n for n in game.order if "依靠" in game.seats[n].skills), None)
    if winner is None:
        game.announce("无人得票，本局没有警长")
        return
    game.set_sheriff(winner)
    game.announce(f"{winner} 当选警长")
    game.notify(winner, "你当选为警长（正直：你的票计为0.5票；殉职：出局时须移交警徽）",
                skill="竞岗")
    if sad is not None and sad != winner and game.alive(sad):
        game.seats[sad].faction = game.seats[winner].faction
        game.notify(sad, f"依靠：你的阵营转变为警长 {winner} 的阵营", skill="依靠")
        game.trace(f"依靠：{sad} 的阵营变为 {game.seats[sad].faction}", skill="依靠")
        game.check_win()
    yield from heartbreak(game, winner)


def auto_penalties(game: Game) -> None:
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


def send_offs(game: Game) -> Resolution:
    """Red cards take effect after the vote (by day) or after the night's resolution."""
    while game.sent_off_pending:
        seat = game.sent_off_pending.pop(0)
        if game.alive(seat):
            game.announce(f"红牌罚下：{seat}", later=game.phase.is_night)
            yield from game.put_out(seat, SENT_OFF)

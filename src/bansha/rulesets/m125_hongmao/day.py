"""The day (流程2, 4, 5): day 1 elects the sheriff (竞岗 "最先获得投票数最多的角色当选
警长"); from day 2 "获得投票最多的角色将出局。平票时警长投票的角色出局，警长未投票则无人
出局". 骑士 决斗 resolves the moment it is submitted; red cards leave the cards in
play ("身份牌仍然保留在场上…无记录则挂机")."""

from __future__ import annotations

from bansha.engine import Action, Game
from bansha.engine.ruleset import Resolution
from bansha.engine.votes import VoteBox

from . import reversal, wins
from .common import is_wolf_card
from .outs import VOTED_OUT, card_out
from .state import state

DUEL = "决斗"
# the director's mark: the day is in its last 3 hours ("关门前3小时内不可发动此技能")
LAST_HOURS = "关门前3小时"


def _tally_text(game: Game, counts: dict[str, float]) -> str:
    ranked = sorted(counts.items(), key=lambda kv: -kv[1])
    return "，".join(f"{t} {int(c)}票" for t, c in ranked) or "无有效票"


def _record_votes(game: Game) -> None:
    if game.round != 1:
        return
    for voter, target in game.votes.current.items():
        game.record.record(voter, game.moment, Action(voter, "投票", target or "弃权"))


def resolve_day(game: Game) -> Resolution:
    st = state(game)
    _record_votes(game)
    if game.round == 2:
        # recorded day skills (决斗) replay as the day closes, before the count (RULINGS 16)
        for r in reversal.day_replays(game):
            if r.action.skill == DUEL and game.held.get(r.card, DUEL) is not None:
                yield from duel(game, Action(r.card, DUEL, r.action.target))
    if st.votes_blocked:
        game.announce("今天的投票已被决斗封锁，不计票，无人被投票出局")
    else:
        box = reversal.counted_box(game)
        counts = box.tally(lambda v: 1.0)
        if game.phase.n == 1:
            game.announce(f"警长竞选投票结果：{_tally_text(game, counts)}")
            _elect(game, box)
        else:
            game.announce(f"投票结果：{_tally_text(game, counts)}")
            yield from _vote_out(game, counts, box)
    st.votes_blocked = False
    send_offs(game)


def _elect(game: Game, box: VoteBox) -> None:
    winner = box.first_to_reach_top(lambda v: 1.0)
    if winner is None:
        game.announce("无人得票，本局没有警长")
        return
    game.set_sheriff(winner)
    game.announce(f"{winner} 当选警长")
    game.notify(game.card(winner).seat, f"你的身份牌 {winner} 当选为警长", skill="竞岗")


def _vote_out(game: Game, counts: dict[str, float], box: VoteBox) -> Resolution:
    tops = VoteBox.tops(counts)
    if not tops:
        game.announce("无人得票，无人出局")
        return
    out = tops[0] if len(tops) == 1 else None
    if out is None:
        sheriff = game.sheriff
        pick = box.current.get(sheriff) if sheriff is not None else None
        if pick is not None and pick in tops:
            out = pick
            game.announce(f"平票（{'、'.join(tops)}），警长投票的 {pick} 出局")
        else:
            game.announce(f"平票（{'、'.join(tops)}），警长未投票给平票者，无人出局")
            return
    else:
        game.announce(f"{out} 被投票出局")
    yield from card_out(game, out, VOTED_OUT)


def duel(game: Game, a: Action) -> Resolution:
    """"公布骑士身份牌和决斗对象的身份牌，决斗目标也会立刻出局，并且若决斗目标为狼人身份
    牌，则会封锁今天的所有投票"."""
    target = a.target or ""
    h = game.held.get(a.seat, DUEL)
    assert h is not None
    h.spend(game.moment, (target,))
    if game.round == 1:
        game.record.record(a.seat, game.moment, Action(a.seat, DUEL, target))
    card = game.card(target)
    game.announce(f"{a.seat}（骑士）发动决斗：{target} 的身份牌是 {card.role}")
    if is_wolf_card(card):
        state(game).votes_blocked = True
        game.announce("决斗目标为狼人身份牌，今天的所有投票被封锁")
    yield from card_out(game, target, DUEL)


def send_offs(game: Game) -> None:
    """红牌: the player's cards stay in play; with no record to follow the player idles
    (挂机): every later input is refused, no prompt is asked (RULINGS.md 9)."""
    st = state(game)
    given = bool(game.sent_off_pending)
    while game.sent_off_pending:
        seat = game.sent_off_pending.pop(0)
        if seat not in st.idle:
            st.idle.add(seat)
            game.announce(f"红牌罚下：{seat}（身份牌仍然保留在场上，挂机）",
                          later=game.phase.is_night)
    if given:
        wins.end_check(game)  # "阵营判负只需两红" (RULINGS 25)

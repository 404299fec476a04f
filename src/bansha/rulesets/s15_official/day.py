"""[S15] the days: 08–09 day 1's count elects the 警长; 19–20 from day 2 the count
decides who goes out, exactly as the FAQ counts:

"首先计算所有角色被投票数，在此基础上，被【诽谤】的角色票数+2、头狼票数-2、已发动【若愚】的
白痴投票作废，然后确定出局角色：如只有一人获得票数最高，则出局，否则替罪羊出局。"

with 警长【领导】 (two votes; on a tie among the tops the 警长's choice goes out) before
替罪羊【蒙冤】 (RULINGS R-10), 狼牧【救赎】 and 白痴【若愚】.
"""

from __future__ import annotations

from bansha.engine import Game
from bansha.engine.ruleset import Resolution

from . import wins
from .anytime import publish_lastwords
from .identity import vote_weight
from .night import leftovers
from .outs import out, shown
from .roles import baichi
from .state import notes, st


def _today(marks: list[tuple[str, int]], game: Game) -> list[str]:
    return [t for t, day in marks if day == game.phase.n]


def count(game: Game) -> dict[str, int]:
    """Votes per character after every modifier (RULINGS R-10)."""
    counts: dict[str, int] = {}
    for voter, target in game.votes.current.items():
        if target is None or not game.seats[target].alive:
            continue
        counts[target] = counts.get(target, 0) + vote_weight(game, voter)
    if game.phase.n >= 2:
        for t in _today(st(game).slander, game):  # 诽谤: 票数+2
            if game.seats[t].alive:
                counts[t] = counts.get(t, 0) + 2
        for t in list(counts):  # 血统: 第二天及以后，头狼在计票时票数-2
            if game.held.has(t, "血统"):
                counts[t] -= 2
    return counts


def tops(counts: dict[str, int]) -> list[str]:
    if not counts:
        return []
    best = max(counts.values())
    return [t for t, c in counts.items() if c == best] if best > 0 else []


def _publish_ballots(game: Game) -> None:
    """投票公开: 全公开 lists every ballot; 半公开 only how many ballots each received."""
    # ballots of characters who went out during the day no longer count
    ballots = [(v, t) for v, t in game.votes.current.items() if game.seats[v].alive]
    if not ballots:
        game.announce("本日无人投票")
        return
    if game.ruleset.options.get("投票公开") == "半公开":
        raw: dict[str, int] = {}
        for _v, t in ballots:
            key = t if t is not None else "弃权"
            raw[key] = raw.get(key, 0) + 1
        game.announce("投票（半公开）：" + "，".join(f"{t} {c}票" for t, c in raw.items()))
    else:
        game.announce("投票：" + "，".join(f"{v}→{t or '弃权'}" for v, t in ballots))


def resolve_day(game: Game) -> Resolution:
    # the discussion is over: last night's outs had until now for their last words
    publish_lastwords(game, closing=True, day_over=True)
    _publish_ballots(game)
    if game.phase.n == 1:
        elect(game)
    else:
        yield from vote_out(game)
    wins.check(game)
    leftovers(game)
    if settle_cards(game):
        wins.check(game)  # a sent-off player casts no vote


def elect(game: Game) -> None:
    """09.计票确定警长: the single top is elected; a tie or no votes: no 警长 (R-11)."""
    top = tops(count(game))
    if len(top) == 1:
        game.set_sheriff(top[0])
        game.announce(f"{top[0]} 当选警长")
        game.notify(top[0], "你当选警长（领导：你的票计为两票，平票时你的投票对象出局；"
                            "殉职：出局后须选择继任警长）", skill="领导")
    elif top:
        game.announce("警长竞选平票（" + "、".join(top) + "），本局暂无警长")
    else:
        game.announce("无人得票，本局暂无警长")


def _sheriff_pick(game: Game, top: list[str]) -> str | None:
    sheriff = game.sheriff
    if sheriff is None or not game.seats[sheriff].alive or vote_weight(game, sheriff) == 0:
        return None
    choice = game.votes.current.get(sheriff)
    return choice if choice in top else None


def vote_out(game: Game) -> Resolution:
    """20.计票确定出局者."""
    counts = count(game)
    top = tops(counts)
    game.trace("计票：" + ("，".join(f"{t} {c}" for t, c in counts.items()) or "无"), skill="投票")
    if not top:
        game.announce("无人得票最高，本日无人出局")
        return
    if len(top) == 1:
        loser, how = top[0], "投票出局"
    else:
        pick = _sheriff_pick(game, top)
        goats = [n for n in game.alive_tuple() if game.held.has(n, "蒙冤")]
        if pick is not None:
            game.announce("平票（" + "、".join(top) + f"）：警长的投票对象 {pick} 出局")
            loser, how = pick, "投票出局"
        elif goats:
            loser, how = goats[0], "蒙冤"
        else:
            game.announce("平票（" + "、".join(top) + "），无人出局")
            return
    if how == "投票出局" and loser in _today(st(game).redeemed, game):
        game.trace(f"救赎：{loser} 票数最高，免于出局", skill="救赎", name=loser)
        game.announce(f"{loser} 免于出局，本日无人出局")
        return
    if how == "蒙冤":
        game.announce("替罪羊出局！")
        game.announce(f"平票（{'、'.join(top)}）：{shown(game, loser)} 代替他们出局")
        yield from out(game, loser, how)
        return
    if (yield from baichi.escapes(game, loser)):
        return
    game.announce(f"{shown(game, loser)} 被投票出局")
    yield from out(game, loser, how)


def settle_cards(game: Game) -> bool:
    """红牌: "罚下而未出局的角色处于存活状态" — sent off, the character stays in play
    (alive for the win lines) but may not vote or use skills (R-25). True when anyone
    was sent off."""
    sent = bool(game.sent_off_pending)
    while game.sent_off_pending:
        seat = game.sent_off_pending.pop(0)
        notes(game, seat).sent_off = True
        game.announce(f"红牌罚下：{seat}（罚下而未出局，角色仍处于存活状态）",
                      later=game.phase.is_night)
        game.notify(seat, "你已被红牌罚下：角色仍处于存活状态，但你不能再投票或行使技能")
    return sent

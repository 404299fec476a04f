"""6L 投票: "如果投票的角色在正午就已出局，即使在禁止改票的时间内也可以进行一次改票。"

Read as the character voted for (RULINGS 62): a voter whose ballot names a character
who went out at today's 正午 may change it once that day, even when his own 改票 is
used up ("改票只允许进行一次") or 关门前一小时 (the forum tools' lock); it does not use
up his own 改票. 执行加速 still stops it ("执行加速时，所有人不可改票"), as the forum
tally (forum/tally.py) reads the same sentence.
A 改票 that qualifies is turned into the skill `FREE` before it is checked
(Ruleset.canonical), so the forum's ordinary 改票 post and the API's `改票` both reach
it; the ruleset offers it as a `改票` when the engine would not.
"""

from __future__ import annotations

from typing import Final

from bansha.engine import Action, Game, LegalAction
from bansha.engine.abilities import Resolution
from bansha.engine.skills import SkillSpec
from bansha.engine.votes import ABSTAIN, Ballot

from .common import in_play, st

CHANGE: Final = "改票"
FREE: Final[str] = "改票（原投票对象正午出局）"
SPEC: Final = SkillSpec(FREE, window="day", hidden=True,
                        text="如果投票的角色在正午就已出局，即使在禁止改票的时间内也可以进行一次改票")


def out_target(game: Game, voter: str) -> str | None:
    """The character `voter`'s ballot names, if it went out at today's 正午 and the
    voter has not yet used his free change today."""
    if game.phase.is_night or game.sub != "正午" or game.accelerated:
        return None
    if voter not in game.votes.current:
        return None
    t = game.votes.current[voter]
    if t is None or t not in game.seats or game.seats[t].alive:
        return None
    s = game.seats[t]
    if t not in st(game).noon_outs or s.out_at != game.phase.label:
        return None
    if game.phase.label in st(game).free_changes.get(voter, ()):
        return None
    return t


def canonical(game: Game, a: Action) -> Action:
    """A 改票 the free change takes; one it would refuse stays a 改票, so the engine
    refuses it as a 改票 (with the same reason: the target, the vote's state)."""
    if a.skill == CHANGE and a.seat in game.seats and out_target(game, a.seat) is not None:
        free = Action(a.seat, FREE, target=a.target, text=a.text)
        if refusal(game, free) is None:
            return free
    return a


def refusal(game: Game, a: Action) -> str | None:
    if game.resolving:
        return "正在结算其他事件，请在结算完成后再提交"
    if game.accelerated:
        return "本讨论日已执行加速，不可改票（规则：“执行加速时，所有人不可改票”）"
    reason = game.ruleset.may_vote(game, a.seat)
    if reason is not None:
        return reason
    if out_target(game, a.seat) is None:
        return "你的投票对象没有在今天正午出局：请使用普通的改票"
    t = a.target
    if t is None:
        return "改票需要写明改票对象（或“弃权”）"
    if t != ABSTAIN:
        return game.ruleset.may_be_voted(game, t)
    return None


def change(game: Game, a: Action) -> Resolution:
    voter = a.seat
    was = out_target(game, voter)
    assert was is not None
    t = None if a.target in (None, ABSTAIN) else a.target
    box = game.votes
    box.current[voter] = t  # the box's own 改票 would count against the one change
    box.history.append(Ballot(voter, t, len(box.history), True))
    st(game).free_changes.setdefault(voter, []).append(game.phase.label)
    game.trace(f"{voter} 改票：{a.target}（原投票对象 {was} 已在正午出局，不计入改票次数）",
               CHANGE)
    game.notify(voter, f"改票成功：{a.target}（{was} 已在正午出局，本次改票不受改票限制）",
                CHANGE)
    return
    yield


def offer(game: Game, seat: str) -> LegalAction | None:
    """The free 改票 as a `改票`, where the engine offers none (the voter's change is
    used up, or 加速 holds)."""
    if game.resolving or out_target(game, seat) is None or not in_play(game, seat):
        return None
    if game.votes.may_change(seat):
        return None  # the engine offers a 改票; canonical turns it into the free one
    if game.ruleset.may_vote(game, seat) is not None:
        return None
    targets = tuple(t for t in game.order if game.ruleset.may_be_voted(game, t) is None)
    return LegalAction(seat, CHANGE, (*targets, ABSTAIN))

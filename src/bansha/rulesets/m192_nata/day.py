"""6L 投票, 7L 竞选 and 殉职, and the out announcements.

- 竞选日 (day 1): "只有未上警的角色才能投警长票，上警的角色才能被投票"; "获得票数最多的
  角色当选警长，平票则没有警长". No exile that day (RULINGS 6).
- Later days: "讨论日获得投票最多的角色将出局，若该角色持有[霸道]或[不死]状态，则不出局，
  公示平安日"; "投票计数隐藏，将只宣布当天谁是最高票"; a tie sends nobody out (RULINGS 8).
  Weights: 1, [迷魂] 0 ("依然可以触发投票相关技能"), [独裁] +1, the sheriff +0.5
  (附加规则3), 一锤定音 +100, 宗教老爷爷 +1 per 异端 out.
- [封锁投票]: "当天不会产生放逐投票的最高票和因此承受[投票出局]的角色".
- 殉职: the sheriff out passes the badge in that phase, or it is torn up.
"""

from __future__ import annotations

from typing import Final

from bansha.engine import Game, LegalAction, Prompt
from bansha.engine.abilities import Resolution
from bansha.engine.outs import Harm
from bansha.engine.statuses import VOTE_WEIGHT
from bansha.engine.votes import VoteBox

from .common import in_play, st
from .outs import VOTED

SHERIFF_BONUS: Final = 0.5


def weight(game: Game, seat: str) -> float:
    book = game.statuses
    w = 0.0 if book.blocking(seat, VOTE_WEIGHT) is not None else 1.0
    if w and book.has(seat, "独裁"):
        w += 1.0
    if w and game.sheriff == seat:
        w += SHERIFF_BONUS
    if w and seat in st(game).hammer:
        w += 100.0
    if w:
        w += st(game).elder_votes.get(seat, 0)
    return w


def standing(game: Game, counts: dict[str, float]) -> dict[str, float]:
    """The ballots that stand when counted: "角色出局后，不能继续参与讨论、投票": a ballot
    for a character out (or who left the game) counts for nobody (RULINGS 62)."""
    return {t: v for t, v in counts.items() if v > 0 and in_play(game, t)}


def elect(game: Game) -> None:
    counts = standing(game, game.votes.tally(
        lambda s: 1.0 if in_play(game, s) else 0.0))
    tops = VoteBox.tops(counts)
    if len(tops) == 1:
        game.set_sheriff(tops[0])
        game.announce(f"警长竞选：{tops[0]} 当选警长")
        game.notify(tops[0], "你成为了警长", "竞岗")
    elif tops:
        game.announce("警长竞选平票（" + "、".join(tops) + "），没有警长")
    else:
        game.announce("警长竞选无人得票，没有警长")


def exile(game: Game) -> Resolution:
    state = st(game)
    if state.vote_blocked:
        game.announce("今日封锁投票，放逐投票无效")
        return
    counts = game.votes.tally(lambda s: weight(game, s) if in_play(game, s) else 0.0)
    tops = VoteBox.tops(standing(game, counts))
    if not tops:
        game.announce("今日无人得票，无人出局")
        return
    if len(tops) > 1:
        game.announce("今日平票（" + "、".join(tops) + "），无人出局")
        return
    top = tops[0]
    game.announce(f"今日最高票：{top}")
    outs = state.outs
    assert outs is not None
    v = yield from outs.hit(Harm(VOTED, top, None, "投票", game.moment))
    if v.stopped_by is not None:
        game.announce("平安日")
    if v.out and state.reveal_exiled_on == game.phase.n:  # 道士 结印 3强神
        state.revealed.add(top)
        game.announce(f"{top} 翻牌：实际身份是{game.seats[top].role}")


def announce_night(game: Game) -> None:
    state = st(game)
    outs = [s for s in state.night_outs]
    state.night_outs = []
    # the list leads the day's opening lines: an out's own 公示 made during the night
    # (殉职's 警徽移交, 太阳's 日不落) follows the out it comes from
    if outs:
        game.announce("昨夜出局：" + "、".join(outs), later=True, ahead=True)
    else:
        game.announce("昨夜无人出局", later=True, ahead=True)


def on_out(game: Game, seat: str, cause: str) -> None:
    """Where an out is told: 正午 at once, 黄昏 after 黄昏, the night at the next 晨曦,
    晨曦 and 开局 when the day opens (正午; RULINGS 10)."""
    state = st(game)
    if not game.phase.is_night:
        state.day_outs.setdefault(game.phase.n, []).append(seat)
    if game.phase.is_night:
        state.night_outs.append(seat)
    elif game.sub == "正午":
        game.announce(f"{seat} 出局")
        state.noon_outs.append(seat)
    elif game.sub == "黄昏":
        state.sub_outs.append((seat, cause))
    else:
        game.announce(f"{seat} 出局", later=False)


def badge(game: Game, seat: str) -> Resolution:
    """殉职[强制]: "须选择一名未出局的角色移交警长或选择撕掉警徽…若在该阶段内未及时选择
    警长，警长将直接撕掉"."""
    if game.sheriff != seat:
        return
    from .roles.forced import acted  # 殉职 acts: 守夜 counts it (RULINGS 40)
    acted(game, f"警长 {seat} 出局：殉职", "殉职")
    heirs = tuple(s for s in game.alive_tuple() if s != seat and s not in st(game).no_badge)
    chooser, skill = st(game).badge_by.get(seat, (seat, "殉职"))
    answer = None
    if heirs:  # 白狼王: "下一任警长继位由白狼王选择传位给谁"
        answer = yield Prompt(chooser, (LegalAction(chooser, skill, heirs),),
                              default="撕掉警徽", context="警长出局：移交警徽或撕掉")
    heir = answer.target if answer is not None else None
    if heir is None or heir not in heirs:
        game.set_sheriff(None)
        game.announce("警长撕掉了警徽，没有警长", later=game.phase.is_night)
        return
    game.set_sheriff(heir)
    if game.phase.is_night:  # "获得警长的角色将在该阶段结束后收到通知"
        game.news.hold((heir,), "你成为了警长", game.moment, "殉职")
        game.announce(f"警徽移交给 {heir}", later=True)
    else:  # "白昼，黄昏阶段则立刻通知并公示"
        game.notify(heir, "你成为了警长", "殉职")
        game.announce(f"警徽移交给 {heir}")

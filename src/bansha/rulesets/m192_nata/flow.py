"""3L/7L time: each sub-phase is a window of its own (Ruleset.next_sub), closed by
one advance. A day: 开局 (day 1 only), 晨曦, 正午 (twice after 太阳's 日), 黄昏; a
night: 早夜, 午夜, 深夜, 凌晨.

- A window's uses resolve when it closes, in the order table's order (schedule.py);
  正午 skills resolve as they are submitted (ruleset.resolve_now).
- Statuses end at the boundaries they name (Until), told to their holder.
- Private news of a night sub-phase is released when it ends (NewsBuffer).
- 黄昏1 "统计最高票": the vote is counted when the (last) 正午 closes; 竞选日 (day 1)
  elects the sheriff instead (RULINGS 6, 7).
- 凌晨 "电梯楼顺序统计出局名单": the night's harms settle in 电梯楼 order; the outs are
  announced at the next 晨曦 ("夜晚期间需要公示的内容全部在下一个白天开始时公布").
- 黄昏 outs are announced when 黄昏 ends, 投票出局 and 其他原因 apart.
"""

from __future__ import annotations

from typing import Final

from bansha.engine import Game
from bansha.engine.abilities import Resolution
from bansha.engine.bus import Trigger
from bansha.engine.moment import Edge, Moment
from bansha.engine.outs import Harm
from bansha.engine.resolve import run_uses
from bansha.engine.votes import VoteBox

from . import rights
from .common import st
from .outs import RED, VOTED

# Final: inlined by the compiled build (windows() and enter() read them at every step)
DAY_SUBS: Final[tuple[str, ...]] = ("晨曦", "正午", "黄昏")
NIGHT_SUBS: Final[tuple[str, ...]] = ("早夜", "午夜", "深夜", "凌晨")
OPENING: Final[str] = "开局"


def windows(game: Game) -> list[tuple[str, int]]:
    """The phase's windows in order, as (sub-phase, nth)."""
    if game.phase.is_night:
        return [(s, 1) for s in NIGHT_SUBS]
    out = [(OPENING, 1)] if game.phase.n == 1 else []
    out.append(("晨曦", 1))
    out += [("正午", i) for i in range(1, st(game).noons_today + 1)]
    out.append(("黄昏", 1))
    return out


def moment(game: Game, sub: str, nth: int = 1) -> Moment:
    m = game.calendar.at(game.phase.n, game.phase.kind, sub)
    return m if nth == 1 else Moment(m.day, m.part, m.sub, m.pos, nth, m.round)


def cross(game: Game, edge: Edge, at: Moment) -> None:
    """What ends at this boundary ends: statuses (their holder is told when it was told
    of the status: "也会随时得知这些状态是否还存在"), redirects, temporary skills."""
    state = st(game)
    state.targets.expire(edge, at)
    for holder, h in game.held.expire(at, edge):
        if h.ability.forced:
            # "若强制技能提供任何[状态]，则该强制技能失效后，这些状态也一同失效": a forced
            # skill held for a while (变脸's card) takes its statuses with it (RULINGS 69)
            for s in game.statuses.end_skill(holder, h.ability.name):
                if s.kind.visible and game.seats[s.holder].alive:
                    game.notify(s.holder, f"你的[{s.name}]状态已结束", "状态")
    gone = game.statuses.cross(edge, at)
    for s in gone:
        if s.kind.visible and game.seats[s.holder].alive:
            game.notify(s.holder, f"你的[{s.name}]状态已结束", "状态")
    if gone:  # a 遗忘 ended: the forced skills' lasting statuses come back
        for restore in state.forced_restorers:
            restore()


def open_phase(game: Game) -> None:
    state = st(game)
    if not game.phase.is_night:
        state.noons_today = 1 + state.extra_noons
        state.extra_noons = 0
        state.vote_blocked = False
    # the part's own start, not the last sub-phase of the part before: a status given
    # at this boundary (a forced skill's, back after its 遗忘 ended) reads game.moment
    game.sub, game.nth = "", 1
    cross(game, "start", game.calendar.at(game.phase.n, game.phase.kind, ""))
    sub, nth = windows(game)[0]
    enter(game, sub, nth)


def next_window(game: Game) -> bool:
    ws = windows(game)
    here = (game.sub, game.nth)
    i = ws.index(here) if here in ws else len(ws) - 1
    if i + 1 >= len(ws):
        return False
    enter(game, *ws[i + 1])
    return True


def enter(game: Game, sub: str, nth: int) -> None:
    """A window opens."""
    game.sub, game.nth = sub, nth
    st(game).window_ran = False
    if sub != OPENING:
        cross(game, "start", game.moment)
    rights.bind(game)
    if sub == "晨曦" and game.phase.n > 1:
        game.flush_later()  # "每个游戏日白天开始时，公示前一天出局角色名单及遗言"
        from .lastwords import publish
        publish(game)
    if sub == "早夜":
        st(game).night_harms = []
        st(game).oracle = {}
    for hook in st(game).window_hooks.get(sub, ()):
        hook()
    if sub == "正午":
        if nth > 1:
            game.votes = VoteBox()
            game.announce(f"日不落：今天额外进行第{nth}轮正午")
        quiet = game.statuses.holders("寡言")
        if quiet:  # "每天开门以及正午阶段都会公示该状态的持有情况"
            game.announce("持有[寡言]状态：" + "、".join(s for s in game.order if s in quiet))


def close(game: Game) -> Resolution:
    """The open window closes: its uses resolve, then what the sub-phase itself does."""
    state = st(game)
    sub = game.sub
    uses = game.uses.uses()
    if uses:
        yield from run_uses(game, state.targets, uses, sub)
    state.window_ran = True
    for gen in state.close_gens.get(sub, ()):
        yield from gen()
    for hook in state.close_hooks.get(sub, ()):
        hook()
    if sub == OPENING:
        for default in state.opening_defaults:
            default()
    rights.close(game)
    # windows() read without building it: a day's 正午 are 1..noons_today, and the
    # part's last window is its 黄昏 or 凌晨 (each once)
    last_noon = sub == "正午" and game.nth == state.noons_today
    if sub == "正午":
        yield from count_votes(game)
        if last_noon:
            yield from dusk_opens(game)
            yield from send_off(game)
    if sub == "凌晨":
        yield from settle_night(game)
        yield from send_off(game)
        for hook in state.close_hooks.get(AFTER_COUNT, ()):  # 守夜's report, 御主's 翻牌
            hook()
    at = game.moment
    if sub != OPENING:
        cross(game, "end", at)
    game.release_news(at)
    if sub == "黄昏":
        announce_dusk(game)
    if sub == ("凌晨" if game.phase.is_night else "黄昏") and game.nth == 1:
        whole = at.whole_part()
        cross(game, "end", whole)
        game.release_news(whole)


# ---------------------------------------------------------------- the day's votes
def count_votes(game: Game) -> Resolution:
    """正午's vote: on 竞选日 (day 1) the sheriff election; later the exile, counted
    at 黄昏1 ("统计最高票"). After 太阳's 日 each 正午 keeps its own vote, and all are
    counted at 黄昏1 in order (the first top "还尚未出局" in the second 正午)."""
    from .day import elect, exile
    if game.phase.n == 1:
        elect(game)
        return
    state = st(game)
    state.noon_boxes.append(game.votes)
    noons = max(n for s, n in windows(game) if s == "正午")
    if game.nth < noons:
        return
    boxes, state.noon_boxes = state.noon_boxes, []
    here = game.votes
    game.sub, game.nth = "黄昏", 1  # the count and its out belong to 黄昏
    for box in boxes:
        game.votes = box
        yield from exile(game)
    game.votes = here
    game.sub, game.nth = "正午", noons


DUSK_OPENS: Final[str] = "黄昏开始"
# what runs when 凌晨's count ("电梯楼顺序统计出局名单", 追魂 after it) is done and 凌晨
# is about to end: 守夜's report ("今晚发动的所有技能名字"), the night's 翻牌 lines after
# the "昨夜出局" line
AFTER_COUNT: Final[str] = "凌晨统计后"


def dusk_opens(game: Game) -> Resolution:
    """What a skill resolves "游戏日黄昏开始后" (审讯), after the vote is counted; its outs
    are 黄昏 outs."""
    gens = st(game).close_gens.get(DUSK_OPENS, ())
    if not gens:
        return
    here = game.sub, game.nth
    game.sub, game.nth = "黄昏", 1
    for gen in gens:
        yield from gen()
    game.sub, game.nth = here


def send_off(game: Game) -> Resolution:
    """红牌罚下: "白天红牌罚下导致的出局结算在投票结算之后执行"; at night with the night."""
    outs = st(game).outs
    assert outs is not None
    while game.sent_off_pending:
        seat = game.sent_off_pending.pop(0)
        yield from outs.hit(Harm(RED, seat, None, "判罚", game.moment))


# ---------------------------------------------------------------- the night's outs
def ring_order(game: Game, seats: list[str]) -> list[str]:
    order = st(game).ring or list(game.order)  # with those who left: they take no harm
    return sorted(seats, key=order.index)


def settle_night(game: Game) -> Resolution:
    """"电梯楼顺序统计出局名单": each harmed seat in 电梯楼 order; a harm dealt while
    settling joins the same pass."""
    state = st(game)
    outs = state.outs
    assert outs is not None
    yield from _count(game)
    # 追魂 "若狼人阵营角色当晚结算的伤害未造成角色出局": after the count, then its 致死伤害
    yield from game.bus.fire(Trigger("night_settled", None, {}))
    yield from _count(game)
    from .day import announce_night
    announce_night(game)


def _count(game: Game) -> Resolution:
    state = st(game)
    outs = state.outs
    assert outs is not None
    while state.pending:
        seat = ring_order(game, list(dict.fromkeys(h.target for h in state.pending)))[0]
        harms = [h for h in state.pending if h.target == seat]
        state.pending = [h for h in state.pending if h.target != seat]
        for h in harms:
            if not game.seats[seat].alive:
                state.night_harms.append((h, True))
                continue
            v = yield from outs.hit(h)
            state.night_harms.append((h, v.out))


def announce_dusk(game: Game) -> None:
    """"会在黄昏阶段结束后…公示[投票出局]和[其他原因]出局的名单分别有哪些"."""
    state = st(game)
    outs = [(s, c) for s, c in state.sub_outs if not game.seats[s].alive]
    state.sub_outs = []
    if not outs:
        return
    voted = [s for s, c in outs if c == VOTED]
    other = [s for s, c in outs if c != VOTED]
    parts = []
    if voted:
        parts.append("投票出局：" + "、".join(voted))
    if other:
        parts.append("其他原因：" + "、".join(other))
    game.announce("黄昏出局名单——" + "；".join(parts))

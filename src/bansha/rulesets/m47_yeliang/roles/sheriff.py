"""警长 <非身份>: 竞岗, 正直, 殉职 (all <强制>) — skills of whoever holds the badge.

竞岗 elects on day 1 (day.py's vote step); the badge's arrival fires "获得警长" on the
bus (心碎 hears it), the first election also "竞岗" (依靠); 殉职 is an "out" handler."""

from __future__ import annotations

from collections.abc import Callable

from bansha.engine import Game, LegalAction, Prompt, SkillSpec
from bansha.engine.bus import Trigger
from bansha.engine.ruleset import Resolution

SKILLS: tuple[SkillSpec, ...] = (
    SkillSpec("竞岗", window="trigger", target="none", forced=True,
              text="在游戏的第一天投票结束后，最先获得投票数最多的角色当选警长。"),
    SkillSpec("正直", window="passive", target="none", forced=True,
              text="计算投票数量时警长投出的票计为0.5票。"),
    SkillSpec("殉职", window="prompt", target="alive_other", forced=True,
              text="警长出局时，须选择一名未出局的角色移交警长。"),
)
SHERIFF_SKILLS: tuple[str, ...] = ("竞岗", "正直", "殉职")

SENT_OFF = "红牌罚下"
ELECTED = "竞岗"  # the first election (依靠 hears it)
BADGE = "获得警长"  # whoever receives the badge (心碎 hears it)


SHERIFF_WEIGHT = 0.5  # 正直: "计算投票数量时警长投出的票计为0.5票"


def vote_weight(game: Game, seat: str) -> float:
    return SHERIFF_WEIGHT if seat == game.sheriff else 1.0


def vote_weights(game: Game) -> Callable[[str], float]:
    """`vote_weight` for one count (the badge does not move while the votes are
    counted): a weight per ballot without a second call through the game."""
    sheriff = game.sheriff
    return lambda voter: SHERIFF_WEIGHT if voter == sheriff else 1.0


def elect(game: Game) -> Resolution:
    """竞岗: the first to reach the top count becomes sheriff; 依靠 follows him."""
    winner = game.votes.first_to_reach_top(lambda v: 1.0)
    if winner is None:
        game.announce("无人得票，本局没有警长")
        return
    game.set_sheriff(winner)
    game.announce(f"{winner} 当选警长")
    game.notify(winner, "你当选为警长（正直：你的票计为0.5票；殉职：出局时须移交警徽）",
                skill="竞岗")
    yield from game.bus.fire(Trigger(ELECTED, winner, {"game": game}))
    yield from game.bus.fire(Trigger(BADGE, winner, {"game": game}))


def pass_badge(t: Trigger) -> Resolution | None:
    """殉职: the outgoing sheriff must pass the badge to an alive player; random when
    sent off by a red card or when no answer comes in time."""
    game: Game = t.data["game"]
    return None if game.sheriff != t.seat else _pass_badge(game, t)


def _pass_badge(game: Game, t: Trigger) -> Resolution:
    cause: str = t.data["cause"]
    seat = t.seat
    assert seat is not None
    targets = tuple(n for n in game.alive_tuple() if n != seat)
    if not targets:
        game.set_sheriff(None)
        return
    heir: str | None = None
    if cause != SENT_OFF:
        answer = yield Prompt(seat, (LegalAction(seat, "殉职", targets, optional=False),),
                              default="殉职对象随机决定", context="警长出局，须移交警徽")
        if answer is not None:
            heir = answer.target
    else:
        stale = game.take(seat, "殉职")
        if stale is not None:
            game.reject(stale, "红牌罚下时殉职对象随机决定、不可指定")
    if heir is None:
        heir = game.rng.choice(targets)
        game.trace(f"殉职：对象随机决定为 {heir}", skill="殉职")
    game.set_sheriff(heir)
    game.announce(f"警长 {seat} 殉职，警徽移交给 {heir}", later=game.phase.is_night)
    game.notify(heir, "你成为警长", skill="殉职")
    yield from game.bus.fire(Trigger(BADGE, heir, {"game": game}))

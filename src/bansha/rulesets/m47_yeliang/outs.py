"""[M47] what happens around an out, on the engine's pipeline and bus: every out is a
`Harm` through one `OutPipeline` (its protections are step (9)'s, in the post's
order), and what the post attaches to an out are triggers on the bus — before it 神堕,
after it the day's announcement, the 村长's curse, 遗言 and 殉职 (in that order)."""

from __future__ import annotations

from bansha.engine import Game
from bansha.engine.bus import Trigger
from bansha.engine.outs import Harm, OutPipeline, Protection
from bansha.engine.ruleset import Resolution

from .roles import god, lastwords, mayor, sad_villager, sheriff, stray, wolf
from .roles.mayor import VOTED_OUT
from .state import M47State

SENT_OFF = "红牌罚下"
BEFORE_OUT = god.BEFORE_OUT
OUT = "出局"
NIGHT_START = "夜晚开始"
KILL = frozenset({"指杀"})


def announce_day_out(t: Trigger) -> None:
    game: Game = t.data["game"]
    if not game.phase.is_night and t.data["cause"] not in (VOTED_OUT, SENT_OFF):
        # a day out other than the vote and a red card (announced where they happen):
        # 心碎, 神堕 — "讨论日进行时、投票结束时都会随时公示游戏流程相关信息"
        game.announce(f"{t.seat} 出局")


def pipeline(game: Game, st: M47State) -> OutPipeline:
    """（9）指杀结算 1.–3.: 救药 (the whole night), 神器 (once), the 村长's second life
    (once per game); no veto; the out is the Game's."""
    # st.night is read at each harm: the tally is replaced every night
    def cured(h: Harm) -> bool:
        return st.night.saved == h.target

    def shielded(h: Harm) -> bool:
        n = st.night
        if n.shield != h.target or n.shield_spent:
            return False
        n.shield_spent = True
        return True

    def second_life(h: Harm) -> bool:
        return mayor.second_life(game, st, h.target)

    def go_out(h: Harm) -> Resolution:
        return game.put_out(h.target, h.kind)

    return OutPipeline(
        protections=(Protection("救药", KILL, cured), Protection("神器", KILL, shielded),
                     Protection("长寿之命", KILL, second_life)),
        vetoes=(), go_out=go_out, alive=game.alive)


def wire(game: Game) -> None:
    """Put each role's triggers on the game's bus, in the post's order per event."""
    bus = game.bus
    # 神堕 listens from the night 换代 grants it (god.succession)
    bus.on(OUT, announce_day_out, 0, name="公示")
    bus.on(OUT, mayor.curse, 10, name="长寿之命")
    bus.on(OUT, lastwords.grant, 20, name="遗言")
    bus.on(OUT, sheriff.pass_badge, 30, name="殉职")
    bus.on(NIGHT_START, stray.revenge, 0, name="寻仇")
    bus.on(NIGHT_START, god.succession, 10, name="换代")
    bus.on(wolf.JOINED, stray.joins_pack, name="大杀四方")
    bus.on(sheriff.ELECTED, sad_villager.lean_on, name="依靠")
    bus.on(sheriff.BADGE, sad_villager.heartbreak, name="心碎")


def before_out(game: Game, seat: str, cause: str) -> Resolution | None:
    if game.bus.heard(BEFORE_OUT):  # most games never reach 换代: nobody listens
        return game.bus.fire(Trigger(BEFORE_OUT, seat, {"game": game, "cause": cause}))
    return None


def after_out(game: Game, seat: str, cause: str) -> Resolution:
    return game.bus.fire(Trigger(OUT, seat, {"game": game, "cause": cause}))


def night_start(game: Game) -> None:
    """寻仇 and 换代 take effect as a night opens (nothing there asks a player)."""
    for _ in game.bus.fire(Trigger(NIGHT_START, None, {"game": game})):
        raise ValueError("夜晚开始时的触发不能询问玩家")

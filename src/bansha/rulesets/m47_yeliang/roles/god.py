"""神明 (1): 神音 (odd nights), 安抚 (even nights), 换代<强制>, and 神堕 once 换代 gives it.

Night step (4) (schedule.py); 换代 hears the start of a night on the bus, 神堕 the
holder's own out ("这名玩家会优先你出局")."""

from __future__ import annotations

from bansha.engine import Game, LegalAction, Prompt, RoleSpec, SkillSpec
from bansha.engine.bus import Trigger
from bansha.engine.ruleset import Resolution

from ..legality import first_valid
from ..state import M47State, m47
from .factions import VILLAGE

SKILLS: tuple[SkillSpec, ...] = (
    SkillSpec("神音", nights="odd", target="alive",
              text="单数游戏日夜晚，神明选择一名角色。若该角色属于村民阵营，反馈<神明阵营>；"
                   "否则，反馈<野良阵营>。"),
    SkillSpec("安抚", nights="even", target="dead",
              text="双数游戏日夜晚，选择一名已出局角色，得知其具体身份。"),
    SkillSpec("换代", window="trigger", target="none", forced=True,
              text="祝器出局后的下个夜晚，你获得通知，失去技能神音和安抚，获得技能<神堕>"),
    SkillSpec("神堕", window="prompt", target="alive_other", granted=True,
              text="当你出局时，你可以立即对一名玩家造成一次致死性伤害。这名玩家会优先你出局。"),
)
ROLE: RoleSpec = RoleSpec("神明", VILLAGE, 1, ("神音", "安抚", "换代"), granted=("神堕",))

SENT_OFF = "红牌罚下"
BEFORE_OUT = "出局前"  # the bus trigger before an out (outs.py fires it)


def voice_and_soothe(game: Game, st: M47State) -> None:
    """（4）神明：选择<神音>或<安抚>的目标."""
    for sk in ("神音", "安抚"):
        god = game.held.first(sk)  # the 神明 while he holds it (换代 takes both away)
        a = first_valid(game, god, sk)
        if a is None or a.target is None or god is None:
            continue
        t = game.seats[a.target]
        held = game.held.get(god, sk)
        assert held is not None  # first_valid refused the use of a skill not held
        held.spend(game.moment, (a.target,))
        if sk == "神音":
            word = "神明阵营" if t.faction == VILLAGE else "野良阵营"
            game.notify(god, f"神音：{a.target}——{word}", skill="神音")
            st.night.voice = a.target
            st.night.voice_by = god
        else:
            game.notify(god, f"安抚：{a.target} 的身份是{t.role}", skill="安抚")


def succession(t: Trigger) -> None:
    """换代: the first night after the 祝器 went out."""
    game: Game = t.data["game"]
    st = m47(game)
    god, zq = game.held.first("换代"), st.vessel
    if god and zq and game.alive(god) and not game.seats[zq].alive:
        for sk in ("换代", "神音", "安抚"):
            game.held.remove(god, sk)
        game.grant(god, "神堕", by=god, via="换代")
        game.bus.on(BEFORE_OUT, fall, name="神堕")  # "当你出局时"
        game.notify(god, "换代：祝器已出局，你失去技能神音和安抚，获得技能<神堕>", skill="换代")


def fall(t: Trigger) -> Resolution:
    """神堕 (before its holder's out): 'this player goes out before you'. Not on a red
    card: the director sends the player off; no skill fires for a sent-off player
    (RULINGS.md)."""
    game: Game = t.data["game"]
    cause: str = t.data["cause"]
    seat = t.seat
    assert seat is not None
    s = game.seats[seat]
    if not game.held.has(seat, "神堕"):
        return
    if cause == SENT_OFF:
        stale = game.take(seat, "神堕")
        if stale is not None:
            game.reject(stale, "红牌罚下的角色不能发动神堕")
        return
    targets = tuple(n for n in game.alive_tuple() if n != seat)
    if not targets:
        return
    s.flags["falling"] = True
    answer = yield Prompt(seat, (LegalAction(seat, "神堕", targets),),
                          default="视为放弃技能行使", context=f"{seat} 出局（{cause}）时可发动神堕")
    game.held.remove(seat, "神堕")
    if answer is not None and answer.target is not None:
        game.trace(f"神堕：{seat} 对 {answer.target} 造成致死性伤害，其优先出局", skill="神堕")
        yield from m47(game).hit(answer.target, "神堕")

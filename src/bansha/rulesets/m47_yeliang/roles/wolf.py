"""狼人 (3): 群居<强制>, 杀人 (the pack's), 召唤<限定>.

Night steps (0) 召唤 and (1) 杀人 (schedule.py)."""

from __future__ import annotations

from bansha.engine import Game, RoleSpec, SkillSpec
from bansha.engine.bus import Trigger
from bansha.engine.ruleset import Resolution

from ..legality import NOT_SUMMONED, first_valid, joined_tonight
from ..pack import PACK, in_pack, pack
from ..state import M47State, m47
from .factions import WOLF_SIDE

SKILLS: tuple[SkillSpec, ...] = (
    SkillSpec("群居", window="passive", target="none", forced=True,
              text="游戏开始前，所有狼人互知共群"),
    SkillSpec("杀人", team=True, target="alive",
              text="游戏日夜晚，该阵营共群的角色可以共同指杀一名角色。"),
    SkillSpec("召唤", team=True, once=True, target="alive",
              text="游戏日夜晚，所有存活狼人角色共同选择一名角色，若该角色是野良，则共群"),
)
ROLE: RoleSpec = RoleSpec("狼人", WOLF_SIDE, 3, ("群居", "杀人", "召唤"))

JOINED = "进入狼群"  # the bus trigger 召唤 fires on the 野良 it takes in (大杀四方 hears it)


def summon_refusal(game: Game, seat: str) -> str | None:
    """召唤 is the pack's decision ("所有存活狼人角色共同选择"), once per game, whoever holds
    it: decided here instead of by the seat's own skill table."""
    return summon_reason(game.held.has(seat, "召唤"), in_pack(game, seat),
                         m47(game).summon_used, game.phase.is_night)


def summon_reason(holds: bool, packed: bool, used: bool, night: bool) -> str | None:
    """召唤's rule from what it depends on: the seat holds it and is in the pack, the
    pack has not used it (限定), it is night. legal() knows two of them already."""
    if not holds or not packed:
        return "只有狼人可以发动召唤"
    if used:
        return "召唤已发动过（限定；裁定14：无论目标是否野良，召唤都已用掉）"
    return None if night else "只能在夜晚发动"


def summon(game: Game, st: M47State) -> Resolution:
    """（0）狼人：决定是否发动<召唤>."""
    a = first_valid(game, None, "召唤", key=f"{PACK}/召唤")
    if a is None:
        return
    target = a.target
    assert target is not None
    st.summon_used = True  # <限定>: spent whoever is chosen
    wolves = [w for w in pack(game) if game.alive(w)]
    if game.seats[target].role == "野良":
        game.groups[PACK] = [*pack(game), target]
        st.joined_night = game.phase.n
        game.notify(wolves, f"召唤：{target} 是野良，已加入狼群", skill="召唤")
        yield from game.bus.fire(Trigger(JOINED, target, {"game": game}))
        game.trace(f"召唤 {target}：是野良，共群", skill="召唤")
    else:
        game.notify(wolves, f"召唤：{target} 不是野良", skill="召唤")
        game.trace(f"召唤 {target}：不是野良，召唤已用完", skill="召唤")


def _submitted_at(game: Game, a: object) -> int:
    """Where `a` stands in the input log (later submissions replace earlier ones)."""
    inputs = game.log.inputs
    for i in range(len(inputs) - 1, -1, -1):
        if inputs[i] is a:
            return i
    return -1


def kill(game: Game, st: M47State) -> None:
    """（1）狼人：选择<杀人>的目标 (or the lone 野良's own, after 寻仇)."""
    stray = st.stray
    key = f"{PACK}/杀人"
    if stray and not in_pack(game, stray) and game.held.has(stray, "杀人"):
        # 寻仇: the lone 野良's own 杀人
        key = f"{stray}/杀人"
    elif stray:
        given = game.uses.take(f"{stray}/杀人")
        early = None if given is None else given.input()
        if given is not None and early is not None and not joined_tonight(game, st, stray):
            game.reject(early, NOT_SUMMONED["杀人"])
        elif given is not None and early is not None:
            # summoned at (0), he is in the pack at (1): his 杀人 given in advance is a
            # pack member's, and the latest of the pack's submissions stands (RULINGS 15)
            mine = game.uses.get(key)
            if mine is None or _submitted_at(game, early) > _submitted_at(game, mine.input()):
                game.uses.put(key, given)
    a = first_valid(game, None, "杀人", key=key)
    if a is not None and a.target is not None:
        st.night.kills.append((a.target, "杀人"))
        game.trace(f"杀人：{a.seat} 指杀 {a.target}", skill="杀人")

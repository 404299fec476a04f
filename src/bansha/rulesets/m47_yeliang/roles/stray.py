"""野良 (1): 流浪, 寻仇, 侵蚀, 反噬, 大杀四方 (all <强制>), and 双刀 once in the pack.

Night steps (2) 双刀, (5) 侵蚀 and (7) 反噬 (schedule.py); 大杀四方 hears the pack's
召唤 on the bus, 寻仇 the start of a night."""

from __future__ import annotations

from bansha.engine import Game, LegalAction, Prompt, RoleSpec, SkillSpec
from bansha.engine.bus import Trigger
from bansha.engine.ruleset import Resolution

from ..legality import NOT_SUMMONED, first_valid, joined_tonight, skill_reason, valid_targets
from ..pack import in_pack, pack
from ..state import M47State, StepRun, m47
from .factions import WOLF_SIDE

SKILLS: tuple[SkillSpec, ...] = (
    SkillSpec("流浪", window="passive", target="none", forced=True,
              text="游戏开始时，你不和其他狼人共群"),
    SkillSpec("寻仇", window="passive", target="none", forced=True,
              text="游戏日夜晚，若所有狼人均已出局，你获得技能【杀人】"),
    SkillSpec("侵蚀", window="trigger", target="none", forced=True,
              text="若你成为神明的<神音>技能的指定对象时，神明立即出局。"),
    SkillSpec("反噬", window="trigger", target="none", forced=True,
              text="若你成为祝器的<道标>技能的指定对象时，祝器立即出局"),
    SkillSpec("大杀四方", window="trigger", target="none", forced=True,
              text="当你进入狼群后，失去技能<流浪><寻仇><侵蚀><反噬>，获得技能<双刀>"),
    SkillSpec("双刀", target="alive", granted=True, text="游戏日夜晚，你可以额外指杀一名角色。"),
)
ROLE: RoleSpec = RoleSpec("野良", WOLF_SIDE, 1, ("流浪", "寻仇", "侵蚀", "反噬", "大杀四方"),
                granted=("双刀", "杀人"))

# skills the 野良 loses when he enters the pack (RULINGS 15)
STRAY_ONLY = ("流浪", "寻仇", "侵蚀", "反噬")


def joins_pack(t: Trigger) -> None:
    """大杀四方: entering the pack the 野良 loses 流浪/寻仇/侵蚀/反噬 and gains 双刀 (and
    the pack's 杀人 in place of his own)."""
    game: Game = t.data["game"]
    seat = t.seat
    assert seat is not None
    for sk in (*STRAY_ONLY, "杀人"):
        game.held.remove(seat, sk)
    game.grant(seat, "双刀", by=seat, via="大杀四方")
    game.grant(seat, "杀人", by=seat, via="大杀四方")
    game.notify(seat, "召唤：你被狼群召唤，进入狼群（大杀四方：失去流浪、寻仇、侵蚀、反噬，"
                      "获得双刀）。狼群成员：" + "、".join(pack(game)), skill="大杀四方")


def revenge(t: Trigger) -> None:
    """寻仇: from the first night that begins with every 狼人 out, his own 杀人."""
    game: Game = t.data["game"]
    st = m47(game)
    stray = st.stray
    if stray and game.alive(stray) and game.held.has(stray, "寻仇") \
            and not game.held.has(stray, "杀人") \
            and not any(game.seats[w].alive for w in st.wolves):
        game.grant(stray, "杀人", by=stray, via="寻仇")
        game.notify(stray, "寻仇：所有狼人均已出局，你获得技能【杀人】", skill="寻仇")


def double(game: Game, st: M47State) -> Resolution:
    """（2）野良：选择<双刀>的目标."""
    stray = st.stray
    if stray is None:
        return
    if not in_pack(game, stray):
        early = game.take(stray, "双刀")
        if early is not None:
            game.reject(early, NOT_SUMMONED["双刀"])
        return
    night = st.night
    a = first_valid(game, stray, "双刀")
    if a is None and joined_tonight(game, st, stray) and skill_reason(game, stray, "双刀") is None:
        # "（0）召唤 …（2）野良：选择<双刀>的目标": told at (0) that he joined, he chooses
        # now if he gave nothing in advance (RULINGS 15)
        offer = LegalAction(stray, "双刀", valid_targets(game, stray, "双刀"))
        answer = yield Prompt(stray, (offer,), default="视为放弃技能行使",
                              context="你于本夜被召唤进入狼群，可选择<双刀>的目标")
        a = answer
    if a is not None and a.target is not None:
        if any(t == a.target for t, _ in night.kills):
            game.trace(f"双刀：{a.target} 已是杀人的目标，同一目标只算一次指杀", skill="双刀")
        else:
            night.kills.append((a.target, "双刀"))
            game.trace(f"双刀：{a.seat} 额外指杀 {a.target}", skill="双刀")


def erode(game: Game, st: M47State) -> StepRun | None:
    """（5）野良：结算<侵蚀>: the 神音 of (4) named him."""
    night = st.night
    god = night.voice_by
    if night.voice and god and game.held.has(night.voice, "侵蚀"):
        game.trace(f"侵蚀：神明的神音指定了野良 {night.voice}，神明立即出局", skill="侵蚀")
        return st.hit(god, "侵蚀")
    return None


def backlash(game: Game, st: M47State) -> StepRun | None:
    """（7）野良：结算<反噬>: the 道标 of (6) named him."""
    night = st.night
    zq = night.beacon_by
    if night.beacon and zq and game.held.has(night.beacon, "反噬"):
        night.backlash = True
        game.trace(f"反噬：祝器的道标指定了野良 {night.beacon}，祝器立即出局", skill="反噬")
        return st.hit(zq, "反噬")
    return None


def why_missing(game: Game, st: M47State, seat: str, skill: str) -> str | None:
    if seat != st.stray:
        return None
    base = f"{seat} 没有技能 {skill}"
    if skill == "杀人" and not in_pack(game, seat):
        return f"{base}（裁定16：所有狼人均已出局后的夜晚，野良才获得杀人）"
    if skill in STRAY_ONLY and in_pack(game, seat):
        return f"{base}（已失去；裁定15：野良进入狼群后失去流浪、寻仇、侵蚀、反噬）"
    return None

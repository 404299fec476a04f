"""The typed state of one m125 game (`game.state`)."""

from __future__ import annotations

from dataclasses import dataclass, field

from bansha.engine import Game
from bansha.engine.state import state_of
from bansha.engine.targets import TargetPipeline


@dataclass
class NightChoices:
    """Steps (1)–(6) of one night, as their effects leave them for the settlement."""

    burned: str | None = None  # 纵火's card tonight
    guarded: str | None = None
    kill: str | None = None  # the 指杀's final target (None: 空刀 or no kill)
    killer: str | None = None  # the pack card that carried the 杀人
    saved: str | None = None
    poisoned: str | None = None
    witch: str | None = None  # the 女巫 card that poisoned


@dataclass
class M125State:
    pipeline: TargetPipeline
    night: NightChoices = field(default_factory=NightChoices)
    # 决斗 on a wolf card: "会封锁今天的所有投票"
    votes_blocked: bool = False
    # 决斗 "关门前3小时内不可发动此技能": (round, day) the director marked as in its last
    # 3 hours (the engine has no clock; RULINGS 27)
    last_hours: tuple[int, int] | None = None
    # where the history round ended and on which condition (1 or 2)
    history_end: tuple[str, int] | None = None
    # every card that has been out, in either round (狼人阵营 胜利条件1)
    ever_out: set[str] = field(default_factory=set)
    # seats sent off by a red card: their cards stay, "无记录则挂机"
    idle: set[str] = field(default_factory=set)
    # 投降: the pack seats that agreed since it was proposed this phase
    surrender: list[str] = field(default_factory=list)
    surrendered: bool = False
    # 流程0 身份顺序: seats whose order is settled; the pack is built once every wolf
    # card holder's is (order.py)
    order_fixed: set[str] = field(default_factory=set)
    pack_built: bool = False
    # night shots triggered in the running settlement step, due after it
    shots: list[str] = field(default_factory=list)
    # ---- the reversal round ----
    reversal: bool = False  # its start (reversal.start) has run
    end_key: tuple[int, int] | None = None  # (day, 0 day / 1 night) the history round ended in
    freed: set[str] = field(default_factory=set)  # first cards free since that moment
    devoured: dict[str, int] = field(default_factory=dict)  # 时间吞噬: card -> the day voided
    reordered: dict[str, int] = field(default_factory=dict)  # 重定之理: card -> the day freed
    devoured_tonight: set[str] = field(default_factory=set)
    rekill: set[int] = field(default_factory=set)  # nights the pack may kill despite a record


def state(game: Game) -> M125State:
    return state_of(game, M125State)

"""The typed state of one M192 game (game.state)."""

from __future__ import annotations

from collections.abc import Callable, Generator
from dataclasses import dataclass, field

from bansha.engine.actions import Action, Prompt
from bansha.engine.moment import Moment
from bansha.engine.outs import Harm, OutPipeline
from bansha.engine.targets import TargetPipeline
from bansha.engine.votes import VoteBox


@dataclass
class Trial:
    """审讯: one declaration (the 审讯官, the one questioned, the question, its day),
    the reply and the director's verdict on it."""

    by: str
    target: str
    question: str
    day: int
    reply: str | None = None
    verdict: str | None = None
    void: str | None = None  # why it is void: the declarer could not use 审讯 (hidden)


@dataclass
class NataState:
    targets: TargetPipeline
    outs: OutPipeline | None = None
    # night harms wait here until 凌晨's "电梯楼顺序统计出局名单" (protections are
    # checked then: a 不死 gained at 凌晨 still saves)
    pending: list[Harm] = field(default_factory=list)
    candidates: list[str] = field(default_factory=list)  # 上警
    # outs of the running sub-phase, for its announcement: (seat, cause)
    sub_outs: list[tuple[str, str]] = field(default_factory=list)
    # night outs, announced at the next 晨曦 in 电梯楼 order
    night_outs: list[str] = field(default_factory=list)
    ring: list[str] = field(default_factory=list)  # 电梯楼 (冲撞 moves seats); [] = seat order
    extra_noons: int = 0  # 太阳 日: the next day holds one more 正午
    noons_today: int = 1
    vote_blocked: bool = False  # 封锁投票 on the running day
    revealed: set[str] = field(default_factory=set)  # [实际身份] public (翻牌)
    heretics: list[str] = field(default_factory=list)  # 宗教老爷爷's six 异端
    red_by_faction: dict[str, int] = field(default_factory=dict)
    start_players: int = 14
    pack_deaths: int = 0  # [群内] wolves out (赤狼 业炎 charges)
    pack_joined: set[str] = field(default_factory=set)  # 狼弟 after 潜藏
    reborn: int = 0  # 朱雀 涅槃重生 count (village thresholds)
    # prompt answers given before their prompt (殉职 …), kept for the whole phase
    reserved: dict[str, object] = field(default_factory=dict)
    noon_outs: list[str] = field(default_factory=list)  # out at 正午 (改票 once)
    no_vote: set[str] = field(default_factory=set)  # 愚者 after 大难不死
    no_badge: set[str] = field(default_factory=set)  # 愚者: not a 殉职 target
    elder_votes: dict[str, int] = field(default_factory=dict)  # 异端处决 +1 per 异端 out
    hammer: set[str] = field(default_factory=set)  # 一锤定音 used today
    heretic_outs: int = 0
    # run when 开局 closes (a [强制] 开局 choice nobody made: 异端处决)
    opening_defaults: list[Callable[[], None]] = field(default_factory=list)
    # the harm that took a seat out last (猎人's exclusions)
    last_harm: dict[str, Harm] = field(default_factory=dict)
    # after-out rights (最后一枪 …): seat -> skill -> the window it is good for
    # (None: the next 晨曦/黄昏 window that opens)
    rights: dict[str, dict[str, Moment | None]] = field(default_factory=dict)
    noon_boxes: list[VoteBox] = field(default_factory=list)  # each 正午's vote
    forced_restorers: list[Callable[[], None]] = field(default_factory=list)
    arson_targets: list[tuple[str, int]] = field(default_factory=list)  # (seat, night)
    night_harms: list[tuple[Harm, bool]] = field(default_factory=list)  # this night's, out?
    dawn_revivals: list[str] = field(default_factory=list)  # 复活 at the next 晨曦
    day_outs: dict[int, list[str]] = field(default_factory=dict)  # announced outs by day
    window_hooks: dict[str, list[Callable[[], None]]] = field(default_factory=dict)
    # who passes the badge of a sheriff out by a skill that says so (白狼王)
    badge_by: dict[str, tuple[str, str]] = field(default_factory=dict)
    # run when a window closes, after its uses (plain, then with prompts/harms)
    close_hooks: dict[str, list[Callable[[], None]]] = field(default_factory=dict)
    close_gens: dict[str, list[Callable[[], Generator[Prompt, Action | None, None]]]] = field(
        default_factory=dict)
    plots: list[str] = field(default_factory=list)  # 谋策 targets to ask after 早夜
    reveal_exiled_on: int = 0  # 道士 3强神: the day whose 投票出局 is 翻牌
    lured: dict[str, tuple[str, int]] = field(default_factory=dict)  # 诱食: (target, night)
    knew_taowu: dict[str, set[str]] = field(default_factory=dict)  # 恐虐: who learned 梼杌
    oracle: dict[str, list[str]] = field(default_factory=dict)  # 神女秘法's list tonight
    relays: dict[str, tuple[str, str, Moment]] = field(default_factory=dict)  # A -> (B, by, at)
    empty_words: set[str] = field(default_factory=set)  # 神风突击: 遗言必须强制留空
    window_ran: bool = False  # the open window's uses have resolved
    # 寡言 breaches the director judged (永久[沉默][遗忘] given)
    quiet_breaches: list[str] = field(default_factory=list)
    # 天命所归 refreshed the seat's skills in this window: (phase, sub, nth); its
    # [开局] skills may be used there ("需要立刻决定是否发动[开局]类技能")
    opening_now: dict[str, tuple[str, str, int]] = field(default_factory=dict)
    # 离开游戏: seat -> 暂时 / 永久 (director.py)
    left: dict[str, str] = field(default_factory=dict)
    # the free 改票: voter -> the days (phase labels) it was used
    free_changes: dict[str, list[str]] = field(default_factory=dict)
    log: list[str] = field(default_factory=list)
    # ---- 养殖者, 狼外婆, 审讯官, 野人, 御主, 变脸者 (their role modules)
    bought: dict[str, set[str]] = field(default_factory=dict)  # 精明: what each bought
    night_skills: list[str] = field(default_factory=list)  # 守夜: tonight's skills so far
    watchers: list[str] = field(default_factory=list)  # 守夜 used tonight
    # [强制] triggers of the running night: (night label, sub-phase, skill) (forced.acted)
    night_forced: list[tuple[str, str, str]] = field(default_factory=list)
    pretend: dict[str, str] = field(default_factory=dict)  # 装模作样's setting
    fraud: dict[str, str] = field(default_factory=dict)  # 欺诈天下's, handed in ahead
    summoning: list[tuple[str, str]] = field(default_factory=list)  # 英灵召唤 (御主, 英灵)
    heroes: dict[str, str] = field(default_factory=dict)  # 英灵 -> its 御主
    trials: list[Trial] = field(default_factory=list)  # 审讯 declared, by day
    wild: dict[str, str] = field(default_factory=dict)  # 野人: 跟随 / 骑乘
    wild_skills: dict[str, tuple[str, str]] = field(default_factory=dict)  # 跟随's two
    faces: dict[str, list[str]] = field(default_factory=dict)  # 变脸者's three cards
    faces_used: dict[str, list[str]] = field(default_factory=dict)  # flipped, in order
    faces_skills: dict[str, list[str]] = field(default_factory=dict)  # skills they gave
    hooked: set[str] = field(default_factory=set)  # per-game hooks a role module made once
    hero_skills: dict[str, list[str]] = field(default_factory=dict)  # made usable while out


def night_harm(st: NataState, harm: Harm) -> None:
    st.pending.append(harm)

"""[M192]纳塔 as a ruleset in the engine's shape: the roster (roster.py) and deal
(deal.py), the order table (schedule.py), the statuses (statuses.py), the windows
(flow.py), votes and announcements (day.py), legality (rules.py), outs (outs.py),
wins (wins.py), and one module per role (roles/)."""

from __future__ import annotations

import random
from typing import Any, ClassVar, Final

from bansha.engine import Action, Game, LegalAction, Phase, Ruleset, SetupError, register
from bansha.engine.abilities import Resolution, RoleData, Use
from bansha.engine.bus import Trigger
from bansha.engine.factions import FactionRule
from bansha.engine.held import Origin
from bansha.engine.moment import Moment
from bansha.engine.outs import Harm
from bansha.engine.resolve import run_uses
from bansha.engine.ruleset import RoleSpec
from bansha.engine.skills import SkillSpec
from bansha.engine.statuses import TARGETED
from bansha.engine.targets import TargetPipeline

from . import day, director, flow, lastwords, outs, revote, rights, rules, wins
from .common import ELDER, VILLAGE, WOLVES, faction, pack_members, st
from .deadlines import DEADLINES
from .deal import BY_NAME, PLAYERS, cooccurrence_problems, draw, setup_problem
from .forum import FORUM_RULES as M192_FORUM_RULES
from .roles import (
    ACTION_CHECKS,
    INPUTS,
    chuandi,
    dushi,
    implemented,
    setups,
    shenxun,
)
from .roles.langwaipo import FRAUD_PARTS
from .roles.pack import KILL_ABILITY, TEAM
from .roster import ROSTER
from .schedule import SCHEDULE
from .state import NataState
from .statuses import STATUS_KINDS

PACK_GROUP: Final[str] = "狼群"  # the [群内] wolves' chat (5L "入狼群")

# the redirect order of 3L ("[选择目标]——蚀时狼妃[时间逆流]——魔术师[交换]——…"): only
# 魔术师 is of this pool; the stages are kept as the post lists them
STAGES: Final = ("时间逆流", "交换", "人偶操控", "防反", "反射", "磁吸")
FACTION_OF: Final = {"独立阵营": ELDER}
IMPLEMENTED: Final[dict[str, RoleData]] = implemented()
# Final: compared at every input and for every seat at every step; the compiled build
# inlines a Final constant, where a plain module global is a dict look-up each time
CANDIDACY: Final[str] = "上警"
WORDS: Final[str] = "遗言"
BADGE: Final[str] = "殉职"
_OPENING: Final[str] = "开局"  # flow.OPENING (a module attribute is looked up at each use)
assert _OPENING == flow.OPENING


def _window(tags: tuple[str, ...]) -> Any:
    if any(t in ("晨曦", "正午", "黄昏", "开局") for t in tags):
        return "day"
    if any(t in ("早夜", "午夜", "深夜", "凌晨") for t in tags):
        return "night"
    return "trigger"


CHOICES: Final = {"毒计": ("流血", "沉默", "遗忘", "迷魂", "超度", "漏洞"),
                  "野性伙伴": ("跟随", "骑乘"),
                  "审讯": ("是", "否", "无法回答"), "灵魂凭依": ("链接", "不链接"),
                  "精明": ("通灵", "守夜", "崩塌狙击", "一锤定音"),
                  # 变脸's card: any 强神/弱神 identity of 村民阵营 (the three drawn are checked)
                  "变脸": tuple(r.name for r in ROSTER
                              if r.faction == "村民阵营" and r.pool in ("强神", "弱神")),
                  # 谋策's target picks one of its counted skills
                  "谋策": ("收割", "业炎", "天火", "复活", "谋策", "毒计", "暴食", "英灵召唤",
                         "神女秘法", "灵狐灿世", "灵魂链接", "冲撞", "审讯", "精明", "大难不死")}


def _skills() -> dict[str, SkillSpec]:
    out: dict[str, SkillSpec] = {}
    for r in ROSTER:
        for s in r.skills:
            if s.name in out:
                continue
            out[s.name] = SkillSpec(s.name, window=_window(s.tags), tags=s.tags,
                                    choices=CHOICES.get(s.name, ()), granted=s.granted,
                                    forced="强制" in s.tags, once="限定" in s.tags,
                                    reveal="翻牌" in s.tags, declaration="宣言" in s.tags,
                                    team="团队" in s.tags, text=s.note, note=s.when)
    # 福祸相依 is the order list's spelling of 煏祸相依 (RULINGS 5): both are inputs
    written = out["煏祸相依"]
    out["福祸相依"] = SkillSpec("福祸相依", window=written.window, tags=written.tags,
                            text=written.text, note=written.note)
    out[WORDS] = SkillSpec(WORDS, window="any", target="none", n_targets=0,
                           text="首夜出局和所有白天出局的角色都有遗言；禁止使用Discuz!代码")
    out[CANDIDACY] = SkillSpec(CANDIDACY, window="day", target="none", n_targets=0,
                               text="竞选日开始前，导演询问上警意见")
    out[shenxun.VERDICT] = SkillSpec(
        shenxun.VERDICT, window="day", n_targets=1, choices=shenxun.VERDICTS,
        text="导演裁定被审讯马甲的回答是否正确（基于演员表的客观事实）")
    out["竞岗"] = SkillSpec("竞岗", window="trigger", forced=True, target="none",
                          text="警长竞选贴内，获得票数最多的角色当选警长，平票则没有警长")
    out.update(director.SPECS)
    out[revote.FREE] = revote.SPEC
    out[BADGE] = SkillSpec(BADGE, window="prompt", forced=True,
                           text="警长出局时，在出局的那个阶段内，须选择一名未出局的角色移交"
                                "警长或选择撕掉警徽")
    return out


def _roles() -> dict[str, RoleSpec]:
    out = {}
    for r in ROSTER:
        todo = "" if r.name in IMPLEMENTED else "（尚未实现）"
        out[r.name] = RoleSpec(
            r.name, FACTION_OF.get(r.faction, r.faction), 1,
            tuple(s.name for s in r.skills if not s.granted),
            granted=tuple(s.name for s in r.skills if s.granted),
            note=(r.note + todo).strip(), category=r.pool, strength=r.strength, tags=r.tags)
    return out


class M192Nata(Ruleset):
    id = "m192-nata"
    title = "[M192]纳塔"
    min_players = PLAYERS
    max_players = PLAYERS
    first_phase = Phase("day", 1)
    roles: ClassVar[dict[str, RoleSpec]] = _roles()
    skills: ClassVar[dict[str, SkillSpec]] = _skills()
    factions = (WOLVES, VILLAGE, ELDER)
    faction_aliases: ClassVar[dict[str, str]] = {"独立阵营": ELDER, "三方阵营": ELDER}
    extra_roles: ClassVar[dict[str, tuple[str, ...]]] = {"警长": ("竞岗", BADGE),
                                                          "出局角色": (WORDS,)}
    input_skills = ("投票", "改票", "判罚", "加速", CANDIDACY)
    director_skills = (shenxun.VERDICT, *director.SKILLS)
    sub_phases = ("开局", *flow.DAY_SUBS, *flow.NIGHT_SUBS)
    choice_parts: ClassVar[dict[str, tuple[str, ...]]] = {
        "潜藏": ("身份", "阵营", "带刀"), "装模作样": ("身份", "阵营", "带刀"),
        "欺诈天下": FRAUD_PARTS}
    candidacy = True
    schedule = SCHEDULE
    status_kinds = STATUS_KINDS
    role_data = IMPLEMENTED
    win_priority = (ELDER, WOLVES, VILLAGE)
    forum_rules = M192_FORUM_RULES
    deadlines = DEADLINES

    # ---- the deal ----------------------------------------------------------
    def deal(self, n: int, rng: random.Random) -> list[str]:
        if n != PLAYERS:
            raise ValueError(f"{self.title} 本局人数{PLAYERS}人，给出了 {n} 名")
        roles = draw(rng)
        _refuse_unimplemented(roles)
        return roles

    def setup_problem(self, roles: list[str]) -> str | None:
        return setup_problem(roles)

    def new_state(self) -> object | None:
        return NataState(TargetPipeline(STAGES))

    def setup(self, game: Game) -> None:
        roles = [game.seats[s].role for s in game.order]
        wrong = cooccurrence_problems(roles)
        if wrong:
            raise SetupError("；".join(wrong))
        _refuse_unimplemented(roles)
        state = st(game)
        state.targets.bus = game.bus
        # [隐身] "所有[指定]技能以该角色进行[最终结算目标]的效果，不进行结算"
        state.targets.voids = lambda t, use: (
            "隐身" if game.statuses.blocking(t, TARGETED) is not None else None)
        state.start_players = len(game.order)
        game.lastwords.limit = lastwords.UNLIMITED  # "首夜出局和所有白天出局的角色都有遗言"
        state.outs = outs.pipeline(game, [], lambda h: self._go_out(game, h),
                                   lambda h: None if h.source is None else faction(game, h.source))
        for seat in game.order:
            if "群内" in BY_NAME[game.seats[seat].role].tags:
                game.held.grant(seat, KILL_ABILITY, Origin(role=game.seats[seat].role))
        hooks = setups()
        for seat in game.order:
            f = hooks.get(game.seats[seat].role)
            if f is not None:
                f(game, seat)

    def _go_out(self, game: Game, h: Harm) -> Resolution:
        """3. "承受伤害的目标出局，并结算附带的连带效果"."""
        seat = h.target
        state = st(game)
        state.last_harm[seat] = h
        pack = seat in pack_members(game)
        yield from game.put_out(seat, h.kind)
        if game.seats[seat].alive:
            return
        if pack:
            state.pack_deaths += 1
        lastwords.opened(game, seat, h.kind, h.skill)
        rights.opened(game, seat, h)
        yield from game.bus.fire(Trigger("out", seat, {"harm": h, "pack": pack}))
        yield from day.badge(game, seat)

    def after_out(self, game: Game, seat: str, cause: str) -> Resolution:
        day.on_out(game, seat, cause)
        return
        yield

    # ---- time ----------------------------------------------------------------
    def on_phase_start(self, game: Game) -> None:
        flow.open_phase(game)

    def next_sub(self, game: Game) -> bool:
        return flow.next_window(game)

    def resolve(self, game: Game) -> Resolution:
        yield from flow.close(game)

    def input_sub(self, game: Game, action: Action) -> str:
        if action.skill == CANDIDACY:
            return flow.OPENING
        if action.skill in ("投票", "改票", shenxun.SKILL, shenxun.VERDICT):
            return "正午"  # [宣言] "游戏日正午…", its reply and the director's verdict
        if action.skill == BADGE:
            return "凌晨" if game.phase.is_night else "正午"
        subs = flow.NIGHT_SUBS if game.phase.is_night else (flow.OPENING, *flow.DAY_SUBS)
        h = game.held.get(action.seat, action.skill)
        tags = h.ability.windows if h is not None else self.skills.get(
            action.skill, SkillSpec(action.skill)).tags
        here = subs.index(game.sub) if game.sub in subs else 0
        for s in subs[here:]:
            if s in tags:
                return s
        return game.sub

    # ---- inputs --------------------------------------------------------------
    def check_submit(self, game: Game, action: Action) -> str | None:
        a = action
        if a.skill in director.SKILLS:
            return director.refusal(game, a)
        if a.skill == revote.FREE:
            return revote.refusal(game, a)
        if a.skill == CANDIDACY:
            if game.phase != Phase("day", 1) or game.sub != flow.OPENING:
                return "上警只在竞选日开始前（开局）"
            if not game.seats[a.seat].alive:
                return "已出局的角色不能上警"
            if a.seat in st(game).candidates:
                return "你已经上警"
            return None
        if a.skill == BADGE:
            return None if game.sheriff == a.seat else "只有警长才能移交警徽（殉职）"
        if a.skill == WORDS:
            return lastwords.refusal(game, a)
        if a.skill == chuandi.RELAY and game.held.get(a.seat, a.skill) is None:
            return chuandi.message_problem(game, a)  # A's message to B
        if a.skill == "谋策" and game.held.get(a.seat, a.skill) is None:
            return dushi.pick_problem(game, a)  # a target's pick, kept for after 早夜
        taken = INPUTS.get(a.skill)  # an input a role module takes itself (a reply …)
        if taken is not None and taken.applies(game, a):
            return taken.problem(game, a)
        check = ACTION_CHECKS.get(a.skill)  # what the skill's text adds (cost, choice …)
        reason = rules.refusal(game, a)
        if check is None:
            return reason
        if reason is None or rules.TARGET_REFUSAL in reason or rules.OUT_REFUSAL in reason:
            return check(game, a) or reason  # its own words for a target out of its range
        return reason

    def submit_key(self, game: Game, action: Action) -> str:
        if action.skill == KILL_ABILITY.name:
            return f"{TEAM}/{action.skill}"
        return f"{action.seat}/{action.skill}"

    def resolve_now(self, game: Game, action: Action) -> Resolution | None:
        if action.skill in director.SKILLS:
            return director.run(game, action)
        if action.skill == revote.FREE:
            return revote.change(game, action)
        if action.skill == CANDIDACY:
            return _stand(game, action.seat)
        if action.skill == WORDS:
            return lastwords.store(game, action)
        if action.skill == chuandi.RELAY and game.held.get(action.seat, action.skill) is None:
            return chuandi.send(game, action)
        taken = INPUTS.get(action.skill)
        if taken is not None and taken.applies(game, action):
            return taken.take(game, action)
        now = game.sub == "正午" or (action.skill == "神女秘法" and game.sub == "凌晨")
        if now and game.held.get(action.seat, action.skill) is not None:
            # "在正午阶段出局的信息会随时间立刻公示": 正午 skills resolve when used
            # 神女秘法 too: 福祸相依, later in the same 凌晨, chooses from its list
            use = Use(action.seat, action.skill, action.all_targets(), action.choice,
                      action.text, window=game.sub)
            return run_uses(game, st(game).targets, [use], game.sub)
        return None

    def canonical(self, game: Game, action: Action) -> Action:
        return revote.canonical(game, action)

    def legal(self, game: Game, seat: str) -> list[LegalAction]:
        state = st(game)
        return self._legal(game, seat, game.seats[seat].alive, state, game.moment,
                           rules.window_of(game) if state.opening_now else None,
                           game.sub, game.phase.is_night)

    def legal_all(self, game: Game) -> list[list[LegalAction]]:
        # legal() of every seat, with what the step's seats share looked up once:
        # pending() asks it at every step of every window (~54 a game, 14 seats)
        state = st(game)
        at = game.moment
        window = rules.window_of(game) if state.opening_now else None
        sub = game.sub
        night = game.phase.is_night
        seats = game.seats
        # whom a 审讯 declaration may ask: offered to every seat at a day's 正午
        asked = shenxun.present_alive(game) if sub == "正午" and not night else None
        # the seats with a skill acting in this window (rules.legal_at's first test,
        # for all seats in one look-up); while a 天命所归 refresh opens [开局] skills
        # legal_at judges every seat itself
        acting: frozenset[str] | None = None
        if not state.opening_now:
            held = game.held
            acting = held.acting_in(at.sub) | held.acting_in(at.part)
        # a living seat with nothing acting now, outside 正午 and 开局 (whose offers
        # are not skills): nothing to offer, and no call
        plain = sub != "正午" and sub != _OPENING
        rows: list[list[LegalAction]] = []
        for n in game.order:
            alive = seats[n].alive
            if plain and alive and acting is not None and n not in acting:
                rows.append([])
            else:
                rows.append(self._legal(game, n, alive, state, at, window, sub, night,
                                        asked, acting))
        return rows

    def _legal(self, game: Game, seat: str, alive: bool, state: NataState, at: Moment,
               window: tuple[str, str, int] | None, sub: str, night: bool,
               asked: tuple[str, ...] | None = None,
               acting: frozenset[str] | None = None) -> list[LegalAction]:
        # the sub-phase, the day and the seat's state are looked up once, and what
        # only a day's 正午 or the 开局 offers is not asked elsewhere
        if acting is not None and seat not in acting:
            acts: list[LegalAction] = []  # nothing of the seat acts now (legal_at's test)
        else:
            acts = rules.legal_at(game, seat, alive, state, at, window)
        if sub == "正午":
            if not night:
                # the free 改票 is of the day's 正午 only (revote.out_target)
                free = revote.offer(game, seat)
                if free is not None:
                    acts.append(free)
                # a reply to a declaration, 审讯's declaration itself: offered in a
                # day's 正午 only, the 宣言贴's time (shenxun.offers). Called by name,
                # not through a list of offer functions: the compiled build made each
                # call through the list a generic Python call (arguments boxed and
                # type-checked), for every seat at every 正午 step
                acts += shenxun.offers(game, seat, asked)
        elif sub == _OPENING:
            if (alive and game.phase == Phase("day", 1)
                    and seat not in state.candidates):
                acts.append(LegalAction(seat, CANDIDACY, (), 0))
                return acts
        if not alive:
            words = game.lastwords.offer(seat)
            if words is not None and seat not in state.empty_words:
                acts.append(words)
        return acts

    # may_vote/may_be_voted: asked for every seat (and every target) at every step of a
    # 正午: the state and the day are looked up once (present() is `not in left`)
    def votes_open(self, game: Game) -> bool:
        return game.sub == "正午"  # may_vote: "投票在正午进行"

    def may_vote(self, game: Game, seat: str) -> str | None:
        if not game.seats[seat].alive:
            return "已出局的角色不能投票"
        state = st(game)
        if seat in state.left:
            return "离开游戏的角色不能投票"
        if game.sub != "正午":
            return "现在不是投票时间（投票在正午进行）"
        day = game.phase.n
        if day == 1 and seat in state.candidates:
            return "上警的角色不能投警长票"
        if state.vote_blocked and day > 1:  # 封锁投票 "所有放逐投票贴会关闭"
            return "今日封锁投票：放逐投票贴已关闭"
        if seat in state.no_vote:
            return "你不能参与投票"
        return None

    def may_be_voted(self, game: Game, target: str) -> str | None:
        if not game.seats[target].alive:
            return f"{target} 已出局，不能被投票"
        state = st(game)
        if target in state.left:
            return f"{target} 已离开游戏，不能被投票"
        if game.phase.n == 1 and target not in state.candidates:
            return f"{target} 没有上警，不能被投警长票"
        return None

    def vote_weight(self, game: Game, seat: str) -> float:
        return day.weight(game, seat)

    def win_rules(self) -> list[FactionRule[Game]]:
        return wins.win_rules()

    def director_inputs(self, game: Game) -> list[LegalAction]:
        """The rulings only the director can make, open now (web/rulings.py): 审讯's
        verdict, 寡言 breaches, 离开游戏 (director.py)."""
        return [*shenxun.director_inputs(game), *director.offered(game)]

    def view_extra(self, game: Game, seat: str) -> dict[str, Any]:
        extra: dict[str, Any] = {"sub": game.sub, "nth": game.nth,
                                 "statuses": [s.name for s in game.statuses.visible_to(seat)]}
        # "该阵营的角色若标明[群内]，则入狼群": a [群内] wolf sees the pack as it stands now;
        # the other chats it shares (御主's 英灵 "与御主共群", 灵魂链接 "永久共群") likewise
        groups = {name: list(members) for name, members in game.groups.items()
                  if seat in members}
        pack = pack_members(game)
        if seat in pack:
            groups[PACK_GROUP] = pack
        if groups:
            extra["group"] = groups
        return extra


def _stand(game: Game, seat: str) -> Resolution:
    st(game).candidates.append(seat)
    game.trace(f"{seat} 上警")
    return
    yield


def _refuse_unimplemented(roles: list[str]) -> None:
    todo = [r for r in dict.fromkeys(roles) if r not in IMPLEMENTED]
    if todo:
        done = "、".join(IMPLEMENTED) or "（无）"
        raise SetupError(f"[M192]纳塔：身份尚未实现：{'、'.join(todo)}（已实现：{done}）")


register(M192Nata)

"""Who may use what now (check_submit / legal), as 3L's 技能说明 and the statuses say.

- a skill acts only in its own sub-phases ("只能在对应的时段发动"), with its charges,
  限定, per-day caps and target history (held.py's why_not);
- "除非特别说明，否则已经公示的出局角色不允许被选为技能或投票的目标": targets are alive;
- an out character "不能继续参与讨论、投票、行使特权（视作被业炎处理）": no skills, except
  the ones whose text acts after the out (AFTER_OUT);
- [沉默]: no skill but [强制] ones and 杀人; [缴械]/[超度]: no 杀人, and a [缴械] pack
  member blocks the whole pack's 杀人.
"""

from __future__ import annotations

from typing import Final

from bansha.engine import Action, Game, LegalAction
from bansha.engine.held import HeldSkill
from bansha.engine.moment import Moment
from bansha.engine.statuses import KILL, SKILLS, TARGETED

from . import rights
from .common import pack_members, present, st
from .roles import EXTRA_CHECKS, MUST_CHOOSE, OFFERS, RANGES, disguise, dushi
from .state import NataState

# Final: the compiled build inlines these (a plain module global is a dict look-up at
# each use, and legal() and refusal() use them for every seat at every step)
KILL_SKILL: Final[str] = "杀人"
OPENING: Final[str] = "开局"
REFRESH: Final[str] = "天命所归"  # the pool's one skill with a "刷新至初始" entry
TARGET_REFUSAL: Final[str] = "的选择范围内"  # the endings of the two target refusals below
OUT_REFUSAL: Final[str] = "不能被选为"
DISARMED: Final[str] = "缴械"
# skills whose text is used "出局后的下一个可发动技能的时点"
AFTER_OUT: Final = ("最后一枪", "薪火相传", "残暴", "灵狐灿世")


def target_range(game: Game, h: HeldSkill, actor: str) -> tuple[str, ...]:
    t = h.ability.target
    if t is None:
        return ()
    alive = game.alive_tuple()
    if st(game).left:  # "离开游戏的角色…不受其他技能影响"
        return tuple(s for s in _range(game, h, actor, alive) if present(game, s))
    return _range(game, h, actor, alive)


def _range(game: Game, h: HeldSkill, actor: str, alive: tuple[str, ...]) -> tuple[str, ...]:
    t = h.ability.target
    assert t is not None
    custom = RANGES.get(t.range)  # a role module's own range (英灵召唤 …)
    if custom is not None:
        return custom(game, actor)
    if t.range == "alive_other":
        return tuple(s for s in alive if s != actor)
    if t.range == "dead":
        return tuple(s for s in game.order if not game.seats[s].alive)
    if t.range == "oracle":  # 福祸相依 "除自己外任意一名在[神女秘法]反馈名单的角色"
        return tuple(s for s in st(game).oracle.get(actor, ()) if s != actor)
    if t.range == "karma":  # 残暴 "任意一名有[业炎]的角色"
        return tuple(s for s in alive if game.statuses.has(s, "业炎"))
    if t.range == "bleeding":  # 收割 "1名持有流血状态的角色"
        return tuple(s for s in alive if game.statuses.has(s, "流血"))
    if t.range == "out_yesterday":  # 复活 "任意一名上一个白天宣布出局的角色"
        day = game.phase.n if game.phase.is_night else game.phase.n - 1
        return tuple(s for s in st(game).day_outs.get(day, ()) if not game.seats[s].alive)
    return alive


def blocked(game: Game, seat: str, h: HeldSkill) -> str | None:
    book = game.statuses
    a = h.ability
    if a.name == KILL_SKILL:
        s = book.blocking(seat, KILL)
        if s is not None:
            return f"你处于[{s.name}]状态，不能发动杀人"
        # the pack is built only when someone holds 缴械 at all (the book's per-holder
        # names, composites included): pack_members() walks every seat, and this is
        # asked for every [群内] wolf at every step its 杀人 is in its window
        if any(DISARMED in names for names in book.names.values()):
            for mate in pack_members(game):
                if book.has(mate, DISARMED):
                    return "群内有角色处于[缴械]状态，整个群内不能发动杀人"
        return None
    if not a.forced:
        s = book.blocking(seat, SKILLS)
        if s is not None:
            return f"你处于[{s.name}]状态，不能发动[强制]技能以外的技能"
    return None


def refusal(game: Game, a: Action, allowed: tuple[str, ...] | None = None) -> str | None:
    """Why `a` is refused, or None. `allowed`: the skill's range already computed by
    the caller (legal() has it from offered(), a subset of it that holds the targets)."""
    h = game.held.get(a.seat, a.skill)
    if h is None:
        return f"你没有技能 {a.skill}"
    if not present(game, a.seat):
        return "你已离开游戏，所有技能失效"
    alive = game.seats[a.seat].alive
    if h.ability.after_out and a.skill != "灵狐灿世":
        if alive:
            return f"{a.skill} 只能在出局后的下一个可发动技能的时点发动"
        if not rights.may(game, a.seat, a.skill):
            return f"{a.skill} 只能在出局后的下一个可发动技能的时点发动（现在不是）"
    elif not alive and not (h.ability.after_out and rights.may(game, a.seat, a.skill)):
        return "已出局的角色不能发动技能"
    reason = opening_refusal(game, a.seat, h)
    if reason is not None:
        return reason
    at = game.moment
    if OPENING in h.ability.windows and (mark := st(game).opening_now.get(a.seat)) is not None \
            and mark == window_of(game):
        # "若有[刷新至初始]，则在获取技能的那个时段需要立刻决定是否发动[开局]类技能"
        at = game.calendar.at(game.phase.n, game.phase.kind, OPENING)
    reason = h.why_not(at, a.all_targets(), a.seat in st(game).revealed, a.text)
    if reason is not None:
        return reason
    queued = len(game.uses.of(a.seat, a.skill))
    if h.charges is not None and h.charges - queued <= 0:
        return f"{a.skill} 次数不足（剩余 {h.charges} 次，本阶段已提交 {queued} 次）"
    cap = h.ability.per_day
    if cap is not None and h.uses_on(game.phase.n) + queued >= cap:
        return f"{a.skill} 每天只能使用{cap}次"
    reason = blocked(game, a.seat, h)
    if reason is not None:
        return reason
    if a.skill in type(game.ruleset).choice_parts and (bad := disguise.problem(a.choice)):
        return bad
    if a.skill == "毒计" and (bad := dushi.choice_problem(a.choice)):
        return bad
    extra = EXTRA_CHECKS.get(a.skill)
    if extra is not None and (reason := extra(game, a.seat)) is not None:
        return reason
    if allowed is None:
        allowed = target_range(game, h, a.seat)
    for t in a.all_targets():
        if t not in allowed:
            if not game.seats[t].alive:
                return f"{t} 已出局，不能被选为 {a.skill} 的目标"
            return f"{t} 不在 {a.skill} 的选择范围内"
        if (why := repick(game, a.seat, h, t)) is not None:
            return why
    return None


def repick(game: Game, actor: str, h: HeldSkill, target: str) -> str | None:
    """3L: "如果一个限制技能发动的状态是仅针对XX的状态，那么对该角色发动符合条件的[指定]技能
    时会提醒不能发动，需重新更换目标。非指定不受影响。" A status that keeps [指定] skills
    off its holder (TARGETED) and works only against some sources (StatusKind.against)
    refuses a use from such a source, so the user picks another target (RULINGS 65).
    No status of this pool is one: 厚皮肉猪's "仅针对非村民阵营的[不死]" limits 出局, not
    发动 (a wolf's 杀人 on the pig is accepted and fails at the out)."""
    if h.ability.target is None:
        return None
    book = game.statuses
    for s in book.of(target):
        k = s.kind
        if not k.against or not book._blocks(k, TARGETED):
            continue
        if book.has(target, k.name, source=actor):
            return (f"不能对 {target} 发动 {h.ability.name}：{target} 处于仅针对{k.against}的"
                    f"[{k.name}]状态，请重新选择目标")
    return None


def window_of(game: Game) -> tuple[str, str, int]:
    return (game.phase.label, game.sub, game.nth)


def gained(game: Game, seat: str, h: HeldSkill) -> bool:
    """A skill not of the seat's own [实际身份] (薪火相传, 精明, a 变脸 card …)."""
    o = h.origin
    return o.granted_by is not None or (o.role is not None and o.role != game.seats[seat].role)


def opening_refusal(game: Game, seat: str, h: HeldSkill) -> str | None:
    """3L 获取技能: "获得的技能若没有“刷新至初始”条目，则类别[开局]的技能不可用" (RULINGS 64).
    The only 刷新至初始 of this pool is 天命所归; a set gained with it keeps its [开局]
    skills."""
    if OPENING not in h.ability.windows or game.sub != OPENING or not gained(game, seat, h):
        return None
    if any(x.ability.name == REFRESH and x.origin.via == h.origin.via
           for x in game.held.of(seat)):
        return None
    return f"获得的技能没有“刷新至初始”条目：[开局]技能 {h.ability.name} 不可用"


def mark_refreshed(game: Game, seat: str) -> None:
    """天命所归 has refreshed `seat`'s own skills: its [开局] ones may be used now, in
    this window only (RULINGS 64)."""
    st(game).opening_now[seat] = window_of(game)


def legal(game: Game, seat: str, alive: bool | None = None) -> list[LegalAction]:
    """`alive`: the seat's life, when the caller has looked it up already."""
    state = st(game)
    if alive is None:
        alive = game.seats[seat].alive
    return legal_at(game, seat, alive, state, game.moment,
                    window_of(game) if state.opening_now else None)


def legal_at(game: Game, seat: str, alive: bool, state: NataState, at: Moment,
             window: tuple[str, str, int] | None) -> list[LegalAction]:
    """`legal` with what every seat of the step shares looked up by the caller: the
    state, the moment and (only while a 天命所归 refresh is marked) the window."""
    out: list[LegalAction] = []
    if seat in state.left:  # not present()
        return out
    held = game.held.table(seat)
    if not held:
        return out
    # pending() asks every seat at every step, and most skills are out of their
    # window: refusal() would refuse them after the range and offers were built, so
    # the two tests of why_not that need no table (switched off, not its window)
    # come first; refusal() still judges the rest
    sub, part = at.sub, at.part
    refreshed = state.opening_now
    mark = refreshed.get(seat) if refreshed else None
    opening_now = mark is not None and mark == window
    # no skill of the seat acts in this window: nothing to offer (most seats at most
    # steps), answered by the table's window index without a look at any skill
    acts_in = game.held.windows(seat)
    if not (sub in acts_in or part in acts_in or (opening_now and OPENING in acts_in)):
        return out
    # an out seat's skills are refused by refusal() ("已出局的角色不能发动技能") but
    # those used after the out (after_out): skipped first, as cheap as it gets; then
    # the window test: it refuses most skills, and is the cheapest. One pass, no list
    # of the skills in their window first: the offers and refusal() only read, so the
    # order and the results are those of the two passes
    for h in held.values():
        a = h.ability
        if not alive and not a.after_out:
            continue
        w = a.windows
        if not w or not (sub in w or part in w or (opening_now and OPENING in w)):
            continue
        offer = OFFERS.get(a.name)  # the choices open now (精明 …): none, not offered
        if (a.forced and a.target is None and offer is None) or a.declaration or h.off:
            continue  # a [宣言] is offered to everyone by its role module (审讯)
        targets = offered(game, h, seat)
        t = a.target
        probe = targets[:t.count] if t is not None else ()
        if t is not None and len(probe) < t.count:
            continue
        choices = offer(game, seat) if offer is not None else ()
        if offer is not None and not choices:
            continue
        if refusal(game, Action(seat, a.name, targets=probe,
                                choice=choices[0] if choices else None),
                   targets) is not None:
            continue
        out.append(LegalAction(seat, a.name, targets, 0 if t is None else t.count,
                               choices=choices, optional=a.name not in MUST_CHOOSE,
                               team=a.team, needs_text=a.declaration))
    return out


def offered(game: Game, h: HeldSkill, seat: str) -> tuple[str, ...]:
    """The 选择范围 the holder is shown: the range less the targets its history rules
    out (每名角色只能被选择一次; a one-target 不能连续两晚选择同一名角色)."""
    t = h.ability.target
    if t is None:
        return ()
    pool = target_range(game, h, seat)
    if t.once_per_target:
        ever = h.targets_ever()
        pool = tuple(x for x in pool if x not in ever)
    if t.not_twice_in_a_row and t.count == 1:
        last = h.last_moment()
        at = game.moment
        if last is not None and last.part == at.part and last.day == at.day - 1:
            pool = tuple(x for x in pool if x not in h.last_targets())
    return pool

"""[M47] who may use which skill on whom, right now: the engine's one check over the
held skill (`HeldSkill.why_not`: 限定/charges, the night window, odd/even nights, in
M47's wording) and the declared target range (`targeting.range_reason`, with the held
skill's history), with the few rules the post attaches to one skill declared by that
skill's role module (roles/__init__.py collects them into the tables below).

Used both when an action is submitted (to refuse it with a reason) and again when
the night resolves (a skill lost or an actor gone out in between makes a queued
action void)."""

from __future__ import annotations

from collections.abc import Callable

from bansha.engine import Action, Game, SkillSpec
from bansha.engine.held import HeldSkill, Refusals
from bansha.engine.moment import Moment
from bansha.engine.targeting import range_reason

from .pack import PACK, in_pack, pack
from .state import M47State, m47

Check = Callable[[Game, str], str | None]  # (game, seat); it reads m47(game) if it needs
Missing = Callable[[Game, M47State, str, str], str | None]

# skill -> its own rule, in place of the seat's skill table (召唤: the pack's decision)
OWN_RULE: dict[str, Check] = {}
# skill -> a limit checked after the generic ones (救药/毒药: one potion a night)
NIGHT_LIMIT: dict[str, Check] = {}
# skill -> the refusal once it is spent, where a ruling names it (道标: 裁定24)
SPENT: dict[str, str] = {}
# why a seat does not hold a skill, where a ruling took it away (first answer wins)
WHY_MISSING: list[Missing] = []


class M47Refusals(Refusals):
    """M47's wording of the shared refusals; a spent skill is refused as spent first."""

    def spent(self, h: HeldSkill) -> str:
        name = h.name
        ruled = SPENT.get(name)
        if ruled is not None:
            return ruled
        return f"{name} 已用完（限定）" if h.ability.once else f"{name} 已没有次数"

    def window(self, h: HeldSkill, at: Moment) -> str:
        return "只能在夜晚发动"

    def nights(self, h: HeldSkill) -> str:
        return f"{h.name} 只能在{'单数' if h.ability.nights == 'odd' else '双数'}夜晚发动"


WORDS = M47Refusals(spent_first=True)


def team_key(game: Game, seat: str, skill: str) -> str:
    """Team skills (杀人, 召唤) are one decision per pack; a lone 野良's 杀人 is his own."""
    if game.ruleset.skills[skill].team and in_pack(game, seat):
        return f"{PACK}/{skill}"
    return f"{seat}/{skill}"


def skill_reason(game: Game, seat: str, skill: str) -> str | None:
    """Why `seat` cannot use `skill` in the open night window (None = it can)."""
    spec = game.ruleset.skills.get(skill)
    if spec is None:
        return f"本规则没有技能 {skill}"
    if not game.seats[seat].alive:
        return "已出局的角色不能发动技能"
    return _rule(game, seat, skill, spec, game.held.get(seat, skill), game.moment)


def use_reason(game: Game, seat: str, skill: str, target: str | None) -> str | None:
    """`skill_reason`, then `target_reason`: why `seat` cannot use `skill` on `target`
    now (the held skill and the moment looked up once for both)."""
    spec = game.ruleset.skills.get(skill)
    if spec is None:
        return f"本规则没有技能 {skill}"
    if not game.seats[seat].alive:
        return "已出局的角色不能发动技能"
    h = game.held.get(seat, skill)
    at = game.moment
    reason = _rule(game, seat, skill, spec, h, at)
    if reason is not None:
        return reason
    return range_reason(spec, seat, target, game.seats, h, at)


def _rule(game: Game, seat: str, skill: str, spec: SkillSpec, h: HeldSkill | None,
          at: Moment) -> str | None:
    if skill in OWN_RULE:
        return OWN_RULE[skill](game, seat)
    if h is None:
        return missing_skill(game, seat, skill)
    # spent first, then the night window and odd/even nights (M47's wording); a skill
    # of no window (a trigger's) is refused below
    reason = h.why_not(at, (), False, None, WORDS, False)
    if reason is not None:
        return reason
    if spec.window != "night":
        return f"{skill} 不是可主动发动的夜晚技能"
    return NIGHT_LIMIT[skill](game, seat) if skill in NIGHT_LIMIT else None


def held_reason(game: Game, seat: str, h: HeldSkill, at: Moment) -> str | None:
    """`skill_reason` for a night skill the living `seat` holds as `h` (legal()'s
    question, for every held skill of every seat each night: the look-ups
    skill_reason makes are known here)."""
    name = h.ability.name
    if name in OWN_RULE:
        return OWN_RULE[name](game, seat)
    reason = h.why_not(at, (), False, None, WORDS, False)
    if reason is not None:
        return reason
    return NIGHT_LIMIT[name](game, seat) if name in NIGHT_LIMIT else None


def missing_skill(game: Game, seat: str, skill: str) -> str:
    """The refusal of a skill `seat` does not hold, naming the ruling that took it
    away or withholds it where one does (RULINGS.md)."""
    st = m47(game)
    for why in WHY_MISSING:
        reason = why(game, st, seat, skill)
        if reason is not None:
            return reason
    return f"{seat} 没有技能 {skill}（或已失去）"


# RULINGS 15: what a 野良 hands in before tonight's 召唤 has taken him into the pack
IF_SUMMONED = ("杀人", "双刀")
NOT_SUMMONED = {
    "杀人": "本夜召唤未使你进入狼群，不能与狼群共同杀人（裁定15：被召唤的野良当夜起共同杀人）",
    "双刀": "本夜召唤未使你进入狼群，你没有技能双刀（裁定15：被召唤的野良当夜起可发动双刀）",
}


def may_be_summoned(game: Game, seat: str) -> bool:
    """The 野良 outside the pack, on a night the pack may still summon him: his 杀人/双刀
    are taken in advance and hold if the summon at step (0) lands (RULINGS 15)."""
    st = m47(game)
    if seat != st.stray or in_pack(game, seat) or not game.phase.is_night:
        return False
    if not game.seats[seat].alive or game.held.has(seat, "杀人") or st.summon_used:
        return False  # 杀人 of his own: 寻仇, every 狼人 is out and nobody can summon
    # a living pack member who holds 召唤 ("所有存活狼人角色共同选择")
    return any(game.seats[w].alive and game.held.has(w, "召唤") for w in pack(game))


def joined_tonight(game: Game, st: M47State, seat: str) -> bool:
    return in_pack(game, seat) and st.joined_night == game.phase.n


def target_reason(game: Game, seat: str, skill: str, target: str | None) -> str | None:
    # 召唤, 神音, 道标: "选择一名角色/玩家" — no limit beyond the engine's range (RULINGS 14)
    return range_reason(game.ruleset.skills[skill], seat, target, game.seats,
                        game.held.get(seat, skill), game.moment)


def valid_targets(game: Game, seat: str, skill: str) -> tuple[str, ...]:
    # The same ranges as target_reason, computed directly: this runs for every seat in
    # every phase and dominated the benchmark when done target by target.
    # (tests/unit/test_m47_targets.py checks both agree.)
    spec = game.ruleset.skills[skill]
    rng = spec.target
    alive = game.alive_tuple()
    if spec.not_twice_in_a_row:  # 神器 "不能连续两天夜晚对同一名玩家使用"
        h = game.held.get(seat, skill)
        if h is not None and h.used_last(game.moment):
            last = h.last_targets()
            return tuple([t for t in alive if t not in last])
        return alive
    if rng == "alive":
        return alive
    if rng == "alive_other":
        return tuple([t for t in alive if t != seat])  # a list first: no generator frame
    if rng == "dead":
        return tuple([t for t in game.order if not game.seats[t].alive])
    return tuple([t for t in game.order if target_reason(game, seat, skill, t) is None])


def first_valid(game: Game, seat: str | None, skill: str,
                key: str | None = None) -> Action | None:
    """The submitted action for this step, if it may still take effect (else it is
    rejected with the reason)."""
    a = game.take_key(key) if key else (game.take(seat, skill) if seat else None)
    if a is None:
        return None
    reason = use_reason(game, a.seat, skill, a.target)
    if reason is not None:
        game.reject(a, reason)
        return None
    return a

"""[S15] who may use which skill on whom right now: the checks every skill shares,
then the skill's own (`Skill.check`, `Skill.target_check`, declared in its role's
module). Used when an action is submitted (to refuse it with a reason) and again
when the night resolves (a skill lost or an actor gone out in between voids a
queued action)."""

from __future__ import annotations

from bansha.engine import Game
from bansha.engine.held import HeldSkill, Refusals
from bansha.engine.moment import Moment
from bansha.engine.targeting import range_reason

from .identity import SENT_OFF, fake_dead, sent_off
from .skill import CATALOG, Skill

# skills that take effect the moment they are used ("立即", "任意时刻")
IMMEDIATE = ("行刺", "死节", "忏悔", "出使")
# choices that arise when their holder (or the sheriff) goes out / is voted out
PROMPTED = ("流弹", "若愚", "殉职", "蒙冤")


class S15Refusals(Refusals):
    """S15's wording of the shared refusals; a spent skill is refused as spent before
    its window is looked at ("已发动过（限定技）" whatever the phase)."""

    def spent(self, h: HeldSkill) -> str:
        return f"{h.name} 已发动过（限定技）"

    def window(self, h: HeldSkill, at: Moment) -> str:
        return "只能在夜晚发动" if "night" in h.ability.windows else "只能在白天发动"


WORDS = S15Refusals(spent_first=True)

# skills nobody submits: the post or a trigger asks for them (their Ability has no window)
_NOT_SUBMITTED = ("trigger", "passive", "prompt")
NIGHT0 = "第零晚除爱神【金箭】、白狼【归群】外，其他身份不能行使技能（裁定R-8）"
FAKE_DEAD = ("假死状态的角色不能行使技能"
             "（裁定R-12：曲尽使癫狂角色进入假死，不能发言、投票或行使技能）")


def skill_reason(game: Game, seat: str, skill: str) -> str | None:
    """Why `seat` cannot use `skill` in the open window now (None = it can): S15's own
    rules first (alive, 罚下 R-25, 假死 R-12, the skill held, 第零晚 R-8), then the
    engine's one check over the held skill (`HeldSkill.why_not`: 限定技 spent, the
    day/night window, in S15's wording), then the skill's own rule (`Skill.check`)."""
    sk = CATALOG.get(skill)
    if sk is None:
        return f"本规则没有技能 {skill}"
    if not game.seats[seat].alive:
        return "已出局的角色不能发动技能"
    if sent_off(game, seat):
        return SENT_OFF
    if fake_dead(game, seat):
        return FAKE_DEAD
    held = game.held.get(seat, skill)
    if held is None:
        return missing_skill(game, seat, skill)
    return held_reason(game, seat, sk, held)


def held_reason(game: Game, seat: str, sk: Skill, held: HeldSkill) -> str | None:
    """skill_reason past the seat's own checks (alive, 罚下, 假死, the skill held):
    `legal` has made them once for all of the seat's skills."""
    skill = sk.name
    # (none of these, nor the opening skills, has charges: no 限定技 is refused here
    # that why_not would have refused as spent first)
    if sk.spec.window in _NOT_SUBMITTED:
        return f"{skill} 是锁定技或在触发时询问，无需提交"
    ph = game.phase
    if ph.is_night and ph.n == 0:
        return None if sk.opening else NIGHT0
    if sk.opening:
        return "只能在第零日夜晚发动"
    reason = held.why_not(game.moment, words=WORDS, aim=False)
    if reason is not None:
        return reason
    return sk.check(game, seat) if sk.check is not None else None


def missing_skill(game: Game, seat: str, skill: str) -> str:
    """The refusal of a skill `seat` does not hold, naming the ruling that decides why
    where one does (RULINGS.md)."""
    base = f"{seat} 没有技能 {skill}"
    sk = CATALOG.get(skill)
    note = sk.missing(game, seat) if sk is not None and sk.missing is not None else None
    return f"{base}（{note}）" if note is not None else f"{base}（或已失去）"


def target_reason(game: Game, seat: str, skill: str, target: str | None) -> str | None:
    sk = CATALOG[skill]
    reason = range_reason(sk.spec, seat, target, game.seats, game.held.get(seat, skill),
                          game.moment)
    if reason is not None or target is None:
        return reason
    return sk.target_check(game, seat, target) if sk.target_check is not None else None


def targets_reason(game: Game, seat: str, skill: str, targets: tuple[str, ...]) -> str | None:
    """Two-target skills (金箭)."""
    if len(targets) != 2 or targets[0] == targets[1]:
        return f"{skill} 需要两名不同的角色"
    for t in targets:
        reason = target_reason(game, seat, skill, t)
        if reason is not None:
            return reason
    return None


def valid_targets(game: Game, seat: str, skill: str) -> tuple[str, ...]:
    """The targets target_reason accepts, in seat order, computed directly for the
    ranges S15 declares: this runs for every seat and skill at every pending, and
    target by target it was most of the cost of an offer
    (tests/unit/test_s15_by_skill.py checks both agree)."""
    sk = CATALOG[skill]
    spec = sk.spec
    rng = spec.target
    if spec.not_twice_in_a_row or rng not in ("alive", "alive_other"):
        return tuple(t for t in game.alive_tuple()
                     if target_reason(game, seat, skill, t) is None)
    ts = game.alive_tuple()
    if rng == "alive_other":
        ts = tuple(t for t in ts if t != seat)
    if spec.once_per_target:  # "每名角色只能成为该技能使用对象一次"
        held = game.held.get(seat, skill)
        if held is not None and held.used:
            ever = held.targets_ever()
            ts = tuple(t for t in ts if t not in ever)
    check = sk.target_check
    if check is not None:
        ts = tuple(t for t in ts if check(game, seat, t) is None)
    return ts


def lastwords_reason(game: Game, seat: str, text: str | None) -> str | None:
    return game.lastwords.refusal(
        seat, game.seats[seat].alive, text, final=True,
        no_right="没有遗言权利（只有前N名出局的角色可以留下遗言，N为狼人与白狼总数）",
        closed="遗言时限已过")

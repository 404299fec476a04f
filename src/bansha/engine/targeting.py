"""The target ranges a SkillSpec declares, checked the same way for every ruleset:
alive / alive_other / dead / any, then the held skill's target history (not twice in
a row, once per target). A ruleset's own target rules (召唤 not on the pack, 吹笛 not
on the mad) come after this."""

from __future__ import annotations

from collections.abc import Mapping

from .held import HeldSkill
from .moment import Moment
from .seats import SeatState
from .skills import SkillSpec


def range_reason(
    spec: SkillSpec,
    seat: str,
    target: str | None,
    seats: Mapping[str, SeatState],
    held: HeldSkill | None,
    at: Moment,
) -> str | None:
    """Why `target` is outside `spec`'s range for `seat` now (None = inside); `held`
    is the seat's held skill (its history), `at` the moment of the use."""
    if spec.target == "none":
        return None
    if target is None:
        return f"{spec.name} 需要一个目标"
    t = seats.get(target)
    if t is None:
        return f"目标 {target} 不是本局玩家"
    if spec.target == "dead":
        return f"{spec.name} 只能选择已出局角色" if t.alive else None
    if spec.target != "any" and not t.alive:
        return f"{target} 已出局，不能被选为目标"
    if spec.target == "alive_other" and target == seat:
        return f"{spec.name} 不能选择自己"
    if held is not None:
        # "consecutive": used in the previous phase of the same kind (last night)
        if spec.not_twice_in_a_row and held.used_last(at) and target in held.last_targets():
            return f"不能连续两次对同一名角色使用{spec.name}"
        if spec.once_per_target and held.chose_ever(target):
            return f"每名角色只能成为{spec.name}的使用对象一次（{target} 已被选过）"
    return None

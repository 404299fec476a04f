from bansha.engine.abilities import ability_of
from bansha.engine.held import SkillTable
from bansha.engine.moment import Moment
from bansha.engine.seats import SeatState
from bansha.engine.skills import SkillSpec
from bansha.engine.targeting import range_reason


def night(n: int) -> Moment:
    return Moment(n, "night")


def seats() -> dict[str, SeatState]:
    s = {n: SeatState(n, ["x"], "f") for n in ("甲", "乙", "丙")}
    s["丙"].alive = False
    return s


def test_ranges() -> None:
    ss = seats()
    alive = SkillSpec("刀", target="alive")
    other = SkillSpec("验", target="alive_other")
    dead = SkillSpec("抚", target="dead")
    n1 = night(1)
    assert range_reason(alive, "甲", "甲", ss, None, n1) is None
    assert range_reason(other, "甲", "甲", ss, None, n1) == "验 不能选择自己"
    assert range_reason(alive, "甲", "丙", ss, None, n1) == "丙 已出局，不能被选为目标"
    assert range_reason(dead, "甲", "丙", ss, None, n1) is None
    assert range_reason(dead, "甲", "乙", ss, None, n1) == "抚 只能选择已出局角色"
    assert range_reason(alive, "甲", None, ss, None, n1) == "刀 需要一个目标"
    assert range_reason(alive, "甲", "无", ss, None, n1) == "目标 无 不是本局玩家"


def test_not_twice_in_a_row_and_once_per_target() -> None:
    ss = seats()
    shield = SkillSpec("盾", target="alive", not_twice_in_a_row=True)
    guard = SkillSpec("守", target="alive", once_per_target=True)
    held = SkillTable()
    dun = held.grant("甲", ability_of(shield))
    shou = held.grant("甲", ability_of(guard))
    dun.spend(night(1), ("乙",))
    shou.spend(night(1), ("乙",))
    assert range_reason(shield, "甲", "乙", ss, dun, night(2)) is not None  # consecutive
    assert range_reason(shield, "甲", "乙", ss, dun, night(3)) is None  # a night skipped
    assert range_reason(guard, "甲", "乙", ss, shou, night(4)) is not None
    assert range_reason(guard, "甲", "甲", ss, shou, night(4)) is None

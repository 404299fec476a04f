from bansha.engine.seats import SeatState
from bansha.engine.skills import SkillSpec
from bansha.engine.targeting import range_reason


def seats() -> dict[str, SeatState]:
    s = {n: SeatState(n, ["x"], "f") for n in ("甲", "乙", "丙")}
    s["丙"].alive = False
    return s


def test_ranges() -> None:
    ss = seats()
    alive = SkillSpec("刀", target="alive")
    other = SkillSpec("验", target="alive_other")
    dead = SkillSpec("抚", target="dead")
    assert range_reason(alive, "甲", "甲", ss, 3) is None
    assert range_reason(other, "甲", "甲", ss, 3) == "验 不能选择自己"
    assert range_reason(alive, "甲", "丙", ss, 3) == "丙 已出局，不能被选为目标"
    assert range_reason(dead, "甲", "丙", ss, 3) is None
    assert range_reason(dead, "甲", "乙", ss, 3) == "抚 只能选择已出局角色"
    assert range_reason(alive, "甲", None, ss, 3) == "刀 需要一个目标"
    assert range_reason(alive, "甲", "无", ss, 3) == "目标 无 不是本局玩家"


def test_not_twice_in_a_row_and_once_per_target() -> None:
    ss = seats()
    shield = SkillSpec("盾", target="alive", not_twice_in_a_row=True)
    guard = SkillSpec("守", target="alive", once_per_target=True)
    ss["甲"].grant(shield)
    ss["甲"].grant(guard)
    ss["甲"].skills["盾"].spend(("乙",), 3)  # night 1
    ss["甲"].skills["守"].spend(("乙",), 3)
    assert range_reason(shield, "甲", "乙", ss, 5) is not None  # night 2: consecutive
    assert range_reason(shield, "甲", "乙", ss, 7) is None  # night 3: a night skipped
    assert range_reason(guard, "甲", "乙", ss, 9) is not None
    assert range_reason(guard, "甲", "甲", ss, 9) is None

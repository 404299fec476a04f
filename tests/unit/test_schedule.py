"""The schedule as data and the uses of a window (toy data shaped like m192's
行动顺序总集; no ruleset)."""

from __future__ import annotations

from bansha.engine.abilities import Ability, RoleData, Targeting, Use, UseBook
from bansha.engine.schedule import FREE, INSTANT, ORDERED, Schedule, Window, order_uses

# 午夜，有先后顺序: 花蝴蝶 拥抱, 赤狼 业炎, 守卫 守护, 摄梦人 摄梦, 渊狼 深渊
# 深夜1，互不影响: 通灵师 通灵, 狐狸 狡黠, 占卜师 占卜 ...
# 深夜2，有先后顺序: 狼人阵营 杀人, 岚 雷击 ...
NIGHT = (
    Window("早夜", "早夜2", ORDERED, ("时间凝滞", "沉默术")),
    Window("午夜", "午夜", ORDERED, ("拥抱", "业炎", "守护", "摄梦", "深渊")),
    Window("深夜", "深夜1", FREE, ("通灵", "狡黠", "占卜")),
    Window("深夜", "深夜2", ORDERED, ("杀人", "雷击")),
    Window("凌晨", "凌晨", ORDERED, ("神女秘法", "福祸相依")),
)
DAY = (Window("黄昏", "黄昏1", INSTANT, ("冤死", "灵狐灿世")),
       Window("黄昏", "黄昏2", ORDERED, ("做狼还是做狗",)))
SCHEDULE = Schedule(opening=(Window("开局", "开局", ORDERED, ("获得尾巴",)),), day=DAY,
                    night=NIGHT)


def test_sub_phases_and_calendar_derive_from_the_windows() -> None:
    assert SCHEDULE.sub_phases("night") == ("早夜", "午夜", "深夜", "凌晨")
    assert SCHEDULE.sub_phases("day") == ("黄昏",)
    cal = SCHEDULE.calendar()
    assert cal.opening == "开局"
    assert cal.label(cal.at(1, "night", "深夜")) == "night 1 深夜"


def test_ordered_window_follows_the_post_not_the_submissions() -> None:
    uses = [("深渊", 0), ("业炎", 1), ("拥抱", 2)]
    order = order_uses(SCHEDULE, "night", "午夜", uses)
    assert [uses[i][0] for i in order] == ["拥抱", "业炎", "深渊"]


def test_free_window_keeps_the_players_order_and_windows_run_in_turn() -> None:
    """互不影响: "允许玩家随意排列该阶段的技能发动顺序" — submission order stands; 深夜1
    comes before 深夜2 whatever was submitted first."""
    uses = [("杀人", 0), ("占卜", 1), ("通灵", 2), ("狡黠", 3), ("未列出", 4)]
    order = order_uses(SCHEDULE, "night", "深夜", uses)
    assert [uses[i][0] for i in order] == ["占卜", "通灵", "狡黠", "杀人", "未列出"]


def test_slot_and_problems() -> None:
    slot = SCHEDULE.slot("杀人")
    assert slot is not None and (slot.part, slot.window, slot.place, slot.free) == (
        "night", 3, 0, False)
    assert SCHEDULE.slot("占卜") is not None and SCHEDULE.slot("占卜").free  # type: ignore[union-attr]
    assert SCHEDULE.slot("无此技能") is None
    twice = Schedule(night=(Window("深夜", "深夜1", FREE, ("通灵",)),
                            Window("深夜", "深夜2", ORDERED, ("通灵", "杀人"))))
    assert twice.problems({"通灵"}) == ["深夜2：技能 通灵 已列在 深夜1", "深夜2：未知的技能 杀人"]


SHOU_GE = Ability("收割", ("深夜",), charges=2, target=Targeting("alive"))
TONG_LING = Ability("通灵", ("深夜",), target=Targeting("any"))
KILL = Ability("杀人", ("深夜",), team=True, target=Targeting("alive", from_night=2))


def test_several_uses_of_a_charged_skill_are_kept_in_order() -> None:
    """收割[深夜][指定][2]: a [数值] skill "在可发动时段可以多次发动"; 灵狐灿世's "需要安排一个
    击杀顺序" — each use kept, in order, none replacing another."""
    book = UseBook()
    book.submit(Use("死神", "收割", ("乙",)), SHOU_GE)
    book.submit(Use("死神", "收割", ("丙",)), SHOU_GE)
    assert [u.chosen for u in book.of("死神", "收割")] == [("乙",), ("丙",)]
    assert [u.seq for u in book.uses()] == [0, 1]


def test_a_plain_skill_resubmitted_replaces_and_a_team_skill_is_one_per_team() -> None:
    book = UseBook()
    book.submit(Use("甲", "通灵", ("乙",)), TONG_LING)
    book.submit(Use("甲", "通灵", ("丙",)), TONG_LING)
    assert [u.chosen for u in book.uses()] == [("丙",)]
    book.submit(Use("狼1", "杀人", ("丁",)), KILL, team="狼群")
    book.submit(Use("狼2", "杀人", ("戊",)), KILL, team="狼群")
    kills = [u for u in book.uses() if u.ability == "杀人"]
    assert [(u.actor, u.chosen) for u in kills] == [("狼2", ("戊",))]
    assert book.withdraw("甲", "通灵") and len(book) == 1


def test_role_data_and_tags() -> None:
    role = RoleData("死神", "狼人阵营", "狼", 8, ("群内",), (SHOU_GE,))
    assert role.ability("收割") is SHOU_GE and role.ability("追魂") is None
    assert SHOU_GE.tags() == ["深夜", "指定", "2"]
    assert Ability("天命所归", ("正午",), once=True).tags() == ["正午", "限定"]
    assert Ability("神风突击", ("正午",), reveal=True, target=Targeting()).tags() == [
        "正午", "指定", "翻牌"]


def test_one_book_for_every_input_kept_in_place_and_taken_by_key() -> None:
    """The window's one book: a step's input (held=False) resubmitted replaces the
    earlier one in its place (the latest stands); a team's inputs share one key; a
    prompt's answer given ahead is found by its seat/skill key; what is left is
    taken at the end in order."""
    book = UseBook()
    book.submit(Use("甲", "神音", ("乙",), key="甲/神音", held=False), moves=False)
    book.submit(Use("丙", "杀人", ("丁",), key="狼群/杀人", held=False), moves=False)
    book.submit(Use("甲", "神音", ("丁",), key="甲/神音", held=False), moves=False)
    assert [(u.key, u.chosen) for u in book.every()] == [("甲/神音", ("丁",)),
                                                         ("狼群/杀人", ("丁",))]
    assert book.uses() == []  # none of them resolves by the schedule
    assert "狼群/杀人" in book and "乙/杀人" not in book
    kill = book.take("狼群/杀人", held=False)
    assert kill is not None and kill.input().target == "丁" and "狼群/杀人" not in book
    book.put("狼群/杀人", kill)  # handed on under the pack's key (M47's summoned 野良)
    assert book.get("狼群/杀人") is kill
    left = book.take_every(lambda u: u.ability != "杀人")
    assert [u.key for u in left] == ["甲/神音"] and len(book) == 1


def test_a_once_skill_counted_as_one_charge_is_replaced_not_kept_twice() -> None:
    """限定 with [1] (S15's 限定技): used once, so a resubmission replaces the first."""
    once = Ability("毒药", ("night",), once=True, charges=1, target=Targeting())
    assert not once.several_per_window
    book = UseBook()
    book.submit(Use("女巫", "毒药", ("乙",)), once)
    book.submit(Use("女巫", "毒药", ("丙",)), once)
    assert [u.chosen for u in book.uses()] == [("丙",)]


def test_a_use_made_without_an_input_gives_one() -> None:
    """An NPC replay or an inserted use has no submitted input: one is made from it."""
    assert Use("甲", "杀人", ("乙",)).input().target == "乙"
    two = Use("甲", "交换", ("乙", "丙")).input()
    assert two.target is None and two.targets == ("乙", "丙")

"""A refused action names the ruling behind it where RULINGS.md decides the case
(M47 "裁定N", S15 "裁定R-N"), and the refusal itself is unchanged."""

from __future__ import annotations

from bansha.engine import Action, Game, Rejected

M47 = [{"甲": "狼人"}, {"乙": "狼人"}, {"丙": "狼人"}, {"丁": "野良"}, {"戊": "神明"},
       {"己": "祝器"}, {"庚": "女巫"}, {"辛": "村长"}, {"壬": "村民"}, {"癸": "村民"},
       {"子": "村民"}, {"丑": "村民"}, {"寅": "村民"}, {"卯": "伤心的村民"}]


def _to(game: Game, label: str) -> None:
    while game.phase.label != label:  # an open prompt (the witch at step (3)) takes its default
        game.advance()


def _reason(game: Game, a: Action) -> str:
    answer = game.submit(a)
    assert isinstance(answer, Rejected), a
    return answer.reason


def test_m47_one_potion_a_night_names_ruling_27() -> None:
    g = Game.new("m47-yeliang", M47, seed=1)
    g.advance()  # day 1 → night 1
    assert g.submit(Action("庚", "救药", target="甲"))
    assert _reason(g, Action("庚", "毒药", target="乙")) == (
        "本夜已使用救药（裁定27：女巫每晚只能使用一瓶药）")


def test_m47_summon_spent_and_stray_kill_name_rulings_14_and_16() -> None:
    g = Game.new("m47-yeliang", M47, seed=1)
    g.advance()  # night 1: the pack summons a 村民 (not the 野良): 召唤 is spent
    assert g.submit(Action("甲", "召唤", target="壬"))
    _to(g, "night 2")  # day 2: nobody votes
    assert "裁定14" in _reason(g, Action("乙", "召唤", target="丁"))
    # the 野良 outside the pack, with 狼人 alive and 召唤 spent, has no 杀人 (寻仇)
    assert _reason(g, Action("丁", "杀人", target="子")) == (
        "丁 没有技能 杀人（裁定16：所有狼人均已出局后的夜晚，野良才获得杀人）")
    # a skill no ruling withholds keeps the plain refusal
    assert _reason(g, Action("壬", "神音", target="子")) == "壬 没有技能 神音（或已失去）"


def test_s15_night_zero_and_a_missing_kill_name_rulings_8_and_21() -> None:
    g = Game.new("s15-official", 20, seed=4)
    assert g.phase.label == "night 0"
    seer = next(n for n in g.order if g.held.has(n, "预言"))
    assert _reason(g, Action(seer, "预言", target=g.order[0] if g.order[0] != seer
                             else g.order[1])).endswith("（裁定R-8）")
    villager = next(n for n in g.order if not g.held.has(n, "杀人")
                    and not g.seats[n].faction.startswith("狼"))
    other = next(n for n in g.order if n != villager)
    assert _reason(g, Action(villager, "杀人", target=other)).startswith(
        f"{villager} 没有技能 杀人（裁定R-21：")

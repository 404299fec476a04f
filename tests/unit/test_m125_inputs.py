"""m125 inputs a player or the director sees as forms: 投降 offered to every pack member,
out ones included ("所有被询问的角色（包括已出局角色）"); the night's outs announced before
the result when a night ends the game."""

from __future__ import annotations

from pathlib import Path

from bansha.engine import Action, Game
from bansha.scenario.loader import load
from bansha.scenario.runner import run

TABLE = [{"甲": ["黑狼王", "村民"]}, {"乙": ["狼人", "村民"]}, {"丙": ["预言家", "村民"]},
         {"丁": ["女巫", "蚀时狼妃"]}, {"戊": ["猎人", "狼人"]}, {"己": ["守卫", "定序王子"]},
         {"庚": ["魔术师", "村民"]}, {"辛": ["纵火犯", "村民"]}, {"壬": ["骑士", "村民"]},
         {"癸": ["村民", "村民"]}]

SCENARIOS = Path(__file__).parents[1] / "scenarios" / "m125-hongmao"


def _skills(g: Game, seat: str) -> list[str]:
    return [la.skill for la in g.legal(seat)]


def test_surrender_is_offered_to_every_pack_member_out_or_not() -> None:
    g = Game.new("m125-hongmao", TABLE, seed=1)
    assert "投降" in _skills(g, "甲") and "投降" in _skills(g, "乙")
    assert "投降" not in _skills(g, "丙")  # not in the pack
    assert "投降" not in _skills(g, "戊")  # a wolf second card joins in the reversal round
    offer = next(la for la in g.legal("甲") if la.skill == "投降")
    assert offer.n_targets == 0 and offer.choices == ("同意",)  # nothing to refuse yet
    g.advance()  # day 1
    g.advance()  # night 1: the witch is asked after 通灵
    g.advance()  # her prompt lapses: day 2
    for voter in ("丙", "庚", "辛"):
        assert g.submit(Action(voter, "投票", "乙:1"))
    g.advance()  # day 2: 乙:1 voted out
    assert not g.seats["乙"].alive
    assert "投降" in _skills(g, "乙")  # "包括已出局角色"
    assert g.submit(Action("甲", "投降"))
    offer = next(la for la in g.legal("乙") if la.skill == "投降")
    assert offer.choices == ("同意", "拒绝")
    assert g.submit(Action("乙", "投降", choice="同意"))
    assert g.finished and g.winner == "村民阵营"


def test_a_night_that_ends_the_game_announces_its_outs_before_the_result() -> None:
    sc = load(SCENARIOS / "night-end-outs.yaml")
    res = run(sc)
    texts = [(e.kind, e.text) for e in res.game.events if e.kind in ("announce", "win")]
    assert texts[-2:] == [("announce", "本夜出局：戊:2"), ("win", "游戏结束：村民阵营胜利")]

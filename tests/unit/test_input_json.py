"""An input log's JSON form replays exactly: each input reads back as it was
submitted (no coercion), and a refused ill-shaped one is refused again, the same way."""

from __future__ import annotations

import json

import pytest

from bansha import compiled
from bansha.engine import Action, Game
from bansha.engine.log import GameLog

pure = pytest.mark.skipif(compiled(), reason="the compiled Action cannot hold ill-typed fields")


def _json(d: object) -> object:
    return json.loads(json.dumps(d))


def test_a_well_typed_input_keeps_its_plain_form() -> None:
    a = Action("甲", "投票", target="乙")
    assert a.as_dict() == {"seat": "甲", "skill": "投票", "target": "乙"}
    b = Action("甲", "x", targets=("乙", "丙"), choice="蓝", text="话")
    assert b.as_dict()["targets"] == ["乙", "丙"]
    assert Action.from_dict(_json(b.as_dict())) == b  # type: ignore[arg-type]


@pure
@pytest.mark.parametrize("fields", [
    {"targets": 5}, {"targets": ["乙"]}, {"targets": []}, {"targets": 0},
    {"targets": None}, {"target": 3}, {"target": True}, {"choice": 2.5},
    {"text": b"x"}, {"targets": ("乙", ["丙"])}, {"choice": {"甲": 1}},
])
def test_an_ill_typed_field_reads_back_with_its_type(fields: dict[str, object]) -> None:
    a = Action("甲", "投票", **fields)  # type: ignore[arg-type]
    b = Action.from_dict(_json(a.as_dict()))  # type: ignore[arg-type]
    assert b == a
    assert [type(getattr(b, k)) for k in fields] == [type(v) for v in fields.values()]


@pure
def test_a_refused_ill_shaped_input_is_refused_again_after_json() -> None:
    game = Game.new("m47-yeliang", 14, seed=3)
    seat = game.order[0]
    answers = [game.submit(Action(seat, "投票", targets=5)),  # type: ignore[arg-type]
               game.submit(Action([seat], "投票")),  # type: ignore[arg-type]
               game.submit({"seat": seat, "skill": "投票"})]  # type: ignore[arg-type]
    assert all(not a for a in answers)
    again = Game.replay(GameLog.from_dict(_json(game.log.as_dict())))  # type: ignore[arg-type]
    assert again.events == game.events
    refusals = [e.text for e in again.events if e.kind == "rejected"]
    assert refusals[0] == f"{seat} 的 投票 被拒绝：目标列表（targets）应为若干玩家的名字"
    assert len(refusals) == 3


def test_a_log_entry_without_seat_or_skill_is_refused_in_chinese() -> None:
    with pytest.raises(ValueError, match=r"inputs\[0\]: 无法识别的输入"):
        GameLog.from_dict({"ruleset": "classic", "players": 6, "seed": 0,
                           "inputs": [{"op": "submit", "seat": "甲"}]})

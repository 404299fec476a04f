from __future__ import annotations

import pytest

from bansha.engine.identity import Seat
from bansha.engine.tags import TagRegistry, declaration_problem


def test_reveal_announces_the_card() -> None:
    tags = TagRegistry()
    seat = Seat.with_cards("甲", [("女巫", "好人", False)])
    reveal = tags.reveal(seat, phase=3)
    assert reveal.announcement == "甲 翻牌：女巫"
    assert tags.is_revealed("甲:1")


def test_reveal_shows_the_apparent_role() -> None:
    tags = TagRegistry()
    seat = Seat.with_cards("甲", [("狼人", "狼人", True)])
    seat.card().disguise("画皮", "role", "预言家")
    assert tags.reveal(seat, phase=1).role == "预言家"


def test_reveal_only_once_per_card_but_each_card_separately() -> None:
    tags = TagRegistry()
    seat = Seat.with_cards("乙", [("猎人", "好人", True), ("狼人", "狼人", True)])
    assert tags.reveal(seat, 1, index=1).announcement == "乙:1 翻牌：猎人"
    assert tags.reveal_problem("乙:1") is not None
    with pytest.raises(ValueError, match="already revealed"):
        tags.reveal(seat, 2, index=1)
    assert tags.reveal_problem("乙:2") is None
    assert tags.reveal(seat, 2, index=2).announcement == "乙:2 翻牌：狼人"
    assert [r.card for r in tags.reveals()] == ["乙:1", "乙:2"]


def test_declaration_skill_requires_non_empty_text() -> None:
    assert declaration_problem({"declaration"}, None) is not None
    assert declaration_problem({"declaration", "once"}, "   ") is not None
    assert declaration_problem({"declaration"}, "我是预言家") is None
    assert declaration_problem({"targeted"}, None) is None
    with pytest.raises(ValueError, match="non-empty"):
        TagRegistry().declare("甲", "", 1)


def test_public_record_keeps_order_of_declarations_and_reveals() -> None:
    tags = TagRegistry()
    seat = Seat.with_cards("丙", [("女巫", "好人", False)])
    tags.declare("甲", " 今晚守乙 ", 1)
    tags.reveal(seat, 2)
    tags.declare("乙", "我是好人", 2)
    assert tags.announcements() == ["甲 宣言：今晚守乙", "丙 翻牌：女巫", "乙 宣言：我是好人"]
    assert [d.text for d in tags.declarations("乙")] == ["我是好人"]
    assert len(tags.declarations()) == 2

from __future__ import annotations

import pytest

from bansha.engine.identity import Card, Disguise, Seat, find_card, parse_card_ref


def witch() -> Card:
    return Seat.with_cards("甲", [("女巫", "好人", False)]).card(1)


def test_apparent_defaults_to_actual() -> None:
    card = witch()
    assert card.apparent("role") == "女巫"
    assert card.apparent("faction") == "好人"
    assert card.apparent("can_kill") is False


def test_last_applied_disguise_wins_per_attribute() -> None:
    card = witch()
    card.disguise("隐狼", "faction", "狼人")
    card.disguise("画皮", "role", "预言家")
    card.disguise("伪装", "faction", "第三方")
    assert card.apparent("faction") == "第三方"
    assert card.apparent("role") == "预言家"
    assert card.apparent("can_kill") is False
    # Actual values are untouched.
    assert card.actual("faction") == "好人"


def test_removing_a_source_lets_the_earlier_disguise_show_through() -> None:
    card = witch()
    card.disguise("隐狼", "faction", "狼人")
    card.disguise("伪装", "faction", "第三方")
    card.disguise("伪装", "can_kill", True)
    gone = card.remove_disguises("伪装")
    assert len(gone) == 2
    assert card.apparent("faction") == "狼人"
    assert card.apparent("can_kill") is False


def test_disguise_value_type_is_checked() -> None:
    with pytest.raises(ValueError, match="bool"):
        Disguise("x", "can_kill", "yes")
    with pytest.raises(ValueError, match="string"):
        Disguise("x", "role", True)


def test_parse_card_ref() -> None:
    assert parse_card_ref("甲:1") == ("甲", 1)
    assert parse_card_ref(" 乙 : 2 ") == ("乙", 2)
    assert parse_card_ref("丙：2") == ("丙", 2)


@pytest.mark.parametrize(
    ("ref", "message"),
    [
        ("甲", "must look like"),
        ("甲:1:2", "must look like"),
        (":1", "no seat name"),
        ("甲:x", "not a whole number"),
        ("甲:", "not a whole number"),
        ("甲:-1", "not a whole number"),
        ("甲:0", "start at 1"),
    ],
)
def test_parse_card_ref_errors(ref: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        parse_card_ref(ref)


def test_two_card_seat_goes_out_only_when_both_cards_are_out() -> None:
    seat = Seat.with_cards("甲", [("猎人", "好人", True), ("狼人", "狼人", True)])
    assert [c.ref for c in seat.cards] == ["甲:1", "甲:2"]
    seat.card(2).out = True
    assert not seat.out
    assert seat.live_cards() == [seat.card(1)]
    seat.card(1).out = True
    assert seat.out


def test_seat_card_index_errors_and_find_card() -> None:
    seats = [Seat.with_cards("甲", [("a", "f", False), ("b", "f", False)])]
    assert find_card(seats, "甲:2").role == "b"
    with pytest.raises(ValueError, match="no card 3"):
        find_card(seats, "甲:3")
    with pytest.raises(ValueError, match="no seat named"):
        find_card(seats, "乙:1")


def test_control_switches_between_seat_and_npc() -> None:
    card = witch()
    states = [card.control]
    card.make_npc()
    states.append(card.control)
    card.free()
    states.append(card.control)
    assert states == ["controlled", "npc", "controlled"]


def test_label_uses_seat_name_only_for_single_card_seats() -> None:
    one = Seat.with_cards("甲", [("a", "f", False)])
    two = Seat.with_cards("乙", [("a", "f", False), ("b", "f", False)])
    assert one.label(one.card()) == "甲"
    assert two.label(two.card(2)) == "乙:2"
    assert not Seat("空").out

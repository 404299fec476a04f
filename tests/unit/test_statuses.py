from __future__ import annotations

import pytest

from bansha.engine.statuses import Refused, Status, StatusBook


def status(name: str, holder: str = "甲", **kw: object) -> Status:
    fields: dict[str, object] = {"source": "乙", "start": 1}
    fields.update(kw)
    return Status(name, holder, **fields)  # type: ignore[arg-type]


def test_add_and_has() -> None:
    book = StatusBook()
    assert book.add(status("沉默")) is None
    assert book.has("甲", "沉默")
    assert not book.has("甲", "超度")
    assert not book.has("乙", "沉默")


def test_composite_counts_as_each_component_while_it_lasts() -> None:
    book = StatusBook()
    book.add(status("业炎", components=("沉默", "超度", "遗忘"), expires_at=2, negative=True))
    for part in ("业炎", "沉默", "超度", "遗忘"):
        assert book.has("甲", part)
    assert book.holders_of("超度") == ["甲"]
    book.expire(2)
    assert not book.has("甲", "沉默")


def test_immunity_to_all_negative_statuses_refuses_and_explains() -> None:
    book = StatusBook()
    order = status("秩序", immune_to_negative=True)
    book.add(order)
    refused = book.add(status("沉默", negative=True))
    assert isinstance(refused, Refused)
    assert refused.by == order
    assert "秩序" in refused.reason and "沉默" in refused.reason
    assert not book.has("甲", "沉默")
    # Positive statuses still land.
    assert book.add(status("守护")) is None


def test_immunity_naming_statuses_blocks_them_and_composites_containing_them() -> None:
    book = StatusBook()
    book.add(status("漏洞", immune_to=("沉默",)))
    assert book.add(status("沉默")) is not None
    assert book.add(status("业炎", components=("沉默", "超度"))) is not None
    assert book.add(status("超度")) is None
    # Immunity belongs to the holder only.
    assert book.add(status("沉默", holder="丙")) is None


def test_consume_takes_shortest_remaining_first_and_permanent_last() -> None:
    book = StatusBook()
    permanent = status("护盾", source="永久")
    long = status("护盾", source="长", expires_at=9)
    short = status("护盾", source="短", expires_at=3)
    for s in (permanent, long, short):
        book.add(s)
    assert book.consume("甲", "护盾") == short
    assert book.consume("甲", "护盾") == long
    assert book.consume("甲", "护盾") == permanent
    assert book.consume("甲", "护盾") is None


def test_consume_ties_take_the_oldest() -> None:
    book = StatusBook()
    first = status("护盾", source="一", expires_at=4)
    second = status("护盾", source="二", expires_at=4)
    book.add(first)
    book.add(second)
    assert book.consume("甲", "护盾") is first
    assert book.of("甲") == [second]


def test_consume_does_not_split_composites() -> None:
    book = StatusBook()
    book.add(status("业炎", components=("沉默",)))
    assert book.consume("甲", "沉默") is None
    assert book.has("甲", "沉默")


def test_expire_returns_what_ended_at_or_before_the_boundary() -> None:
    book = StatusBook()
    a = status("甲状态", expires_at=2)
    b = status("乙状态", holder="乙", expires_at=3)
    c = status("永久")
    for s in (a, b, c):
        book.add(s)
    assert book.expire(1) == []
    assert book.expire(2) == [a]
    assert book.expire(5) == [b]
    assert book.of("甲") == [c]
    assert book.of("乙") == []


def test_remove_by_name_and_source() -> None:
    book = StatusBook()
    book.add(status("沉默", source="乙"))
    book.add(status("沉默", source="丙"))
    gone = book.remove("甲", "沉默", source="丙")
    assert [s.source for s in gone] == ["丙"]
    assert book.has("甲", "沉默")
    book.remove("甲", "沉默")
    assert not book.has("甲", "沉默")


def test_visible_to_hides_statuses_the_holder_cannot_see() -> None:
    book = StatusBook()
    book.add(status("诅咒", visible_to_holder=False))
    book.add(status("守护"))
    assert [s.name for s in book.visible_to("甲")] == ["守护"]
    assert [s.name for s in book.of("甲")] == ["诅咒", "守护"]


def test_status_rejects_expiry_before_start() -> None:
    with pytest.raises(ValueError, match="before its start"):
        Status("沉默", "甲", "乙", start=4, expires_at=3)

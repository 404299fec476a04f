import pytest

from bansha.engine import Event, Phase
from bansha.engine.ring import Ring
from bansha.engine.secrecy import audience, may_see


def test_phase_order_and_labels() -> None:
    assert Phase("night", 0) < Phase("day", 1) < Phase("night", 1) < Phase("day", 2)
    assert Phase("day", 1).next() == Phase("night", 1)
    assert Phase("night", 1).next() == Phase("day", 2)
    assert Phase.parse("night 3") == Phase("night", 3)
    assert Phase("day", 2).chinese == "第2天白天"
    with pytest.raises(ValueError, match="day N"):
        Phase.parse("dawn 1")


def test_ring_skips_the_out_and_wraps() -> None:
    r = Ring(["甲", "乙", "丙", "丁"])
    alive = {"甲": True, "乙": False, "丙": True, "丁": True}.__getitem__
    assert r.neighbours("甲", alive) == ("丁", "丙")
    assert r.below("丁", alive) == "甲"
    assert r.first_below("甲", lambda s: s == "丁", alive) == "丁"


def test_secrecy_one_function() -> None:
    public = Event("announce", "day 1", "x")
    private = Event("notify", "day 1", "y", to=("甲",))
    director = Event("trace", "day 1", "z", to=())
    assert may_see(public, "乙") and may_see(public, None)
    assert may_see(private, "甲") and not may_see(private, "乙") and not may_see(private, None)
    assert not may_see(director, "甲")
    assert audience(private, ["甲", "乙"]) == ["甲"]

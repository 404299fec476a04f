from bansha.engine.votes import VoteBox


def one(_: str) -> float:
    return 1.0


def test_tally_weights_and_abstain() -> None:
    box = VoteBox()
    assert box.cast("甲", "丙") is None
    assert box.cast("乙", "丙") is None
    assert box.cast("丙", None) is None  # 弃权
    assert box.cast("丁", "甲") is None
    counts = box.tally(lambda v: 0.5 if v == "乙" else 1.0)
    assert counts == {"丙": 1.5, "甲": 1.0}
    assert VoteBox.tops(counts) == ["丙"]


def test_second_cast_refused_and_change_once() -> None:
    box = VoteBox()
    assert box.change("甲", "乙") == "尚未投票，无法改票"
    box.cast("甲", "乙")
    assert box.cast("甲", "丙") is not None
    assert box.change("甲", "丙") is None
    assert box.change("甲", "丁") == "改票只允许进行一次"
    assert box.current["甲"] == "丙"


def test_tie_and_empty() -> None:
    box = VoteBox()
    assert VoteBox.tops(box.tally(one)) == []
    box.cast("甲", "乙")
    box.cast("乙", "甲")
    assert set(VoteBox.tops(box.tally(one))) == {"甲", "乙"}


def test_first_to_reach_top_count() -> None:
    box = VoteBox()
    for voter, target in [("a", "X"), ("b", "Y"), ("c", "Y"), ("d", "X")]:
        box.cast(voter, target)
    # both end with 2; Y reached 2 first
    assert box.first_to_reach_top(one) == "Y"


def test_first_to_reach_top_after_change() -> None:
    box = VoteBox()
    for voter, target in [("a", "Y"), ("b", "Y"), ("c", "X"), ("d", "X")]:
        box.cast(voter, target)
    # Y drops to 1 then climbs back to 2 after X had reached 2
    box.change("b", "Z")
    box.cast("e", "Y")
    assert box.tally(one) == {"Y": 2.0, "X": 2.0, "Z": 1.0}
    assert box.first_to_reach_top(one) == "X"

"""What the heuristic bot reads from the announcements it is shown."""

from __future__ import annotations

from bansha.engine import get_ruleset
from bansha.engine.events import Event
from bansha.sim.heuristic import Knowledge


def test_a_day_whose_count_elects_the_sheriff_is_known_as_an_election() -> None:
    know = Knowledge(get_ruleset("s15-official"))
    know.read([Event("announce", "day 1", "第1天白天：讨论与投票开始（本日计票确定警长）"),
               Event("announce", "day 2", "第2天白天：讨论与投票开始")], "甲", ["甲", "乙"])
    # S15's day 1 says so before anyone votes; day 2 is an ordinary count
    assert know.elections == {"day 1"}


def test_m47s_election_is_known_from_its_announcement() -> None:
    know = Knowledge(get_ruleset("m47-yeliang"))
    know.read([Event("announce", "day 1", "警长竞选投票结果：乙 3票")], "甲", ["甲", "乙"])
    assert know.elections == {"day 1"}

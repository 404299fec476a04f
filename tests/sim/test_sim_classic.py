"""The classic ruleset (村民 + 狼人) through the engine's public API."""

from __future__ import annotations

import pytest

from bansha.engine import Action, Game, SetupError

HAND = [{"甲": "狼人"}, {"乙": "狼人"}, {"丙": "村民"}, {"丁": "村民"}, {"戊": "村民"},
        {"己": "村民"}, {"庚": "村民"}]


def test_deal_follows_the_options() -> None:
    g = Game.new("classic", 9, seed=1, options={"wolves": 3})
    roles = [g.view(n)["role"] for n in g.public_view()["alive"]]
    assert roles.count("狼人") == 3 and roles.count("村民") == 6
    assert g.outcome().at == "night 0"
    g = Game.new("classic", 9, seed=1, options={"wolves": 1, "villagers": 8, "first": "day"})
    assert g.outcome().at == "day 1"


@pytest.mark.parametrize(("players", "options", "message"), [
    (4, {"wolves": 2}, "须多于狼人"),
    (9, {"wolves": 0}, "至少需要 1 名狼人"),
    (9, {"wolves": 2, "villagers": 5}, "给出了 9 名玩家"),
    (9, {"wolves": "two"}, "应为整数"),
    (9, {"first": "dusk"}, "无效"),
])
def test_bad_tables_are_refused(players: int, options: dict[str, object], message: str) -> None:
    with pytest.raises(SetupError, match=message):
        Game.new("classic", players, seed=1, options=options)


def test_hand_dealt_table_must_still_have_more_villagers() -> None:
    with pytest.raises(SetupError):
        Game.new("classic", [{"甲": "狼人"}, {"乙": "村民"}], seed=1)


def test_wolves_know_each_other_and_kill_only_villagers() -> None:
    g = Game.new("classic", HAND, seed=3)
    assert g.view("甲")["group"] == {"狼群": ["甲", "乙"]}
    assert "group" not in g.view("丙")
    legal = g.legal("甲")
    assert len(legal) == 1 and legal[0].skill == "杀人" and not legal[0].optional
    assert set(legal[0].targets) == {"丙", "丁", "戊", "己", "庚"}
    assert g.legal("丙") == []
    assert not g.submit(Action("乙", "杀人", target="甲"))
    assert not g.submit(Action("丙", "杀人", target="丁"))
    assert g.submit(Action("甲", "杀人", target="丙"))
    assert g.submit(Action("乙", "杀人", target="丁"))  # the pack's last word stands
    g.advance()
    assert g.public_view()["out"] == ["丁"]
    assert g.outcome().at == "day 1"


def test_an_unsubmitted_kill_falls_on_a_random_villager() -> None:
    g = Game.new("classic", HAND, seed=3)
    g.advance()
    out = g.public_view()["out"]
    assert len(out) == 1 and out[0] in {"丙", "丁", "戊", "己", "庚"}


def test_day_lynch_tie_and_wins() -> None:
    g = Game.new("classic", HAND, seed=3, options={"first": "day"})
    for voter, target in (("甲", "丙"), ("乙", "丁"), ("丙", "丁"), ("丁", "丙")):
        assert g.submit(Action(voter, "投票", target=target))
    g.advance()
    assert g.public_view()["out"] == []  # 2 : 2, nobody goes out
    g.submit(Action("甲", "杀人", target="丙"))
    g.advance()
    # day 2: 4 villagers + 2 wolves; lynch 甲 then kill, then lynch 乙 -> village wins
    g.submit(Action("丁", "投票", target="甲"))
    g.advance()
    assert "甲" in g.public_view()["out"] and not g.finished
    g.submit(Action("乙", "杀人", target="丁"))
    g.advance()
    g.submit(Action("戊", "投票", target="乙"))
    g.advance()
    assert g.finished and g.winner == "村民阵营"


def test_wolves_win_at_parity() -> None:
    g = Game.new("classic", [{"甲": "狼人"}, {"乙": "村民"}, {"丙": "村民"}], seed=1)
    g.submit(Action("甲", "杀人", target="乙"))
    g.advance()
    assert g.finished and g.winner == "狼人阵营"
    assert g.outcome().at == "night 0"


def test_replay_reproduces_a_game() -> None:
    g = Game.new("classic", 8, seed=5, options={"wolves": 2})
    g.advance()
    g.submit(Action(g.public_view()["alive"][0], "投票", target=g.public_view()["alive"][1]))
    g.advance()
    again = Game.replay(g.log)
    assert [e.as_dict() for e in again.events] == [e.as_dict() for e in g.events]


SEER_HAND = [{"甲": "预言家"}, {"乙": "狼人"}, {"丙": "村民"}, {"丁": "村民"}, {"戊": "村民"}]


def test_the_seer_option_deals_one_seer_among_the_villagers() -> None:
    g = Game.new("classic", 15, seed=4, options={"seer": 1})
    roles = [g.view(n)["role"] for n in g.public_view()["alive"]]
    assert roles.count("预言家") == 1 and roles.count("村民") == 12 and roles.count("狼人") == 2
    plain = Game.new("classic", 15, seed=4)
    assert "预言家" not in [plain.view(n)["role"] for n in plain.public_view()["alive"]]
    with pytest.raises(SetupError, match="seer 应为 0 或 1"):
        Game.new("classic", 15, seed=4, options={"seer": 2})


def test_the_seer_learns_wolf_or_good_and_only_he_may_check() -> None:
    g = Game.new("classic", SEER_HAND, seed=2, options={"seer": 1})
    legal = g.legal("甲")
    assert [la.skill for la in legal] == ["查验"]
    assert set(legal[0].targets) == {"乙", "丙", "丁", "戊"}
    assert legal[0].optional
    refused = g.submit(Action("丙", "查验", target="乙"))
    assert not refused and "只有预言家可以查验" in refused.reason  # type: ignore[union-attr]
    assert not g.submit(Action("甲", "查验", target="甲"))
    assert g.submit(Action("甲", "查验", target="乙"))
    assert g.submit(Action("乙", "杀人", target="甲"))  # killed the same night
    g.advance()
    told = [e.text for e in g.view("甲")["events"] if e.skill == "查验" and e.kind == "notify"]
    assert told == ["查验：乙 是狼人"]  # the check resolves before the kill
    assert not any(e.skill == "查验" and e.kind == "notify" for e in g.view("丙")["events"])
    assert not g.view("甲")["is_alive"]


def test_a_good_check_says_good() -> None:
    g = Game.new("classic", SEER_HAND, seed=2, options={"seer": 1})
    assert g.submit(Action("甲", "查验", target="丙"))
    assert g.submit(Action("乙", "杀人", target="丁"))
    g.advance()
    assert [e.text for e in g.view("甲")["events"] if e.skill == "查验"] == ["查验：丙 是好人"]
    assert not g.submit(Action("甲", "查验", target="乙"))  # by day: no checks

from dataclasses import dataclass

from bansha.engine.factions import FactionRule, WinChecker


@dataclass
class S:
    wolves: int
    village: int


def rules() -> list[FactionRule[S]]:
    return [
        FactionRule("狼", lambda s: s.wolves == 0, lambda s: s.wolves >= s.village),
        FactionRule("村", lambda s: s.village == 0, None),
    ]


def test_lose_first_then_only_one_standing_wins() -> None:
    w = WinChecker(rules())
    assert not w.check(S(2, 5)).finished
    v = w.check(S(0, 5))
    assert v.finished and v.winner == "村" and v.newly_lost == ["狼"]


def test_win_condition() -> None:
    v = WinChecker(rules()).check(S(2, 2))
    assert v.finished and v.winner == "狼"


def test_lost_never_reverts_and_all_lost_is_no_winner() -> None:
    w = WinChecker(rules())
    w.check(S(0, 3))
    assert w.has_lost == ["狼"]
    v = w.check(S(0, 0))
    assert v.finished and v.winner is None


def three() -> list[FactionRule[S]]:
    return [
        FactionRule("三方", lambda s: s.wolves < 0, None),
        FactionRule("狼", lambda s: s.wolves == 0, None),
        FactionRule("村", lambda s: s.village == 0, None),
    ]


def test_simultaneous_loss_goes_by_priority_among_those_standing() -> None:
    w = WinChecker(rules(), priority=("三方", "村", "狼"))
    v = w.check(S(0, 0))  # both lose in one check: the priority decides among them
    assert v.finished and v.winner == "村" and sorted(v.newly_lost) == ["村", "狼"]


def test_priority_only_matters_when_nobody_is_left_standing() -> None:
    w = WinChecker(three(), priority=("三方", "狼", "村"))
    v = w.check(S(0, 5))  # 狼 loses; 三方 and 村 still stand
    assert not v.finished
    v = w.check(S(-1, 0))  # 三方 and 村 lose together: 三方 first
    assert v.finished and v.winner == "三方"

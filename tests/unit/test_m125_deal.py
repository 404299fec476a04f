"""m125 流程0, the deal: 20 cards, two per player, the forbidden pairs, the fixed slots,
at least one 村民+村民; a fixed deal that breaks a rule is an invalid scenario (exit 2)
naming the `players` entry."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from typer.testing import CliRunner

from bansha.cli import app
from bansha.engine import Game, SetupError
from bansha.rulesets.m125_hongmao.deal import WOLF_CARDS, hands_problem, pool

TABLE = [("甲", ["黑狼王", "村民"]), ("乙", ["狼人", "村民"]), ("丙", ["预言家", "村民"]),
         ("丁", ["女巫", "蚀时狼妃"]), ("戊", ["猎人", "狼人"]), ("己", ["守卫", "定序王子"]),
         ("庚", ["魔术师", "村民"]), ("辛", ["纵火犯", "村民"]), ("壬", ["骑士", "村民"]),
         ("癸", ["村民", "村民"])]


def table(**changes: list[str]) -> list[dict[str, list[str]]]:
    return [{n: changes.get(n, cards)} for n, cards in TABLE]


@pytest.mark.parametrize("seed", range(40))
def test_a_dealt_game_obeys_every_deal_rule(seed: int) -> None:
    g = Game.new("m125-hongmao", 10, seed=seed)
    hands = [[c.role for c in g.seats[n].cards] for n in g.order]
    assert Counter(c for h in hands for c in h) == Counter(pool())
    assert hands_problem(hands, list(g.order)) is None
    assert any(h == ["村民", "村民"] for h in hands)
    for n, h in zip(g.order, hands, strict=True):
        assert "黑狼王" not in h or h[0] == "黑狼王"
        assert h[0] not in ("蚀时狼妃", "定序王子")
        assert sum(c in WOLF_CARDS for c in h) <= 1
        # "其中有任何一个身份牌是狼人阵营则归属狼人阵营"; each card keeps its own faction
        wolf = any(c in WOLF_CARDS for c in h)
        assert g.seats[n].faction == ("狼人阵营" if wolf else "村民阵营")
        assert [c.faction for c in g.seats[n].cards] == [
            "狼人阵营" if c in WOLF_CARDS else "村民阵营" for c in h]


def test_the_same_seed_deals_the_same_table() -> None:
    a, b = Game.new("m125-hongmao", 10, seed=9), Game.new("m125-hongmao", 10, seed=9)
    assert [s.roles for s in a.seats.values()] == [s.roles for s in b.seats.values()]


@pytest.mark.parametrize(("changes", "message"), [
    ({"丁": ["蚀时狼妃", "女巫"]}, r"players\[3\] \(丁\)：蚀时狼妃 必须为第二身份（穿越时空）"),
    ({"己": ["定序王子", "守卫"]}, r"players\[5\] \(己\)：定序王子 必须为第二身份（逆转时空）"),
    ({"甲": ["村民", "黑狼王"]}, r"players\[0\] \(甲\)：黑狼王 必须为第一身份（原初的历史）"),
    ({"乙": ["狼人", "预言家"], "丙": ["村民", "村民"]},
     r"players\[1\] \(乙\)：狼人\+预言家 是被禁止的组合【狼人牌\+预言家/定序王子】"),
    ({"甲": ["黑狼王", "狼人"], "戊": ["猎人", "村民"]},
     r"players\[0\] \(甲\)：黑狼王\+狼人 是被禁止的组合【双狼人】"),
    ({"丁": ["女巫", "村民"], "癸": ["村民", "蚀时狼妃"]}, None),  # no 村民+村民 player left
])
def test_a_fixed_deal_that_breaks_a_rule_is_refused_naming_the_entry(
        changes: dict[str, list[str]], message: str | None) -> None:
    if message is None:
        with pytest.raises(SetupError, match="必定出现至少一个【双村民】"):
            Game.new("m125-hongmao", table(**changes))
        return
    with pytest.raises(SetupError, match=message):
        Game.new("m125-hongmao", table(**changes))


def test_a_fixed_deal_off_the_pool_is_refused() -> None:
    with pytest.raises(SetupError, match="身份牌与规则贴的20张不符：女巫 2 张（应为 1 张）"):
        Game.new("m125-hongmao", table(癸=["村民", "女巫"], 丁=["女巫", "蚀时狼妃"],
                                        壬=["骑士", "村民"], 辛=["纵火犯", "村民"]))
    with pytest.raises(SetupError, match="需要 10 名玩家"):
        Game.new("m125-hongmao", table()[:9])


def test_an_illegal_deal_in_a_scenario_exits_2_naming_the_players_entry(tmp_path: Path) -> None:
    rows = "\n".join(f"  - {n}: [{', '.join(c)}]" for n, c in TABLE).replace(
        "丁: [女巫, 蚀时狼妃]", "丁: [蚀时狼妃, 女巫]")
    f = tmp_path / "bad.yaml"
    f.write_text(f"ruleset: m125-hongmao\nplayers:\n{rows}\nscript:\n  - at: day 1\n",
                 encoding="utf-8")
    r = CliRunner().invoke(app, ["scenario", "run", str(f)])
    assert r.exit_code == 2, r.output
    assert "players: players[3] (丁)：蚀时狼妃 必须为第二身份" in r.output


def test_a_reversal_label_needs_a_ruleset_with_a_reversal_round(tmp_path: Path) -> None:
    m47 = (Path(__file__).parents[1] / "scenarios" / "m47-yeliang" / "accelerate.yaml")
    text = m47.read_text(encoding="utf-8")
    head = text[:text.index("script:")]
    f = tmp_path / "rev.yaml"
    f.write_text(head + "script:\n  - at: reversal day 1\n", encoding="utf-8")
    r = CliRunner().invoke(app, ["scenario", "run", str(f)])
    assert r.exit_code == 2
    assert "m47-yeliang 只有一轮，没有 reversal day 1" in r.output


def test_a_history_round_that_never_ends_never_reaches_the_reversal(tmp_path: Path) -> None:
    """Nobody acts: the history round never meets an end condition (RULINGS 24)."""
    rows = "\n".join(f"  - {n}: [{', '.join(c)}]" for n, c in TABLE)
    f = tmp_path / "stall.yaml"
    f.write_text(f"ruleset: m125-hongmao\nplayers:\n{rows}\nscript:\n  - at: reversal day 1\n",
                 encoding="utf-8")
    r = CliRunner().invoke(app, ["scenario", "run", str(f), "--json"])
    assert r.exit_code == 0
    assert "历史轮在第 1000 天内没有结束，无法到达逆转轮" in r.output

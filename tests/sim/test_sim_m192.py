"""[M192]纳塔 in the simulator: every seed plays to a winner the post allows, with
random and with heuristic bots, and the heuristic bot plays m192's own choices."""

from __future__ import annotations

import random

import pytest

from bansha.engine import LegalAction, get_ruleset
from bansha.sim.driver import play
from bansha.sim.heuristic import HeuristicBot
from bansha.sim.runner import MAX_DAYS, SimConfig, make_bots, new_game

RULESET = "m192-nata"
# "仅一个阵营未判负时自动获胜" / "同时判负时…按照优先级获胜：三方＞狼人＞村民"
FACTIONS = {"狼人阵营", "村民阵营", "宗教老爷爷阵营"}
GAMES = 120


@pytest.mark.parametrize("bots", ["random", "heuristic"])
def test_every_seed_ends_with_a_winner_the_post_allows(bots: str) -> None:
    cfg = SimConfig(RULESET, GAMES, bots=bots, seed=1)
    winners: dict[str, int] = {}
    for i in range(GAMES):
        game, rng = new_game(cfg, 14, i)
        seats = list(game.public_view()["alive"])
        play(game, make_bots(bots, type(game.ruleset), seats), rng, max_days=MAX_DAYS)
        assert game.finished, f"game {i} did not end by day {MAX_DAYS} ({game.phase.label})"
        assert game.winner in FACTIONS, f"game {i}: winner {game.winner!r}"
        winners[game.winner] = winners.get(game.winner, 0) + 1
    # each side can win: a batch where one never does means a broken line or bot
    assert set(winners) == FACTIONS, winners


SEATS = ("甲", "乙", "丙", "丁", "戊", "己", "庚", "辛", "壬", "癸", "子", "丑", "寅", "卯")


def test_heuristic_bot_plays_m192_choices() -> None:
    """The m192 policy: a pack's 业炎 goes to a non-wolf, 深渊 to a pack mate, 毒计
    carries a status, 结印 seals three others, 神女秘法 is read."""
    rules = get_ruleset(RULESET)
    rng = random.Random(1)
    bot = HeuristicBot(rules)
    view = {"seat": "乙", "at": "night 1", "alive": list(SEATS), "out": [],
            "events": [], "group": {"狼群": ["甲", "乙", "丙", "丁"]}, "faction": "狼人阵营",
            "role": "赤狼", "skills": ["业炎", "杀人"], "sheriff": None}
    a = bot.act(lambda: view, [LegalAction("乙", "业炎", SEATS)], rng)
    assert a is not None and a.skill == "业炎" and a.target not in ("甲", "乙", "丙", "丁")
    bot = HeuristicBot(rules)
    a = bot.act(lambda: {**view, "seat": "甲"},
                [LegalAction("甲", "深渊", SEATS)], rng)
    assert a is not None and a.target in ("甲", "乙", "丙", "丁")
    village = {**view, "seat": "壬", "group": {}, "faction": "村民阵营"}
    bot = HeuristicBot(rules)
    a = bot.act(lambda: village, [LegalAction("壬", "毒计", SEATS,
                                              choices=("流血", "沉默"))], rng)
    assert a is not None and a.choice == "沉默" and a.target != "壬"
    bot = HeuristicBot(rules)
    a = bot.act(lambda: {**village, "seat": "癸"},
                [LegalAction("癸", "结印", SEATS, n_targets=3)], rng)
    assert a is not None and len(a.targets) == 3 and "癸" not in a.targets
    bot = HeuristicBot(rules)
    a = bot.act(lambda: {**village, "seat": "子"},
                [LegalAction("子", "神女秘法", (), n_targets=0)], rng)
    assert a is not None and a.skill == "神女秘法"

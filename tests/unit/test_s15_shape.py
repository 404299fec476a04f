"""S15 on the engine's shape: the order table lists every skill that resolves in a
window, each role module agrees with the post's identity types, and a whole game
keeps its state in the typed state (nothing in game.data)."""

from __future__ import annotations

import random

from bansha.engine import Game
from bansha.rulesets.s15_official.names import CATEGORY
from bansha.rulesets.s15_official.roles import ALL_ROLES, ALL_SKILLS, ROLE_DATA, SKILLS
from bansha.rulesets.s15_official.schedule import RULE_STEPS, SCHEDULE
from bansha.rulesets.s15_official.state import S15State, st
from bansha.sim.bots import RandomBot
from bansha.sim.driver import play


def test_order_table_has_no_problems() -> None:
    assert SCHEDULE.problems([*SKILLS, *RULE_STEPS]) == []


def test_every_night_skill_with_an_effect_is_in_the_table() -> None:
    listed = {a for part in ("opening", "night", "day")
              for w in SCHEDULE.windows(part) for a in w.abilities}  # type: ignore[arg-type]
    resolving = {s.name for s in ALL_SKILLS if s.ability.effect is not None or s.step}
    assert resolving - listed == set()


def test_night_order_follows_the_post() -> None:
    names = [w.name for w in SCHEDULE.night if w.mode != "instant"]
    assert names == ["11.夜晚1", "12.夜晚2", "13.夜晚3、4、5", "14.夜晚6", "15.夜晚7",
                     "16.判定猎人是否出局", "17.判定濒死状态的角色出局"]
    third = next(w for w in SCHEDULE.night if w.name.startswith("13"))
    assert third.abilities.index("杀人") < third.abilities.index("撕咬")


def test_role_modules_match_the_overview_table() -> None:
    assert set(ROLE_DATA) == set(CATEGORY)
    for r in ALL_ROLES:
        assert r.data.category == CATEGORY[r.data.name], r.data.name
        assert tuple(a.name for a in r.data.abilities) == r.spec.skills


def test_a_whole_game_keeps_no_untyped_data() -> None:
    for seed in range(5):
        game = Game.new("s15-official", 20, seed=seed)
        play(game, {n: RandomBot() for n in game.order}, random.Random(seed), max_days=40)
        assert game.data == {}
        assert isinstance(game.state, S15State)
        assert set(st(game).notes) == set(game.order)

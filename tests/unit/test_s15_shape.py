"""S15 on the engine's shape: the order table lists every skill that resolves in a
window, each role module agrees with the post's identity types, and a whole game
keeps its state in the typed state (nothing in game.data)."""

from __future__ import annotations

import random

from s15_table import to_night_1

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
        assert not hasattr(game, "data")  # the untyped dict is gone: typed state only
        assert isinstance(game.state, S15State)
        assert set(st(game).notes) == set(game.order)


def _to_night_1() -> Game:
    return to_night_1("白痴")


def _finish_night(g: Game) -> None:
    while g.phase.label == "night 1":  # prompts take their defaults
        g.advance()


def test_a_guarded_target_is_not_dying_and_the_guard_ends_with_the_night() -> None:
    from bansha.engine import Action

    g = _to_night_1()
    assert g.submit(Action("丙", "守护", target="子"))
    assert g.submit(Action("辰", "杀人", target="子"))
    assert g.submit(Action("午", "卫道", target="卯"))
    assert g.submit(Action("甲", "预言", target="卯"))
    _finish_night(g)
    assert g.seats["子"].alive
    traces = [e.text for e in g.events if e.kind == "trace"]
    assert "杀人：子 被守护，免疫杀人" in traces
    told = [e.text for e in g.events if e.kind == "notify" and e.to == ("甲",)]
    assert "预言：卯 免疫了你的预言（无反馈）" in told
    # 持续至夜晚结束: nothing of tonight's marks is left by day
    assert g.phase.label == "day 2"
    for seat in ("子", "卯"):
        assert g.statuses.of(seat) == []


def test_an_unguarded_kill_goes_out_at_step_17_and_mad_stays() -> None:
    from bansha.engine import Action

    g = _to_night_1()
    assert g.submit(Action("辰", "杀人", target="子"))
    assert g.submit(Action("申", "吹笛", target="丑"))
    _finish_night(g)
    assert not g.seats["子"].alive and g.seats["子"].out_cause == "杀人"
    assert g.statuses.has("丑", "癫狂")  # 癫狂 lasts until the 吹笛 goes out
    assert g.view("丑")["states"] == ["癫狂"]


def test_out_triggers_run_on_the_bus_in_the_posts_order() -> None:
    from bansha.engine import Action
    from bansha.rulesets.s15_official.triggers import ON_OUT

    names = [name for name, _ in ON_OUT]
    # notes, last words, 复仇/道骨/枭首/仿冒, then 殉情, 流弹, the hand-offs, 殉职
    assert names.index("遗言") < names.index("复仇") < names.index("殉情") \
        < names.index("流弹") < names.index("杀人移交") < names.index("殉职")
    g = _to_night_1()
    assert g.submit(Action("辰", "杀人", target="子"))
    _finish_night(g)
    assert [n for kind, n, depth in g.bus.delivered if kind == "out" and depth == 0] == names

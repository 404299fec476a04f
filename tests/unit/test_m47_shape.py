"""[M47] on the engine's shape: the order table reads like the post's 结算顺序, every
role is its own module, the game keeps its memory in typed state (never game.data),
every out goes through the out pipeline and the post's triggers through the bus."""

from __future__ import annotations

import random

from bansha.engine import Action, Game
from bansha.rulesets.m47_yeliang import roles
from bansha.rulesets.m47_yeliang.schedule import NIGHT, SCHEDULE
from bansha.rulesets.m47_yeliang.state import M47State, m47
from bansha.sim.bots import RandomBot

ROSTER = [{"甲": "狼人"}, {"乙": "狼人"}, {"丙": "狼人"}, {"丁": "野良"}, {"戊": "神明"},
          {"己": "祝器"}, {"庚": "女巫"}, {"辛": "村长"}, {"壬": "村民"}, {"癸": "村民"},
          {"子": "村民"}, {"丑": "村民"}, {"寅": "村民"}, {"卯": "伤心的村民"}]


def test_the_night_table_follows_the_posts_numbered_steps() -> None:
    steps = [w.name for w, _ in NIGHT]
    numbered = [s for s in steps if s.startswith("（")]
    assert [s[: s.index("）") + 1] for s in numbered] == [f"（{i}）" for i in range(11)]
    assert steps[-1].startswith("红牌罚下")  # the night's red cards after its resolution
    assert SCHEDULE.problems(roles.SKILLS) == []
    # every skill a player hands in at night has its step
    listed = {a for w in SCHEDULE.night for a in w.abilities}
    night_skills = {n for n, s in roles.SKILLS.items() if s.window == "night"}
    assert night_skills <= listed


def test_each_role_is_its_own_module_in_the_posts_order() -> None:
    assert list(roles.ROLES) == ["狼人", "野良", "神明", "祝器", "女巫", "村长", "村民",
                                 "伤心的村民"]
    assert roles.ROLES["野良"].skills == ("流浪", "寻仇", "侵蚀", "反噬", "大杀四方")
    assert sum(r.count for r in roles.ROLES.values()) == 14


def test_whole_games_never_touch_game_data() -> None:
    for seed in range(6):
        g = Game.new("m47-yeliang", 14, seed=seed)
        rng, bot = random.Random(seed), RandomBot()
        steps = 0
        while not g.finished and steps < 400:
            steps += 1
            p = g.prompt
            for s, acts in ({p.seat: list(p.options)} if p else g.pending()).items():
                a = bot.act(lambda s=s, g=g: g.view(s), acts, rng)  # type: ignore[misc]
                if a is not None:
                    g.submit(a)
                if p is not None:
                    break
            if g.prompt is None:
                g.advance()
        assert g.finished
        assert not hasattr(g, "data")  # the untyped dict is gone: typed state only
        assert isinstance(g.state, M47State)


def test_a_protected_kill_and_a_poison_go_through_the_out_pipeline() -> None:
    g = Game.new("m47-yeliang", ROSTER, seed=1)
    g.advance()  # day 1: no votes, no sheriff
    assert g.submit(Action("甲", "杀人", target="辛"))  # the 村长: his second life
    assert g.submit(Action("庚", "毒药", target="壬"))
    g.advance()
    st = m47(g)
    assert st.outs is None  # a pipeline lives for one resolution (it holds the game)
    assert g.alive("辛") and not g.alive("壬")
    assert any(e.text == "辛 未因指杀出局：长寿之命" for e in g.events)
    assert [(r.seat, r.harm.kind) for r in st.out_records] == [("壬", "毒药")]
    # the triggers ran on the bus in the post's order for that out
    assert ("出局", "遗言", 0) in g.bus.delivered


def test_the_sad_villager_hears_the_first_election_on_the_bus() -> None:
    g = Game.new("m47-yeliang", ROSTER, seed=1)
    for voter in ("甲", "乙"):
        assert g.submit(Action(voter, "投票", target="乙"))
    g.advance()
    assert g.sheriff == "乙"
    assert g.seats["卯"].faction == "野良阵营"  # 依靠: the sheriff's faction
    names = [h for k, h, _ in g.bus.delivered if k in ("竞岗", "获得警长")]
    assert names == ["依靠", "心碎"]

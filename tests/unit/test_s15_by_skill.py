"""S15 finds a character by the skill held (game.held), not by the seat's role, except
where the post speaks of the identity: step 16 judges the 猎人, the 公示 of a 死士's
out names the 死士, 蒙冤 goes to "一名良民" (who holds no skill) (RULINGS R-33)."""

from __future__ import annotations

from s15_table import to_night_1

from bansha.engine import Action, Game
from bansha.rulesets.s15_official.legality import WORDS, skill_reason
from bansha.rulesets.s15_official.roles import ALL_SKILLS


def _to_night_1() -> Game:
    return to_night_1("死士")


def _stripped(seat: str, skill: str) -> Game:
    """Night 1: 吹笛's 断肠 takes `seat`'s `skill`; the game stands in day 2."""
    g = _to_night_1()
    assert g.submit(Action("申", "断肠", target=seat))
    _finish(g, "night 1")
    assert not g.held.has(seat, skill)
    return g


def _finish(g: Game, label: str) -> None:
    while g.phase.label == label:  # prompts take their defaults
        g.advance()


def _announced(g: Game) -> list[str]:
    return [e.text for e in g.events if e.kind == "announce"]


def test_a_hunter_who_lost_his_shot_still_goes_out_at_step_16() -> None:
    g = _stripped("戊", "流弹")
    assert g.submit(Action("甲", "投票", target="寅"))
    _finish(g, "day 2")
    assert g.submit(Action("辰", "杀人", target="子"))
    assert g.submit(Action("未", "撕咬", target="戊"))
    _finish(g, "night 2")
    # 16.判定猎人是否出局 judges the 猎人 before 17 settles the 杀人 (chosen earlier)
    night2 = next(p for p in g.phases if p.at == "night 2")
    assert [s for s, _ in night2.outs] == ["戊", "子"]
    traces = [e.text for e in g.events if e.kind == "trace"]
    assert "猎人 戊 处于濒死状态，此时出局" in traces
    assert not any(e.kind == "prompt" and "流弹" in e.text for e in g.events)


def test_a_deathguard_who_lost_his_skill_is_still_announced_as_the_deathguard() -> None:
    g = _stripped("己", "死节")
    assert g.submit(Action("甲", "投票", target="己"))
    _finish(g, "day 2")
    assert not g.seats["己"].alive
    said = _announced(g)
    assert "死士出局！" in said
    assert any("己（死士）" in t for t in said)


def test_the_head_wolf_strips_the_holders_of_the_envoys_skills() -> None:
    # 枭首 (头狼 out by 流弹): 狼使 and 狼牧 are found by 出使 / 救赎、卫道
    g = _to_night_1()
    assert g.submit(Action("辰", "杀人", target="戊"))
    assert g.submit(Action("戊", "流弹", target="卯"))
    _finish(g, "night 1")
    assert not g.seats["卯"].alive
    assert g.held.table("巳") == {} and g.held.table("午") == {}
    assert g.held.has("辰", "杀人")  # the 黑狼 keeps his


def test_the_envoy_writes_to_whoever_holds_the_pipe() -> None:
    g = _to_night_1()
    assert g.submit(Action("巳", "出使", text="你好"))
    told = [e for e in g.events if e.kind == "notify" and e.to == ("申",)]
    assert any("出使：狼使通过主办向你发送信息：你好" in e.text for e in told)
    assert skill_reason(g, "巳", "出使") == "出使 已发动过（限定技）"
    other = _to_night_1()
    other.held.remove("申", "吹笛")  # nobody holds 【吹笛】: nobody to write to
    assert skill_reason(other, "巳", "出使") == "吹笛已出局，无法出使"


def test_no_skill_refused_before_the_held_check_has_charges() -> None:
    # legality checks 触发/锁定 skills and 第零晚 before why_not (which refuses a spent
    # 限定技 first): that keeps the old order only while none of them has charges
    for s in ALL_SKILLS:
        if s.spec.window in ("trigger", "passive", "prompt") or s.opening:
            assert s.ability.charges is None, s.name
    assert WORDS.spent_first


def test_refusals_keep_their_words() -> None:
    g = _to_night_1()
    assert skill_reason(g, "乙", "解药") is None
    assert skill_reason(g, "己", "死节") is None
    assert skill_reason(g, "辛", "行刺") == "辛 没有技能 行刺（或已失去）"
    assert skill_reason(g, "卯", "血统") == "血统 是锁定技或在触发时询问，无需提交"
    assert g.submit(Action("辛", "弄权", target="甲"))
    _finish(g, "night 1")
    assert skill_reason(g, "辛", "弄权") == "弄权 已发动过（限定技）"  # spent, by day too
    assert skill_reason(g, "乙", "解药") == "只能在夜晚发动"


def test_valid_targets_agree_with_target_reason_target_by_target() -> None:
    import random
    from functools import partial

    from bansha.rulesets.s15_official.legality import target_reason, valid_targets
    from bansha.rulesets.s15_official.skill import CATALOG
    from bansha.sim.bots import RandomBot

    compared = 0
    for seed in range(6):
        g = Game.new("s15-official", 20, seed=seed)
        bot, rng = RandomBot(), random.Random(seed)
        for _ in range(400):
            if g.finished:
                break
            for seat in g.alive_tuple():
                for name in g.held.table(seat):
                    if CATALOG[name].spec.target == "none":
                        continue
                    slow = tuple(t for t in g.alive_tuple()
                                 if target_reason(g, seat, name, t) is None)
                    assert valid_targets(g, seat, name) == slow, (seed, seat, name)
                    compared += 1
            p = g.prompt
            if p is not None:
                a = bot.act(partial(g.view, p.seat), list(p.options), rng)
                if a is None or not g.submit(a) or g.prompt is p:
                    g.advance()
                continue
            for seat, acts in g.pending().items():
                a = bot.act(partial(g.view, seat), acts, rng)
                if a is not None:
                    g.submit(a)
            g.advance()
    assert compared > 1000

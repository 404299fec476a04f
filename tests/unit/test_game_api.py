"""The Game API on a toy ruleset defined here (no real ruleset involved)."""

from __future__ import annotations

from typing import ClassVar

import pytest

from bansha.engine import (
    Action,
    Game,
    LegalAction,
    Phase,
    Prompt,
    Rejected,
    RoleSpec,
    Ruleset,
    SetupError,
    SkillSpec,
    register,
)
from bansha.engine.factions import FactionRule
from bansha.engine.ruleset import Resolution
from bansha.engine.votes import VoteBox


@register
class Toy(Ruleset):
    id = "toy-test"
    title = "toy"
    min_players = 4
    max_players = 4
    first_phase = Phase("night", 1)
    roles: ClassVar[dict[str, RoleSpec]] = {
        "狼": RoleSpec("狼", "狼队", 1, ("咬",)),
        "民": RoleSpec("民", "村队", 3, ("遗嘱",)),
    }
    skills: ClassVar[dict[str, SkillSpec]] = {
        "咬": SkillSpec("咬", target="alive_other"),
        "遗嘱": SkillSpec("遗嘱", window="prompt", target="alive_other"),
    }
    factions = ("狼队", "村队")

    def legal(self, game: Game, seat: str) -> list[LegalAction]:
        s = game.seats[seat]
        if game.phase.is_night and s.alive and game.held.has(seat, "咬"):
            return [LegalAction(seat, "咬", tuple(n for n in game.alive_seats() if n != seat))]
        return []

    def check_submit(self, game: Game, action: Action) -> str | None:
        if action.skill == "遗嘱":
            return None  # kept until the prompt comes up
        if not any(la.skill == action.skill and action.target in la.targets
                   for la in self.legal(game, action.seat)):
            return "现在不能这样做"
        return None

    def resolve(self, game: Game) -> Resolution:
        if game.phase.is_night:
            a = next((game.take(u.actor, "咬") for u in game.uses.every() if u.ability == "咬"),
                     None)
            if a is not None and a.target:
                yield from game.put_out(a.target, "咬死")
        else:
            tops = VoteBox.tops(game.votes.tally(lambda v: 1.0))
            if len(tops) == 1:
                yield from game.put_out(tops[0], "投票出局")

    def after_out(self, game: Game, seat: str, cause: str) -> Resolution:
        if game.held.has(seat, "遗嘱"):
            targets = tuple(game.alive_seats())
            ans = yield Prompt(seat, (LegalAction(seat, "遗嘱", targets),), default="无遗嘱")
            if ans is not None:
                game.notify(ans.target or "", f"{seat} 把遗物留给了你", skill="遗嘱")

    def win_rules(self) -> list[FactionRule[Game]]:
        def count(g: Game, f: str) -> int:
            return sum(1 for s in g.seats.values() if s.alive and s.faction == f)

        return [
            FactionRule("狼队", lambda g: count(g, "狼队") == 0,
                        lambda g: count(g, "狼队") >= count(g, "村队")),
            FactionRule("村队", lambda g: count(g, "村队") == 0),
        ]


PLAYERS = [{"甲": "狼"}, {"乙": "民"}, {"丙": "民"}, {"丁": "民"}]


def new() -> Game:
    return Game.new(Toy, PLAYERS, seed=3)


def test_bad_inputs_are_refused_never_raised() -> None:
    g = new()
    for a in [Action("无名", "咬", target="乙"), Action("甲", "飞", target="乙"),
              Action("甲", "咬", target="无名"), Action("乙", "咬", target="甲"),
              Action("甲", "投票", target="乙")]:
        ans = g.submit(a)
        assert isinstance(ans, Rejected) and ans.reason
    refused = [e for e in g.events if e.kind == "rejected"]
    assert len(refused) == 5
    assert refused[3].to == ("乙",)  # the actor is told why
    assert len(g.uses) == 0


def test_legal_and_pending() -> None:
    g = new()
    assert set(g.pending()) == {"甲"}
    assert g.legal("甲")[0].targets == ("乙", "丙", "丁")
    assert g.legal("乙") == []


def test_prompt_pauses_and_answer_resumes() -> None:
    g = new()
    assert g.submit(Action("甲", "咬", target="乙"))
    g.advance()
    assert g.prompt is not None and g.prompt.seat == "乙"
    assert g.pending() == {"乙": list(g.prompt.options)}
    assert isinstance(g.submit(Action("乙", "遗嘱", target="乙")), Rejected)  # not a legal target
    assert g.submit(Action("乙", "遗嘱", target="丙"))
    assert g.prompt is None and g.phase == Phase("day", 2)
    assert any(e.to == ("丙",) and "遗物" in e.text for e in g.events)


def test_advance_on_prompt_takes_default() -> None:
    g = new()
    g.submit(Action("甲", "咬", target="乙"))
    g.advance()
    g.advance()
    assert g.prompt is None and g.phase == Phase("day", 2)
    assert not any(e.skill == "遗嘱" and e.kind == "notify" for e in g.events)
    assert any("未在时限内回应" in e.text for e in g.events if e.kind == "trace")


def test_reserved_answer_consumed_at_prompt() -> None:
    g = new()
    g.submit(Action("乙", "遗嘱", target="丁"))
    g.submit(Action("甲", "咬", target="乙"))
    g.advance()
    assert g.prompt is None and g.phase == Phase("day", 2)
    assert any(e.to == ("丁",) for e in g.events if e.skill == "遗嘱")


def test_views_are_filtered_and_win_ends_the_game() -> None:
    g = new()
    g.submit(Action("乙", "遗嘱", target="丁"))
    g.submit(Action("甲", "咬", target="乙"))
    g.advance()
    for v in ("丙", "丁"):
        g.submit(Action(v, "投票", target="甲"))
    g.advance()
    assert g.finished and g.winner == "村队"
    assert isinstance(g.submit(Action("丙", "投票", target="丁")), Rejected)
    seen = g.view("丙")["events"]
    assert all(e.to is None or "丙" in e.to for e in seen)
    assert not any(e.skill == "遗嘱" for e in seen)
    assert all(e.to is None for e in g.public_view()["events"])


def test_replay_reproduces_events() -> None:
    g = new()
    g.submit(Action("甲", "咬", target="无名"))
    g.submit(Action("甲", "咬", target="丙"))
    g.advance()
    g.advance()
    g.submit(Action("乙", "投票", target="丁"))
    g.advance()
    again = Game.replay(g.log)
    assert again.events == g.events
    assert Game.replay(g.log.as_dict()).events == g.events


def test_setup_errors_are_clear() -> None:
    with pytest.raises(SetupError, match="未知的身份"):
        Game.new(Toy, [{"甲": "狼"}, {"乙": "民"}, {"丙": "民"}, {"丁": "仙"}])
    with pytest.raises(SetupError, match="名字重复"):
        Game.new(Toy, [{"甲": "狼"}, {"甲": "民"}, {"丙": "民"}, {"丁": "民"}])
    with pytest.raises(SetupError, match="需要 4 名玩家"):
        Game.new(Toy, 5)
    with pytest.raises(SetupError, match="未知的规则"):
        Game.new("nope", 4)


def test_dealing_is_seeded() -> None:
    a = Game.new(Toy, ["a", "b", "c", "d"], seed=11)
    b = Game.new(Toy, ["a", "b", "c", "d"], seed=11)
    assert [s.roles for s in a.seats.values()] == [s.roles for s in b.seats.values()]


@register
class ToyNow(Toy):
    """Toy plus a day skill that takes effect the moment it is submitted."""

    id = "toy-now-test"
    skills: ClassVar[dict[str, SkillSpec]] = {
        **Toy.skills,
        "自爆": SkillSpec("自爆", window="day", target="none"),
    }

    def check_submit(self, game: Game, action: Action) -> str | None:
        if action.skill == "自爆":
            return None if not game.phase.is_night else "只能在白天发动"
        return super().check_submit(game, action)

    def resolve_now(self, game: Game, action: Action) -> Resolution | None:
        if action.skill != "自爆":
            return None
        return game.put_out(action.seat, "自爆")


def test_resolve_now_takes_effect_at_once_and_keeps_the_phase_open() -> None:
    g = Game.new(ToyNow, PLAYERS, seed=3)
    g.advance()  # night 1 passes
    assert g.phase == Phase("day", 2)
    assert g.submit(Action("丙", "自爆"))
    # out at once, then 丙's 遗嘱 prompt; the day is still open afterwards
    assert not g.seats["丙"].alive and g.prompt is not None and g.prompt.seat == "丙"
    g.advance()
    assert g.prompt is None and g.phase == Phase("day", 2)
    assert g.submit(Action("乙", "投票", target="甲"))
    assert Game.replay(g.log).events == g.events


def test_a_mapping_choice_travels_as_text_and_back() -> None:
    from bansha.engine.ruleset import choice_parts, choice_text
    names = ("身份", "阵营", "带刀")
    text = choice_text({"阵营": "村民阵营", "身份": "通灵师"}, names)
    assert text == "身份=通灵师；阵营=村民阵营"
    assert choice_parts(text) == {"身份": "通灵师", "阵营": "村民阵营"}
    assert choice_parts(None) == {} and choice_parts("乱写") == {}


def test_a_seat_holds_its_roles_skills_and_the_view_shows_what_it_holds_now() -> None:
    """Skills written as SkillSpecs are held in game.held (by skill, never by role):
    a dealt 民 holds 遗嘱 from its role; losing it and gaining one show in the view."""
    g = new()
    will = g.held.get("乙", "遗嘱")
    assert will is not None and will.origin.role == "民" and will.usable()
    assert g.held.holders("咬") == ["甲"] and g.view("乙")["skills"] == ["遗嘱"]
    g.held.remove("乙", "遗嘱")
    bite = g.grant("乙", "咬", by="甲", via="遗嘱")
    assert bite.origin.granted_by == "甲" and g.view("乙")["skills"] == ["咬"]
    assert g.held.holders("咬") == ["甲", "乙"]


def test_a_resubmission_replaces_the_earlier_input_in_the_book() -> None:
    g = new()
    assert g.submit(Action("甲", "咬", target="乙"))
    assert g.submit(Action("甲", "咬", target="丙"))
    assert [u.chosen for u in g.uses.every()] == [("丙",)]
    a = g.take("甲", "咬")
    assert a is not None and a.target == "丙" and g.take("甲", "咬") is None

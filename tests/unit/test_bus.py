"""Triggers as generators on one bus (no ruleset), alone and inside a Game."""

from __future__ import annotations

from typing import ClassVar

import pytest

from bansha.engine import Action, Game, LegalAction, Phase, Prompt, RoleSpec, Ruleset, SkillSpec
from bansha.engine.bus import Bus, Handler, Resolution, Trigger, TriggerLoop, ask


def run(gen: Resolution, answers: list[Action | None] | None = None) -> list[Prompt]:
    asked: list[Prompt] = []
    queue = list(answers or [])
    try:
        p = next(gen)
        while True:
            asked.append(p)
            p = gen.send(queue.pop(0) if queue else None)
    except StopIteration:
        pass
    return asked


def test_priorities_then_subscription_order() -> None:
    bus = Bus()
    seen: list[str] = []

    def h(name: str) -> Handler:
        def handler(t: Trigger) -> Resolution:
            seen.append(name)
            return
            yield
        return handler

    bus.on("out", h("b"), priority=5)
    bus.on("out", h("a"), priority=1)
    bus.on("out", h("c"), priority=5)
    run(bus.fire(Trigger("out", "乙")))
    assert seen == ["a", "b", "c"]


def test_a_handler_that_asks_nobody_may_be_a_plain_function() -> None:
    """A plain handler (returning None) runs in its place among generator handlers, and
    a handler may return a resolution only when it has one to run."""
    bus = Bus()
    seen: list[str] = []

    def plain(t: Trigger) -> None:
        seen.append("plain")

    def asks_sometimes(t: Trigger) -> Resolution | None:
        if t.seat != "警长":
            seen.append("nothing to ask")
            return None
        return asking()

    def asking() -> Resolution:
        answer = yield Prompt("警长", (LegalAction("警长", "殉职", ("乙",)),), default="随机")
        seen.append(f"answered {answer.target if answer else None}")

    bus.on("out", asks_sometimes, priority=2)
    bus.on("out", plain, priority=1)
    assert run(bus.fire(Trigger("out", "乙"))) == []
    prompts = run(bus.fire(Trigger("out", "警长")), [Action("警长", "殉职", target="乙")])
    assert [p.seat for p in prompts] == ["警长"]
    assert seen == ["plain", "nothing to ask", "plain", "answered 乙"]


def test_instant_insertion_is_depth_first() -> None:
    """【即时插入结算】 "猎人与黑狼王都可以开枪，按照顺序猎人先开枪，枪毙了光，此时光立刻成为
    第二个开枪的玩家，黑狼王被插入结算导致第三个才轮到黑狼王开枪"."""
    bus = Bus()
    shots: list[str] = []

    def shooter(name: str, victim: str | None) -> Handler:
        def on_out(t: Trigger) -> Resolution:
            if t.seat != "夜死":
                return
            shots.append(name)
            if victim:
                yield from bus.fire(Trigger("out", victim))
        return on_out

    def light(t: Trigger) -> Resolution:
        if t.seat == "光":
            shots.append("光")
        return
        yield

    bus.on("out", shooter("猎人", "光"), priority=1)
    bus.on("out", light, priority=2)
    bus.on("out", shooter("黑狼王", None), priority=3)
    run(bus.fire(Trigger("out", "夜死")))
    assert shots == ["猎人", "光", "黑狼王"]
    assert [d for _, _, d in bus.delivered][:2] == [0, 1]


def test_a_trigger_asks_a_player_and_falls_back_to_the_default() -> None:
    bus = Bus()
    result: list[str] = []

    def hunter(t: Trigger) -> Resolution:
        a = yield from ask(Prompt("猎人", (LegalAction("猎人", "开枪", ("乙", "丙")),), "放弃开枪"))
        result.append(a.target if a is not None and a.target else "放弃开枪")

    bus.on("out", hunter)
    asked = run(bus.fire(Trigger("out", "猎人")), [Action("猎人", "开枪", "丙")])
    assert [p.seat for p in asked] == ["猎人"]
    run(bus.fire(Trigger("out", "猎人")), [None])
    assert result == ["丙", "放弃开枪"]


def test_stop_off_and_loops() -> None:
    bus = Bus()
    seen: list[str] = []

    def first(t: Trigger) -> Resolution:
        seen.append("first")
        t.stopped = True
        return
        yield

    def second(t: Trigger) -> Resolution:
        seen.append("second")
        return
        yield

    bus.on("x", first)
    sub = bus.on("x", second)
    run(bus.fire(Trigger("x")))
    assert seen == ["first"]
    bus.off(sub)

    def loop(t: Trigger) -> Resolution:
        yield from bus.fire(Trigger("loop"))

    bus.on("loop", loop)
    with pytest.raises(TriggerLoop, match="触发嵌套超过"):
        run(bus.fire(Trigger("loop")))
    assert bus.depth == 0


class BusToy(Ruleset):
    """A toy table: at night's close an out fires on the game's bus and the handler
    asks the out seat to shoot; nobody answers -> no shot."""

    id = "toy-bus"
    title = "玩具"
    min_players = 3
    max_players = 3
    first_phase = Phase("night", 1)
    roles: ClassVar[dict[str, RoleSpec]] = {"民": RoleSpec("民", "好人", 3)}
    skills: ClassVar[dict[str, SkillSpec]] = {"开枪": SkillSpec("开枪", window="prompt")}

    def setup(self, game: Game) -> None:
        game.bus.on("out", self.shot)

    def shot(self, t: Trigger) -> Resolution:
        g = t.data["game"]
        a = yield Prompt(t.seat or "", (LegalAction(t.seat or "", "开枪", ("乙", "丙")),),
                         "放弃开枪")
        g.announce(f"{t.seat} 开枪：{a.target}" if a is not None else f"{t.seat} 放弃开枪")

    def resolve(self, game: Game) -> Resolution:
        yield from game.bus.fire(Trigger("out", "甲", {"game": game}))


def test_a_bus_prompt_pauses_the_game_and_the_window_close_applies_the_default() -> None:
    g = Game.new(BusToy, ["甲", "乙", "丙"], seed=1)
    g.advance()
    assert g.prompt is not None and g.prompt.seat == "甲"
    assert list(g.pending()) == ["甲"]
    g.advance()  # nobody answered in time
    assert [e.text for e in g.events if e.kind == "announce"] == ["甲 放弃开枪"]
    g2 = Game.new(BusToy, ["甲", "乙", "丙"], seed=1)
    g2.advance()
    assert g2.submit(Action("甲", "开枪", "丙"))
    assert [e.text for e in g2.events if e.kind == "announce"] == ["甲 开枪：丙"]

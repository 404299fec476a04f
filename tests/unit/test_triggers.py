from __future__ import annotations

import pytest

from bansha.engine.triggers import Event, EventBus, TriggerDepthError

Bus = EventBus[str]


def test_handlers_run_by_priority_then_subscription_order() -> None:
    bus: Bus = EventBus()
    calls: list[str] = []
    bus.subscribe("out", lambda e, b: calls.append("late"), priority=10)
    bus.subscribe("out", lambda e, b: calls.append("first"), priority=-1)
    bus.subscribe("out", lambda e, b: calls.append("mid-a"))
    bus.subscribe("out", lambda e, b: calls.append("mid-b"))
    bus.emit("out", "甲")
    assert calls == ["first", "mid-a", "mid-b", "late"]


def test_nested_emission_resolves_before_the_outer_one_continues() -> None:
    bus: Bus = EventBus()
    calls: list[str] = []

    def on_out(event: Event[str], b: Bus) -> None:
        calls.append(f"out:{event.payload}@{event.depth}")
        if event.payload == "猎":
            b.emit("shot", "狼")

    def on_shot(event: Event[str], b: Bus) -> None:
        calls.append(f"shot:{event.payload}@{event.depth}")
        b.emit("out", event.payload)

    bus.subscribe("out", on_out, name="on_out")
    bus.subscribe("out", lambda e, b: calls.append(f"after:{e.payload}"), priority=5, name="after")
    bus.subscribe("shot", on_shot, name="on_shot")
    deliveries = bus.emit("out", "猎")
    assert calls == [
        "out:猎@0",
        "shot:狼@1",
        "out:狼@2",
        "after:狼",
        "after:猎",
    ]
    assert [(d.event.kind, d.handler) for d in deliveries] == [
        ("out", "on_out"),
        ("shot", "on_shot"),
        ("out", "on_out"),
        ("out", "after"),
        ("out", "after"),
    ]
    assert bus.depth == 0


def test_depth_guard_names_the_loop() -> None:
    bus: Bus = EventBus(max_depth=4)
    bus.subscribe("ping", lambda e, b: b.emit("pong", e.payload))
    bus.subscribe("pong", lambda e, b: b.emit("ping", e.payload))
    with pytest.raises(TriggerDepthError, match="ping → pong → ping → pong → ping"):
        bus.emit("ping", "x")
    # The bus is usable again after the error unwound.
    assert bus.depth == 0
    assert bus.emit("nothing", "x") == []


def test_stop_prevents_later_handlers() -> None:
    bus: Bus = EventBus()
    calls: list[str] = []

    def guard(event: Event[str], b: Bus) -> None:
        calls.append("guard")
        b.stop()

    bus.subscribe("would_go_out", guard, priority=0)
    bus.subscribe("would_go_out", lambda e, b: calls.append("out"), priority=1)
    bus.emit("would_go_out", "甲")
    assert calls == ["guard"]
    with pytest.raises(RuntimeError):
        bus.stop()


def test_unsubscribe_during_emission_skips_the_removed_handler() -> None:
    bus: Bus = EventBus()
    calls: list[str] = []
    later = bus.subscribe("x", lambda e, b: calls.append("later"), priority=1)
    bus.subscribe("x", lambda e, b: b.unsubscribe(later), priority=0)
    bus.emit("x", "")
    assert calls == []
    assert len(bus.subscribers("x")) == 1


def test_subscribing_during_emission_waits_for_the_next_event() -> None:
    bus: Bus = EventBus()
    calls: list[str] = []

    def add(event: Event[str], b: Bus) -> None:
        b.subscribe("x", lambda e, bb: calls.append(e.payload), priority=9)

    bus.subscribe("x", add)
    bus.emit("x", "one")
    bus.emit("x", "two")
    assert calls == ["two"]

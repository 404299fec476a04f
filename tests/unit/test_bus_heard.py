"""Bus.heard: whether a kind has a listener, following on/off (no ruleset)."""

from __future__ import annotations

from bansha.engine.bus import Bus, Resolution, Trigger


def _noop(t: Trigger) -> Resolution:
    return
    yield


def test_heard_follows_subscriptions() -> None:
    bus = Bus()
    assert not bus.heard("出局")
    sub = bus.on("出局", _noop, name="遗言")
    assert bus.heard("出局") and not bus.heard("出局前")
    list(bus.fire(Trigger("出局", "甲")))
    assert bus.delivered == [("出局", "遗言", 0)]
    bus.off(sub)
    assert not bus.heard("出局")

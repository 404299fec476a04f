"""[S15] what an out sets off, on the engine's bus, in this order (RULINGS R-20):
public notes (X 出局, 死士出局！, 长老出局！, 吹笛出局！ + 癫狂解除), the right to last
words, the pack, 复仇, 道骨, 枭首, 仿冒; then 殉情 (立即), 流弹, and the choices made
after the last words: 杀人 passed to a 狼人, 蒙冤 passed to a 良民, 殉职 (the badge).
Each handler is a generator (it may ask a player), subscribed at setup with its
place in this table as its priority."""

from __future__ import annotations

from collections.abc import Callable

from bansha.engine import Game
from bansha.engine.bus import Handler, Trigger
from bansha.engine.ruleset import Resolution

from .outs import announce_out, last_words_right, pack_on_out
from .roles import (
    aishen,
    chuidi,
    heilang,
    lieren,
    lovers,
    sheriff,
    sishi,
    tizuiyang,
    toulang,
    wantu,
    zhanglao,
)

OUT = "out"
OnOut = Callable[[Game, str, str], Resolution]

ON_OUT: tuple[tuple[str, OnOut], ...] = (
    ("出局公示", announce_out),
    ("死士出局", sishi.out_note),
    ("长老出局", zhanglao.elder_out_note),
    ("吹笛出局", chuidi.piper_out),
    ("遗言", last_words_right),
    ("狼群", pack_on_out),
    ("复仇", aishen.revenge),
    ("道骨", zhanglao.dao_gu),
    ("枭首", toulang.behead),
    ("仿冒", wantu.mimic),
    ("殉情", lovers.die_together),
    ("流弹", lieren.stray_shot),
    ("杀人移交", heilang.pass_kill),
    ("蒙冤移交", tizuiyang.pass_scapegoat),
    ("殉职", sheriff.pass_badge),
)


def _handler(fn: OnOut) -> Handler:
    # the game comes with the trigger, not in the closure: a handler holding the game
    # on the game's own bus is a reference cycle, which leaves every finished game to
    # the cyclic garbage collector (measured: most of S15's extra instructions per game)
    def run(t: Trigger) -> Resolution:
        assert t.seat is not None
        data = t.data
        return fn(data["game"], t.seat, data["cause"])
    return run


# made once, not per game: they hold no game (see _handler), so every game's bus can
# share them (two objects per handler per game were most of what setup kept alive)
_HANDLERS: tuple[tuple[str, Handler], ...] = tuple((name, _handler(fn)) for name, fn in ON_OUT)


def subscribe(game: Game) -> None:
    bus = game.bus
    for priority, (name, run) in enumerate(_HANDLERS):
        bus.on(OUT, run, priority, name)


def fire_out(game: Game, seat: str, cause: str) -> Resolution:
    return game.bus.fire(Trigger(OUT, seat, {"game": game, "cause": cause}))

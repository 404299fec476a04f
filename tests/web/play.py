"""Random play through the platform's layers, for the tests: picks come only from
legal(seat)/pending(), as a player's page offers them."""

from __future__ import annotations

import random
import threading
from typing import Any

from bansha.engine import Action, Game, LegalAction
from bansha.web.live import LiveGame, LiveGames


def random_action(la: LegalAction, rng: random.Random) -> dict[str, Any]:
    body: dict[str, Any] = {"skill": la.skill}
    if la.n_targets == 1 and la.targets:
        body["target"] = rng.choice(la.targets)
    elif la.n_targets > 1 and len(la.targets) >= la.n_targets:
        body["targets"] = rng.sample(list(la.targets), la.n_targets)
    if la.choices:
        body["choice"] = rng.choice(la.choices)
    if la.needs_text:
        body["text"] = "测试"
    return body


def to_action(seat: str, body: dict[str, Any]) -> Action:
    return Action(seat, body["skill"], target=body.get("target"),
                  targets=tuple(body.get("targets", ())), choice=body.get("choice"),
                  text=body.get("text"))


def pick(game: Game, rng: random.Random) -> list[tuple[str, dict[str, Any]]]:
    """One random input for some of the seats that may act now."""
    out = []
    for seat, acts in game.pending().items():
        if rng.random() < 0.85:
            out.append((seat, random_action(rng.choice(acts), rng)))
    return out


def submit_until_stopped(lg: LiveGames, live: LiveGame, seat: str, seed: int,
                         stop: threading.Event, answers: list[tuple[str, dict[str, Any]]],
                         errors: list[BaseException], tag: str = "") -> None:
    """A player in a thread: until `stop` or the game's end, submit one random legal input
    for `seat` whenever it has one, at the revision it was read at, under client ids
    `<seat>-<tag><n>`; each answer goes to `answers`, each exception to `errors`."""
    rng = random.Random(seed)
    n = 0
    while not stop.is_set() and not live.game.finished:
        with live.lock:
            options = [b for st, b in pick(live.game, rng) if st == seat]
            rev = live.revision
        if not options:
            stop.wait(0.005)
            continue
        n += 1
        cid = f"{seat}-{tag}{n}"
        try:
            answers.append((cid, lg.submit(live, to_action(seat, options[0]), seat, cid,
                                           revision=rev)))
        except BaseException as e:
            errors.append(e)

"""Property tests: at every point of random games of every ruleset, an ill-shaped or
wrongly typed input (hypothesis draws it: a list or dict as seat, skill or target,
`targets` None or an int, text an int, a one-target skill or an open prompt answered
with `targets`, `target` together with `targets`, a target on an untargeted skill) is
refused: nothing changes but one `rejected` event to its submitter (the director when
it names no seat), and the input log still replays to the same game, both as objects
and through its JSON form (as the web platform stores it). Inputs that are not an
Action at all (a dict, an object naming a seat and a skill) are drawn too in the pure
build (the compiled Game.submit takes only an Action)."""

from __future__ import annotations

import json
import random
from types import SimpleNamespace
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bansha import compiled
from bansha.engine import Action, Game, LegalAction, Rejected
from bansha.engine.log import GameLog
from bansha.sim.bots import RandomBot

MAX_STEPS = 3000
MAX_DAYS = 40  # a random S15 game may never end (no rule ends it): stop looking there

BAD_VALUES = st.sampled_from([["甲"], {"甲": 1}, 3, 2.5, ("甲",), b"x"])


def _snapshot(game: Game) -> Any:
    # reprs of the mutable state: seats (alive, faction, roles, flags), skills held
    # (charges, history), submissions, votes, groups, last words, and the game's flow
    lw = game.lastwords
    return (game.phase, game.prompt, game.sheriff, game.finished, game.winner,
            repr(game.seats), repr(game.held), repr(game.uses), repr(game.votes.current),
            repr(game.groups), list(lw.granted), dict(lw.texts), sorted(lw.closed),
            len(game.phases), repr(game.phases[-1].outs))


def _options(game: Game, seat: str) -> list[LegalAction]:
    p = game.prompt
    if p is not None:
        return list(p.options) if p.seat == seat else []
    return game.legal(seat)


@st.composite
def bad_input(draw: st.DrawFn, game: Game) -> dict[str, Any]:
    """The fields of one ill-shaped input for the game as it stands."""
    names = list(game.order)
    seats = [game.prompt.seat] if game.prompt is not None else list(game.pending()) or names
    seat = draw(st.sampled_from(seats))
    offers = _options(game, seat)
    skills = [la.skill for la in offers] or sorted(game.ruleset.skills)
    skill = draw(st.sampled_from(skills))
    la = next((x for x in offers if x.skill == skill), None)
    pick = st.sampled_from(names)
    kinds = ["seat", "skill", "target", "targets", "text", "choice"]
    if not compiled():
        kinds += ["dict", "namespace"]
    if la is not None and la.n_targets == 1:
        kinds += ["one_as_targets", "target_and_targets"]
    if la is not None and la.n_targets == 0:
        kinds += ["target_on_untargeted"]
    kind = draw(st.sampled_from(kinds))
    fields: dict[str, Any] = {"seat": seat, "skill": skill}
    if la is not None and la.n_targets == 1 and la.targets:
        fields["target"] = draw(st.sampled_from(la.targets))
    if kind in ("dict", "namespace"):
        fields["not_action"] = kind
    elif kind in ("seat", "skill", "target", "text", "choice"):
        fields[kind] = draw(BAD_VALUES)
    elif kind == "targets":
        fields["targets"] = draw(st.one_of(st.none(), st.integers(), st.lists(pick, max_size=2),
                                           st.tuples(pick, BAD_VALUES)))
    elif kind == "one_as_targets":
        fields.pop("target", None)
        fields["targets"] = (draw(pick),)
    elif kind == "target_and_targets":
        fields["target"] = draw(pick)
        fields["targets"] = (draw(pick),)
    else:
        fields["target"] = draw(pick)
    return fields


def _submit_bad(game: Game, data: st.DataObject) -> None:
    fields = data.draw(bad_input(game))
    seat = fields.pop("seat")
    skill = fields.pop("skill")
    a: Any
    not_action = fields.pop("not_action", None)
    if not_action == "dict":
        a, seat = {"seat": seat, "skill": skill, **fields}, None  # names no seat
    elif not_action == "namespace":
        a = SimpleNamespace(seat=seat, skill=skill, **fields)
    else:
        try:
            a = Action(seat, skill, **fields)
        except TypeError:
            # the compiled Action checks its field types when built: no game ever sees it
            assert compiled(), fields
            return
    before, n, logged = _snapshot(game), len(game.events), len(game.log.inputs)
    answer = game.submit(a)
    # the input is logged (so that replay refuses it again), and nothing else changes
    assert len(game.log.inputs) == logged + 1 and game.log.inputs[-1] is a
    assert isinstance(answer, Rejected), (seat, skill, fields)
    assert answer.reason and "Traceback" not in answer.reason
    assert _snapshot(game) == before, (seat, skill, fields)
    new = game.events[n:]
    assert [e.kind for e in new] == ["rejected"], (seat, skill, fields, new)
    to = (seat,) if isinstance(seat, str) and seat in game.seats else ()
    assert new[0].to == to, (seat, new[0])


def _play(game: Game, data: st.DataObject, seed: int) -> Game:
    rng, bot = random.Random(seed), RandomBot()
    steps = 0
    while not game.finished and game.phase.n <= MAX_DAYS:
        steps += 1
        assert steps < MAX_STEPS, game.phase.label
        _submit_bad(game, data)
        prompt = game.prompt
        for seat in [prompt.seat] if prompt is not None else list(game.pending()):
            a = bot.act(lambda s=seat: game.view(s), _options(game, seat), rng)  # type: ignore[misc]
            if a is None:
                continue
            game.submit(a)
            if prompt is not None or game.finished:
                break
            _submit_bad(game, data)
        if game.finished or (prompt is not None and game.prompt is not prompt):
            continue
        game.advance()
    return game


def _check(game: Game) -> None:
    stored = GameLog.from_dict(json.loads(json.dumps(game.log.as_dict())))
    for again in (Game.replay(game.log), Game.replay(stored)):
        assert again.events == game.events
        assert (again.finished, again.winner) == (game.finished, game.winner)
        assert [p.outs for p in again.phases] == [p.outs for p in game.phases]
    # the JSON form reads back to equal inputs (a non-Action as a stand-in naming the
    # same seat and skill), so it is itself stored again unchanged
    assert stored.as_dict() == game.log.as_dict()
    for a, b in zip(stored.inputs, game.log.inputs, strict=True):
        if isinstance(b, Action) or b is None:
            assert a == b


SETTINGS = settings(max_examples=15, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@SETTINGS
@given(seed=st.integers(min_value=0, max_value=2**32 - 1), data=st.data())
def test_m47_ill_shaped_inputs_change_nothing(seed: int, data: st.DataObject) -> None:
    _check(_play(Game.new("m47-yeliang", 14, seed=seed), data, seed))


@SETTINGS
@given(seed=st.integers(min_value=0, max_value=2**32 - 1), data=st.data())
def test_s15_ill_shaped_inputs_change_nothing(seed: int, data: st.DataObject) -> None:
    _check(_play(Game.new("s15-official", 20, seed=seed), data, seed))


@SETTINGS
@given(seed=st.integers(min_value=0, max_value=2**32 - 1), data=st.data(),
       players=st.integers(min_value=6, max_value=15))
def test_classic_ill_shaped_inputs_change_nothing(seed: int, data: st.DataObject,
                                                  players: int) -> None:
    _check(_play(Game.new("classic", players, seed=seed), data, seed))

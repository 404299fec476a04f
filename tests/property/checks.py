"""Shared checks for random-play property tests (any ruleset)."""

from __future__ import annotations

import random
from collections.abc import Callable

from bansha.engine import Action, Game, LegalAction
from bansha.sim.bots import RandomBot

# what an out seat may still do: its last words and choices its own out raised
DEAD_OK = {"遗言", "殉职", "神堕"}
MAX_STEPS = 5000


def _matches(a: Action, legal: list[LegalAction]) -> bool:
    for la in legal:
        if la.skill != a.skill:
            continue
        if la.n_targets == 0:
            return True
        if all(t in la.targets for t in a.all_targets()):
            return True
    return False


def play_checked(
    game: Game, seed: int, fuzz: bool = False, dead_ok: frozenset[str] | set[str] = DEAD_OK,
    refusable: tuple[str, ...] = (),
    acts_out: Callable[[Game, str], bool] | None = None,
) -> Game:
    """Random legal play asserting, at every input, the engine's promises:
    accepted actions were legal, the dead act only for last words and their
    own out's choices, and (with fuzz) random illegal inputs change nothing.
    `refusable`: refusals a list of offered targets cannot rule out (m192 结印 "不能连续
    两晚选择相同的三个角色": each of the three is offered, the same three are refused)."""
    rng = random.Random(seed)
    bot = RandomBot()
    steps = 0
    while not game.finished:
        steps += 1
        assert steps < MAX_STEPS, f"game did not end (at {game.phase.label})"
        if fuzz and rng.random() < 0.5:
            _fuzz(game, rng, dead_ok, acts_out)
            if game.finished:
                break
        seats = [game.prompt.seat] if game.prompt else list(game.pending())
        prompt = game.prompt
        for seat in seats:
            legal = game.legal(seat)
            if not game.seats[seat].alive and not (acts_out and acts_out(game, seat)):
                assert {la.skill for la in legal} <= dead_ok, (seat, legal)
            a = bot.act(lambda s=seat: game.view(s), legal, rng)  # type: ignore[misc]
            if a is None:
                continue
            assert _matches(a, legal), (a, legal)
            answer = game.submit(a)
            assert answer or any(r in getattr(answer, "reason", "") for r in refusable), (
                a, answer)
            if prompt is not None:
                break
        if prompt is not None and game.prompt is not prompt:
            continue
        game.advance()
    return game


def _fuzz(game: Game, rng: random.Random, dead_ok: frozenset[str] | set[str],
          acts_out: Callable[[Game, str], bool] | None = None) -> None:
    """Submit a random, probably illegal input; if it was refused nothing may change."""
    names = list(game.seats)
    skills = [*sorted(game.ruleset.skill_names()), "不存在的技能"]
    seat = rng.choice([*names, "无名氏"])
    a = Action(seat, rng.choice(skills), target=rng.choice([*names, "无名氏", None]))
    before = (len(game.phases), game.phase, game.sheriff,
              [s.alive for s in game.seats.values()], repr(game.uses))
    legal = game.legal(seat) if seat in game.seats else []
    was_alive = seat in game.seats and game.seats[seat].alive
    # a ruleset may let an out character act (m192's 英灵): judged before the input
    acting_out = bool(acts_out and seat in game.seats and acts_out(game, seat))
    # a card ruleset reads a bare name as a card (庚 → 庚:1): compare what it reads
    meant = game.ruleset.canonical(game, a) if game.ruleset.card_targets else a
    answer = game.submit(a)
    if not answer:
        after = (len(game.phases), game.phase, game.sheriff,
                 [s.alive for s in game.seats.values()], repr(game.uses))
        assert before == after, a
        assert game.events[-1].kind == "rejected"
    elif seat in game.seats and not was_alive and not acting_out:
        # the dead may only hand in last words or answer their own out's prompt
        # 遗言 is accepted from the out without being offered as a skill (m125's 投降 from
        # an out pack member is offered: it matches like any input)
        assert a.skill in dead_ok and (_matches(meant, legal) or a.skill == "遗言"), (
            a, meant)


def assert_secrecy(game: Game) -> None:
    for seat in game.seats:
        v = game.view(seat)
        for e in v["events"]:
            assert e.to is None or seat in e.to, (seat, e)
        assert v["roles"] == game.seats[seat].roles
    for e in game.public_view()["events"]:
        assert e.to is None


def assert_replay(game: Game) -> None:
    again = Game.replay(game.log)
    assert again.events == game.events
    assert again.winner == game.winner
    assert [p.outs for p in again.phases] == [p.outs for p in game.phases]

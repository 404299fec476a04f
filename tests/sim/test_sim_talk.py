"""Talk bots: the claims protocol, the public board's reasoning, and whole games.

The central property: a talking bot never states a true fact it could not see.
Every claim of fact either names its basis (an event of the speaker's own view
that says it, or the speaker's own action) or is a declared invention; the test
replays the games and checks each basis against `game.view(speaker)`.
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

import pytest

import bansha.sim.talk.board as board_mod
import bansha.sim.talk.bot as bot_mod
from bansha.engine import Event, Game, get_ruleset, ruleset_ids
from bansha.sim.driver import play
from bansha.sim.heuristic import Knowledge
from bansha.sim.runner import SimConfig, SimError, make_bots, new_game, resolve_players, run
from bansha.sim.talk import Board, Claim, TalkBot
from bansha.sim.talk.protocol import (
    ATTACKED,
    CO,
    COUNTER,
    DIVINED,
    FACTS,
    GUARDED,
    IDENTIFIED,
    OWN_ACTION,
    POISONED,
    SAVED,
)

M47 = get_ruleset("m47-yeliang")
SEATS = ["甲", "乙", "丙", "丁", "戊", "己"]


def test_talk_modules_never_touch_a_game() -> None:
    # talk is built on views, like the bots: the Game class is not even imported
    assert not hasattr(bot_mod, "Game") and not hasattr(board_mod, "Game")


def test_a_claim_renders_as_a_forum_post() -> None:
    assert Claim("甲", CO, role="神明").text() == "甲：我是神明"
    assert Claim("甲", DIVINED, target="乙", faction="野良阵营", night="night 1").text() \
        == "甲：第1夜查验 乙：野良阵营"
    assert Claim("丁", ATTACKED, target="甲", night="night 3").text() == "丁：第3夜被指杀的是 甲"
    with pytest.raises(ValueError, match="unknown claim kind"):
        Claim("甲", "SHOUT")


def _board(*claims: Claim, night_outs: dict[str, str] | None = None) -> Board:
    b = Board(M47)
    b.order = list(SEATS)
    for c in claims:
        b.post(c, "day 2", 0)
    b.night_outs.update(night_outs or {})
    return b


def test_a_lone_checker_is_believed_and_his_wolf_is_the_lead() -> None:
    b = _board(Claim("甲", CO, role="神明"),
               Claim("甲", DIVINED, target="丙", faction="野良阵营", night="night 1"),
               Claim("甲", DIVINED, target="乙", faction="村民阵营", night="night 1"))
    bel = b.beliefs()
    assert bel.trusted == {"甲"} and bel.bad == {"丙": 1} and {"甲", "乙"} <= bel.good
    assert bel.target("day 2", SEATS, SEATS) == "丙"


def test_a_counter_claim_is_contested_until_a_night_kill_settles_it() -> None:
    claims = (Claim("甲", CO, role="神明"),
              Claim("甲", DIVINED, target="丙", faction="野良阵营", night="night 1"),
              Claim("丙", CO, role="神明"),
              Claim("丙", DIVINED, target="甲", faction="野良阵营", night="night 1"),
              Claim("丙", COUNTER, target="甲", role="神明"))
    bel = _board(*claims).beliefs()
    assert bel.trusted == set() and sorted(bel.contested) == ["丙", "甲"]
    assert bel.target("day 2", SEATS, SEATS) in ("甲", "丙")  # one of the two lies
    # the pack killed 甲 in the night: a pack does not kill its own, so 甲 was real
    bel = _board(*claims, night_outs={"甲": "day 3"}).beliefs()
    assert "甲" in bel.trusted and "丙" in bel.fake
    alive = [s for s in SEATS if s != "甲"]
    assert bel.target("day 3", alive, SEATS) == "丙"


def test_the_witchs_report_settles_a_counter_claim() -> None:
    claims = (Claim("甲", CO, role="神明"),
              Claim("甲", DIVINED, target="丙", faction="野良阵营", night="night 1"),
              Claim("丙", CO, role="神明"),
              Claim("丙", DIVINED, target="甲", faction="野良阵营", night="night 1"),
              Claim("丁", CO, role="女巫"),
              Claim("丁", ATTACKED, target="甲", night="night 1"))
    bel = _board(*claims).beliefs()
    assert "甲" in bel.trusted and "丙" in bel.fake and "丁" in bel.trusted
    assert bel.target("day 2", SEATS, SEATS) == "丙"


def test_public_ballots_against_the_lead_raise_suspicion() -> None:
    b = _board(Claim("甲", CO, role="神明"),
               Claim("甲", DIVINED, target="丙", faction="野良阵营", night="night 1"))
    b.leads["day 2"] = "丙"
    v: dict[str, Any] = {"seats": SEATS, "events": [
        Event("announce", "day 2", "投票：甲→丙，乙→丙，丙→甲，丁→丙，戊→丙，己→丁")]}
    b.read_public(v)
    bel = b.beliefs()
    assert bel.suspicion == {"己": 1}  # 丙 is the accused; his vote for 甲 is his own defence


def test_last_words_in_the_talk_format_become_claims() -> None:
    b = _board()
    b.read_public({"seats": SEATS, "events": [
        Event("announce", "day 3", "甲 的遗言：我是神明。查验：丙=野良阵营；乙=神明阵营")]})
    said = [(c.speaker, c.kind, c.target, c.faction or c.role) for c in b.claims]
    assert said == [("甲", CO, None, "神明"), ("甲", DIVINED, "丙", "野良阵营"),
                    ("甲", DIVINED, "乙", "村民阵营")]


def _events_of(view: dict[str, Any]) -> list[Event]:
    events: list[Event] = view["events"]
    return events


def _spy(game: Game, bot: TalkBot, seat: str,
         seen: dict[int, tuple[list[Event], list[tuple[str, str, str]]]]) -> None:
    """Record, for each claim `bot` posts, its seat's view at that moment."""
    orig = bot.speak

    def spy(view: Any, b: Board, rnd: int) -> list[Claim]:
        out: list[Claim] = orig(view, b, rnd)
        for c in out:
            seen[id(c)] = (_events_of(game.view(seat)), list(bot.acted))
        return out
    setattr(bot, "speak", spy)  # noqa: B010 (a spy on an instance method)


def _backed(game: Game, c: Claim, view_events: list[Event], acted: list[tuple[str, str, str]],
            know: Knowledge) -> bool:
    """Is the fact `c` states written in an event of the speaker's view (or is it the
    speaker's own action)?"""
    assert c.basis is not None
    if c.basis == OWN_ACTION:
        return any(t == c.target and p == c.night for p, _s, t in acted)
    e = view_events[c.basis]
    if e.to is None or c.speaker not in e.to or c.target is None or c.target not in e.text:
        return False
    if c.kind in (DIVINED, IDENTIFIED):
        return any(know.faction_word(seg)[0] == c.faction for seg in e.text.split("；"))
    return c.kind in (ATTACKED, SAVED, POISONED, GUARDED)


@pytest.mark.parametrize("ruleset", ["m47-yeliang", "s15-official", "classic"])
def test_a_talking_bot_never_states_a_fact_its_view_does_not_hold(ruleset: str) -> None:
    rules = get_ruleset(ruleset)
    options = {"seer": 1} if ruleset == "classic" else {}
    cfg = SimConfig(ruleset, 1, bots="talk", seed=11, options=options)
    players = resolve_players(rules, cfg)
    checked = lies = 0
    for i in range(12):
        game, rng = new_game(cfg, players, i)
        bots = make_bots("talk", rules, list(game.order))
        board = next(iter(bots.values())).board
        seen: dict[int, tuple[list[Event], list[tuple[str, str, str]]]] = {}
        for seat, bot in bots.items():
            assert isinstance(bot, TalkBot)
            _spy(game, bot, seat, seen)
        play(game, bots, rng, talk=board)
        village = board.village
        for k, c in enumerate(board.claims):
            if c.kind not in FACTS or c.round < 0:
                continue  # intentions, opinions, last words (read back from the thread)
            if c.basis is None:
                # an invention: only the village's enemies lie, and a lie is chosen from
                # the public board alone (it names a seat that publicly accused the liar)
                assert bots[c.speaker].faction != village
                assert any(p.speaker == c.target and p.target == c.speaker and p.kind in
                           (DIVINED, IDENTIFIED) for p in board.claims[:k]), c
                lies += 1
                continue
            events, acted = seen[id(c)]
            assert _backed(game, c, events, acted, Knowledge(rules)), f"game {i}: {c!r}"
            checked += 1
    assert checked > 0 and lies > 0  # the games did have checkers who talked, and liars


@pytest.mark.parametrize("ruleset", sorted(ruleset_ids()))
def test_talk_bots_finish_every_ruleset(ruleset: str) -> None:
    try:
        r = run(SimConfig(ruleset, 30, bots="talk", seed=2, workers=1))
    except SimError as e:  # a ruleset still being written (m192: roles not yet implemented)
        if "尚未实现" not in str(e):
            raise
        pytest.skip(f"{ruleset}: {e}")
    todo = [m for _, m in r.tally.error_examples if "尚未实现" in m]
    if todo and len(todo) == len(r.tally.error_examples):  # deals of roles still to write
        pytest.skip(f"{ruleset}: {todo[0]}")
    assert r.tally.games == 30 and not r.tally.errors, r.tally.error_examples


def test_talk_is_reproducible_for_any_worker_count() -> None:
    one = run(SimConfig("m47-yeliang", 60, bots="talk", seed=4, workers=1))
    two = run(SimConfig("m47-yeliang", 60, bots="talk", seed=4, workers=2, batch=17))
    assert one.tally.totals() == two.tally.totals()


def test_a_checker_who_found_a_wolf_claims_it_and_the_village_votes_it() -> None:
    rules = get_ruleset("classic")
    hand = [{"甲": "预言家"}, {"乙": "狼人"}, {"丙": "村民"}, {"丁": "村民"}, {"戊": "村民"},
            {"己": "狼人"}, {"庚": "村民"}]
    game = Game.new("classic", hand, seed=1, options={"seer": 1})
    bots = make_bots("talk", rules, list(game.order))
    board = bots["甲"].board
    # night 0: the seer checks 乙 (a wolf); the pack kills 丁
    from bansha.engine import Action
    assert game.submit(Action("甲", "查验", target="乙"))
    assert game.submit(Action("乙", "杀人", target="丁"))
    game.advance()
    assert game.outcome().at == "day 1"
    board.day("day 1", game.alive_seats(), lambda s: (lambda: game.view(s)))
    said = [(c.speaker, c.kind, c.target) for c in board.claims if c.kind != "VOTE"]
    assert ("甲", CO, None) in said and ("甲", DIVINED, "乙") in said
    # the accused wolf counter-claims the seer (对跳) and accuses him back
    assert ("乙", CO, None) in said and ("乙", DIVINED, "甲") in said
    assert ("乙", COUNTER, "甲") in said
    votes = {c.speaker: c.target for c in board.claims if c.kind == "VOTE"}
    assert votes["甲"] == "乙" and votes["乙"] == "甲" and votes["己"] == "甲"
    lead = board.beliefs().target("day 1", game.alive_seats(), list(game.order))
    assert lead in ("甲", "乙")
    assert all(votes[s] == lead for s in ("丙", "戊", "庚"))


def test_uniform_bots_do_not_talk() -> None:
    rules = get_ruleset("classic")
    bots = make_bots("uniform", rules, SEATS)
    assert not any(hasattr(b, "board") for b in bots.values())
    random.Random(0)


@pytest.mark.slow
@pytest.mark.parametrize(("ruleset", "games", "options"), [
    ("m47-yeliang", 2000, {}),
    ("s15-official", 1000, {}),
    ("classic", 2000, {"seer": 1}),
])
def test_the_talking_village_wins_more_than_the_silent_one(
        ruleset: str, games: int, options: dict[str, Any]) -> None:
    """The issue's bar on fewer games (the gap is wide): non-overlapping 95% Wilson
    intervals of the village's win rate, talk above heuristic. docs/simulator.md
    gives the 5,000-game figures."""
    from bansha.sim.stats import wilson

    rates = {}
    for bots in ("heuristic", "talk"):
        r = run(SimConfig(ruleset, games, bots=bots, seed=5, workers=2, options=options))
        assert not r.tally.errors
        rates[bots] = wilson(r.tally.wins.get("村民阵营", 0), r.tally.finished)
    assert rates["talk"][0] > rates["heuristic"][1], rates


def _seer_run(games: int, seed: int, **opts: Any) -> dict[str, Any]:
    from bansha.sim.report import reference

    r = run(SimConfig("classic", games, bots="talk", seed=seed, workers=2,
                      options={"seer": 1, **opts}))
    ref = reference(r)
    assert ref is not None and ref["model"] == "预言家公开查验策略递推"
    return ref


@pytest.mark.parametrize("opts", [{}, {"first": "day", "wolves": 1}])
def test_talk_on_classic_with_a_seer_matches_its_exact_recursion(opts: dict[str, Any]) -> None:
    ref = _seer_run(1500, 21, **opts)
    assert abs(ref["z"]) < 3.5, ref
    assert 0 < ref["exact"] < 1


def test_the_seer_recursion_beats_migdal() -> None:
    from bansha.sim.exact import village_win, village_win_seer_talk

    # 13 villagers (one a seer) + 2 wolves, night first: public claims help the village
    assert village_win_seer_talk(13, 2) > village_win(13, 2) + Fraction(1, 10)
    with pytest.raises(ValueError):
        village_win_seer_talk(1, 1)


@pytest.mark.slow
def test_talk_on_classic_with_a_seer_matches_its_recursion_on_20000_games() -> None:
    ref = _seer_run(20000, 5)
    assert abs(ref["z"]) < 3, ref

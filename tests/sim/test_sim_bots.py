"""Bots: the heuristic plays with intent, the uniform bot is Migdał's policy,
and both see only view(seat) and legal."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

import bansha.sim.heuristic as heuristic
from bansha.engine import Action, Event, Game, LegalAction, get_ruleset
from bansha.sim.bots import BOTS, Bot, View
from bansha.sim.driver import play
from bansha.sim.heuristic import HeuristicBot, UniformBot, classify

M47 = get_ruleset("m47-yeliang")


def test_registry_has_every_bot() -> None:
    assert {"random", "heuristic", "uniform"} <= set(BOTS)


def test_heuristic_module_never_touches_a_game() -> None:
    # bots get a seat's view and its legal actions; the Game class is not even imported
    assert not hasattr(heuristic, "Game")


def test_m47_skills_are_classified_from_their_texts() -> None:
    want = {"杀人": "kill", "双刀": "kill", "召唤": "recruit", "神音": "check", "道标": "check",
            "安抚": "autopsy", "神器": "protect", "救药": "save", "毒药": "poison",
            "神堕": "shoot", "殉职": "badge", "投票": "vote", "遗言": "lastwords"}
    got = {k: classify(k, M47.skills.get(k)) for k in want}
    assert got == want


def _view(seat: str, role: str, faction: str, events: list[Event], *, at: str = "night 2",
          alive: tuple[str, ...] = ("甲", "乙", "丙", "丁", "戊"), out: tuple[str, ...] = (),
          group: list[str] | None = None, sheriff: str | None = None) -> View:
    v: dict[str, Any] = {"seat": seat, "role": role, "faction": faction, "at": at,
                         "alive": list(alive), "out": list(out), "events": events,
                         "skills": [], "sheriff": sheriff}
    if group:
        v["group"] = {"狼群": group}
    return lambda: v


def _act(bot: Bot, view: View, *legal: LegalAction) -> Action | None:
    return bot.act(view, list(legal), random.Random(1))


def test_witch_saves_the_seat_the_feedback_names() -> None:
    ev = [Event("notify", "night 2", "今晚被指杀的是：丙", ("甲",), skill="通灵")]
    a = _act(HeuristicBot(M47), _view("甲", "女巫", "村民阵营", ev),
             LegalAction("甲", "救药", ("乙", "丙", "丁")), LegalAction("甲", "毒药", ("乙", "丙")))
    assert a == Action("甲", "救药", target="丙")


def test_witch_waits_without_feedback_and_poisons_a_known_wolf() -> None:
    bot = HeuristicBot(M47)
    legal = (LegalAction("甲", "救药", ("乙", "丙", "丁")),
             LegalAction("甲", "毒药", ("乙", "丙", "丁")))
    assert _act(bot, _view("甲", "女巫", "村民阵营", []), *legal) is None
    # a checker's public last words name 丁 as a wolf
    words = Event("announce", "day 2", "戊 的遗言：查验：丁=野良阵营；乙=村民阵营")
    view = _view("甲", "女巫", "村民阵营", [words], at="night 2", out=("戊",))
    assert _act(bot, view, *legal) == Action("甲", "毒药", target="丁")


def test_checker_votes_the_wolf_it_found() -> None:
    ev = [Event("notify", "night 1", "神音：丙——野良阵营", ("甲",), skill="神音"),
          Event("notify", "night 1", "神音：乙——神明阵营", ("甲",), skill="神音")]
    bot = HeuristicBot(M47)
    a = _act(bot, _view("甲", "神明", "村民阵营", ev, at="day 2"),
             LegalAction("甲", "投票", ("甲", "乙", "丙", "丁", "戊", "弃权")))
    assert a == Action("甲", "投票", target="丙")
    assert bot.know.faction_of == {"丙": "野良阵营", "乙": "村民阵营"}


def test_checker_does_not_read_a_negation_as_a_fact() -> None:
    ev = [Event("notify", "night 1", "召唤：丙 不是野良", ("甲", "乙"), skill="召唤")]
    bot = HeuristicBot(M47)
    bot.act(_view("甲", "狼人", "野良阵营", ev, group=["甲", "乙"]),
            [LegalAction("甲", "杀人", ("丙", "丁"), team=True)], random.Random(0))
    assert "丙" not in bot.know.faction_of


def test_pack_agrees_on_one_kill_and_never_a_mate() -> None:
    targets = ("甲", "乙", "丙", "丁", "戊")
    picks = set()
    for wolf in ("甲", "乙"):
        a = _act(HeuristicBot(M47), _view(wolf, "狼人", "野良阵营", [], group=["甲", "乙"]),
                 LegalAction(wolf, "杀人", targets, team=True))
        assert a is not None and a.target not in ("甲", "乙")
        picks.add(a.target)
    assert len(picks) == 1


class Recorder:
    """Wraps a bot and records what it did, where."""

    def __init__(self, inner: HeuristicBot, log: list[tuple[str, str, Action]]) -> None:
        self.inner, self.log = inner, log
        self.multi_action = True

    def act(self, view: View, legal: list[LegalAction], rng: random.Random) -> Action | None:
        a = self.inner.act(view, legal, rng)
        if a is not None:
            self.log.append((view()["at"], a.seat, a))
        return a


def _played(seed: int) -> tuple[Game, list[tuple[str, str, Action]]]:
    game = Game.new("m47-yeliang", 14, seed=seed)
    log: list[tuple[str, str, Action]] = []
    bots = {s: Recorder(HeuristicBot(M47), log) for s in game.order}
    play(game, bots, random.Random(seed))
    return game, log


@pytest.mark.parametrize("seed", range(12))
def test_heuristic_m47_games_behave(seed: int) -> None:
    game, log = _played(seed)
    assert game.finished
    roles = {n: s.role for n, s in game.seats.items()}
    wolves = {n for n, r in roles.items() if r == "狼人"}
    # wolves never kill a pack mate
    for _, seat, a in log:
        if a.skill in ("杀人", "双刀") and seat in wolves:
            assert a.target not in wolves, a
    # the pack votes as one every day
    by_day: dict[str, set[str | None]] = {}
    for at, seat, a in log:
        if a.skill == "投票" and seat in wolves:
            by_day.setdefault(at, set()).add(a.target)
    assert all(len(t) == 1 for t in by_day.values()), by_day
    # the village elects a sheriff on day 1
    assert any(e.kind == "announce" and "当选警长" in e.text and e.at == "day 1"
               for e in game.events)
    # the witch saves the first time she is told of a kill (while she holds 救药)
    witch = next(n for n, r in roles.items() if r == "女巫")
    told = [e for e in game.events if e.kind == "notify" and e.to == (witch,)
            and e.skill == "通灵" and "今晚被指杀的是" in e.text]
    if told:
        # one of the told targets (two on a night with 双刀, from the 召唤's night on:
        # M47 RULINGS 15) other than herself
        first = told[0]
        listed = [t for t in first.text.split("：")[1].split("、") if t != witch]
        if listed:
            assert any(at == first.at and a.skill == "救药" and a.target in listed
                       for at, _, a in log), (first.at, listed)


def test_uniform_village_votes_as_one_and_kills_are_uniform() -> None:
    kills: Counter[str] = Counter()
    for seed in range(300):
        game = Game.new("classic", 6, seed=seed, options={"wolves": 1, "first": "day"})
        bots = {s: UniformBot() for s in game.order}
        play(game, bots, random.Random(seed))
        votes: dict[str, set[str]] = {}
        for e in game.events:
            if e.kind == "vote":
                votes.setdefault(e.at, set()).add(e.text.split("：")[1])
            if e.kind == "out" and e.cause == "狼刀" and e.at == "night 1":
                kills[e.name or ""] += 1
        assert all(len(v) == 1 for v in votes.values()), votes
    # the first night's victim is spread over the seats (5 villagers of 6 seats)
    assert len(kills) == 6 and min(kills.values()) > 10

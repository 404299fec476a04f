"""Property tests: random legal play of 官方规则S15 with RandomBot through
bansha.sim.driver.play, at 20 and 30 players (and one size in between).

Each game must end; an out character may only hand in last words or answer a
prompt raised by its own out (流弹, 殉职, 杀人/蒙冤 hand-offs); prompts for the
living are only 金箭, 若愚 and the witch's potions; Game.replay(game.log)
reproduces every event."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from bansha.engine import Action, Game, LegalAction
from bansha.engine.actions import Answer
from bansha.sim.bots import RandomBot
from bansha.sim.driver import play

RULESET = "s15-official"
FACTIONS = {"狼人阵营", "白狼阵营", "村民阵营", "吹笛阵营", "情侣阵营", None}
OUT_PROMPTS = {"流弹", "殉职", "杀人", "蒙冤"}
ALIVE_PROMPTS = {"金箭", "若愚", "解药", "毒药"}


class Watched:
    """Calls a game's submit/pending and records every breach of "the dead never act".

    It does not wrap the played game's methods (a compiled build's Game has
    read-only methods): `watch` re-runs the played game's inputs on a fresh copy
    and calls pending() and submit() where driver.play called them."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.breaches: list[str] = []
        self.prompts: set[str] = set()
        self._submit = game.submit
        self._pending = game.pending

    @classmethod
    def watch(cls, played: Game) -> Watched:
        lg = played.log
        w = cls(Game.new(lg.ruleset, lg.players, seed=lg.seed, options=lg.options))
        # driver.play's loop: at its top, an open prompt is offered to its seat (one
        # answer, then back to the top or advance); otherwise pending() is asked and
        # its seats submit until advance() ends the window
        at_top, on_prompt = True, False
        for inp in lg.inputs:
            if at_top:
                at_top = False
                on_prompt = w.game.prompt is not None
                if not on_prompt:
                    w.pending()
                else:  # the driver offers the open prompt to its seat
                    w._prompt_ok()
            if inp is None:
                w.game.advance()
                at_top = True
            else:
                w.submit(inp)
                at_top = on_prompt
        return w

    def _prompt_ok(self) -> None:
        p = self.game.prompt
        if p is None:
            return
        skills = set(p.skills())
        self.prompts |= skills
        alive = self.game.seats[p.seat].alive
        allowed = ALIVE_PROMPTS if alive else OUT_PROMPTS
        if not skills <= allowed:
            self.breaches.append(f"{self.game.phase.label}: prompt {skills} for "
                                 f"{'alive' if alive else 'out'} {p.seat}")

    def pending(self) -> dict[str, list[LegalAction]]:
        self._prompt_ok()
        got = self._pending()
        p = self.game.prompt
        for seat, acts in got.items():
            if self.game.seats[seat].alive or (p is not None and p.seat == seat):
                continue
            if {a.skill for a in acts} != {"遗言"}:
                self.breaches.append(f"{self.game.phase.label}: out {seat} offered {acts}")
        return got

    def submit(self, a: Action) -> Answer:
        g = self.game
        alive = a.seat in g.seats and g.seats[a.seat].alive
        own_prompt = g.prompt is not None and g.prompt.seat == a.seat
        answer = self._submit(a)
        if answer and not alive and not own_prompt and a.skill != "遗言":
            self.breaches.append(f"{g.phase.label}: out {a.seat} acted: {a}")
        self._prompt_ok()
        return answer


def _play(n: int, seed: int) -> tuple[Game, Watched]:
    game = Game.new(RULESET, n, seed=seed)
    play(game, {s: RandomBot() for s in game.seats}, random.Random(f"bots:{seed}"))
    return game, Watched.watch(game)


def _replays(game: Game) -> None:
    log: dict[str, Any] = json.loads(json.dumps(game.log.as_dict(), ensure_ascii=False))
    again = Game.replay(log)
    assert [e.as_dict() for e in again.events] == [e.as_dict() for e in game.events]
    assert again.winner == game.winner and again.finished == game.finished
    assert [p.outs for p in again.phases] == [p.outs for p in game.phases]


@pytest.mark.parametrize("n", [20, 25, 30])
@pytest.mark.parametrize("seed", range(12))
def test_random_play_ends_dead_do_not_act_and_replays(n: int, seed: int) -> None:
    game, watch = _play(n, seed)
    assert game.finished, f"did not end (at {game.phase.label})"
    assert game.winner in FACTIONS
    assert not watch.breaches, "\n".join(watch.breaches[:10])
    assert game.ruleset.game_title == f"官方规则S15.{n - 20}"
    _replays(game)


def test_many_factions_win_over_seeds() -> None:
    winners = {_play(20, s)[0].winner for s in range(80)}
    assert {"狼人阵营", "村民阵营"} <= winners, winners
    assert len(winners - {None}) >= 3, winners


def test_prompts_seen_over_seeds() -> None:
    """Random play reaches the choices that arise mid-resolution."""
    seen: set[str] = set()
    for s in range(40):
        seen |= _play(20, s)[1].prompts
    assert {"流弹", "殉职", "杀人", "解药", "毒药"} <= seen, seen


# ---- dealing (一、身份分配; FAQ: 普通身份如何加入) -------------------------------------
SPECIALS = {"先知", "女巫", "守卫", "长老"}
POOL = {"猎人", "白痴", "顽徒", "王女", "小公主", "诽谤者", "替罪羊", "忏悔者", "死士", "刺客"}


@pytest.mark.parametrize("n", range(20, 31))
def test_deal_follows_the_allocation(n: int) -> None:
    extra = n - 20
    extra_ruan = sum(1 for i in range(extra) if i % 3 == 1)  # 良民-乱民-良民
    drawn: set[frozenset[str]] = set()
    for seed in range(30):
        game = Game.new(RULESET, n, seed=seed)
        roles = [s.role for s in game.seats.values()]
        assert len(roles) == n
        assert {r for r in roles if r in SPECIALS} == SPECIALS
        normals = [r for r in roles if r in POOL]
        assert len(normals) == len(set(normals)) == 6
        drawn.add(frozenset(normals))
        assert roles.count("良民") == 2 + extra - extra_ruan
        assert roles.count("乱民") == 1 + extra_ruan
        for r in ("头狼", "黑狼", "狼使", "狼牧", "白狼", "吹笛", "爱神"):
            assert roles.count(r) == 1, r
        # the discarded 普通 are known to the director only
        hidden = [e for e in game.events if "弃置" in e.text]
        assert hidden and all(e.to == () for e in hidden)
    assert len(drawn) > 1  # the draw depends on the seed


def test_thirty_players_add_seven_liangmin_three_luanmin() -> None:
    roles = [s.role for s in Game.new(RULESET, 30, seed=1).seats.values()]
    assert roles.count("良民") == 2 + 7 and roles.count("乱民") == 1 + 3


@pytest.mark.parametrize("n", [0, 19, 31])
def test_player_count_outside_20_to_30_is_a_clear_error(n: int) -> None:
    from bansha.engine import SetupError

    with pytest.raises(SetupError, match="20–30"):
        Game.new(RULESET, [f"p{i}" for i in range(n)])


# ---- 癫狂: the post checker for the forum layer -----------------------------------
def test_mad_post_checker() -> None:
    from bansha.rulesets.s15_official.madness import mad_post_reason

    assert mad_post_reason("啊嗷 嘎咯\n咕呱哼咴叽啾哩喵咩哞嘶汪嗡喔喳吱") is None
    assert mad_post_reason("汪汪 😀 {:1_23:}") is None
    assert mad_post_reason("投给甲", vote_targets=["甲"]) is not None
    assert mad_post_reason("甲 喵", vote_targets=["甲", "乙"]) is None
    reason = mad_post_reason("喵 abc 我")
    assert reason is not None and "a" in reason and "我" in reason
    assert mad_post_reason("... --- ...") is not None  # 摩尔斯电码


def test_a_game_nobody_can_finish_goes_on_and_the_simulator_caps_it() -> None:
    """A game random bots once played into a state no rule finishes: only 假死
    characters and a 若愚 白痴 whose vote is void are left. The post has no rule that
    ends a game without a winner, so the game goes on (no day-count stalemate); only
    the simulator stops it, at its day cap, and counts it as capped — no faction's
    result. Its input log is kept in data/."""
    from pathlib import Path

    from bansha.engine import GameLog
    from bansha.sim.stats import Tally, summarise

    raw = json.loads((Path(__file__).parent / "data" / "s15-stalemate-log.json").read_text())
    game = Game.replay(GameLog.from_dict(raw))
    assert not game.finished and game.winner is None
    alive = [s for s in game.director_view()["seats"] if s["alive"]]
    assert {s["roles"][0] for s in alive} == {"吹笛", "女巫", "顽徒", "白痴"}
    assert not any("僵局" in e.text for e in game.events)
    at = game.phase.n
    for _ in range(40):  # twenty more days and nights: nobody acts, nobody goes out
        game.advance()
    assert not game.finished and game.phase.n == at + 20
    assert all(not p.outs for p in game.phases[-40:])
    play(game, {s: RandomBot() for s in game.seats}, random.Random(1), max_days=at + 25)
    assert not game.finished and game.phase.n == at + 26
    tally = Tally()
    tally.add_capped(7)
    doc = summarise(tally, ("狼人阵营",))
    assert doc["finished"] == 0 and doc["capped"] == {"count": 1, "games": [7]}
    assert all(f["wins"] == 0 for f in doc["factions"])

"""[M192]纳塔 in the simulator: every seed plays to a winner the post allows, with
random and with heuristic bots, and the heuristic bot plays m192's own choices."""

from __future__ import annotations

import collections
import functools
import random
from typing import Any

import pytest

from bansha.engine import LegalAction, get_ruleset
from bansha.engine.events import Event
from bansha.sim.driver import play
from bansha.sim.heuristic import HeuristicBot
from bansha.sim.runner import MAX_DAYS, SimConfig, make_bots, new_game

RULESET = "m192-nata"
# "仅一个阵营未判负时自动获胜" / "同时判负时…按照优先级获胜：三方＞狼人＞村民"
FACTIONS = {"狼人阵营", "村民阵营", "宗教老爷爷阵营"}
GAMES = 120


@functools.cache
def _winners(bots: str, heuristic_side: str | None = None, games: int = GAMES) -> tuple[str, ...]:
    """Each seed's winner; with `heuristic_side`, that faction's seats (as each seat's own
    view says) play the heuristic bot and every other seat the random bot."""
    cfg = SimConfig(RULESET, games, bots=bots, seed=1)
    out: list[str] = []
    for i in range(games):
        game, rng = new_game(cfg, 14, i)
        seats = list(game.public_view()["alive"])
        bots_of = make_bots(bots, type(game.ruleset), seats)
        if heuristic_side is not None:
            smart = make_bots("heuristic", type(game.ruleset), seats)
            bots_of = {s: smart[s] if game.view(s)["faction"] == heuristic_side else b
                       for s, b in bots_of.items()}
        play(game, bots_of, rng, max_days=MAX_DAYS)
        # a mixed table may leave a game no rule ends (the simulator caps it); the
        # plain ones must end
        assert game.finished or heuristic_side is not None, (
            f"game {i} did not end by day {MAX_DAYS} ({game.phase.label})")
        out.append(str(game.winner) if game.finished else "capped")
    return tuple(out)


@pytest.mark.parametrize("bots", ["random", "heuristic"])
def test_every_seed_ends_with_a_winner_the_post_allows(bots: str) -> None:
    winners = _winners(bots)
    for i, w in enumerate(winners):
        assert w in FACTIONS, f"game {i}: winner {w!r}"
    # each side can win: a batch where one never does means a broken line or bot
    assert set(winners) == FACTIONS, collections.Counter(winners)


# Each faction's heuristic play beats random play of that faction on the same seeds,
# against the same (random) opponents, seeds 1/0..N-1. Measured: 狼人阵营 30 → 42 in 60,
# 宗教老爷爷阵营 22 → 28 in 60. (An all-heuristic table is another question: the
# opponents' play improves too — docs/simulator.md, M192.) 村民阵营 is not here: it
# won 16 → 28 of 120 until legal() began to offer 审讯 to every seat with its reply
# form and the [强制] setting forms (RULINGS 43, 68); since then random play wins 28
# and the heuristic 21 — an open gap, not a pass.
@pytest.mark.parametrize(("side", "games"), [("狼人阵营", 60), ("宗教老爷爷阵营", 60)])
def test_heuristic_play_wins_more_than_random_play_for_its_faction(side: str, games: int) -> None:
    plain = _winners("random")[:games].count(side)
    smart = _winners("random", side, games).count(side)
    assert smart > plain, (side, plain, smart)


SEATS = ("甲", "乙", "丙", "丁", "戊", "己", "庚", "辛", "壬", "癸", "子", "丑", "寅", "卯")


def _view(seat: str, role: str, faction: str, skills: list[str], at: str = "night 2",
          events: tuple[Event, ...] = (), **more: Any) -> dict[str, Any]:
    return {"seat": seat, "at": at, "alive": list(SEATS), "out": [], "seats": list(SEATS),
            "events": list(events), "faction": faction, "role": role, "skills": skills,
            "sheriff": None, "statuses": [], **more}


def _told(seat: str, text: str, skill: str, at: str = "night 1") -> Event:
    return Event("notify", at, text, (seat,), skill)


def _act(view: dict[str, Any], *legal: LegalAction) -> Any:
    return HeuristicBot(get_ruleset(RULESET)).act(lambda: view, list(legal), random.Random(1))


def test_a_checker_who_found_a_wolf_votes_it() -> None:
    """通灵's feedback "庚是赤狼" makes 庚 the seat 甲 votes."""
    v = _view("甲", "通灵师", "村民阵营", ["通灵"], at="day 3",
              events=(_told("甲", "庚是赤狼", "通灵"),))
    a = _act(v, LegalAction("甲", "投票", (*SEATS, "弃权")))
    assert a is not None and (a.skill, a.target) == ("投票", "庚")


def test_a_wolf_spares_the_wolves_it_knows() -> None:
    """A wolf told who its brother is (狼兄/狼弟 互知) neither kills nor 业炎s him; with
    no group in the view the pack's other members are unknown to it, so only itself
    and the told ones are spared."""
    news = (_told("乙", "狼弟是 丙", "暴怒", at="day 1"),
            _told("乙", "恐虐：丁 的实际身份是梼杌", "恐虐"))
    v = _view("乙", "赤狼", "狼人阵营", ["业炎", "杀人"], events=news)
    for skill in ("杀人", "业炎"):
        for seed in range(20):
            bot = HeuristicBot(get_ruleset(RULESET))
            a = bot.act(lambda: {**v, "alive": list(SEATS)}, [LegalAction("乙", skill, SEATS)],
                        random.Random(seed))
            assert a is not None and a.target not in ("乙", "丙", "丁"), (skill, a)


def test_the_pack_does_not_repeat_a_kill_that_left_its_target_in_play() -> None:
    """The pack's knife went to the sheriff on night 2 and he is still in play on day 3:
    on night 3 the kill goes elsewhere (a 不死/守护 there would waste it again)."""
    rules = get_ruleset(RULESET)
    bot = HeuristicBot(rules)
    v = _view("乙", "赤狼", "狼人阵营", ["杀人"], sheriff="甲")
    a = bot.act(lambda: v, [LegalAction("乙", "杀人", SEATS)], random.Random(1))
    assert a is not None and a.target == "甲"
    a = bot.act(lambda: {**v, "at": "night 3"}, [LegalAction("乙", "杀人", SEATS)],
                random.Random(1))
    assert a is not None and a.target not in ("甲", "乙")


def test_the_elder_chooses_six_heretics_and_votes_them_out() -> None:
    v = _view("寅", "宗教老爷爷", "宗教老爷爷阵营", ["异端处决"], at="day 1")
    a = _act(v, LegalAction("寅", "异端处决", tuple(s for s in SEATS if s != "寅"), 6))
    assert a is not None and len(set(a.targets)) == 6 and "寅" not in a.targets
    told = _told("寅", "你选择的异端：" + "、".join(a.targets), "异端处决", at="day 1")
    a2 = _act({**v, "at": "day 2", "events": [told]}, LegalAction("寅", "投票", SEATS))
    assert a2 is not None and a2.target in a.targets


def test_durable_seats_stand_for_sheriff_and_checkers_do_not() -> None:
    """苟活 keeps the 厚皮肉猪 in play against the pack, so the badge (the pack's first
    target) is his to carry; a 验人系 seat never runs (its loss opens every 村民 line)."""
    for seat in SEATS:
        pig = _act(_view(seat, "厚皮肉猪", "村民阵营", ["苟活"], at="day 1"),
                   LegalAction(seat, "上警", (), 0))
        assert pig is not None and pig.skill == "上警"
        seer = _act(_view(seat, "通灵师", "村民阵营", ["通灵"], at="day 1"),
                    LegalAction(seat, "上警", (), 0))
        assert seer is None


def test_the_badge_never_goes_to_a_known_checker() -> None:
    """凭依灵's target learns "甲是凭依灵": as sheriff it passes the badge elsewhere,
    to a friend the checker's news does not name."""
    v = _view("乙", "猎人", "村民阵营", ["最后一枪"], at="night 3",
              events=(_told("乙", "甲是凭依灵", "灵魂凭依"),))
    for seed in range(10):
        bot = HeuristicBot(get_ruleset(RULESET))
        a = bot.act(lambda: v, [LegalAction("乙", "殉职", ("甲", "丙", "丁", "撕掉警徽"))],
                    random.Random(seed))
        assert a is not None and a.target != "甲"


def test_village_skills_that_only_hurt_enemies_are_used_blind() -> None:
    """天火 "若结算目标实际阵营为[非村民阵营]…否则无效果": with nothing known the 朱雀
    still uses it, on another seat."""
    a = _act(_view("子", "朱雀", "村民阵营", ["天火", "业炎", "涅槃重生"]),
             LegalAction("子", "天火", SEATS))
    assert a is not None and a.skill == "天火" and a.target != "子"


def test_guards_go_on_the_sheriff_once_the_pack_may_kill() -> None:
    """脱下隐身衣 and 纵火 go on the sheriff (the pack's likely target) from night 2
    ("第二晚开始" 杀人); on night 1 they wait."""
    for skill, role in (("脱下隐身衣", "隐者"), ("纵火", "纵火犯")):
        v = _view("丑", role, "村民阵营", [skill], sheriff="卯")
        a = _act(v, LegalAction("丑", skill, SEATS))
        assert a is not None and a.target == "卯", skill
        assert _act({**v, "at": "night 1"}, LegalAction("丑", skill, SEATS)) is None


def test_poison_only_a_known_enemy_with_the_status_that_stops_it() -> None:
    """毒计 on a seat known a wolf carries 超度 (no [杀人], no [群内]); with nothing
    known it waits: a blind permanent status hits a villager eight times in thirteen."""
    choices = ("流血", "沉默", "遗忘", "迷魂", "超度", "漏洞")
    v = _view("壬", "毒士", "村民阵营", ["毒计", "谋策"])
    assert _act(v, LegalAction("壬", "毒计", SEATS, choices=choices)) is None
    v = {**v, "events": [_told("壬", "癸 不持有次数技能：[毒计]次数+1", "谋策"),
                         Event("notify", "night 1", "恐虐：癸 的实际身份是梼杌", ("壬",), "恐虐")]}
    a = _act(v, LegalAction("壬", "毒计", SEATS, choices=choices))
    assert a is not None and (a.target, a.choice) == ("癸", "超度")


def test_a_plot_feeds_the_plotters_own_counts() -> None:
    """谋策 goes to a seat known a friend (it picks one of its counted skills, or feeds
    毒计), and as a 谋策 target a seat picks one of its own counted skills; an unknown
    offered choice falls back to a legal one."""
    v = _view("壬", "毒士", "村民阵营", ["毒计", "谋策"],
              events=(_told("壬", "甲是阴阳使者", "恐虐"),))
    a = _act(v, LegalAction("壬", "谋策", SEATS))
    assert a is not None and a.target == "甲"
    pick = _act(_view("甲", "阴阳使者", "村民阵营", ["复活"]),
                LegalAction("甲", "谋策", (), 0, choices=("复活",)))
    assert pick is not None and pick.choice == "复活"
    other = _act(_view("甲", "狼外婆", "狼人阵营", ["杀人", "装模作样"], at="day 1"),
                 LegalAction("甲", "装模作样", (), 0, choices=("新选项甲", "新选项乙")))
    assert other is not None and other.choice in ("新选项甲", "新选项乙")


def test_no_vote_is_thrown_at_a_seat_the_exile_cannot_take() -> None:
    """"投票出局的人是个愚者，本次放逐无效": the 愚者 holds [霸道] for good, so the table's
    focal seat is the next one; a public 翻牌 of a wolf makes it the village's vote."""
    day = [Event("announce", "day 3", "今日最高票：乙"),
           Event("announce", "day 3", "投票出局的人是个愚者，本次放逐无效")]
    for seat in ("甲", "丙", "丁", "戊"):
        v = _view(seat, "猎人", "村民阵营", ["最后一枪"], at="day 4", events=tuple(day))
        a = _act(v, LegalAction(seat, "投票", SEATS))
        assert a is not None and a.target != "乙"
    shown = (*day, Event("announce", "day 4", "庚 翻牌：实际身份是饕餮"))
    v = _view("甲", "猎人", "村民阵营", ["最后一枪"], at="day 5", events=shown)
    a = _act(v, LegalAction("甲", "投票", SEATS))
    assert a is not None and a.target == "庚"


def test_the_village_does_not_exile_its_own_sheriff_blind() -> None:
    """With nothing known, the table's focal seat is the vote, the sheriff excepted."""
    for sheriff in SEATS[1:]:
        v = _view("甲", "猎人", "村民阵营", ["最后一枪"], at="day 3", sheriff=sheriff)
        a = _act(v, LegalAction("甲", "投票", SEATS))
        assert a is not None and a.target not in (sheriff, "甲")


def test_heuristic_bot_plays_m192_choices() -> None:
    """结印 seals three others, 神女秘法 is read, 灵魂凭依 does not link blind."""
    village = _view("癸", "道士", "村民阵营", ["结印"])
    a = _act(village, LegalAction("癸", "结印", SEATS, n_targets=3))
    assert a is not None and len(a.targets) == 3 and "癸" not in a.targets
    a = _act({**village, "seat": "子", "skills": ["神女秘法"]},
             LegalAction("子", "神女秘法", (), n_targets=0))
    assert a is not None and a.skill == "神女秘法"
    a = _act({**village, "seat": "丑", "skills": ["灵魂凭依"]},
             LegalAction("丑", "灵魂凭依", SEATS, choices=("链接", "不链接")))
    assert a is not None and a.choice == "不链接" and a.target != "丑"

"""Cards and rounds (no ruleset), and cards wired into a Game through a toy ruleset
with two cards per seat (m125: "每个角色将会获得2个身份牌，其中有任何一个身份牌是狼人阵营
则归属狼人阵营，两个身份都是村民阵营则归属村民阵营")."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import ClassVar

import pytest

from bansha.engine import (
    Action,
    Game,
    LegalAction,
    Phase,
    Prompt,
    RoleSpec,
    Ruleset,
    SetupError,
    SkillSpec,
)
from bansha.engine.cards import Card, RoundRecord, parse_ref, resolve_ref, seat_faction
from bansha.engine.moment import Calendar, Until
from bansha.engine.ruleset import Resolution
from bansha.engine.state import StateError, state_of

CAL = Calendar(("晨曦", "正午", "黄昏"), ("早夜", "午夜", "深夜", "凌晨"), "开局",
               ("history", "reversal"), ("历史轮", "逆转轮"))


def test_the_last_disguise_wins_and_a_reveal_shows_the_actual_identity() -> None:
    """"若有多个效果的表面身份或身份修改伪装，最后发动的技能所造成的表面身份更换生效";
    [翻牌] "需要公开自己的[实际身份]"."""
    c = Card("甲", 1, "狼外婆", "狼人阵营", can_kill=True)
    assert c.appears("role") == "狼外婆"
    c.disguise("role", "村民", "隐狼")
    c.disguise("role", "猎人", "雪狼")
    assert c.appears("role", "check") == "猎人" and c.appears("role", "announce") == "猎人"
    assert c.appears("role", "reveal") == "狼外婆"
    assert c.appears("can_kill") == "带刀"
    # 狼外婆 装模作样: "表面身份的设定生效，持续至夜晚结束"
    night = CAL.at(2, "night", "午夜")
    c.disguise("faction", "村民阵营", "装模作样", since=night, until=Until("end", part="night"))
    assert c.appears("faction") == "村民阵营"
    assert c.expire("end", CAL.at(2, "night", "凌晨")) == []
    assert len(c.expire("end", CAL.at(2, "night"))) == 1
    assert c.appears("faction") == "狼人阵营"


def test_seat_faction_derives_from_its_cards() -> None:
    wolf_witch = [Card("甲", 1, "狼人", "狼人阵营"), Card("甲", 2, "女巫", "村民阵营")]
    assert seat_faction(wolf_witch, ("狼人阵营", "村民阵营")) == "狼人阵营"
    assert seat_faction(list(reversed(wolf_witch)), ("狼人阵营", "村民阵营")) == "狼人阵营"
    assert seat_faction([Card("乙", 1, "村民", "村民阵营")] * 2, ("狼人阵营",)) == "村民阵营"
    # a check of one card still sees that card's own faction (预言家 "查验玩家A第一身份会是
    # 狼人阵营，查验第二身份会是村民阵营")
    assert wolf_witch[1].appears("faction") == "村民阵营"


def test_card_references() -> None:
    hands = {"甲": [Card("甲", 1, "狼人", "狼人阵营"), Card("甲", 2, "女巫", "村民阵营")],
             "乙": [Card("乙", 1, "村民", "村民阵营")]}
    assert resolve_ref(hands, "甲:2").role == "女巫"
    assert resolve_ref(hands, "甲：1").role == "狼人"
    assert resolve_ref(hands, "乙").role == "村民"
    assert parse_ref("丙") == ("丙", None)
    for bad, msg in (("甲", "请写明是哪一张"), ("甲:3", "没有第 3 张"), ("丁:1", "没有名为 丁"),
                     ("甲:x", "从 1 开始的整数"), ("甲:0", "从 1 开始的整数")):
        with pytest.raises(ValueError, match=msg):
            resolve_ref(hands, bad)


def test_a_round_is_recorded_and_replayed_until_gone_or_freed() -> None:
    """m125: "会记录历史轮中玩家的第一身份牌的全部操作…带入到第二轮逆转轮"; a replay whose
    actor or target is gone cannot happen ("骑士操作无法发动"); 定序王子 frees a card."""
    rec = RoundRecord()
    n1, d2 = CAL.at(1, "night", round=1), CAL.at(2, "day", round=1)
    rec.record("甲:1", n1, Action("甲:1", "杀人", "丙:1"))
    rec.record("乙:1", n1, Action("乙:1", "预言", "甲:1"))
    rec.record("丙:1", d2, Action("丙:1", "决斗", "甲:1"))
    rec.record("丁:1", n1, Action("丁:1", "守护", "戊:1"))
    assert not rec.is_npc("甲:1")
    rec.close()
    with pytest.raises(ValueError, match="本轮记录已结束"):
        rec.record("甲:1", n1, Action("甲:1", "杀人", "乙:1"))
    assert rec.is_npc("甲:1") and not rec.is_npc("戊:1")
    assert rec.last_moment() == (2, "day")
    gone = {"戊:1"}
    rec.free("乙:1")
    live, dropped = rec.due(CAL.at(1, "night", round=2), gone.__contains__)
    assert [r.action.skill for r in live] == ["杀人"]
    assert [why for _, why in dropped] == [
        "乙:1 已由玩家自由操作", "目标 戊:1 已出局，记录的操作无法发动"]
    gone.add("丙:1")  # the knight went out first in the reversal round
    live, dropped = rec.due(CAL.at(2, "day", round=2), gone.__contains__)
    assert live == [] and dropped[0][1] == "丙:1 已出局，记录的操作无法发动"


@dataclass
class ToyState:
    kills: list[str] = field(default_factory=list)


class TwoCards(Ruleset):
    """Toy: each seat holds two cards; 查看 names a card and is answered with how that
    card appears to a check. No real ruleset."""

    id = "toy-two-cards"
    title = "玩具两张牌"
    min_players = 2
    max_players = 2
    first_phase = Phase("night", 1)
    roles: ClassVar[dict[str, RoleSpec]] = {
        "狼": RoleSpec("狼", "狼人阵营", 1), "民": RoleSpec("民", "村民阵营", 3)}
    skills: ClassVar[dict[str, SkillSpec]] = {"查看": SkillSpec("查看")}
    faction_order = ("狼人阵营", "村民阵营")
    card_targets = True

    def new_state(self) -> object | None:
        return ToyState()

    def legal(self, game: Game, seat: str) -> list[LegalAction]:
        return [LegalAction(seat, "查看", ("甲:1", "甲:2", "乙:1", "乙:2"))]

    def check_submit(self, game: Game, action: Action) -> str | None:
        card = game.card(action.seat)
        target = game.card(action.target or "")
        game.notify(card.seat, f"{target.ref} 是{target.appears('faction')}")
        state_of(game, ToyState).kills.append(f"{card.ref}->{target.ref}")
        return None


def test_cards_in_a_game_inputs_address_cards_and_state_is_typed() -> None:
    g = Game.new(TwoCards, [{"甲": ["民", "狼"]}, {"乙": ["民", "民"]}], seed=1)
    assert g.seats["甲"].faction == "狼人阵营" and g.seats["乙"].faction == "村民阵营"
    assert [c.ref for c in g.seats["甲"].cards] == ["甲:1", "甲:2"]
    assert g.submit(Action("甲:2", "查看", "乙:1"))
    assert g.submit(Action("乙:1", "查看", "甲:2"))
    told = [e.text for e in g.events if e.kind == "notify"]
    assert told == ["乙:1 是村民阵营", "甲:2 是狼人阵营"]
    assert state_of(g, ToyState).kills == ["甲:2->乙:1", "乙:1->甲:2"]
    bad = g.submit(Action("甲:3", "查看", "乙:1"))
    assert not bad and "没有名为 甲:3" in bad.reason  # type: ignore[union-attr]
    bad = g.submit(Action("甲", "查看", "乙:9"))
    assert not bad and "目标 乙:9 不是本局玩家" in bad.reason  # type: ignore[union-attr]
    with pytest.raises(StateError, match="not dict"):
        state_of(g, dict)
    v = g.submit(Action("甲:1", "投票", "乙:1"))  # a card votes, but not by night
    assert not v and v.reason == "现在不是投票时间"  # type: ignore[union-attr]


class CardVotes(TwoCards):
    """Toy: a day-first two-card table where a bare seat name means its first card
    (the `canonical` hook) and ballots are kept per card."""

    id = "toy-card-votes"
    first_phase = Phase("day", 1)

    def canonical(self, game: Game, action: Action) -> Action:
        def card(n: str | None) -> str | None:
            return f"{n}:1" if n in game.seats else n
        return Action(card(action.seat) or action.seat, action.skill, card(action.target))

    def voter(self, game: Game, seat: str) -> str:
        return f"{seat}:1"

    def may_vote(self, game: Game, seat: str) -> str | None:
        return None if seat in game.seats or seat.endswith(":1") else "只有第一张牌投票"

    def may_be_voted(self, game: Game, target: str) -> str | None:
        return None if game.card(target).alive else f"{target} 已出局"


def test_card_rulesets_vote_by_card_and_record_alive_cards() -> None:
    g = Game.new(CardVotes, [{"甲": ["民", "狼"]}, {"乙": ["民", "民"]}], seed=1)
    g.card("乙:2").alive = False
    offer = g.legal("甲")[-1]
    assert offer.skill == "投票" and offer.targets == ("甲:1", "甲:2", "乙:1", "弃权")
    assert g.submit(Action("甲", "投票", "甲:2"))  # the bare name is the first card
    assert g.votes.current == {"甲:1": "甲:2"}
    assert g.legal("甲")[-1].skill == "改票"  # its ballot is found under 甲:1
    bad = g.submit(Action("乙:2", "投票", "甲:1"))
    assert not bad and bad.reason == "只有第一张牌投票"  # type: ignore[union-attr]
    bad = g.submit(Action("乙:1", "投票", "乙:2"))
    assert not bad and bad.reason == "乙:2 已出局"  # type: ignore[union-attr]
    g.advance()
    assert g.director_view()["phases"][0]["alive"] == ["甲:1", "甲:2", "乙:1"]


def test_without_card_targets_a_card_reference_is_refused_as_before() -> None:
    class OneCard(TwoCards):
        id = "toy-one-card"
        card_targets = False

    g = Game.new(OneCard, [{"甲": ["民", "狼"]}, {"乙": ["民", "民"]}], seed=1)
    bad = g.submit(Action("甲", "查看", "乙:1"))
    assert not bad and bad.reason == "目标 乙:1 不是本局玩家"  # type: ignore[union-attr]


class Rounds(TwoCards):
    """Toy m125-like table: two rounds; every 查看 is recorded for the next round."""

    id = "toy-rounds"
    rounds = ("history", "reversal")
    rounds_cn = ("历史轮", "逆转轮")

    def check_submit(self, game: Game, action: Action) -> str | None:
        game.record.record(action.seat, game.moment, action)
        return None


def test_a_game_ends_a_round_and_replays_its_record_as_npc_inputs() -> None:
    g = Game.new(Rounds, [{"甲": ["民", "狼"]}, {"乙": ["民", "民"]}], seed=1)
    assert g.submit(Action("甲:1", "查看", "乙:1"))
    assert g.submit(Action("乙:1", "查看", "甲:2"))
    g.next_round()
    assert g.phase == Phase("night", 1) and g.phases[-1].at == "reversal night 1"
    assert g.moment.round == 2 and g.calendar.chinese(g.moment) == "逆转轮第1天夜晚"
    live, dropped = g.replays()
    assert [(r.card, r.action.target) for r in live] == [("甲:1", "乙:1"), ("乙:1", "甲:2")]
    g.card("甲:2").alive = False  # a card out in the reversal round before its turn
    g.record.free("甲:1")  # 定序王子 "可以自由操作该身份"
    live, dropped = g.replays()
    assert live == [] and [why for _, why in dropped] == [
        "甲:1 已由玩家自由操作", "目标 甲:2 已出局，记录的操作无法发动"]
    with pytest.raises(ValueError, match="没有第3轮"):
        g.next_round()


class Pairs(TwoCards):
    """Toy dealing rules: two cards dealt per seat, 狼 never first."""

    id = "toy-pairs"

    def deal_hands(self, n: int, rng: random.Random) -> list[list[str]]:
        return [["民", "狼"], ["民", "民"]][:n]

    def hands_problem(self, hands: list[list[str]], names: list[str]) -> str | None:
        bad = next((i for i, h in enumerate(hands) if h[0] == "狼"), None)
        return None if bad is None else f"players[{bad}] ({names[bad]})：狼 不能为第一张"


def test_a_ruleset_deals_hands_and_refuses_a_fixed_deal_that_breaks_its_rules() -> None:
    g = Game.new(Pairs, ["甲", "乙"], seed=3)
    assert [c.role for c in g.seats["甲"].cards] == ["民", "狼"]
    with pytest.raises(SetupError, match=r"players\[1\] \(乙\)：狼 不能为第一张"):
        Game.new(Pairs, [{"甲": ["民", "民"]}, {"乙": ["狼", "民"]}])
    # the default accepts any fixed table, as before
    assert Game.new(TwoCards, [{"甲": ["狼", "民"]}, {"乙": ["民", "民"]}]).seats["甲"].cards


def test_where_a_game_stands_carries_its_round() -> None:
    g = Game.new(Rounds, [{"甲": ["民", "狼"]}, {"乙": ["民", "民"]}], seed=1)
    assert g.outcome().at == "night 1" and g.director_view()["at"] == "night 1"
    g.next_round()
    assert g.outcome().at == "reversal night 1"
    assert g.director_view()["at"] == g.public_view()["at"] == "reversal night 1"


class Asks(TwoCards):
    """Toy: the night's resolution asks 甲 (the seat) for a choice of his card 甲:2."""

    id = "toy-asks"
    skills: ClassVar[dict[str, SkillSpec]] = {"查看": SkillSpec("查看"), "选": SkillSpec("选")}

    def resolve(self, game: Game) -> Resolution:
        answer = yield Prompt("甲", (LegalAction("甲:2", "选", ("乙:1",)),))
        game.notify("甲", f"选了 {answer.target if answer else '无'}")


def test_a_card_answers_its_seats_prompt() -> None:
    g = Game.new(Asks, [{"甲": ["民", "狼"]}, {"乙": ["民", "民"]}], seed=1)
    g.advance()
    assert g.pending() == {"甲": [LegalAction("甲:2", "选", ("乙:1",))]}
    g.submit(Action("乙:1", "选", "乙:1"))  # another seat's card does not answer it
    assert g.prompt is not None
    assert g.submit(Action("甲:2", "选", "乙:1"))
    assert g.prompt is None and g.events[-1].text == "选了 乙:1"


def test_a_rounds_labels_read_in_chinese_once_its_game_exists() -> None:
    from bansha.engine.phase import chinese_label
    Game.new(Rounds, [{"甲": ["民", "狼"]}, {"乙": ["民", "民"]}], seed=1)
    assert chinese_label("reversal night 2") == "逆转轮第2夜"
    assert chinese_label("night 2") == "第2夜" and chinese_label("reversal x") == "reversal x"

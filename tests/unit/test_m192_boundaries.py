"""m192 at part boundaries: what a forced skill held for a while leaves behind, and the
moment a status given at a part's start reads (a 1000-game random run once stopped on
"夜晚没有阶段 黄昏")."""

from __future__ import annotations

from bansha.engine.moment import Moment, Until
from bansha.rulesets.m192_nata.common import give, st
from bansha.scenario import runner
from bansha.scenario.loader import load

FLIP = "tests/scenarios/m192-nata/bianlian-forced-card.yaml"


def _forced(game: object, seat: str) -> list[tuple[str, str | None]]:
    return [(s.name, s.skill) for s in game.statuses.of(seat) if s.forced]  # type: ignore[attr-defined]


def test_a_flipped_cards_forced_skill_takes_its_statuses_when_it_expires() -> None:
    # 变脸 at day 1's 黄昏 to 厚皮肉猪: 苟活 is held "至下一次黄昏结束" (day 2's), and
    # "若强制技能提供任何[状态]，则该强制技能失效后，这些状态也一同失效"
    game = runner.run(load(FLIP)).game
    assert game.held.get("甲", "苟活") is None
    assert _forced(game, "甲") == []


def test_a_status_given_as_a_night_opens_reads_the_nights_own_moment() -> None:
    game = runner.run(load(FLIP)).game  # stands in day 3
    seen: list[Moment] = []
    # a status that ends as the next night opens, and a re-giver that runs then (as
    # forced.lasting's do) and gives a status: it must read the new part's moment,
    # not the sub-phase the last part ended in
    give(game, "沉默", "乙", Until("start", part="night"), "丙", "测试")

    def regive() -> None:
        seen.append(game.moment)
        give(game, "迷魂", "丁", None, "丙", "测试")

    st(game).forced_restorers.append(regive)
    while not game.phase.is_night:
        game.advance()
    assert seen and seen[0].part == "night" and seen[0].sub == ""
    assert "迷魂" in [s.name for s in game.statuses.of("丁")]

"""What an m192 seat's view holds of the chats it is in: "该阵营的角色若标明[群内]，则入狼群"
(5L) — a [群内] wolf sees its pack; nobody else sees it."""

from __future__ import annotations

from bansha.scenario import runner
from bansha.scenario.loader import load

# 乙 渊狼, 丙 死神, 丁 赤狼 and 戊 白狼王 are [群内]; the rest are not wolves
TABLE = "tests/scenarios/m192-nata/bianlian-forced-card.yaml"


def test_a_pack_wolf_sees_the_pack_and_a_villager_sees_no_chat() -> None:
    game = runner.run(load(TABLE)).game
    pack = ["乙", "丙", "丁", "戊"]
    for wolf in pack:
        assert game.view(wolf)["group"] == {"狼群": pack}
    for other in ("甲", "己", "卯"):
        assert "group" not in game.view(other)
    assert "group" not in game.public_view()


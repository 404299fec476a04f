"""Property tests: random legal play of [M192]纳塔 over many seeds.

The games are played on off-book tables that put many roles in play at once, their
seats shuffled by the seed, and on dealt tables of the post's own setup: random legal
play ends, accepted inputs were legal, the out act only through their after-out skills,
their out's prompts and (御主's 英灵) the skills the rules let them use, every view
holds only what its seat may see, replay is exact, and fuzzed bad input changes
nothing."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bansha.engine import Game
from bansha.rulesets.m192_nata.roles.yuzhu import is_hero

from .checks import assert_replay, assert_secrecy, play_checked

TABLES = (
    ("渊狼", "赤狼", "死神", "渊狼", "通灵师", "魔术师", "朱雀", "阴阳使者", "太阳", "厚皮肉猪",
     "隐者", "纵火犯", "愚者", "宗教老爷爷"),
    ("渊狼", "赤狼", "渊狼", "赤狼", "通灵师", "懦夫", "禁言长老", "猎人", "通灵师", "猎人",
     "懦夫", "禁言长老", "猎人", "宗教老爷爷"),
    ("狼兄", "狼弟", "白狼王", "赤狼", "凭依灵", "魔术师", "朱雀", "阴阳使者", "太阳",
     "厚皮肉猪", "隐者", "纵火犯", "愚者", "宗教老爷爷"),
    ("死神", "渊狼", "赤狼", "白狼王", "通灵师", "毒士", "道士", "魔术师", "朱雀", "天命人",
     "懦夫", "禁言长老", "猎人", "宗教老爷爷"),
    ("渊狼", "赤狼", "死神", "白狼王", "通灵师", "赤狐神女", "朱雀", "阴阳使者", "魔术师", "懦夫",
     "禁言长老", "猎人", "纵火犯", "宗教老爷爷"),
    ("饕餮", "梼杌", "渊狼", "死神", "通灵师", "魔术师", "朱雀", "阴阳使者", "道士", "懦夫",
     "禁言长老", "猎人", "纵火犯", "宗教老爷爷"),
    ("养殖者", "狼外婆", "渊狼", "死神", "通灵师", "御主", "朱雀", "阴阳使者", "魔术师",
     "厚皮肉猪", "隐者", "纵火犯", "愚者", "宗教老爷爷"),
    ("狼外婆", "赤狼", "渊狼", "白狼王", "凭依灵", "审讯官", "御主", "道士", "毒士", "禁言长老",
     "猎人", "懦夫", "天命人", "宗教老爷爷"),
    ("养殖者", "饕餮", "梼杌", "狼外婆", "通灵师", "野人", "审讯官", "魔术师", "赤狐神女",
     "厚皮肉猪", "隐者", "太阳", "传递者", "宗教老爷爷"),
    ("狼兄", "狼弟", "狼外婆", "死神", "凭依灵", "变脸者", "野人", "御主", "审讯官", "厚皮肉猪",
     "懦夫", "愚者", "猎人", "宗教老爷爷"),
)
NAMES = "甲乙丙丁戊己庚辛壬癸子丑寅卯"
# the same three targets as last night (结印): offered one by one, refused together
REFUSABLE = ("不能连续两次选择相同的目标",)
DEAD_OK = frozenset({"遗言", "殉职", "最后一枪", "神风突击", "薪火相传", "谋策", "残暴",
                     "灵狐灿世", "欺诈天下"})


def table(seed: int) -> Game:
    rng = random.Random(seed)
    roles = list(TABLES[seed % len(TABLES)])
    rng.shuffle(roles)
    return Game.new("m192-nata", [{n: r} for n, r in zip(NAMES, roles, strict=True)], seed=seed)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_random_play_ends_and_keeps_promises(seed: int) -> None:
    game = play_checked(table(seed), seed, dead_ok=DEAD_OK, refusable=REFUSABLE,
                        acts_out=is_hero)
    assert game.finished
    assert game.winner in ("狼人阵营", "村民阵营", "宗教老爷爷阵营")
    assert_secrecy(game)
    assert_replay(game)


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_illegal_inputs_change_nothing(seed: int) -> None:
    game = play_checked(table(seed), seed, fuzz=True, dead_ok=DEAD_OK, refusable=REFUSABLE,
                        acts_out=is_hero)
    assert game.finished
    assert_replay(game)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_dealt_games_end_and_keep_promises(seed: int) -> None:
    """Tables of the post's own setup, dealt (every role can be dealt now)."""
    game = play_checked(Game.new("m192-nata", list(NAMES), seed=seed), seed, fuzz=seed % 2 == 1,
                        dead_ok=DEAD_OK, refusable=REFUSABLE, acts_out=is_hero)
    assert game.finished
    assert_secrecy(game)
    assert_replay(game)


def test_each_faction_wins_over_seeds() -> None:
    winners = {play_checked(table(s), s, dead_ok=DEAD_OK, refusable=REFUSABLE,
                        acts_out=is_hero).winner
               for s in range(40)}
    assert {"狼人阵营", "村民阵营"} <= winners

"""M192 纳塔: the deal (2L pools, the co-occurrence rules, 附加规则4's ratio), fixed
tables, the roles page, the order table and the status kinds."""

from __future__ import annotations

import json
import random
from collections import Counter
from itertools import combinations

import pytest
from typer.testing import CliRunner

from bansha.cli import app
from bansha.engine import Game, SetupError
from bansha.rulesets.m192_nata.deal import (
    BY_NAME,
    POOL_OF,
    POOLS,
    Tables,
    cooccurrence_problems,
    draw,
    fits,
    pool_problems,
    ratio_ok,
    ratio_tenths,
    setup_problem,
)
from bansha.rulesets.m192_nata.roster import ROSTER
from bansha.rulesets.m192_nata.ruleset import M192Nata
from bansha.rulesets.m192_nata.schedule import DEADLINES, SCHEDULE
from bansha.rulesets.m192_nata.statuses import POST_STATUSES, STATUS_KINDS

# one table of the post's setup: 4 狼, 1 验人系, 4 强神, 4 弱神, 宗教老爷爷; village
# 7 + (6+6+7+8) + (1+5+3+5) = 48 over wolves 10+9+9+8 = 36: 1.33
LEGAL = ["白狼王", "梼杌", "饕餮", "死神", "通灵师", "阴阳使者", "魔术师", "审讯官", "道士",
         "懦夫", "纵火犯", "猎人", "厚皮肉猪", "宗教老爷爷"]


def test_the_pools_are_the_posts() -> None:
    assert {p: len(v) for p, v in POOL_OF.items()} == {
        "狼": 10, "验人系": 2, "强神": 10, "弱神": 10, "独立": 1}
    assert BY_NAME["白狼王"].strength == 10 and BY_NAME["懦夫"].strength == 1
    assert len(ROSTER) == 33


def test_a_fixed_table_of_the_posts_setup_has_no_problem() -> None:
    village, wolves = ratio_tenths(LEGAL)
    assert (village, wolves) == (48, 36)
    assert village * 10 >= 13 * wolves and village * 10 <= 14 * wolves
    assert setup_problem(LEGAL) is None


@pytest.mark.parametrize("seed", range(40))
def test_every_deal_holds_the_pools_the_rules_and_the_ratio(seed: int) -> None:
    roles = draw(random.Random(seed))
    assert len(roles) == 14 and len(set(roles)) == 14
    assert Counter(BY_NAME[r].pool for r in roles) == {
        "狼": 4, "验人系": 1, "强神": 4, "弱神": 4, "独立": 1}
    assert cooccurrence_problems(roles) == [] and ratio_ok(roles)
    assert setup_problem(roles) is None


def _draw_by_sample(rng: random.Random) -> list[str]:
    """The plain reading of the deal: rng.sample per pool until the table holds."""
    while True:
        roles = [r for pool, pick in POOLS for r in rng.sample(POOL_OF[pool], pick)]
        if not cooccurrence_problems(roles) and ratio_ok(roles):
            rng.shuffle(roles)
            return roles


def _count_valid_tables() -> int:
    """The valid tables counted by `fits` on whole tables, independently of Tables:
    every wolf set and 验人系 card, and each 强神 / 弱神 set through one representative
    of its (strength, 野人 / 厚皮肉猪) class, times the class's size (fits reads a
    village set only through its strength and those two roles)."""
    def classes(pool: str, mark: str) -> dict[tuple[int, bool], list[tuple[str, ...]]]:
        out: dict[tuple[int, bool], list[tuple[str, ...]]] = {}
        for c in combinations(POOL_OF[pool], 4):
            out.setdefault((sum(BY_NAME[r].strength or 0 for r in c), mark in c),
                           []).append(c)
        return out
    strong, weak = classes("强神", "野人"), classes("弱神", "厚皮肉猪")
    n = 0
    for w in combinations(POOL_OF["狼"], 4):
        for seer in POOL_OF["验人系"]:
            for s in strong.values():
                for r in weak.values():
                    if fits([*w, seer, *s[0], *r[0], "宗教老爷爷"]):
                        n += len(s) * len(r)
    return n


def test_the_deal_numbers_exactly_the_valid_tables() -> None:
    """draw() is uniform over the valid tables (RULINGS 1): its numbering is one-to-one
    onto them. Every number decodes to a table of the setup (pools, rules, ratio),
    no two numbers to the same table, and there are as many numbers as valid tables."""
    tables = Tables()
    seen: set[frozenset[str]] = set()
    for i in range(tables.total):
        roles = tables.table(i)
        assert fits(roles) and not pool_problems(roles), roles
        seen.add(frozenset(roles))
    assert len(seen) == tables.total == _count_valid_tables() == 49926


@pytest.mark.parametrize("seed", range(30))
def test_a_deal_is_one_uniform_number_then_a_shuffle(seed: int) -> None:
    """One rng.randrange over the valid tables (each with the same chance), then the
    seats by rng.shuffle, as the rejection sampler seated its accepted table."""
    rng = random.Random(f"deal:{seed}")
    tables = Tables()
    roles = tables.table(rng.randrange(tables.total))
    rng.shuffle(roles)
    assert draw(random.Random(f"deal:{seed}")) == roles


def test_the_deal_gives_each_role_as_often_as_the_redrawing_definition() -> None:
    """A statistical check against the plain reading (rng.sample per pool, redrawn
    until it holds): each role's share of 300 redrawn tables lies within 5 standard
    errors of its exact share among the valid tables, which draw() gives."""
    tables = Tables()
    exact: Counter[str] = Counter()
    for i in range(tables.total):
        exact.update(tables.table(i))
    rng = random.Random(11)
    n = 300
    seen: Counter[str] = Counter()
    for _ in range(n):
        seen.update(_draw_by_sample(rng))
    for role in BY_NAME:
        p = exact[role] / tables.total
        sd = (p * (1 - p) / n) ** 0.5
        assert abs(seen[role] / n - p) <= 5 * sd + 1e-9, (role, seen[role] / n, p)


def test_fits_is_the_problem_lists_verdict() -> None:
    rng = random.Random(7)
    names = list(BY_NAME)
    tables = [LEGAL, ["狼兄"], ["狼弟", "狼兄"], ["野人"], ["养殖者", "厚皮肉猪"],
              ["赤狼", "狼兄", "狼弟", "饕餮"], ["赤狼", "狼兄", "狼弟", "渊狼"]]
    tables += [[r for pool, pick in POOLS for r in rng.sample(POOL_OF[pool], pick)]
               for _ in range(3000)]
    tables += [rng.sample(names, rng.randint(1, 14)) for _ in range(1000)]
    for roles in tables:
        assert fits(roles) == (not cooccurrence_problems(roles) and ratio_ok(roles)), roles


def test_the_cooccurrence_rules() -> None:
    assert cooccurrence_problems(["狼兄"]) == ["有狼兄必有狼弟（给出了狼兄，没有狼弟）"]
    assert cooccurrence_problems(["狼弟", "狼兄"]) == []
    assert cooccurrence_problems(["野人"]) == ["有野人必有厚皮肉猪（给出了野人，没有厚皮肉猪）"]
    assert cooccurrence_problems(["养殖者", "厚皮肉猪"]) == []
    # 赤狼 with 狼弟 and 饕餮 (neither [群内] at the deal): 2 of 4 is not more than half
    bad = cooccurrence_problems(["赤狼", "狼兄", "狼弟", "饕餮"])
    assert bad == ["赤狼出现时，[群内]狼人数量必定大于总狼人数量1/2（[群内] 2 名，狼共 4 名）"]
    assert cooccurrence_problems(["赤狼", "狼兄", "狼弟", "渊狼"]) == []


def test_a_table_off_the_ratio_or_the_pools_says_what_is_wrong() -> None:
    strong = ["白狼王", "梼杌", "饕餮", "死神", "通灵师", "阴阳使者", "魔术师", "审讯官",
              "毒士", "懦夫", "愚者", "猎人", "禁言长老", "宗教老爷爷"]  # 42 over 36
    assert setup_problem(strong) == ("附加规则4：村民与狼人强度值倍率为1.3～1.4，给出的是 "
                                     "42÷36≈1.17")
    two_seers = ["通灵师", "凭依灵", *LEGAL[1:4], *LEGAL[5:]]
    assert "【验人系】2选1，给出了 2 种" in (setup_problem(two_seers) or "")
    assert "【狼】10选4，给出了 3 种" in (setup_problem(two_seers) or "")


def test_every_role_is_implemented_and_every_deal_starts() -> None:
    """No role of the roster is left out ("身份尚未实现" is gone): every deal is a game,
    and the six last written (养殖者, 狼外婆, 审讯官, 野人, 御主, 变脸者) are dealt."""
    assert [r.name for r in ROSTER if r.name not in M192Nata.role_data] == []
    seen: set[str] = set()
    for seed in range(300):
        game = Game.new("m192-nata", 14, seed=seed)
        roles = [game.seats[s].role for s in game.order]
        assert setup_problem(roles) is None
        seen.update(roles)
    assert {"养殖者", "狼外婆", "审讯官", "野人", "御主", "变脸者"} <= seen
    table = [{n: r} for n, r in zip("甲乙丙丁戊己庚辛壬癸子丑寅卯", LEGAL, strict=True)]
    assert Game.new("m192-nata", table).seats["甲"].role == LEGAL[0]


def test_a_fixed_table_breaking_a_cooccurrence_rule_is_refused() -> None:
    table = [{n: r} for n, r in zip("甲乙丙丁戊己庚辛壬癸子丑寅卯",
                                    ["狼兄", *LEGAL[1:]], strict=True)]
    with pytest.raises(SetupError, match="有狼兄必有狼弟"):
        Game.new("m192-nata", table)


def test_roles_json_names_every_role_skill_and_status_with_strength_and_category() -> None:
    doc = json.loads(CliRunner().invoke(app, ["roles", "m192-nata", "--json"]).stdout)
    roles = {r["name"]: r for r in doc["roles"]}
    assert set(roles) == {r.name for r in ROSTER}
    assert roles["赤狐神女"]["strength"] == 10 and roles["赤狐神女"]["category"] == "强神"
    assert roles["饕餮"]["tags"] == ["接刀"] and roles["宗教老爷爷"]["category"] == "独立"
    skills = {s["name"] for r in doc["roles"] for s in r["skills"]}
    assert skills == {s.name for r in ROSTER for s in r.skills}
    statuses = {s["name"] for s in doc["statuses"]} | {
        a for s in doc["statuses"] for a in s["aliases"]}
    assert set(POST_STATUSES) <= statuses
    assert {s["name"] for s in doc["other"][0]["skills"]} == {"竞岗", "殉职"}


def test_the_order_table_lists_only_skills_of_the_pool_once_per_sub_phase() -> None:
    known = {s.name for r in ROSTER for s in r.skills} | {"福祸相依"}
    assert SCHEDULE.problems(known) == []
    placed = {a for part in ("opening", "day", "night") for w in SCHEDULE.windows(part)
              for a in w.abilities}
    # every skill one uses in a sub-phase is placed (triggers and 灵魂链接 excepted)
    timed = {s.name for r in ROSTER for s in r.skills
             if set(s.tags) & {"开局", "晨曦", "正午", "黄昏", "早夜", "午夜", "深夜", "凌晨"}}
    assert timed - placed - {"煏祸相依", "灵魂链接", "追魂"} == set()
    assert DEADLINES["凌晨"] == 70 and M192Nata.sub_phases[0] == "开局"


def test_status_kinds_follow_the_post() -> None:
    k = STATUS_KINDS
    assert k["业炎"].parts == ("沉默", "超度", "遗忘") and "净化" in k["业炎"].aliases
    assert k["冰冻"].parts == ("沉默", "缴械") and "恐惧" in k["冰冻"].aliases
    assert not k["流血"].visible and k["流血"].repeat == "escalate"
    assert k["秩序"].clears == "negative" and k["漏洞"].clears == "non_negative"
    assert all(k[n].negative for n in ("沉默", "缴械", "遗忘", "超度", "迷魂", "寡言", "漏洞"))
    assert not any(k[n].visible for n in ("隐身", "守护", "坚韧", "霸道", "不死", "自由",
                                          "独裁", "秩序"))

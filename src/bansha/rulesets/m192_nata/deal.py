"""2L 身份池介绍 and 附加规则4: who is in a game of 14.

【狼】10选4, 【验人系】2选1, 【强神】10选4, 【弱神】10选4 and 宗教老爷爷 (4+1+4+4+1 = 14,
"本局人数14人"); the co-occurrence rules of the role texts (有狼兄必有狼弟 and back,
有野人/养殖者必有厚皮肉猪, 赤狼: "[群内]狼人数量必定大于总狼人数量1/2"); and "村民与狼人
强度值倍率为1.3～1.4": the village's circled values summed over the wolves' lie in
[1.3, 1.4] (RULINGS 1, 2). A deal draws uniformly among the tables that hold all of
this: a uniform draw from the pools, redrawn until it holds (about 1 in 100 does)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable

from .roster import ROSTER, RosterRole

PLAYERS = 14
POOLS: tuple[tuple[str, int], ...] = (("狼", 4), ("验人系", 1), ("强神", 4), ("弱神", 4),
                                      ("独立", 1))
BY_NAME: dict[str, RosterRole] = {r.name: r for r in ROSTER}
POOL_OF: dict[str, list[str]] = {p: [r.name for r in ROSTER if r.pool == p] for p, _ in POOLS}
VILLAGE_POOLS = ("验人系", "强神", "弱神")
# "村民与狼人强度值倍率为1.3～1.4", as tenths to stay exact
RATIO_LOW, RATIO_HIGH = 13, 14
MAX_DRAWS = 100_000


def strength(role: str) -> int:
    s = BY_NAME[role].strength
    return 0 if s is None else s


def in_pack(role: str) -> bool:
    """[群内] at the deal (狼弟 gains it only through 潜藏, 饕餮 is [接刀])."""
    return "群内" in BY_NAME[role].tags


def ratio_tenths(roles: list[str]) -> tuple[int, int]:
    """(village strength, wolf strength): the two sides of 附加规则4."""
    village = sum(strength(r) for r in roles if BY_NAME[r].pool in VILLAGE_POOLS)
    wolves = sum(strength(r) for r in roles if BY_NAME[r].pool == "狼")
    return village, wolves


def ratio_ok(roles: list[str]) -> bool:
    village, wolves = ratio_tenths(roles)
    return wolves > 0 and RATIO_LOW * wolves <= 10 * village <= RATIO_HIGH * wolves


def cooccurrence_problems(roles: list[str]) -> list[str]:
    """The role texts' own rules (they hold for any table, on the post's setup or not)."""
    have = set(roles)
    out: list[str] = []
    if "狼兄" in have and "狼弟" not in have:
        out.append("有狼兄必有狼弟（给出了狼兄，没有狼弟）")
    if "狼弟" in have and "狼兄" not in have:
        out.append("有狼弟必有狼兄（给出了狼弟，没有狼兄）")
    for who in ("野人", "养殖者"):
        if who in have and "厚皮肉猪" not in have:
            out.append(f"有{who}必有厚皮肉猪（给出了{who}，没有厚皮肉猪）")
    if "赤狼" in have:
        wolves = [r for r in roles if BY_NAME[r].pool == "狼"]
        pack = [r for r in wolves if in_pack(r)]
        if 2 * len(pack) <= len(wolves):
            out.append(f"赤狼出现时，[群内]狼人数量必定大于总狼人数量1/2（[群内] {len(pack)} 名，"
                       f"狼共 {len(wolves)} 名）")
    return out


def pool_problems(roles: list[str]) -> list[str]:
    """How a table differs from 2L's pools (N选M, each role once)."""
    out: list[str] = []
    if len(roles) != PLAYERS:
        out.append(f"本局人数{PLAYERS}人，给出了 {len(roles)} 名")
    twice = sorted((r for r, k in Counter(roles).items() if k > 1), key=list(BY_NAME).index)
    if twice:
        out.append(f"每种身份只有一张（{'、'.join(twice)} 重复）")
    for pool, pick in POOLS:
        k = len({r for r in roles if BY_NAME[r].pool == pool})
        if k != pick:
            size = len(POOL_OF[pool])
            head = f"【{pool}】{size}选{pick}" if size > 1 else f"【{pool}】{pool_text(pool)}"
            out.append(f"{head}，给出了 {k} 种")
    return out


def pool_text(pool: str) -> str:
    return "、".join(POOL_OF[pool])


def setup_problem(roles: list[str]) -> str | None:
    """Why a table fixed by hand is not the post's setup, or None."""
    wrong = pool_problems(roles) + cooccurrence_problems(roles)
    if not wrong and not ratio_ok(roles):
        village, wolves = ratio_tenths(roles)
        wrong.append(f"附加规则4：村民与狼人强度值倍率为1.3～1.4，给出的是 {village}÷{wolves}"
                     f"≈{village / wolves:.2f}")
    return "；".join(wrong) if wrong else None


def draw(rng: random.Random) -> list[str]:
    """One table of the post's setup, in seat order.

    A hundred draws or so per deal made the deal a fifth of a simulated game, so a
    draw is `rng.sample` of each pool done by hand on indices (`sample_indices`,
    the very same picks) and judged by `fits` (the same verdict as the problem
    lists, without their messages)."""
    bits = rng.getrandbits
    for _ in range(MAX_DRAWS):
        roles: list[str] = []
        # `sample_indices` inlined on the names themselves, its (m, width) steps
        # precomputed (`_DRAW_STEPS`): the same bits drawn, the same picks
        for names, steps in _DRAW_STEPS:
            pool = list(names)
            for m, width in steps:
                r = bits(width)
                while r >= m:
                    r = bits(width)
                roles.append(pool[r])
                pool[r] = pool[m - 1]
        if fits(roles):
            rng.shuffle(roles)
            return roles
    raise ValueError("发牌失败：没有抽到符合附加规则4的配置")  # pragma: no cover (p ≈ 1%)


_DRAW_POOLS: tuple[tuple[tuple[str, ...], int], ...] = tuple(
    (tuple(POOL_OF[pool]), pick) for pool, pick in POOLS)
# random.sample takes its "pool" branch (the one sample_indices repeats) for a
# population of at most 21 and a sample of at most 5
assert all(len(names) <= 21 and pick <= 5 for names, pick in _DRAW_POOLS)
# per pool: its names, and for each pick the size m of what is left and m.bit_length()
_DRAW_STEPS: tuple[tuple[tuple[str, ...], tuple[tuple[int, int], ...]], ...] = tuple(
    (names, tuple((len(names) - i, (len(names) - i).bit_length()) for i in range(pick)))
    for names, pick in _DRAW_POOLS)
_STRENGTH: dict[str, int] = {r.name: strength(r.name) for r in ROSTER}
_VILLAGE: frozenset[str] = frozenset(r.name for r in ROSTER if r.pool in VILLAGE_POOLS)
_WOLF: frozenset[str] = frozenset(r.name for r in ROSTER if r.pool == "狼")
_PACK: frozenset[str] = frozenset(r.name for r in ROSTER if in_pack(r.name))


def sample_indices(bits: Callable[[int], int], n: int, k: int) -> list[int]:
    """The indices `random.Random.sample(population, k)` picks from a population of
    `n` <= 21 (k <= 5), drawing the same bits from `bits` (the rng's getrandbits):
    its pool branch, each index by `_randbelow_with_getrandbits` (tests compare the
    two, seed by seed)."""
    pool = list(range(n))
    out: list[int] = []
    for i in range(k):
        m = n - i
        width = m.bit_length()
        r = bits(width)
        while r >= m:
            r = bits(width)
        out.append(pool[r])
        pool[r] = pool[m - 1]
    return out


def fits(roles: list[str]) -> bool:
    """`not cooccurrence_problems(roles) and ratio_ok(roles)`, without the messages."""
    have = set(roles)
    if ("狼兄" in have) != ("狼弟" in have):
        return False
    if "厚皮肉猪" not in have and ("野人" in have or "养殖者" in have):
        return False
    village = wolves = count = pack = 0
    for r in roles:
        if r in _WOLF:
            wolves += _STRENGTH[r]
            count += 1
            if r in _PACK:
                pack += 1
        elif r in _VILLAGE:
            village += _STRENGTH[r]
    if "赤狼" in have and 2 * pack <= count:
        return False
    return wolves > 0 and RATIO_LOW * wolves <= 10 * village <= RATIO_HIGH * wolves

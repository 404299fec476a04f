"""2L 身份池介绍 and 附加规则4: who is in a game of 14.

【狼】10选4, 【验人系】2选1, 【强神】10选4, 【弱神】10选4 and 宗教老爷爷 (4+1+4+4+1 = 14,
"本局人数14人"); the co-occurrence rules of the role texts (有狼兄必有狼弟 and back,
有野人/养殖者必有厚皮肉猪, 赤狼: "[群内]狼人数量必定大于总狼人数量1/2"); and "村民与狼人
强度值倍率为1.3～1.4": the village's circled values summed over the wolves' lie in
[1.3, 1.4] (RULINGS 1, 2). A deal draws uniformly among the tables that hold all of
this (about 1 in 370 of the pools' draws does): one number among the valid tables,
numbered without listing them (`draw`, `Tables`)."""

from __future__ import annotations

import random
from bisect import bisect_right
from collections import Counter
from itertools import combinations
from typing import Final

from .roster import ROSTER, RosterRole

PLAYERS: Final = 14
POOLS: Final[tuple[tuple[str, int], ...]] = (("狼", 4), ("验人系", 1), ("强神", 4), ("弱神", 4),
                                             ("独立", 1))
BY_NAME: Final[dict[str, RosterRole]] = {r.name: r for r in ROSTER}
POOL_OF: Final[dict[str, list[str]]] = {p: [r.name for r in ROSTER if r.pool == p]
                                        for p, _ in POOLS}
VILLAGE_POOLS: Final = ("验人系", "强神", "弱神")
# "村民与狼人强度值倍率为1.3～1.4", as tenths to stay exact
RATIO_LOW, RATIO_HIGH = 13, 14


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
    """One table of the post's setup, in seat order: uniform among the valid tables
    (those `fits` passes), then seated by a uniform shuffle.

    Why this is the same distribution as "draw uniformly from each pool, redraw until
    the table holds" (RULINGS 1): that rejection gives every valid table (as a set of
    roles) the same chance, 1 / (number of valid tables); each accepted table is then
    shuffled, so the seating is a uniform permutation whatever order the pools were
    drawn in. Here the valid tables are numbered 0 .. TABLES - 1 without listing them
    (`Tables`): one `rng.randrange(TABLES)` picks a number, each number with the
    same chance, and `Tables.table` turns it into its table; that map is one-to-one
    onto the valid tables (tests decode every number: all valid, all different, as
    many as an independent count of the valid tables), so each valid table again
    has the chance 1 / TABLES; the shuffle is the same. Only which table a given
    seed gives has changed (the old loop made ~9,000 getrandbits calls a deal, 40%
    of a compiled simulated game)."""
    roles = _TABLES.table(rng.randrange(_TABLES.total))
    rng.shuffle(roles)
    return roles


class Tables:
    """The valid tables, numbered without being listed.

    What decides validity, per part of a table (`fits`): the four wolves by
    themselves (狼兄 with 狼弟, 赤狼's pack majority), their strength W and whether
    养殖者 is in; the village by its strength V = 验人系 + 强神 + 弱神 only, and by
    野人 (in 强神) and 厚皮肉猪 (in 弱神): 养殖者 or 野人 needs 厚皮肉猪. So the wolf
    sets (passing their own rules) are grouped by (W, 养殖者), each pool's village
    sets by (strength, 野人 / 厚皮肉猪), and the village by (V, 厚皮肉猪): with the
    pig any 强神 set may come, without it only the ones without 野人. A pair of a wolf
    group and a village group is valid or not as a whole (the ratio on W and V, and
    养殖者 needing the pig), and holds (wolf count × village count) tables: table
    number i is found by the pair its range holds, then i's remainder read as
    (wolf set, village set) in mixed radix, the village set likewise as
    (验人系 card, 强神 set, 弱神 set)."""

    def __init__(self) -> None:
        wolves: dict[tuple[int, bool], list[tuple[str, ...]]] = {}
        for w in combinations(POOL_OF["狼"], 4):
            have = set(w)
            if ("狼兄" in have) != ("狼弟" in have):
                continue
            if "赤狼" in have and 2 * sum(r in _PACK for r in w) <= len(w):
                continue
            wolves.setdefault((sum(_STRENGTH[r] for r in w), "养殖者" in have), []).append(w)
        strong = _by_strength("强神", 4, "野人")
        weak = _by_strength("弱神", 4, "厚皮肉猪")
        # village groups (V, pig): their parts (验人系 card, 强神 sets, 弱神 sets)
        village: dict[tuple[int, bool], list[tuple[str, list[tuple[str, ...]],
                                                   list[tuple[str, ...]]]]] = {}
        for seer in POOL_OF["验人系"]:
            for (s, wild), strongs in strong.items():
                for (r, pig), weaks in weak.items():
                    if wild and not pig:
                        continue  # 有野人必有厚皮肉猪
                    key = (_STRENGTH[seer] + s + r, pig)
                    village.setdefault(key, []).append((seer, strongs, weaks))
        self.village = {k: (_starts([len(a) * len(b) for _, a, b in parts]), parts)
                        for k, parts in sorted(village.items())}
        # the valid (wolf group, village group) pairs, each with its first number
        self.pairs: list[tuple[list[tuple[str, ...]], tuple[int, bool], int]] = []
        sizes: list[int] = []
        for (w_sum, breeder), sets in sorted(wolves.items()):
            for (v_sum, pig), (starts, _) in self.village.items():
                if breeder and not pig:
                    continue  # 有养殖者必有厚皮肉猪
                if not RATIO_LOW * w_sum <= 10 * v_sum <= RATIO_HIGH * w_sum:
                    continue
                self.pairs.append((sets, (v_sum, pig), starts[-1]))
                sizes.append(len(sets) * starts[-1])
        self.starts = _starts(sizes)
        self.total = self.starts[-1]

    def table(self, i: int) -> list[str]:
        """Valid table number i (0 <= i < total), pools in order, 宗教老爷爷 last."""
        k = bisect_right(self.starts, i) - 1
        sets, key, village_size = self.pairs[k]
        j = i - self.starts[k]
        wolf = sets[j // village_size]
        j %= village_size
        starts, parts = self.village[key]
        m = bisect_right(starts, j) - 1
        seer, strongs, weaks = parts[m]
        j -= starts[m]
        return [*wolf, seer, *strongs[j // len(weaks)], *weaks[j % len(weaks)],
                *POOL_OF["独立"]]


def _by_strength(pool: str, pick: int, mark: str) -> dict[tuple[int, bool],
                                                             list[tuple[str, ...]]]:
    """The pool's `pick`-sets grouped by (strength sum, whether `mark` is in)."""
    out: dict[tuple[int, bool], list[tuple[str, ...]]] = {}
    for c in combinations(POOL_OF[pool], pick):
        out.setdefault((sum(_STRENGTH[r] for r in c), mark in c), []).append(c)
    return dict(sorted(out.items()))


def _starts(sizes: list[int]) -> list[int]:
    """[0, s0, s0 + s1, …]: where each block's numbers start, the total last."""
    out = [0]
    for n in sizes:
        out.append(out[-1] + n)
    return out


_STRENGTH: Final[dict[str, int]] = {r.name: strength(r.name) for r in ROSTER}
_VILLAGE: Final[frozenset[str]] = frozenset(r.name for r in ROSTER if r.pool in VILLAGE_POOLS)
_WOLF: Final[frozenset[str]] = frozenset(r.name for r in ROSTER if r.pool == "狼")
_PACK: Final[frozenset[str]] = frozenset(r.name for r in ROSTER if in_pack(r.name))
# the pools' sizes and picks this numbering is written for (2L)
assert [(p, len(POOL_OF[p]), k) for p, k in POOLS] == [
    ("狼", 10, 4), ("验人系", 2, 1), ("强神", 10, 4), ("弱神", 10, 4), ("独立", 1, 1)]
_TABLES: Final = Tables()


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

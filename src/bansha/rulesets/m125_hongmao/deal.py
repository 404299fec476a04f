"""流程0, the deal: "每个角色将会获得2个身份牌" from the 20 cards; the forbidden pairs
"【双狼人】【狼人牌+预言家/定序王子】", the mandatory "将必定出现至少一个以下组合【双村民】",
and the fixed slots (黑狼王 原初的历史: 必须为第一身份; 蚀时狼妃 穿越时空 and 定序王子
逆转时空: 必须为第二身份). RULINGS.md 1–3."""

from __future__ import annotations

import random
from collections import Counter

WOLF = "狼人阵营"
VILLAGE = "村民阵营"
# the 20 cards as the role section counts them
POOL: tuple[tuple[str, str, int], ...] = (
    ("狼人", WOLF, 2), ("蚀时狼妃", WOLF, 1), ("黑狼王", WOLF, 1),
    ("预言家", VILLAGE, 1), ("女巫", VILLAGE, 1), ("猎人", VILLAGE, 1),
    ("纵火犯", VILLAGE, 1), ("骑士", VILLAGE, 1), ("定序王子", VILLAGE, 1),
    ("守卫", VILLAGE, 1), ("魔术师", VILLAGE, 1), ("村民", VILLAGE, 8),
)
PLAYERS = 10
WOLF_CARDS = frozenset(r for r, f, _ in POOL if f == WOLF)
FIRST_ONLY = frozenset({"黑狼王"})  # 原初的历史<强制>
SECOND_ONLY = frozenset({"蚀时狼妃", "定序王子"})  # 穿越时空 / 逆转时空<强制>
NOT_WITH_WOLF = frozenset({"预言家", "定序王子"})  # 【狼人牌+预言家/定序王子】


def pool() -> list[str]:
    return [r for r, _, n in POOL for _ in range(n)]


def pair_problem(first: str, second: str) -> str | None:
    """Why one player's two cards, in this order, break the deal rules, or None."""
    wolves = [c for c in (first, second) if c in WOLF_CARDS]
    if len(wolves) == 2:
        return f"{first}+{second} 是被禁止的组合【双狼人】"
    if wolves:
        other = second if first in WOLF_CARDS else first
        if other in NOT_WITH_WOLF:
            return f"{first}+{second} 是被禁止的组合【狼人牌+预言家/定序王子】"
    if second in FIRST_ONLY:
        return f"{second} 必须为第一身份（原初的历史）"
    if first in SECOND_ONLY:
        return f"{first} 必须为第二身份（{'穿越时空' if first == '蚀时狼妃' else '逆转时空'}）"
    return None


def hands_problem(hands: list[list[str]], names: list[str]) -> str | None:
    """A fixed deal checked against the post, naming the `players` entry."""
    if len(hands) != PLAYERS:
        return f"players：本规则为 {PLAYERS} 人局（共20张身份），给出了 {len(hands)} 名玩家"
    for i, h in enumerate(hands):
        if len(h) != 2:
            return f"players[{i}] ({names[i]})：每名玩家有 2 张身份牌，给出了 {len(h)} 张"
        why = pair_problem(h[0], h[1])
        if why is not None:
            return f"players[{i}] ({names[i]})：{why}"
    given = Counter(c for h in hands for c in h)
    book = Counter(pool())
    if given != book:
        diff = []
        for role in dict.fromkeys([*book, *given]):
            if given[role] != book[role]:
                diff.append(f"{role} {given[role]} 张（应为 {book[role]} 张）")
        return "players：身份牌与规则贴的20张不符：" + "、".join(diff)
    if not any(h[0] == "村民" and h[1] == "村民" for h in hands):
        return "players：必定出现至少一个【双村民】组合（两张村民牌），给出的配置中没有"
    return None


def order_pair(a: str, b: str) -> list[str]:
    """The default order of a dealt pair: the fixed slots, else the dealt order."""
    if b in FIRST_ONLY or a in SECOND_ONLY:
        return [b, a]
    return [a, b]


def deal(rng: random.Random) -> list[list[str]]:
    """A legal deal drawn with the seed: shuffle, pair, keep the first that obeys
    every rule (rejection sampling; about one shuffle in ten qualifies)."""
    cards = pool()
    for _ in range(100_000):
        rng.shuffle(cards)
        hands = [order_pair(cards[2 * i], cards[2 * i + 1]) for i in range(PLAYERS)]
        if hands_problem(hands, [str(i) for i in range(PLAYERS)]) is None:
            return hands
    raise ValueError("无法发出合法的身份牌")  # unreachable in practice

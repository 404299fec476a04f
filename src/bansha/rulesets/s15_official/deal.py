"""一、身份分配: who is in a game of n players (20–30), and the game's title with
its version suffix (后缀 = 玩家数 − 20)."""

from __future__ import annotations

import random
from collections import Counter

from .names import NORMAL_POOL, SPECIAL_ROLES, WOLF_ROLES

BASE_TITLE = "官方规则S15"
MIN_PLAYERS = 20
MAX_PLAYERS = 30
NORMALS_DRAWN = 6
# "按照“良民-乱民-良民”的良民：乱民=2:1比例增添身份"
EXTRA_CYCLE = ("良民", "乱民", "良民")


def extra_roles(n: int) -> list[str]:
    """The roles added beyond 20 players, in the post's 良民-乱民-良民 order."""
    return [EXTRA_CYCLE[i % len(EXTRA_CYCLE)] for i in range(n - MIN_PLAYERS)]


def version_suffix(n: int) -> int:
    return n - MIN_PLAYERS


def game_title(n: int) -> str:
    return f"{BASE_TITLE}.{version_suffix(n)}"


def deal(n: int, rng: random.Random) -> list[str]:
    """4 特殊, 6 普通 drawn from the 10 (the rest discarded unseen), 2 良民, 1 乱民,
    5 狼人 (头狼 黑狼 狼使 狼牧 白狼), 1 吹笛, 1 爱神; then the 21st.. seats."""
    if not MIN_PLAYERS <= n <= MAX_PLAYERS:
        raise ValueError(f"{BASE_TITLE} 需要 {MIN_PLAYERS}–{MAX_PLAYERS} 名玩家，给出了 {n} 名")
    normals = rng.sample(NORMAL_POOL, NORMALS_DRAWN)
    roles = [
        *SPECIAL_ROLES, *normals, "良民", "良民", "乱民", *WOLF_ROLES, "白狼", "吹笛", "爱神",
        *extra_roles(n),
    ]
    rng.shuffle(roles)
    return roles


def setup_problem(roles: list[str]) -> str | None:
    """Why a deal fixed by hand is not 一、身份分配 for that many players, or None:
    every 特殊, 狼人, 白狼, 吹笛 and 爱神 once, six different 普通 of the ten, and
    良民/乱民 2/1 plus the 良民-乱民-良民 additions."""
    n = len(roles)
    if not MIN_PLAYERS <= n <= MAX_PLAYERS:
        return f"{BASE_TITLE} 需要 {MIN_PLAYERS}–{MAX_PLAYERS} 名玩家，给出了 {n} 名"
    have = Counter(roles)
    extra = Counter(extra_roles(n))
    want = Counter([*SPECIAL_ROLES, *WOLF_ROLES, "白狼", "吹笛", "爱神"])
    want["良民"] = 2 + extra["良民"]
    want["乱民"] = 1 + extra["乱民"]
    wrong = [f"{r} 应有 {k} 名，给出了 {have[r]} 名" for r, k in want.items() if have[r] != k]
    normals = [r for r in roles if r in NORMAL_POOL]
    twice = sorted({r for r in normals if have[r] > 1})
    if twice:
        wrong.append(f"普通身份各只有一张（{'、'.join(twice)} 重复）")
    elif len(normals) != NORMALS_DRAWN:
        wrong.append(f"普通身份应从十种中抽取 {NORMALS_DRAWN} 种，给出了 {len(normals)} 种")
    if not wrong:
        return None
    return f"“一、身份分配”：{'；'.join(wrong)}"


def discarded(roles: list[str]) -> list[str]:
    """The 普通 identities not in play (nobody but the director learns them)."""
    return [r for r in NORMAL_POOL if r not in roles]

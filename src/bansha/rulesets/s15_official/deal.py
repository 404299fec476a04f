"""一、身份分配: who is in a game of n players (20–30), and the game's title with
its version suffix (后缀 = 玩家数 − 20)."""

from __future__ import annotations

import random

from .roles import NORMAL_POOL, SPECIAL_ROLES, WOLF_ROLES

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


def discarded(roles: list[str]) -> list[str]:
    """The 普通 identities not in play (nobody but the director learns them)."""
    return [r for r in NORMAL_POOL if r not in roles]

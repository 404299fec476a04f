"""[S15] 胜负判定, checked after every step in the order 白狼、吹笛、情侣、狼人、村民.

"未曾达到判负条件且最先达到判胜条件的阵营将获得胜利。若有且只有一个阵营未达到判负
条件，则该阵营获得胜利。" — the engine's WinChecker does exactly that (lose first,
has-lost never reverts). A faction nobody belongs to any more (白狼 after 归群,
情侣阵营 when the lovers share a faction) has lost (RULINGS R-15).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bansha.engine import Game
from bansha.engine.factions import FactionRule

from .identity import is_wolf, lovers, mad, vote_weight
from .names import CATEGORY, LOVERS_SIDE, PIPER_SIDE, VILLAGE, WHITE, WIN_ORDER, WOLVES
from .outs import grant
from .state import notes, st

WHITE_WOLF_AT = 5  # "白狼在只有5个人未出局时自身未出局"
_PIPER_COUNTS = ("普通", "村民", "狼人")  # 吹笛 胜："所有普通身份、村民与狼人"
_VILLAGE_COUNTS = ("普通", "村民")  # 村民 负 2："所有普通身份及村民"


# the checks run after every step of every game: each walks the living once, and
# stops at the first answer where it can
def _alive_in(g: Game, faction: str) -> list[str]:
    seats = g.seats
    return [n for n in g.alive_tuple() if seats[n].faction == faction]


def _any_alive_in(g: Game, faction: str) -> bool:
    seats = g.seats
    return any(seats[n].faction == faction for n in g.alive_tuple())


# 〖白狼阵营〗
def white_lost(g: Game) -> bool:
    return not _any_alive_in(g, WHITE)  # 负：白狼出局


def white_won(g: Game) -> bool:
    return len(g.alive_tuple()) <= WHITE_WOLF_AT and _any_alive_in(g, WHITE)


# 〖吹笛阵营〗
def piper_lost(g: Game) -> bool:
    return not _any_alive_in(g, PIPER_SIDE)  # 负：吹笛出局


def piper_won(g: Game) -> bool:
    """胜：所有普通身份、村民与狼人均处于癫狂状态."""
    seats = g.seats
    return all(mad(g, n) for n in g.alive_tuple()
               if CATEGORY.get(seats[n].role) in _PIPER_COUNTS)


# 〖情侣阵营〗
def lovers_lost(g: Game) -> bool:
    """负：情侣出局. Before 金箭 is settled the faction cannot be judged."""
    if not st(g).night0_done:
        return False
    members = [n for n in lovers(g) if g.seats[n].faction == LOVERS_SIDE]
    return not members or any(not g.seats[n].alive for n in members)


# 〖狼人阵营〗
def wolves_lost(g: Game) -> bool:
    """负：狼人阵营所有角色均出局或处于癫狂状态."""
    seats = g.seats
    return all(mad(g, n) for n in g.alive_tuple() if seats[n].faction == WOLVES)


def wolves_won(g: Game) -> bool:
    """胜：狼人阵营存活的人数可投出的票数占总票数的一半或以上 (警长 2, 若愚 0, 假死 0)."""
    seats = g.seats
    total = side = 0
    for n in g.alive_tuple():  # one weight per living seat (it was asked twice of wolves)
        w = vote_weight(g, n)
        total += w
        if seats[n].faction == WOLVES:
            side += w
    return total > 0 and 2 * side >= total


# 〖村民阵营〗
def village_lost(dao_bian: bool) -> Callable[[Game], bool]:
    """负：1.村民阵营中的特殊身份均出局；2.村民阵营中的所有普通身份及村民均出局或处于癫狂状态.
    With 刀边 (the post's rule) either loses; without it (屠城) both are needed."""

    def lost(g: Game) -> bool:
        members = _alive_in(g, VILLAGE)
        seats = g.seats
        specials_out = not any(CATEGORY.get(seats[n].role) == "特殊" for n in members)
        commons_out = all(mad(g, n) for n in members
                          if CATEGORY.get(seats[n].role) in _VILLAGE_COUNTS)
        return (specials_out or commons_out) if dao_bian else (specials_out and commons_out)

    return lost


# per 刀边 option, made once: the rules hold no game and change nothing, and a game's
# WinChecker only reads them (six objects fewer kept alive per game)
_RULES: dict[bool, list[FactionRule[Game]]] = {}


def rules(options: dict[str, Any]) -> list[FactionRule[Game]]:
    dao_bian = bool(options.get("刀边", True))
    got = _RULES.get(dao_bian)
    if got is None:
        got = _RULES[dao_bian] = _rules(dao_bian)
    return list(got)  # the checker's own list (a caller may edit it)


def _rules(dao_bian: bool) -> list[FactionRule[Game]]:
    table: dict[str, FactionRule[Game]] = {
        WHITE: FactionRule(WHITE, white_lost, white_won),
        PIPER_SIDE: FactionRule(PIPER_SIDE, piper_lost, piper_won),
        LOVERS_SIDE: FactionRule(LOVERS_SIDE, lovers_lost, None),
        WOLVES: FactionRule(WOLVES, wolves_lost, wolves_won),
        VILLAGE: FactionRule(VILLAGE, village_lost(dao_bian), None),
    }
    return [table[f] for f in WIN_ORDER]


def check(game: Game) -> None:
    """The win check after a step (raises GameOver once a winner exists), then 遗志."""
    game.check_win()
    _legacy(game)


def _legacy(game: Game) -> None:
    """遗志: "若情侣中有狼人且情侣属于〖情侣阵营〗，当〖狼人阵营〗优先判负后，狼人阵营的狼人
    失去技能【杀人】，情侣获得技能【杀人】"."""
    state = st(game)
    if state.legacy_done:
        return
    lost = game.wins.has_lost
    pair = lovers(game)
    if WOLVES not in lost or LOVERS_SIDE in lost or not pair:
        return
    if any(game.seats[n].faction != LOVERS_SIDE for n in pair):
        return
    if not any(is_wolf(game, n) for n in pair):
        return
    state.legacy_done = True
    for n in game.order:
        s = game.seats[n]
        if s.faction == WOLVES and game.held.has(n, "杀人"):
            game.held.remove(n, "杀人")
            game.trace(f"遗志：狼人阵营判负，{n} 失去【杀人】", skill="遗志")
    for n in pair:
        grant(game, n, "杀人")
        notes(game, n).legacy = True
        if game.phase.is_night:
            notes(game, n).kill_got = game.phase.index
    game.notify(pair, "遗志：〖狼人阵营〗已判负，情侣获得技能【杀人】（两人共同决定一个目标）",
                skill="遗志")
    game.trace("遗志：情侣获得【杀人】", skill="遗志")

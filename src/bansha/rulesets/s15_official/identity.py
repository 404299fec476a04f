"""[S15] who is what: identity types, the lovers and the pack, states, votes.
Every question goes to the seat, the typed state (state.py) or the statuses."""

from __future__ import annotations

from bansha.engine import Game
from bansha.engine.statuses import VOTE_WEIGHT

from .names import CATEGORY, LOVERS, PACK, WOLVES
from .state import S15State, notes
from .statuses import FAKE_DEAD, MAD


def category(game: Game, seat: str) -> str:
    """身份类型 of the seat's current identity: 特殊/普通/村民/狼人/白狼/吹笛."""
    return CATEGORY.get(game.seats[seat].role, "")


def is_wolf(game: Game, seat: str) -> bool:
    """“狼人” in the post's sentences = the 狼人-type identities (RULINGS R-3)."""
    return category(game, seat) == "狼人"


def original_faction(game: Game, seat: str) -> str:
    """The faction of the identity dealt to the seat (before 私奔/归群/复仇)."""
    return notes(game, seat).original_faction


def lovers(game: Game) -> list[str]:
    return game.groups.get(LOVERS, [])


def partner(game: Game, seat: str) -> str | None:
    pair = lovers(game)
    if seat not in pair:
        return None
    return next((n for n in pair if n != seat), None)


def pack(game: Game) -> list[str]:
    return game.groups.get(PACK, [])


# mad, fake_dead, sent_off and vote_weight are asked for every seat by every legality
# and win check: they read the status book's per-holder index (StatusBook.names /
# .blocked) and the notes directly, with no call (癫狂 and 假死 have no source limit,
# so the index answers exactly what StatusBook.has would)
_NONE: frozenset[str] = frozenset()


def mad(game: Game, seat: str) -> bool:
    """癫狂 (a 假死 character stays 癫狂: RULINGS R-12)."""
    state: S15State = game.shape.state  # type: ignore[assignment]
    assert state.book is not None
    return MAD in state.book.names.get(seat, _NONE)


def fake_dead(game: Game, seat: str) -> bool:
    state: S15State = game.shape.state  # type: ignore[assignment]
    assert state.book is not None
    return FAKE_DEAD in state.book.names.get(seat, _NONE)


# RULINGS R-25: "罚下而未出局的角色处于存活状态" — alive, but the player is sent off
SENT_OFF = ("罚下的角色不能投票或行使技能"
            "（裁定R-25：罚下而未出局的角色处于存活状态，但不能投票、行使技能或提交遗言）")


def sent_off(game: Game, seat: str) -> bool:
    state: S15State = game.shape.state  # type: ignore[assignment]
    return state.notes[seat].sent_off


def role_seats(game: Game, role: str) -> list[str]:
    """The seats whose current identity is `role`: only for an identity that holds no
    skill to find it by (替罪羊 hands 【蒙冤】 to "一名良民"; 良民 "无技能"). Every other
    lookup goes by the skill held (game.held)."""
    return [n for n in game.order if game.seats[n].role == role]


def heir_candidates(game: Game, seat: str) -> tuple[str, ...]:
    """黑狼's 杀人 goes to "一名狼人": an alive 狼人-type identity of 狼人阵营."""
    return tuple(n for n in game.alive_tuple()
                 if n != seat and is_wolf(game, n) and game.seats[n].faction == WOLVES)


def vote_weight(game: Game, seat: str) -> int:
    """Votes `seat` casts: 警长 2 (领导); a 白痴 who used 若愚 0 ("投票作废");
    out, 假死 or 罚下 0 (they cannot vote)."""
    if not game.seats[seat].alive:
        return 0
    state: S15State = game.shape.state  # type: ignore[assignment]  # hot: every win check
    n = state.notes[seat]
    if n.fool_used or n.sent_off:
        return 0
    assert state.book is not None
    if VOTE_WEIGHT in state.book.blocked.get(seat, _NONE):
        return 0
    return 2 if seat == game.sheriff else 1

"""经典狼人杀 (classic): 村民 and 狼人 only (and, as an option, one 预言家).

Night: the pack kills one alive villager (the kill is compulsory; an unsubmitted
kill falls on a uniformly random villager). Day: the top vote goes out; a tie or
no vote sends nobody out. The wolves win once they are at least as many as the
villagers; the village wins once every wolf is out. Options choose the numbers
and whether the game opens with a night or a day. Option `seer=1` makes one of
the villagers a 预言家 who checks one seat each night (狼人 or 好人), the detective
of Braverman, Etasami and Mossel's model. See RULINGS.md.

The file is deliberately lean: the simulator plays hundreds of thousands of
these games to check itself against the exact village win probability.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

from bansha.engine import (
    Action,
    Game,
    LegalAction,
    OptionSpec,
    Phase,
    RoleSpec,
    Ruleset,
    SetupError,
    SkillSpec,
    register,
)
from bansha.engine.factions import FactionRule
from bansha.engine.ruleset import DEFAULT_NAMES, Resolution

from .forum import FORUM_RULES

VILLAGE = "村民阵营"
WOLVES = "狼人阵营"
VILLAGER = "村民"
WOLF = "狼人"
SEER = "预言家"
KILL = "杀人"
CHECK = "查验"
PACK = "狼群"
KILL_KEY = f"{PACK}/{KILL}"
NIGHT_OUT = "狼刀"
LYNCH_OUT = "投票出局"

SKILLS: dict[str, SkillSpec] = {
    KILL: SkillSpec(KILL, team=True, forced=True, target="alive_other",
                    text="每个夜晚，狼群共同指杀一名存活的村民（必须发动；未提交时随机指定）。"),
    CHECK: SkillSpec(CHECK, target="alive_other",
                     text="每个夜晚，预言家可查验一名其他存活角色，得知其是狼人还是好人。"),
}

ROLES: dict[str, RoleSpec] = {
    VILLAGER: RoleSpec(VILLAGER, VILLAGE, 13, aliases=("villager", "平民"),
                       note="没有技能；人数由选项 villagers 决定"),
    WOLF: RoleSpec(WOLF, WOLVES, 2, (KILL,), aliases=("wolf", "werewolf"),
                   note="互知共群；人数由选项 wolves 决定"),
    SEER: RoleSpec(SEER, VILLAGE, 0, (CHECK,), aliases=("seer", "detective"),
                   note="仅当选项 seer=1：村民之一为预言家"),
}


class ClassicState:
    """One game's counts and seats, so that win checks stay O(1)."""

    def __init__(self) -> None:
        self.c = 0  # alive villagers
        self.m = 0  # alive wolves
        self.seer: str | None = None
        self.prey: tuple[tuple[str, ...], tuple[str, ...]] | None = None  # (alive, villagers)


def _st(game: Game) -> ClassicState:
    s = game.shape.state
    assert isinstance(s, ClassicState)
    return s


def _counts(game: Game) -> tuple[int, int]:
    """(alive villagers, alive wolves)."""
    s = _st(game)
    return s.c, s.m


def _wolves_won(game: Game) -> bool:
    c, m = _counts(game)
    return m > 0 and m >= c


def _wolves_lost(game: Game) -> bool:
    return _counts(game)[1] == 0


def _as_int(name: str, value: Any) -> int:
    # CLI options arrive as text ("3"); a YAML scenario gives ints
    try:
        n = int(value)
    except (TypeError, ValueError):
        raise ValueError(f"选项 {name} 应为整数，给出了 {value!r}") from None
    if str(n) != str(value).strip():
        raise ValueError(f"选项 {name} 应为整数，给出了 {value!r}")
    return n


class Classic(Ruleset):
    id = "classic"
    forum_rules = FORUM_RULES
    title = "经典狼人杀（村民＋狼人）"
    min_players = 3  # 2 villagers + 1 wolf is the smallest undecided table
    max_players = len(DEFAULT_NAMES)
    first_phase = Phase("night", 0)
    roles = ROLES
    skills = SKILLS
    factions = (WOLVES, VILLAGE)
    faction_aliases: ClassVar[dict[str, str]] = {
        "village": VILLAGE, "wolves": WOLVES, "好人": VILLAGE, "好人阵营": VILLAGE,
        "狼人": WOLVES, "村民": VILLAGE,
    }
    option_specs = (
        OptionSpec("wolves", 2, (), "狼人数量 m（≥1）"),
        OptionSpec("villagers", None, (),
                   "村民数量 c（须多于狼人）；不填时为玩家人数减去狼人数"),
        OptionSpec("first", "night", ("night", "day"),
                   "night：第0夜开局（先杀人）；day：第1天开局（先投票）"),
        OptionSpec("seer", 0, (),
                   "预言家数量（0 或 1）：1 时村民之一为预言家，每夜查验一人是狼人还是好人"),
    )
    # The simulator's player count when none is given: 13 村民 + 2 狼人.
    default_players: ClassVar[int] = 15

    def opening_phase(self) -> Phase:
        # the opening phase is an option here (first: night | day)
        return Phase("day", 1) if self.options.get("first") == "day" else Phase("night", 0)

    @classmethod
    def suggested_players(cls, options: dict[str, Any]) -> int:
        """The player count the options imply (used by the simulator's default)."""
        m = _as_int("wolves", options.get("wolves", 2))
        c = options.get("villagers")
        if c is None:
            return max(cls.default_players, 2 * m + 1)  # villagers must outnumber wolves
        return _as_int("villagers", c) + m

    # ---- setup ------------------------------------------------------------
    def deal(self, n: int, rng: random.Random) -> list[str]:
        m = _as_int("wolves", self.options.get("wolves", 2))
        given = self.options.get("villagers")
        c = n - m if given is None else _as_int("villagers", given)
        if m < 1:
            raise ValueError("至少需要 1 名狼人")
        if c + m != n:
            raise ValueError(f"{c} 名村民 + {m} 名狼人 = {c + m} 人，但给出了 {n} 名玩家")
        if c <= m:
            raise ValueError(f"村民（{c}）须多于狼人（{m}），否则开局即分出胜负；"
                             "请调整人数或选项 wolves/villagers")
        seers = _as_int("seer", self.options.get("seer", 0))
        if seers not in (0, 1):
            raise ValueError(f"选项 seer 应为 0 或 1，给出了 {seers}")
        pool = [SEER] * seers + [VILLAGER] * (c - seers) + [WOLF] * m
        rng.shuffle(pool)
        return pool

    def new_state(self) -> object | None:
        return ClassicState()

    def setup(self, game: Game) -> None:
        # the pack and the seer are found by the skills they hold (杀人, 查验)
        wolves = game.held.holders(KILL)
        if not wolves or len(wolves) * 2 >= len(game.order):
            # hand-dealt seats bypass deal(): check the same premise here
            raise SetupError("经典局需要至少 1 名狼人，且村民多于狼人")
        game.groups[PACK] = wolves
        st = _st(game)
        st.c = len(game.order) - len(wolves)
        st.m = len(wolves)
        st.seer = game.held.first(CHECK)
        for n in game.order:
            s = game.seats[n]
            game.notify(n, f"你的身份是：{s.role}（{s.faction}）")
        game.notify(wolves, "狼群成员为 " + "、".join(wolves), skill=KILL)

    def on_phase_start(self, game: Game) -> None:
        ph = game.phase
        if ph.is_night:
            game.announce(f"{ph.chinese}开始，狼人请杀人")
            return
        prev = game.phases[-2] if len(game.phases) >= 2 else None
        if prev is not None:
            names = "、".join(n for n, _ in prev.outs)
            game.announce(f"昨夜出局：{names}" if names else "昨夜无人出局")
        game.announce(f"{ph.chinese}：请投票")

    # ---- inputs -----------------------------------------------------------
    def _prey(self, game: Game) -> tuple[str, ...]:
        # alive villagers; recomputed only when the alive set changes
        alive = game.alive_tuple()
        st = _st(game)
        cached = st.prey
        if cached is None or cached[0] is not alive:
            pack = game.groups[PACK]
            cached = (alive, tuple(n for n in alive if n not in pack))
            st.prey = cached
        return cached[1]

    def legal(self, game: Game, seat: str) -> list[LegalAction]:
        if not game.phase.is_night or not game.alive(seat):
            return []
        if seat in game.groups[PACK]:
            return [LegalAction(seat, KILL, self._prey(game), optional=False, team=True)]
        if seat == _st(game).seer:
            others = tuple(n for n in game.alive_tuple() if n != seat)
            return [LegalAction(seat, CHECK, others)]
        return []

    def check_submit(self, game: Game, action: Action) -> str | None:
        if action.skill == CHECK:
            return self._check_reason(game, action)
        if action.skill != KILL:
            return f"本规则没有技能 {action.skill}"
        if not game.phase.is_night:
            return "只能在夜晚杀人"
        if not game.held.has(action.seat, KILL):
            return "只有狼人可以杀人"
        if not game.alive(action.seat):
            return "已出局的角色不能发动技能"
        if action.target is None:
            return "杀人需要写明目标"
        if action.target not in self._prey(game):
            return f"{action.target} 不是存活的村民，不能被杀"
        return None

    def _check_reason(self, game: Game, action: Action) -> str | None:
        if not game.phase.is_night:
            return "只能在夜晚查验"
        if action.seat != _st(game).seer:
            return "只有预言家可以查验"
        if not game.alive(action.seat):
            return "已出局的角色不能发动技能"
        if action.target == action.seat or action.target is None or not game.alive(action.target):
            return f"{action.target} 不是其他存活角色，不能被查验"
        return None

    def submit_key(self, game: Game, action: Action) -> str:
        if action.skill == CHECK:
            return f"{action.seat}/{CHECK}"  # the seer's last submission stands
        return KILL_KEY  # one pack decision: the last submission stands

    # ---- resolution -------------------------------------------------------
    def resolve(self, game: Game) -> Resolution:
        if game.phase.is_night:
            yield from self._night(game)
        else:
            yield from self._day(game)

    def _night(self, game: Game) -> Resolution:
        seer = _st(game).seer
        if seer is not None:
            # the check resolves before the kill: a seer killed tonight still learns it
            check = game.take(seer, CHECK)
            if check is not None and check.target is not None and game.alive(check.target):
                word = WOLF if game.seats[check.target].role == WOLF else "好人"
                game.notify(seer, f"查验：{check.target} 是{word}", skill=CHECK)
        a = game.take_key(KILL_KEY)
        prey = self._prey(game)
        if a is not None and a.target in prey:
            target = a.target
        else:
            target = prey[game.rng.randrange(len(prey))]
            game.trace(f"狼人未提交杀人，随机指定 {target}", skill=KILL)
        assert target is not None
        yield from game.put_out(target, NIGHT_OUT)

    def _day(self, game: Game) -> Resolution:
        yield from game.vote_out_top(game.votes.tally(lambda v: 1.0), LYNCH_OUT)

    def before_out(self, game: Game, seat: str, cause: str) -> Resolution:
        # put_out checks the win right after the seat goes out: the counts must
        # already say so (nothing in this ruleset can stop an out once it starts)
        st = _st(game)
        if game.seats[seat].role == WOLF:
            st.m -= 1
        else:
            st.c -= 1
        return
        yield

    def win_rules(self) -> list[FactionRule[Game]]:
        return [
            FactionRule(WOLVES, _wolves_lost, _wolves_won),
            FactionRule(VILLAGE, _wolves_won, None),
        ]

    def view_extra(self, game: Game, seat: str) -> dict[str, Any]:
        if seat in game.groups[PACK]:
            return {"group": {PACK: list(game.groups[PACK])}}
        return {}


# register after the class, not as a decorator: a decorated class cannot be compiled
# as a native class by the optional mypyc build (see setup.py)
register(Classic)

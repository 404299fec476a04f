"""The base a ruleset builds on: data (roles, skills, factions, options) plus
small hooks the game calls. The engine never names a particular ruleset."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Generator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from mypy_extensions import mypyc_attr

from .abilities import Ability, RoleData
from .actions import Action, LegalAction, Prompt
from .deadlines import Deadlines
from .factions import FactionRule
from .forum_rules import ForumRules
from .phase import Phase
from .schedule import Schedule
from .skills import SkillSpec
from .statuses import StatusKind

if TYPE_CHECKING:
    from .game import Game

Resolution = Generator[Prompt, Action | None, None]

DEFAULT_NAMES = (
    "甲乙丙丁戊己庚辛壬癸子丑寅卯辰巳午未申酉戌亥"
    "金木水火土日月星云风"
)


@dataclass(frozen=True)
class RoleSpec:
    name: str
    faction: str
    count: int
    skills: tuple[str, ...] = ()
    aliases: tuple[str, ...] = ()
    granted: tuple[str, ...] = ()  # skills the role can gain during the game
    note: str = ""
    # data some posts give (m192: pool heading as category, the circled strength, tags)
    category: str = ""
    strength: int | None = None
    tags: tuple[str, ...] = ()


@dataclass(frozen=True)
class OptionSpec:
    name: str
    default: Any
    choices: tuple[Any, ...]
    doc: str


# allow_interpreted_subclasses: in the optional compiled (mypyc) build a ruleset
# defined outside the compiled modules (a test's toy ruleset) may still subclass it.
@mypyc_attr(allow_interpreted_subclasses=True)
class Ruleset:
    """Subclass per rule post. Class attributes hold the data; methods are hooks.

    A plain class, not a dataclass, and subclasses take no class decorator (they
    call register(Cls) after the class): the optional compiled (mypyc) build needs
    both, see setup.py."""

    id: ClassVar[str] = ""
    title: ClassVar[str] = ""
    min_players: ClassVar[int] = 1
    max_players: ClassVar[int] = 30
    first_phase: ClassVar[Phase] = Phase("day", 1)
    roles: ClassVar[dict[str, RoleSpec]] = {}
    skills: ClassVar[dict[str, SkillSpec]] = {}
    factions: ClassVar[tuple[str, ...]] = ()
    faction_aliases: ClassVar[dict[str, str]] = {}
    option_specs: ClassVar[tuple[OptionSpec, ...]] = ()
    # non-identity roles (警长 <非身份>) and the skills they carry
    extra_roles: ClassVar[dict[str, tuple[str, ...]]] = {}
    # input skills every ruleset understands (not role skills)
    input_skills: ClassVar[tuple[str, ...]] = ("投票", "改票", "判罚", "加速")
    # rulings only the director can make, entered as `Action("导演", skill, ...)` and
    # judged by check_submit / resolve_now (m192: 审讯's correctness, m125: 关门前3小时);
    # the platform offers them through a `director_inputs(game)` method (web/rulings.py)
    director_skills: ClassVar[tuple[str, ...]] = ()
    # True: the game checks wins after every single out (put_out). False: the
    # ruleset calls game.check_win() itself (s15: "每一步执行完毕后，执行胜负判定").
    win_check_on_out: ClassVar[bool] = True
    # "同时判负时，之前未判负的阵营中按照优先级获胜" (m192): when every faction still
    # standing loses at once, the first of these among them wins; () = nobody wins
    win_priority: ClassVar[tuple[str, ...]] = ()
    # the post's forum-side rules (vote thread, cards, 潜水, 加速): read by bansha.forum
    forum_rules: ClassVar[ForumRules] = ForumRules()
    # the post's 行动时限 / 关门 minutes per window (deadlines.py): read by the platform
    deadlines: ClassVar[Deadlines] = Deadlines()
    # What a scenario file may give (checked before anything runs): the identity cards
    # a player holds (m125-hongmao: 2), the sub-phases an input may pin with `phase:`
    # (m192-nata: 晨曦, 正午, 黄昏) and whether a sheriff candidacy (上警) exists.
    cards_per_player: ClassVar[int] = 1
    # skills whose `choice` is a mapping of named parts (m192's disguise {身份, 阵营,
    # 带刀}); the input carries it as text (choice_text / choice_parts below)
    choice_parts: ClassVar[dict[str, tuple[str, ...]]] = {}
    sub_phases: ClassVar[tuple[str, ...]] = ()
    candidacy: ClassVar[bool] = False
    # ---- the shape of docs/architecture.md ("The shape"); all optional ----
    # the windows of a day and a night, each with its abilities in the post's order
    schedule: ClassVar[Schedule] = Schedule()
    # m125: ("history", "reversal") and ("历史轮", "逆转轮"); one unnamed round otherwise
    rounds: ClassVar[tuple[str, ...]] = ("",)
    rounds_cn: ClassVar[tuple[str, ...]] = ("",)
    status_kinds: ClassVar[dict[str, StatusKind]] = {}
    # the seat's faction: the first of these any of its cards holds (m125: 狼人阵营
    # first); empty = its first card's faction
    faction_order: ClassVar[tuple[str, ...]] = ()
    # inputs may address a card ("甲:1") as actor or target
    card_targets: ClassVar[bool] = False
    # roles as data with their abilities (abilities.py); each card's abilities are
    # held in game.held, and a submission of a held ability goes to game.uses
    role_data: ClassVar[dict[str, RoleData]] = {}
    # without role_data: the Ability each skill is where the ruleset declares its own
    # (S15's skill()); every other skill's is derived from its SkillSpec. A seat holds
    # its dealt roles' skills as these abilities in game.held.
    abilities: ClassVar[dict[str, Ability]] = {}

    def __init__(self, options: dict[str, Any] | None = None) -> None:
        self.options: dict[str, Any] = {} if options is None else options
        # The title this game shows; a ruleset may make it depend on the table
        # (s15: the version suffix). `title` is the ruleset's own.
        self.game_title: str = self.title
        # whether this ruleset overrides voter / canonical (each the identity by
        # default) / may_vote (the living vote): read for every vote offer and every
        # input, which then pay no ruleset call that can only hand back what it was
        # given (an attribute read, where a look-up of the class in a set cost both
        # builds more)
        cls = type(self)
        self.own_voter: bool = cls.voter is not Ruleset.voter
        self.own_canonical: bool = cls.canonical is not Ruleset.canonical
        self.own_may_vote: bool = cls.may_vote is not Ruleset.may_vote
        self.own_may_be_voted: bool = cls.may_be_voted is not Ruleset.may_be_voted

    def __repr__(self) -> str:
        return f"{type(self).__name__}(options={self.options!r})"

    # ---- data helpers -------------------------------------------------
    @classmethod
    def role_name(cls, name: str) -> str | None:
        if name in cls.roles:
            return name
        for r in cls.roles.values():
            if name in r.aliases:
                return r.name
        return None

    @classmethod
    def faction_name(cls, name: str) -> str | None:
        if name in cls.factions:
            return name
        return cls.faction_aliases.get(name)

    @classmethod
    def skill_names(cls) -> set[str]:
        return set(cls.skills) | set(cls.input_skills)

    @classmethod
    def resolve_options(cls, given: dict[str, Any]) -> dict[str, Any]:
        """Defaults merged with `given`; raise ValueError naming a bad option."""
        specs = {o.name: o for o in cls.option_specs}
        out = {o.name: o.default for o in cls.option_specs}
        for k, v in given.items():
            if k not in specs:
                known = "、".join(specs) or "（无）"
                raise ValueError(f"未知的选项“{k}”；可用：{known}")
            choices = specs[k].choices
            # `1 in (True, False)` holds in Python: a boolean option takes booleans only
            if choices and (v not in choices
                            or isinstance(choices[0], bool) != isinstance(v, bool)):
                shown = "、".join(_option_text(c) for c in choices)
                raise ValueError(f"选项 {k} 的值“{_option_text(v)}”无效；可选：{shown}")
            out[k] = v
        return out

    def setup_problem(self, roles: list[str]) -> str | None:
        """Why a deal fixed by hand (one role per seat) is not the post's setup for
        that many seats, or None. Here: it must hold the roles `deal` gives (a
        ruleset whose deal draws from a pool overrides this)."""
        try:
            book = self.deal(len(roles), random.Random(0))
        except ValueError as e:
            return str(e)
        order = list(self.roles)  # the roles as the post lists them
        return compare_setup(sorted(book, key=order.index), sorted(roles, key=order.index))

    def deal(self, n: int, rng: random.Random) -> list[str]:
        """Roles for n seats in seat order (a seeded chance step)."""
        pool = [r.name for r in self.roles.values() for _ in range(r.count)]
        if len(pool) != n:
            raise ValueError(f"{self.title} 需要 {len(pool)} 名玩家，给出了 {n} 名")
        rng.shuffle(pool)
        return pool

    def deal_hands(self, n: int, rng: random.Random) -> list[list[str]]:
        """Cards for n seats in seat order, each seat's cards in its order (a seeded
        chance step). One card each from `deal` unless a ruleset deals more."""
        return [[r] for r in self.deal(n, rng)]

    def hands_problem(self, hands: list[list[str]], names: list[str]) -> str | None:
        """Why a deal fixed by hand breaks the post's dealing rules (forbidden pairs, a
        card in the wrong slot), naming the player; None = it may be played. Only a
        ruleset with such rules overrides it; the default accepts any table."""
        return None

    # ---- hooks ----------------------------------------------------------
    def new_state(self) -> object | None:
        """The ruleset's typed state for one game (`game.state`, read back with
        `bansha.engine.state.state_of(game, MyState)`); None = none."""
        return None

    def opening_phase(self) -> Phase:
        """The phase a game opens in; a ruleset may make it depend on its options."""
        return self.first_phase

    def setup(self, game: Game) -> None:
        """Called once after seats are created (groups, initial flags)."""

    def on_phase_start(self, game: Game) -> None:
        """Called when a phase opens (announcements, skills gained at night start)."""

    def legal(self, game: Game, seat: str) -> list[LegalAction]:
        """Role-skill actions `seat` may submit in the open window."""
        return []

    def legal_all(self, game: Game) -> list[list[LegalAction]]:
        """`legal` of every seat, in seat order (`game.order`): pending()'s question,
        asked at every step of every window. A ruleset may answer all seats in one
        pass, with what they share (the moment, its own state) looked up once instead
        of once per seat; the answers must be `legal`'s. Each list is the caller's
        (pending() appends the vote to it)."""
        return [self.legal(game, n) for n in game.order]

    def check_submit(self, game: Game, action: Action) -> str | None:
        """Extra refusal reasons for a window submission (None = accept)."""
        return None

    def submit_key(self, game: Game, action: Action) -> str:
        """Actions with the same key replace each other (team skills share one)."""
        return f"{action.seat}/{action.skill}"

    def resolve(self, game: Game) -> Resolution:
        """Close the open phase and resolve it (may yield prompts)."""
        return
        yield

    def next_sub(self, game: Game) -> bool:
        """Called when a resolution ends: True when the ruleset has opened its next
        sub-phase window within the same phase (it set game.sub / game.nth; m192 晨曦 →
        正午 → 黄昏). The phase stays open with a fresh window (no submissions, no
        uses); the vote box is kept. False (the default): the next phase opens."""
        return False

    def input_sub(self, game: Game, action: Action) -> str:
        """The sub-phase an input belongs to when none is named (a scenario's action
        without `phase:`): "" for a ruleset without sub-phase windows."""
        return ""

    def resolve_now(self, game: Game, action: Action) -> Resolution | None:
        """An accepted submission that takes effect at once ("立即", "任意时刻"):
        return its resolution (run at once, may yield prompts; the phase stays
        open). None (the default) queues the action for the phase's resolution."""
        return None

    # before and after an out: the triggers' resolution, or None when there is none
    # (the out then costs no generator)
    def before_out(self, game: Game, seat: str, cause: str) -> Resolution | None:
        return None

    def after_out(self, game: Game, seat: str, cause: str) -> Resolution | None:
        return None

    def vote_weight(self, game: Game, seat: str) -> float:
        return 1.0

    def canonical(self, game: Game, action: Action) -> Action:
        """The input as the ruleset addresses it, before it is checked: a card ruleset
        maps a bare seat name to the card that acts ("a name alone means the player's
        card that holds the skill"). The default leaves every input as it is."""
        return action

    def voter(self, game: Game, seat: str) -> str:
        """The name `seat`'s ballot is kept under (a card ruleset: its voting card)."""
        return seat

    def result_extra(self, game: Game) -> dict[str, Any]:
        """Ruleset facts the result document adds (m125: history_end)."""
        return {}

    def may_vote(self, game: Game, seat: str) -> str | None:
        return None if game.seats[seat].alive else "已出局的角色不能投票"

    def votes_open(self, game: Game) -> bool:
        """Whether anyone may vote in the open day window at all (m192: only in 正午):
        False spares pending() asking `may_vote` of every seat, which must then
        refuse every seat too."""
        return True

    def may_be_voted(self, game: Game, target: str) -> str | None:
        return None if game.seats[target].alive else f"{target} 已出局，不能被投票"

    def win_rules(self) -> list[FactionRule[Game]]:
        return []

    def view_extra(self, game: Game, seat: str) -> dict[str, Any]:
        """Ruleset-specific facts the seat knows about itself (pack mates, ...)."""
        return {}


PART_SEP = "；"


def choice_text(parts: dict[str, str], names: tuple[str, ...]) -> str:
    """A mapping choice as the input's text, in the skill's part order:
    "身份=通灵师；阵营=村民阵营"."""
    return PART_SEP.join(f"{k}={parts[k]}" for k in names if k in parts)


def choice_parts(text: str | None) -> dict[str, str]:
    """The mapping back from choice_text (an ill-formed piece is left out)."""
    out: dict[str, str] = {}
    for piece in (text or "").split(PART_SEP):
        k, sep, v = piece.partition("=")
        if sep and k.strip():
            out[k.strip()] = v.strip()
    return out


def _option_text(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    return "（空）" if v is None else str(v)


def setup_text(roles: list[str]) -> str:
    """"3狼人、1野良、…" in first-appearance order, as a rule post writes a setup."""
    return "、".join(f"{k}{r}" for r, k in Counter(roles).items())


def compare_setup(book: list[str], given: list[str]) -> str | None:
    """None when `given` holds exactly the roles of `book`; else what differs."""
    if Counter(book) == Counter(given):
        return None
    return f"规则贴的配置为 {setup_text(book)}；给出的是 {setup_text(given)}"

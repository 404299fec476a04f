"""[M47]『野良神』 as a ruleset: the roles (roles/, one module each), the order table
(schedule.py), the outs and triggers (outs.py), the legality (legality.py), the typed
state (state.py); this file wires them to the engine's hooks."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from bansha.engine import Action, Game, LegalAction, OptionSpec, Phase, Ruleset, register
from bansha.engine.factions import FactionRule
from bansha.engine.moment import Moment
from bansha.engine.ruleset import Resolution

from . import outs
from .deadlines import DEADLINES
from .forum import FORUM_RULES
from .legality import (
    IF_SUMMONED,
    held_reason,
    may_be_summoned,
    target_reason,
    team_key,
    use_reason,
    valid_targets,
)
from .pack import PACK, in_pack
from .roles import ROLES, SHERIFF_SKILLS, SKILLS, UNDECIDED, VILLAGE, WOLF_SIDE, lastwords
from .roles.sheriff import vote_weight
from .roles.wolf import summon_reason
from .schedule import DAY, NIGHT, SCHEDULE
from .state import M47State, NightTally, m47

GODS = ("神明", "祝器", "女巫", "村长")
# the skills used in the night window, which legal() offers
NIGHT_SKILLS: frozenset[str] = frozenset(k for k, sp in SKILLS.items() if sp.window == "night")


# the win lines run after every out: loops rather than any() over a generator, which
# is a frame resumed per seat in the pure build

def _wolf_side_lost(g: Game) -> bool:
    # 野良阵营全部角色出局（包括：当警长为野良阵营时的“伤心的村民”）
    for s in g.seats.values():
        if s.alive and s.faction == WOLF_SIDE:
            return False
    return True


def _wolf_side_won(g: Game) -> bool:
    alive = wolves = 0
    for s in g.seats.values():
        if s.alive:
            alive += 1
            if s.faction == WOLF_SIDE:
                wolves += 1
    return 2 * wolves >= alive


def _any_alive(g: Game, names: list[str]) -> bool:
    seats = g.seats
    for n in names:
        if seats[n].alive:
            return True
    return False


def _village_lost(g: Game) -> bool:
    # roles never change in M47, so the two groups are fixed at setup
    st = m47(g)
    return not _any_alive(g, st.gods) or not _any_alive(g, st.villagers)


class M47Yeliang(Ruleset):
    id = "m47-yeliang"
    forum_rules = FORUM_RULES
    deadlines = DEADLINES
    title = "[M47]『野良神』"
    min_players = 14
    max_players = 14
    first_phase = Phase("day", 1)
    roles = ROLES
    skills = SKILLS
    schedule = SCHEDULE
    factions = (WOLF_SIDE, VILLAGE)
    faction_aliases: ClassVar[dict[str, str]] = {
        "神明阵营": VILLAGE, "village": VILLAGE, "wolves": WOLF_SIDE,
    }
    extra_roles: ClassVar[dict[str, tuple[str, ...]]] = {
        "警长": SHERIFF_SKILLS, "出局角色": ("遗言",),
    }
    option_specs = (
        OptionSpec("penalties", "off", ("off", "auto"),
                   "auto：讨论日结束时未投票者判罚黄牌（潜水（3））"),
    )

    def new_state(self) -> object | None:
        return M47State()

    # ---- setup and phase starts -----------------------------------------
    def setup(self, game: Game) -> None:
        st = m47(game)
        game.lastwords.limit = lastwords.LAST_WORDS
        role = {n: game.seats[n].role for n in game.order}
        # the pack: who holds 群居 ("所有狼人互知共群"); the 野良: who holds 流浪
        wolves = game.held.holders("群居")
        st.wolves = wolves
        # the win line's two groups are identities: "神职（神明、祝器、女巫、村长）", 村民
        st.gods = [n for n in game.order if role[n] in GODS]
        st.villagers = [n for n in game.order if role[n] == "村民"]
        game.groups[PACK] = wolves
        st.stray = game.held.first("流浪")
        st.vessel = game.held.first("道标")
        outs.wire(game)
        for n in game.order:
            r = role[n]
            faction = UNDECIDED if r == "伤心的村民" else game.seats[n].faction
            game.notify(n, f"你的身份是：{r}（{faction}）")
        if wolves:
            game.notify(wolves, "群居：狼群成员为 " + "、".join(wolves), skill="群居")
        if st.stray:
            game.notify(st.stray, "流浪：你不和其他狼人共群", skill="流浪")

    def on_phase_start(self, game: Game) -> None:
        if game.phase.is_night:
            game.announce(f"{game.phase.chinese}开始，请提交技能")
            outs.night_start(game)  # 寻仇, 换代
        else:
            self._day_start(game)

    def _day_start(self, game: Game) -> None:
        if game.phase.n == 1:
            game.announce("第1天：讨论日开始。本日投票选举警长（最先获得最高票数者当选），无人出局")
            return
        prev = game.phases[-2] if len(game.phases) >= 2 else None
        names = [n for n, _ in prev.outs] if prev else []
        game.announce("昨夜出局：" + "、".join(names) if names else "昨夜无人出局")
        lastwords.publish(game)
        game.flush_later()
        game.announce(f"{game.phase.chinese}：讨论日开始，请投票")

    # ---- inputs -----------------------------------------------------------
    def legal(self, game: Game, seat: str) -> list[LegalAction]:
        if game.seats[seat].alive:
            if game.phase.kind != "night":
                return []  # by day the living only vote (the engine offers that)
            return _night_legal(game, seat, game.moment, m47(game).summon_used,
                                game.groups.get(PACK, ()))
        return _words(game, seat)

    def legal_all(self, game: Game) -> list[list[LegalAction]]:
        # legal() of every seat, with what they share looked up once: pending() asks
        # it at every step, and by day every living seat's answer is the empty list
        seats = game.seats
        if game.phase.kind != "night":
            return [[] if seats[n].alive else _words(game, n) for n in game.order]
        at = game.moment
        used = m47(game).summon_used
        pack_now = game.groups.get(PACK, ())
        return [_night_legal(game, n, at, used, pack_now) if seats[n].alive
                else _words(game, n) for n in game.order]

    def check_submit(self, game: Game, action: Action) -> str | None:
        seat, skill = action.seat, action.skill
        spec = SKILLS[skill]
        if skill == "遗言":
            reason = lastwords.refusal(game, seat, action.text)
            if reason is None:
                game.lastwords.store(seat, action.text or "")
            return reason
        if not game.seats[seat].alive:
            # the dead only hand in last words, or answer a prompt their own out raised
            return "已出局的角色不能发动技能"
        if skill == "殉职":
            # kept until the badge is passed: by the sheriff, or by anyone who may receive
            # the badge in this phase's resolution and lose it again (RULINGS 13a)
            if game.sheriff is None and not (game.phase.kind == "day" and game.phase.n == 1):
                return "本局没有警长，无法殉职"
            return None
        if skill == "神堕":
            if not game.held.has(seat, "神堕"):
                return f"{seat} 没有技能 神堕"
            return target_reason(game, seat, skill, action.target)
        if spec.window in ("passive", "trigger"):
            return f"{skill} 是被动/强制结算的技能，无需提交"
        if skill in IF_SUMMONED and may_be_summoned(game, seat):
            # in case tonight's 召唤 takes him into the pack (RULINGS 15)
            return target_reason(game, seat, skill, action.target)
        return use_reason(game, seat, skill, action.target)

    def submit_key(self, game: Game, action: Action) -> str:
        if action.skill in SKILLS and SKILLS[action.skill].team:
            return team_key(game, action.seat, action.skill)
        return f"{action.seat}/{action.skill}"

    # ---- resolution ---------------------------------------------------------
    def resolve(self, game: Game) -> Resolution:
        st = m47(game)
        night = game.phase.is_night
        if night:
            st.night = NightTally()
        st.open_outs = lambda: outs.pipeline(game, st)
        try:
            for _window, step in NIGHT if night else DAY:  # the order table, schedule.py
                run = step(game, st)
                if run is not None:  # what the step could not settle at once
                    yield from run
        finally:  # also when the game ends mid-resolution: no Game kept in a cycle
            if st.outs is not None:
                st.out_records.extend(st.outs.records)
            st.outs = None
            st.open_outs = None
        # what is left was never taken: a skill no step settles, a badge or 神堕 choice
        # for an out that did not happen (遗言 are kept until they are published)
        when = "本夜" if night else "本日"
        for u in game.uses.take_every(lambda u: u.ability != "遗言"):
            a = u.input()
            if a.skill == "殉职":
                game.reject(a, f"{when}你没有作为警长出局，殉职未使用")
            else:
                game.reject(a, f"{when}无法结算该技能")

    def before_out(self, game: Game, seat: str, cause: str) -> Resolution | None:
        return outs.before_out(game, seat, cause)

    def after_out(self, game: Game, seat: str, cause: str) -> Resolution:
        return outs.after_out(game, seat, cause)

    def vote_weight(self, game: Game, seat: str) -> float:
        return vote_weight(game, seat)

    def win_rules(self) -> list[FactionRule[Game]]:
        return [
            FactionRule(WOLF_SIDE, _wolf_side_lost, _wolf_side_won),
            FactionRule(VILLAGE, _village_lost, None),
        ]

    def view_extra(self, game: Game, seat: str) -> dict[str, Any]:
        extra: dict[str, Any] = {}
        if in_pack(game, seat):
            extra["group"] = {PACK: list(game.groups[PACK])}
        return extra


def _words(game: Game, seat: str) -> list[LegalAction]:
    """An out seat's 遗言, while it may still hand them in."""
    offer = game.lastwords.offer(seat)
    return [] if offer is None else [offer]


def _night_legal(game: Game, seat: str, at: Moment, summon_used: bool,
                 pack_now: Sequence[str]) -> list[LegalAction]:
    """The night skills the living `seat` may use now (legal()'s night answer)."""
    acts: list[LegalAction] = []
    table = game.held.table(seat)
    if not table:
        return acts  # 村民: nothing held
    # 召唤's rule (roles/wolf.py) with what is known here — the seat holds it, it is
    # night — decided once for the seat rather than once for each listing of 召唤
    summon_open = False
    if table.get("召唤") is not None:
        summon_open = summon_reason(True, seat in pack_now, summon_used, True) is None
    # the held night skills not spent (skill_reason's first checks, known here), in
    # the table's order; 召唤 once more after them, as the pack's
    for sk, h in table.items():
        if sk not in NIGHT_SKILLS or (h.charges is not None and h.charges <= 0):
            continue
        if sk == "召唤":
            if not summon_open:
                continue
        elif held_reason(game, seat, h, at) is not None:
            continue
        targets = valid_targets(game, seat, sk)
        if targets:
            acts.append(LegalAction(seat, sk, targets, team=SKILLS[sk].team))
    if summon_open:
        targets = valid_targets(game, seat, "召唤")
        if targets:
            acts.append(LegalAction(seat, "召唤", targets, team=SKILLS["召唤"].team))
    return acts


# register after the class, not as a decorator: a decorated class cannot be compiled
# as a native class by the optional mypyc build (see setup.py)
register(M47Yeliang)

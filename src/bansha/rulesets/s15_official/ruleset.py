"""官方规则S15 as a ruleset: the roles (one module each, roles/), the order table
(schedule.py) run by night.py and day.py, instant skills (anytime.py), the states
(statuses.py), the 濒死 ledger (dying.py), what an out sets off (triggers.py), the
typed state (state.py), dealing (deal.py) and wins (wins.py); this file wires them."""

from __future__ import annotations

import random
from typing import Any, ClassVar

from bansha.engine import Action, Game, LegalAction, OptionSpec, Phase, Ruleset, register
from bansha.engine.abilities import Ability
from bansha.engine.factions import FactionRule
from bansha.engine.ruleset import Resolution

from . import anytime, day, night, outs, triggers, wins
from .deadlines import DEADLINES
from .deal import (
    BASE_TITLE,
    MAX_PLAYERS,
    MIN_PLAYERS,
    deal,
    discarded,
    game_title,
    setup_problem,
)
from .dying import pipeline, release
from .forum import FORUM_RULES
from .identity import (
    SENT_OFF,
    fake_dead,
    heir_candidates,
    lovers,
    mad,
    pack,
    sent_off,
    vote_weight,
)
from .legality import (
    IMMEDIATE,
    PROMPTED,
    held_reason,
    lastwords_reason,
    skill_reason,
    target_reason,
    targets_reason,
    valid_targets,
)
from .names import (
    FACTIONS,
    LOVERS,
    LOVERS_SIDE,
    PACK,
    PIPER_SIDE,
    VILLAGE,
    WHITE,
    WOLF_ROLES,
    WOLVES,
)
from .roles import LOVER_SKILLS, ROLES, SHERIFF_SKILLS, SKILLS
from .schedule import SCHEDULE
from .skill import CATALOG
from .state import Night, Notes, S15State, checked, notes, st
from .statuses import STATUS_KINDS

# offered in the prompt that follows 【通灵】 rather than in the open window
AFTER_FEEDBACK = ("解药", "毒药")
_OFFERED = ("night", "day", "any")  # the windows a player submits in (not triggers)
# the roles that leave last words to count (a constant: mypyc cannot compile the
# star-expression inside `in`)
WOLF_ROLES_AND_WHITE = (*WOLF_ROLES, "白狼")


class S15Official(Ruleset):
    id = "s15-official"
    forum_rules = FORUM_RULES
    deadlines = DEADLINES
    title = BASE_TITLE
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    first_phase = Phase("night", 0)
    roles = ROLES
    skills = SKILLS
    # what a seat holds (game.held): each skill's one declaration (skill.py)
    abilities: ClassVar[dict[str, Ability]] = {n: sk.ability for n, sk in CATALOG.items()}
    factions = FACTIONS
    faction_aliases: ClassVar[dict[str, str]] = {
        "狼人": WOLVES, "白狼": WHITE, "村民": VILLAGE, "吹笛": PIPER_SIDE, "情侣": LOVERS_SIDE,
        "wolves": WOLVES, "white-wolf": WHITE, "village": VILLAGE, "piper": PIPER_SIDE,
        "lovers": LOVERS_SIDE,
    }
    extra_roles: ClassVar[dict[str, tuple[str, ...]]] = {
        "情侣": tuple(s.name for s in LOVER_SKILLS),
        "警长": tuple(s.name for s in SHERIFF_SKILLS), "出局角色": ("遗言",),
    }
    option_specs = (
        OptionSpec("刀边", True, (True, False),
                   "true（默认，正式比赛的244/2E4刀边）：村民阵营特殊身份均出局，或普通身份及村民"
                   "均出局或癫狂，即判负；false（屠城）：两者同时满足才判负"),
        OptionSpec("投票公开", "全公开", ("全公开", "半公开"),
                   "全公开：公示每张票的投票者与对象；半公开：只公示各对象所得票数"),
        OptionSpec("公示身份", False, (True, False),
                   "出局角色的身份是否公示（正式比赛：不公示；死士总是公示）"),
        OptionSpec("遗言共群", "10X", ("10X", "11X"),
                   "有遗言的出局狼人：10X 立刻移除狼群（狼群剩1人时解散）；"
                   "11X 遗言阶段仍可在群内讨论"),
        OptionSpec("共群时段", "全时域", ("全时域", "仅夜晚"),
                   "活狼共群的时段（高难度仅夜晚、低难度全时域），供论坛层开放狼群讨论"),
    )

    win_check_on_out = False  # "每一步执行完毕后，执行胜负判定"
    schedule = SCHEDULE
    status_kinds = STATUS_KINDS

    # ---- setup ----------------------------------------------------------------
    def deal(self, n: int, rng: random.Random) -> list[str]:
        return deal(n, rng)

    def setup_problem(self, roles: list[str]) -> str | None:
        return setup_problem(roles)

    def new_state(self) -> object | None:
        return S15State()

    def setup(self, game: Game) -> None:
        n = len(game.order)
        state = checked(game)
        state.book = game.statuses
        state.dying = pipeline(game)
        triggers.subscribe(game)
        # the game's title carries the version suffix (玩家数-20)
        self.game_title = game_title(n)
        wolves = [s for s in game.order if game.seats[s].role in WOLF_ROLES]
        game.groups[PACK] = wolves
        game.lastwords.limit = sum(
            1 for s in game.order if game.seats[s].role in WOLF_ROLES_AND_WHITE)
        for name in game.order:
            s = game.seats[name]
            state.notes[name] = Notes(original_faction=s.faction)
            game.notify(name, f"你的身份是：{s.role}（{s.faction}）")
        if wolves:
            listing = "、".join(f"{w}（{game.seats[w].role}）" for w in wolves)
            game.notify(wolves, f"狼人互知共群：{listing}")
        game.trace("弃置的普通身份：" + ("、".join(discarded(
            [game.seats[s].role for s in game.order])) or "无"))
        game.announce(f"{game_title(n)}（{n}人）开始")

    def on_phase_start(self, game: Game) -> None:
        ph = game.phase
        if ph.is_night:
            state = st(game)
            state.night = Night(ph.n)
            state.dying = pipeline(game)  # tonight's 濒死 ledger
            if ph.n == 0:
                game.announce("第零日夜晚：只有爱神【金箭】与白狼【归群】可以行使")
            else:
                anytime.publish_lastwords(game, closing=False)
                game.announce(f"{ph.chinese}开始，请提交技能")
            return
        st(game).night = None
        if ph.n > 1:
            prev = game.phases[-2]
            names = [outs.shown(game, s) for s, _ in prev.outs]
            game.announce("昨夜出局：" + "、".join(names) if names else "昨夜无人出局")
        game.flush_later()
        anytime.publish_lastwords(game, closing=True)
        note = "（本日计票确定警长）" if ph.n == 1 else ""
        game.announce(f"{ph.chinese}：讨论与投票开始{note}")

    # ---- inputs ------------------------------------------------------------------
    def legal(self, game: Game, seat: str) -> list[LegalAction]:
        s = game.seats[seat]
        if sent_off(game, seat):  # every seat, every phase: one call, not two (identity.py)
            return []
        if not s.alive:
            offer = game.lastwords.offer(seat)
            return [offer] if offer is not None else []
        if fake_dead(game, seat):
            return []
        acts: list[LegalAction] = []
        for name, held in game.held.table(seat).items():
            sk = CATALOG[name]
            spec = sk.spec
            if spec.window not in _OFFERED or name in AFTER_FEEDBACK:
                continue
            # the seat's own checks are made above, once (skill_reason makes them again)
            if held_reason(game, seat, sk, held) is not None:
                continue
            if spec.target == "none":
                acts.append(LegalAction(seat, name, n_targets=0, needs_text=name == "出使"))
                continue
            targets = valid_targets(game, seat, name)
            if len(targets) >= spec.n_targets:
                acts.append(LegalAction(seat, name, targets, n_targets=spec.n_targets,
                                        optional=name != "金箭"))
        return acts

    def _heir_answer(self, game: Game, a: Action) -> bool:
        """黑狼 naming his heir in advance: 杀人 by day, or a second 杀人 at night
        naming a 狼人 while a kill is already submitted (scenario contract)."""
        if a.skill != "杀人" or not game.held.has(a.seat, "杀人") or notes(game, a.seat).legacy:
            return False
        if not game.phase.is_night:
            return True
        return f"{a.seat}/杀人" in game.uses \
            and a.target in heir_candidates(game, a.seat)

    def check_submit(self, game: Game, action: Action) -> str | None:
        seat, skill = action.seat, action.skill
        s = game.seats[seat]
        if sent_off(game, seat):
            return SENT_OFF  # last words too: the player is sent off
        if skill == "遗言":
            return lastwords_reason(game, seat, action.text)
        if not s.alive:
            return "已出局的角色只能回应自己出局时的询问或留下遗言"
        if skill in PROMPTED:
            if skill == "殉职":
                return None if game.sheriff == seat else "不是警长，无需殉职"
            return None if game.held.has(seat, skill) else f"{seat} 没有技能 {skill}（或已失去）"
        if self._heir_answer(game, action):
            if game.phase.is_night and game.phase.n == 0:
                return "第零晚除爱神【金箭】、白狼【归群】外，其他身份不能行使技能"
            if action.target not in heir_candidates(game, seat):
                return "须指认一名狼人获得【杀人】"
            return None
        if skill == "出使" and not (action.text or "").strip():
            return "出使需要写明发送给吹笛的信息"
        if skill == "金箭":
            return skill_reason(game, seat, skill) or \
                targets_reason(game, seat, skill, action.all_targets())
        return skill_reason(game, seat, skill) or \
            target_reason(game, seat, skill, action.target)

    def submit_key(self, game: Game, action: Action) -> str:
        if action.skill == "杀人":
            if self._heir_answer(game, action):
                return f"{action.seat}/杀人/移交"
            if notes(game, action.seat).legacy:
                return f"{LOVERS}/杀人"  # 遗志: the lovers decide one target together
        return f"{action.seat}/{action.skill}"

    def resolve_now(self, game: Game, action: Action) -> Resolution | None:
        if action.skill in IMMEDIATE or action.skill == "遗言":
            return anytime.resolve(game, action)
        return None

    # ---- resolution ----------------------------------------------------------------
    def resolve(self, game: Game) -> Resolution:
        ph = game.phase
        if not ph.is_night:
            yield from day.resolve_day(game)
            return
        try:
            if ph.n == 0:
                yield from night.resolve_night0(game)
            else:
                yield from night.resolve_night(game)
        finally:  # also when the game ends mid-night: no Game kept in a cycle (dying.py)
            release(game)
        if ph.n > 0 and day.settle_cards(game):
            wins.check(game)  # a sent-off player casts no vote

    def after_out(self, game: Game, seat: str, cause: str) -> Resolution:
        return triggers.fire_out(game, seat, cause)

    def vote_weight(self, game: Game, seat: str) -> float:
        return float(vote_weight(game, seat))

    def may_vote(self, game: Game, seat: str) -> str | None:
        if not game.seats[seat].alive:
            return "已出局的角色不能投票"
        if sent_off(game, seat):
            return SENT_OFF
        if fake_dead(game, seat):
            return "假死状态的角色不能投票"
        return None

    def win_rules(self) -> list[FactionRule[Game]]:
        return wins.rules(self.options)

    def view_extra(self, game: Game, seat: str) -> dict[str, Any]:
        s = game.seats[seat]
        extra: dict[str, Any] = {"title": self.game_title, "faction": s.faction}
        groups: dict[str, list[str]] = {}
        if seat in pack(game):
            groups[PACK] = list(pack(game))
        if seat in lovers(game):
            groups[LOVERS] = list(lovers(game))
        if groups:
            extra["group"] = groups
        states = [st for st, on in (("癫狂", mad(game, seat)), ("假死", fake_dead(game, seat)))
                  if on]
        if states:
            extra["states"] = states
        if seat in pack(game):
            extra["group_chat_open"] = self.options.get("共群时段") != "仅夜晚" \
                or game.phase.is_night
        return extra


# register after the class, not as a decorator: a decorated class cannot be compiled
# as a native class by the optional mypyc build (see setup.py)
register(S15Official)

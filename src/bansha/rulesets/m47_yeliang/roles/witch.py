"""女巫 (1): 通灵<强制>, 救药<限定>, 毒药<限定>.

Night step (3) (schedule.py), and (10) 毒药结算; 救药's protection is the first of
step (9)'s (ruleset.py)."""

from __future__ import annotations

from collections.abc import Callable

from bansha.engine import Action, Game, LegalAction, Prompt, RoleSpec, SkillSpec
from bansha.engine.ruleset import Resolution

from ..legality import first_valid, skill_reason, valid_targets
from ..state import M47State, StepRun, m47
from .factions import VILLAGE

SKILLS: tuple[SkillSpec, ...] = (
    SkillSpec("通灵", window="trigger", target="none", forced=True,
              text="游戏日夜晚，反馈被指杀的角色。"),
    SkillSpec("救药", once=True, target="alive_other",
              text="游戏日夜晚，女巫选择一名其他角色。该角色当晚不会因被指杀出局。"
                   "<救药>发动后，失去技能<通灵>，且该夜晚不可发动<毒药>。"),
    SkillSpec("毒药", once=True, target="alive",
              text="游戏日夜晚，女巫选择一名角色。该角色在夜晚结束前出局。"
                   "<毒药>发动后，该夜晚不可发动<救药>。"),
)
ROLE: RoleSpec = RoleSpec("女巫", VILLAGE, 1, ("通灵", "救药", "毒药"))

POTIONS = ("救药", "毒药")
WITCH_SKILLS = ("通灵", *POTIONS)
ONE_POTION = "裁定27：女巫每晚只能使用一瓶药"


def poison_limit(game: Game, seat: str) -> str | None:
    if m47(game).witch_tonight == "救药" or f"{seat}/救药" in game.uses:
        return f"本夜已使用救药（{ONE_POTION}）"
    return None


def cure_limit(game: Game, seat: str) -> str | None:
    if m47(game).witch_tonight == "毒药" or f"{seat}/毒药" in game.uses:
        return f"本夜已使用毒药（{ONE_POTION}）"
    return None


NIGHT_LIMIT: dict[str, Callable[[Game, str], str | None]] = {
    "毒药": poison_limit, "救药": cure_limit,
}


def _options(game: Game, witch: str) -> tuple[LegalAction, ...]:
    opts = []
    for sk in POTIONS:
        if skill_reason(game, witch, sk) is None:
            opts.append(LegalAction(witch, sk, valid_targets(game, witch, sk)))
    return tuple(opts)


def potions(game: Game, st: M47State) -> Resolution:
    """（3）女巫：执行<通灵>；选择<救药>、<毒药>目标 (被毒药的目标出局结算不在此时)."""
    witch: str | None = None  # the first holder of 通灵, else of a potion
    for sk in WITCH_SKILLS:  # a loop, not next() over a generator: every night asks
        w = game.held.first(sk)
        if w:
            witch = w
            break
    night = st.night
    if witch is None or not game.alive(witch):
        for sk in POTIONS:
            if witch:
                first_valid(game, witch, sk)
        return
    if game.held.has(witch, "通灵"):
        names = "、".join(dict.fromkeys(t for t, _ in night.kills))
        text = f"今晚被指杀的是：{names}" if names else "今晚无人被指杀"
        game.notify(witch, text, skill="通灵")
    actions: list[Action] = [a for sk in POTIONS if (a := first_valid(game, witch, sk)) is not None]
    if not actions:
        opts = _options(game, witch)
        if opts:
            answer = yield Prompt(witch, opts, default="视为放弃技能行使",
                                  context="通灵反馈后选择救药或毒药")
            if answer is not None:
                actions = [answer]
    for a in actions:
        held = game.held.get(witch, a.skill)
        assert held is not None  # refused by first_valid or the prompt otherwise
        held.spend(game.moment, (a.target or "",))
        st.witch_tonight = a.skill
        if a.skill == "救药":
            night.saved = a.target
            game.held.remove(witch, "通灵")  # 救药发动后，失去技能<通灵>
            game.trace(f"救药：{witch} 救 {a.target}；女巫失去通灵", skill="救药")
        else:
            night.poisoned = a.target
            game.trace(f"毒药：{witch} 毒 {a.target}（夜晚结束前出局）", skill="毒药")
        break  # only one of 救药/毒药 per night; a second was refused on submit


def poison_out(game: Game, st: M47State) -> StepRun | None:
    """（10）毒药结算：<毒药>对象出局."""
    if st.night.poisoned is None:
        st.witch_tonight = None  # the night's potions are settled (裁定27 holds for one night)
        return None
    return _poison_out(st, st.night.poisoned)


def _poison_out(st: M47State, target: str) -> Resolution:
    yield from st.hit(target, "毒药")
    st.witch_tonight = None

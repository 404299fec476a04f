"""The shape of an input, checked before anything else looks at it.

`Game.submit` takes whatever a form, a bot or a script hands it. Before the rules
are asked, the input must be an `Action` whose fields have the types the rules
read (seat, skill: a name; target: one name or nothing; targets: a tuple of names;
choice, text: text or nothing) and as many targets, in the form, as the skill
takes: none for an untargeted skill, one given as `target` for a one-target skill
(or the open prompt's option). A bad shape is refused with a Chinese reason that
says which field is wrong, never a Python repr of the value.

In the optional compiled build `Action` checks its field types itself when it is
built (a list as `seat` raises TypeError there, before any game sees it), so most
type checks below fire only in the pure build; the element types of `targets` (a
tuple holding a list) and the form checks fire in both.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from .abilities import Ability, RoleData
from .actions import Action, Prompt

if TYPE_CHECKING:
    from .ruleset import Ruleset

VOTES: Final = ("投票", "改票")


TARGETS: Final = "目标列表（targets）应为若干玩家的名字"


def type_reason(action: object) -> str | None:
    """Why `action` is not an Action with well-typed fields (None: it is)."""
    if not isinstance(action, Action):
        return "无法识别的输入：应为一个行动（座位、技能及其目标）"
    # held as objects: in the pure build any value may sit in a field
    seat: object = action.seat
    skill: object = action.skill
    target: object = action.target
    targets: object = action.targets
    choice: object = action.choice
    text: object = action.text
    if not isinstance(seat, str):
        return "行动的座位（seat）应为一名玩家的名字"
    if not isinstance(skill, str):
        return "行动的技能（skill）应为技能名"
    if target is not None and not isinstance(target, str):
        return "目标（target）应为一名玩家的名字"
    if not isinstance(targets, tuple):
        return TARGETS
    for t in targets:  # a loop, not all(<generator>): this runs for every input
        if not isinstance(t, str):
            return TARGETS
    if choice is not None and not isinstance(choice, str):
        return "选项（choice）应为文字"
    if text is not None and not isinstance(text, str):
        return "文字（text）应为文字"
    return None


def expected_targets(action: Action, ruleset: Ruleset, prompt: Prompt | None) -> int | None:
    """How many targets the input takes: the open prompt's option when it answers it,
    else the skill's own count (0 for an untargeted skill); None when unknown (an
    unknown skill, 判罚, a trigger: refused or handled later)."""
    if prompt is not None and prompt.seat == action.seat:
        opt = prompt.option(action.skill)
        if opt is not None:
            return opt.n_targets
    if action.skill in VOTES:
        return 1
    if ruleset.role_data:  # roles as data (abilities.py): the ability declares its count
        ability = _abilities_by_name(ruleset.role_data).get(action.skill)
        if ability is not None:
            if ability.target is not None:
                return ability.target.count
            return 0 if ability.windows else None  # a trigger's choice: its ruleset's
    spec = ruleset.skills.get(action.skill)
    if spec is None:
        return None
    if spec.target == "none":
        # a trigger's name may stand for the choice it raises (S15 蒙冤 naming a 良民):
        # its ruleset decides; a skill one submits with no target takes none
        return None if spec.window in ("trigger", "passive") else 0
    return spec.n_targets


# per role table (by identity, the table kept alive with its index): each ability name
# and the first ability of that name in role order, as a scan of the roles would find
# it. Every input asked for it, and a scan of M192's roles was ~0.4 M instructions a
# game (compiled)
_BY_NAME: Final[dict[int, tuple[dict[str, RoleData], dict[str, Ability]]]] = {}


def _abilities_by_name(roles: dict[str, RoleData]) -> dict[str, Ability]:
    got = _BY_NAME.get(id(roles))
    if got is not None and got[0] is roles:
        return got[1]
    index: dict[str, Ability] = {}
    for role in roles.values():
        for ability in role.abilities:
            if ability.name not in index:
                index[ability.name] = ability
    _BY_NAME[id(roles)] = (roles, index)
    return index


def form_reason(action: Action, ruleset: Ruleset, prompt: Prompt | None) -> str | None:
    """Why the targets are given in the wrong form for this skill (None: they are not)."""
    n = expected_targets(action, ruleset, prompt)
    skill = action.skill
    if n == 0 and (action.target is not None or action.targets):
        return f"{skill} 不需要指定目标"
    if n == 1 and action.targets:
        if action.target is not None:
            return f"{skill} 只有一个目标：不能同时给出 target 与 targets"
        return f"{skill} 只有一个目标：请用 target 指定（而不是 targets）"
    return None


def shape_reason(action: object, ruleset: Ruleset, prompt: Prompt | None) -> str | None:
    """The first thing wrong with the input's shape (None: the rules may look at it).
    Every input passes here, so the common case (well-typed, one target or none, no
    `targets`) is decided with as few steps as possible."""
    if not isinstance(action, Action):
        return type_reason(action)
    seat: object = action.seat
    skill: object = action.skill
    target: object = action.target
    targets: object = action.targets
    choice: object = action.choice
    text: object = action.text
    if not (type(seat) is str and type(skill) is str and type(targets) is tuple
            and (target is None or type(target) is str)
            and (choice is None or type(choice) is str) and (text is None or type(text) is str)):
        reason = type_reason(action)  # the slow path names the field
        if reason is not None:
            return reason
    if targets:
        return type_reason(action) or form_reason(action, ruleset, prompt)
    if target is None or skill in VOTES:
        return None
    return form_reason(action, ruleset, prompt)


def named(action: object) -> tuple[str | None, str | None]:
    """The seat and skill an input names, where they are names (for the refusal)."""
    seat: object = getattr(action, "seat", None)
    skill: object = getattr(action, "skill", None)
    return (seat if isinstance(seat, str) else None, skill if isinstance(skill, str) else None)

"""[M47] the night, in the post's order (结算顺序 3、(0)–(10)).

Each step takes the actions submitted in the night window; an action whose
actor went out or lost the skill before its step is void and is reported as
rejected. Steps that need the actor to see feedback first (the witch after
通灵) ask with a prompt when nothing was submitted.
"""

from __future__ import annotations

from collections.abc import Callable

from bansha.engine import Action, Game, LegalAction, Prompt
from bansha.engine.damage import Damage, Protection, resolve_damage
from bansha.engine.ruleset import Resolution

from .outs import lose_stray_skills
from .roles import VILLAGE
from .rules import (
    NOT_SUMMONED,
    PACK,
    holder,
    in_pack,
    joined_tonight,
    pack,
    skill_reason,
    target_reason,
    valid_targets,
)


class Night:
    """What the night's choices add up to before (9)–(10) settle them."""

    def __init__(self) -> None:
        self.kills: list[tuple[str, str]] = []  # (target, by skill)
        self.saved: str | None = None
        self.poisoned: str | None = None
        self.shield: str | None = None
        self.beacon: str | None = None
        self.voice: str | None = None
        self.backlash = False


def _first(game: Game, seat: str | None, skill: str, key: str | None = None) -> Action | None:
    """The submitted action for this step, if it may still take effect."""
    a = game.take_key(key) if key else (game.take(seat, skill) if seat else None)
    if a is None:
        return None
    reason = skill_reason(game, a.seat, skill) or target_reason(game, a.seat, skill, a.target)
    if reason is not None:
        game.reject(a, reason)
        return None
    return a


_holder = holder


def step_summon(game: Game, night: Night) -> Resolution:
    a = _first(game, None, "召唤", key=f"{PACK}/召唤")
    if a is None:
        return
    target = a.target
    assert target is not None
    game.data["summon_used"] = True  # <限定>: spent whoever is chosen
    wolves = [w for w in pack(game) if game.alive(w)]
    if game.seats[target].role == "野良":
        game.groups[PACK] = [*pack(game), target]
        game.data["joined_night"] = game.phase.n
        lose_stray_skills(game, target)
        game.notify(wolves, f"召唤：{target} 是野良，已加入狼群", skill="召唤")
        game.notify(target, "召唤：你被狼群召唤，进入狼群（大杀四方：失去流浪、寻仇、侵蚀、反噬，"
                            "获得双刀）。狼群成员：" + "、".join(pack(game)), skill="大杀四方")
        game.trace(f"召唤 {target}：是野良，共群", skill="召唤")
    else:
        game.notify(wolves, f"召唤：{target} 不是野良", skill="召唤")
        game.trace(f"召唤 {target}：不是野良，召唤已用完", skill="召唤")
    return
    yield


def _submitted_at(game: Game, a: Action) -> int:
    """Where `a` stands in the input log (later submissions replace earlier ones)."""
    inputs = game.log.inputs
    for i in range(len(inputs) - 1, -1, -1):
        if inputs[i] is a:
            return i
    return -1


def step_kill(game: Game, night: Night) -> Resolution:
    stray = game.data.get("stray")
    key = f"{PACK}/杀人"
    if stray and not in_pack(game, stray) and "杀人" in game.seats[stray].skills:
        # 寻仇: the lone 野良's own 杀人
        key = f"{stray}/杀人"
    elif stray:
        early = game.take_key(f"{stray}/杀人")
        if early is not None and not joined_tonight(game, stray):
            game.reject(early, NOT_SUMMONED["杀人"])
        elif early is not None:
            # summoned at (0), he is in the pack at (1): his 杀人 given in advance is a
            # pack member's, and the latest of the pack's submissions stands (RULINGS 15)
            mine = game.submitted.get(key)
            if mine is None or _submitted_at(game, early) > _submitted_at(game, mine):
                game.submitted[key] = early
    a = _first(game, None, "杀人", key=key)
    if a is not None and a.target is not None:
        night.kills.append((a.target, "杀人"))
        game.trace(f"杀人：{a.seat} 指杀 {a.target}", skill="杀人")
    return
    yield


def step_double(game: Game, night: Night) -> Resolution:
    stray = game.data.get("stray")
    if stray is None:
        return
    if not in_pack(game, stray):
        early = game.take(stray, "双刀")
        if early is not None:
            game.reject(early, NOT_SUMMONED["双刀"])
        return
    a = _first(game, stray, "双刀")
    if a is None and joined_tonight(game, stray) and skill_reason(game, stray, "双刀") is None:
        # "（0）召唤 …（2）野良：选择<双刀>的目标": told at (0) that he joined, he chooses
        # now if he gave nothing in advance (RULINGS 15)
        offer = LegalAction(stray, "双刀", valid_targets(game, stray, "双刀"))
        answer = yield Prompt(stray, (offer,), default="视为放弃技能行使",
                              context="你于本夜被召唤进入狼群，可选择<双刀>的目标")
        a = answer
    if a is not None and a.target is not None:
        if any(t == a.target for t, _ in night.kills):
            game.trace(f"双刀：{a.target} 已是杀人的目标，同一目标只算一次指杀", skill="双刀")
        else:
            night.kills.append((a.target, "双刀"))
            game.trace(f"双刀：{a.seat} 额外指杀 {a.target}", skill="双刀")


def _witch_options(game: Game, witch: str) -> tuple[LegalAction, ...]:
    opts = []
    for sk in ("救药", "毒药"):
        if skill_reason(game, witch, sk) is None:
            opts.append(LegalAction(witch, sk, valid_targets(game, witch, sk)))
    return tuple(opts)


def step_witch(game: Game, night: Night) -> Resolution:
    witch = _holder(game, "女巫")
    if witch is None or not game.alive(witch):
        for sk in ("救药", "毒药"):
            if witch:
                _first(game, witch, sk)
        return
    if "通灵" in game.seats[witch].skills:
        names = "、".join(dict.fromkeys(t for t, _ in night.kills))
        text = f"今晚被指杀的是：{names}" if names else "今晚无人被指杀"
        game.notify(witch, text, skill="通灵")
    actions = [a for sk in ("救药", "毒药") if (a := _first(game, witch, sk)) is not None]
    if not actions:
        opts = _witch_options(game, witch)
        if opts:
            answer = yield Prompt(witch, opts, default="视为放弃技能行使",
                                  context="通灵反馈后选择救药或毒药")
            if answer is not None:
                actions = [answer]
    for a in actions:
        st = game.seats[witch].skills[a.skill]
        st.spend((a.target or "",), game.phase.index)
        game.data["witch_tonight"] = a.skill
        if a.skill == "救药":
            night.saved = a.target
            game.seats[witch].lose("通灵")  # 救药发动后，失去技能<通灵>
            game.trace(f"救药：{witch} 救 {a.target}；女巫失去通灵", skill="救药")
        else:
            night.poisoned = a.target
            game.trace(f"毒药：{witch} 毒 {a.target}（夜晚结束前出局）", skill="毒药")
        break  # only one of 救药/毒药 per night; a second was refused on submit


def step_god(game: Game, night: Night) -> Resolution:
    god = _holder(game, "神明")
    for sk in ("神音", "安抚"):
        a = _first(game, god, sk)
        if a is None or a.target is None or god is None:
            continue
        t = game.seats[a.target]
        game.seats[god].skills[sk].spend((a.target,), game.phase.index)
        if sk == "神音":
            word = "神明阵营" if t.faction == VILLAGE else "野良阵营"
            game.notify(god, f"神音：{a.target}——{word}", skill="神音")
            night.voice = a.target
        else:
            game.notify(god, f"安抚：{a.target} 的身份是{t.role}", skill="安抚")
    return
    yield


def step_erode(game: Game, night: Night) -> Resolution:
    god = _holder(game, "神明")
    if night.voice and god and "侵蚀" in game.seats[night.voice].skills:
        game.trace(f"侵蚀：神明的神音指定了野良 {night.voice}，神明立即出局", skill="侵蚀")
        yield from game.put_out(god, "侵蚀")


def step_beacon(game: Game, night: Night) -> Resolution:
    zq = _holder(game, "祝器")
    a = _first(game, zq, "道标")
    if a is None or a.target is None or zq is None:
        return
    game.seats[zq].skills["道标"].spend((a.target,), game.phase.index)
    night.beacon = a.target
    if game.seats[a.target].role == "村民":
        game.notify(zq, f"道标：{a.target}——村民", skill="道标")
    else:
        game.trace(f"道标：{a.target} 不是村民，无反馈", skill="道标")
    return
    yield


def step_backlash(game: Game, night: Night) -> Resolution:
    zq = _holder(game, "祝器")
    if night.beacon and zq and "反噬" in game.seats[night.beacon].skills:
        night.backlash = True
        game.trace(f"反噬：祝器的道标指定了野良 {night.beacon}，祝器立即出局", skill="反噬")
        yield from game.put_out(zq, "反噬")


def step_shield(game: Game, night: Night) -> Resolution:
    zq = _holder(game, "祝器")
    if zq is None:
        return
    a = game.take(zq, "神器")
    if a is None:
        return
    if night.backlash:
        # "当祝器因反噬而出局时，仍可发动神器技能，但该技能无效"
        reason = target_reason(game, zq, "神器", a.target)
        if reason is not None:
            game.reject(a, reason)
            return
        game.seats[zq].skills["神器"].spend((a.target or "",), game.phase.index)
        game.trace(f"神器：祝器因反噬出局，保护 {a.target} 无效", skill="神器")
        return
    reason = skill_reason(game, zq, "神器") or target_reason(game, zq, "神器", a.target)
    if reason is not None:
        game.reject(a, reason)
        return
    game.seats[zq].skills["神器"].spend((a.target or "",), game.phase.index)
    night.shield = a.target
    game.trace(f"神器：保护 {a.target}", skill="神器")
    return
    yield


def _protections(game: Game, night: Night) -> list[Protection]:
    """The post's step (9) 1.–3., in its order: 救药 (the whole night), 神器 (once),
    the 村长's second life (once per game)."""
    kill = frozenset({"指杀"})
    out: list[Protection] = []
    if night.saved:
        out.append(Protection("救药", kill, night.saved))
    if night.shield:
        out.append(Protection("神器", kill, night.shield, uses=1))
    mayor = holder(game, "村长")
    if mayor is not None:
        life = game.seats[mayor].skills.get("长寿之命")
        if life is not None and life.usable():
            out.append(Protection("长寿之命", kill, mayor, uses=1))
    return out


def step_kills(game: Game, night: Night) -> Resolution:
    protections = _protections(game, night)
    for target, by in night.kills:
        if not game.alive(target):
            game.trace(f"{by}：{target} 已出局，指杀无效", skill=by, name=target)
            continue
        result = resolve_damage(Damage("指杀", by, target), protections)
        if result.blocked_by is None:
            yield from game.put_out(target, "指杀")
            continue
        if result.blocked_by == "长寿之命":
            game.seats[target].skills["长寿之命"].spend((), game.phase.index)
        game.trace(f"{target} 未因指杀出局：{result.blocked_by}", skill=result.blocked_by,
                   name=target)


def step_poison(game: Game, night: Night) -> Resolution:
    if night.poisoned is not None:
        yield from game.put_out(night.poisoned, "毒药")


Step = Callable[[Game, Night], Resolution]

# The night order, as the post numbers it. A newcomer reads the night here.
NIGHT_ORDER: tuple[tuple[str, Step], ...] = (
    ("（0）狼人：决定是否发动<召唤>", step_summon),
    ("（1）狼人：选择<杀人>的目标", step_kill),
    ("（2）野良：选择<双刀>的目标", step_double),
    ("（3）女巫：执行<通灵>；选择<救药>、<毒药>目标", step_witch),
    ("（4）神明：选择<神音>或<安抚>的目标", step_god),
    ("（5）野良：结算<侵蚀>", step_erode),
    ("（6）祝器：选择是否发动<道标>", step_beacon),
    ("（7）野良：结算<反噬>", step_backlash),
    ("（8）祝器：选择发动<神器>的目标", step_shield),
    ("（9）指杀结算", step_kills),
    ("（10）毒药结算", step_poison),
)


def resolve_night(game: Game) -> Resolution:
    night = Night()
    for _label, step in NIGHT_ORDER:
        yield from step(game, night)
    game.data.pop("witch_tonight", None)

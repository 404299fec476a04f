"""女巫（特殊）【通灵】【解药】【毒药】: 夜晚6 — the feedback first, then the potions
(submitted in advance, or chosen in the prompt that follows 【通灵】)."""

from __future__ import annotations

from bansha.engine import Action, Game, LegalAction, Prompt
from bansha.engine.ruleset import Resolution

from ..dying import causes, is_dying
from ..identity import fake_dead, sent_off
from ..legality import skill_reason
from ..names import VILLAGE
from ..outs import KILL_CAUSES
from ..skill import LIMITED, LOCKED, Role, Skill, role, skill
from ..state import Night, dying, tonight
from ..uses import spend, take
from .zhanglao import elder_spared

POTIONS = ("解药", "毒药")


def _options(game: Game, witch: str, night: Night, done: set[str]) -> list[LegalAction]:
    opts: list[LegalAction] = []
    if "解药" not in done and skill_reason(game, witch, "解药") is None:
        listed = tuple(n for n in night.listed() if game.seats[n].alive)
        if listed:
            opts.append(LegalAction(witch, "解药", listed))
    if "毒药" not in done and skill_reason(game, witch, "毒药") is None:
        opts.append(LegalAction(witch, "毒药", game.alive_tuple()))
    return opts


def witch_step(game: Game) -> Resolution:
    """14.夜晚6：女巫【通灵】【解药】【毒药】."""
    night = tonight(game)
    assert night is not None
    submitted = {sk: take(game, sk) for sk in POTIONS}
    witches = [n for n in game.alive_tuple()
               if any(game.held.has(n, sk) for sk in ("通灵", "解药", "毒药"))]
    for w in witches:
        if game.held.has(w, "通灵") and not fake_dead(game, w):
            names = "、".join(night.listed())
            game.notify(w, f"通灵：今晚成为【杀人】、【撕咬】目标的角色：{names}" if names
                        else "通灵：今晚没有角色成为【杀人】、【撕咬】的目标", skill="通灵")
        mine = [a for sk in POTIONS for a in submitted[sk] if a.seat == w]
        done: set[str] = set()
        for a in mine:
            _use(game, night, a)
            done.add(a.skill)
        if mine or sent_off(game, w):
            continue
        while True:
            opts = _options(game, w, night, done)
            if not opts:
                break
            answer = yield Prompt(w, tuple(opts), default="视为不使用药剂",
                                  context="通灵反馈后选择是否使用解药、毒药")
            if answer is None:
                break
            _use(game, night, answer)
            done.add(answer.skill)


def _use(game: Game, night: Night, a: Action) -> None:
    assert a.target is not None
    if a.skill == "解药":
        if a.target not in night.listed():
            game.reject(a, "解药只能选择【通灵】反馈的角色")
            return
        spend(game, a)
        game.held.remove(a.seat, "通灵")  # 若该技能已发动，则女巫失去【通灵】
        saved = bool(dying(game).spare(a.target))
        game.trace(f"解药：{a.target} 进入存活状态" if saved
                   else f"解药：{a.target} 并未濒死，无变化", skill="解药", name=a.target)
    else:
        spend(game, a)
        night.poison = (a.seat, a.target)
        game.trace(f"毒药：{a.seat} 对 {a.target} 使用毒药（女巫当晚未由于杀人或撕咬出局则生效）",
                   skill="毒药")


def poison_holds(game: Game, night: Night) -> bool:
    """毒药: "若女巫当晚未由于【杀人】或【撕咬】出局" (RULINGS R-5: the witch–hunter paradox)."""
    assert night.poison is not None
    w = game.seats[night.poison[0]]
    if not w.alive:
        return not (w.out_at == game.phase.label and w.out_cause in KILL_CAUSES)
    if is_dying(game, w.name) and not elder_spared(game, w.name):
        return not any(h.kind in KILL_CAUSES for h in causes(game, w.name))
    return True


SEANCE: Skill = skill("通灵", "游戏日夜晚，可得知当晚成为【杀人】、【撕咬】目标的角色名单。",
               window="trigger", target="none", tags=LOCKED, step=witch_step)
ANTIDOTE: Skill = skill("解药", "游戏日夜晚，可选择一名【通灵】反馈的角色，使之进入存活状态。"
                         "若该技能已发动，则女巫失去【通灵】。",
                 charges=1, tags=LIMITED)
POISON: Skill = skill("毒药", "游戏日夜晚，可选择一名角色，若女巫当晚未由于【杀人】或【撕咬】出局，"
                       "则该角色出局。",
               charges=1, tags=LIMITED)

ROLE: Role = role("女巫", VILLAGE, "特殊", (SEANCE, ANTIDOTE, POISON), note="特殊")

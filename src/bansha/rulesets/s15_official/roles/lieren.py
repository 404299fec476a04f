"""猎人（普通）【流弹】: "猎人出局时，可在15分钟内决定一名存活角色出局"; at night the
post waits for him at step 16 (判定猎人是否出局，并等待可能的猎人行动)."""

from __future__ import annotations

from bansha.engine import Game, LegalAction, Prompt
from bansha.engine.ruleset import Resolution

from ..dying import causes, is_dying
from ..identity import sent_off
from ..names import VILLAGE
from ..outs import others_alive, out
from ..skill import Role, Skill, role, skill
from ..state import dying, tonight
from ..uses import shaken_tonight
from .nvwu import poison_holds

ROLE_NAME = "猎人"


def hunter_step(game: Game) -> Resolution:
    """16.判定猎人是否出局，并等待可能的猎人行动."""
    night = tonight(game)
    assert night is not None
    # the step judges the 猎人 identity ("判定猎人是否出局"), 流弹 or not: a 猎人 who lost
    # it (断肠, 道骨) still goes out here, not at 17 (his action is stray_shot's, by skill)
    for h in [n for n in game.alive_tuple() if game.seats[n].role == ROLE_NAME]:
        if is_dying(game, h):
            d = causes(game, h)[0]
            dying(game).spare(h)
            game.trace(f"猎人 {h} 处于濒死状态，此时出局", skill="流弹", name=h)
            yield from out(game, h, d.kind, by=d.source)
        elif night.poison is not None and night.poison[1] == h and poison_holds(game, night):
            witch = night.poison[0]
            night.poison = None
            game.trace(f"猎人 {h} 被毒，此时出局", skill="毒药", name=h)
            yield from out(game, h, "毒药", by=witch)


def stray_shot(game: Game, seat: str, cause: str) -> Resolution:
    """流弹: 猎人出局时，可在15分钟内决定一名存活角色出局."""
    shot = game.held.get(seat, "流弹")
    if shot is None:
        return
    targets = others_alive(game, seat)
    if not targets:
        return
    if sent_off(game, seat):
        game.trace(f"流弹：猎人 {seat} 已被罚下，不能发动", skill="流弹")
        return
    answer = yield Prompt(seat, (LegalAction(seat, "流弹", targets),),
                          default="视为放弃发动流弹", context=f"{seat} 出局，可发动流弹")
    if answer is None or answer.target is None:
        return
    shot.spend(game.moment, (answer.target,))
    if shaken_tonight(game, seat):
        game.trace(f"摇落：猎人 {seat} 当晚发动的流弹无效", skill="摇落")
        return
    game.trace(f"流弹：猎人 {seat} 决定 {answer.target} 出局", skill="流弹")
    yield from out(game, answer.target, "流弹", by=seat)


STRAY_SHOT: Skill = skill("流弹", "猎人出局时，可在15分钟内决定一名存活角色出局。",
                   window="prompt", target="alive_other", step=hunter_step)

ROLE: Role = role(ROLE_NAME, VILLAGE, "普通", (STRAY_SHOT,), note="普通（6个普通身份随机抽取）")

"""吹笛（吹笛）【吹笛】/【曲尽】【断肠】【摇落】: 夜晚2; "吹笛出局后，癫狂状态解除，并公示"."""

from __future__ import annotations

from bansha.engine import Game
from bansha.engine.abilities import Use
from bansha.engine.ruleset import Resolution

from ..identity import category, fake_dead, mad
from ..names import PIPER_SIDE
from ..outs import strip_skills
from ..skill import LIMITED, Role, Skill, role, skill, target
from ..statuses import FAKE_DEAD, MAD, SHAKEN, SOUNDPROOF, TONIGHT

MAD_TEXT = ("你进入癫狂状态：除投票对象外，只能使用表情以及"
            "啊、嗷、嘎、咯、咕、呱、哼、咴、叽、啾、哩、喵、咩、哞、嘶、汪、嗡、喔、喳、吱"
            "与空格、回车")


def _pipe(game: Game, use: Use) -> Resolution:
    t = target(use)
    if game.statuses.has(t, SOUNDPROOF):
        game.trace(f"吹笛：{t} 已被隔音，免疫吹笛", skill="隔音", name=t)
        return
    game.statuses.add(MAD, t, game.moment, None, use.actor, "吹笛")
    game.notify(t, MAD_TEXT, skill="吹笛")
    game.trace(f"吹笛：{t} 进入癫狂状态", skill="吹笛", name=t)
    return
    yield


def _finale(game: Game, use: Use) -> Resolution:
    t = target(use)
    game.statuses.add(FAKE_DEAD, t, game.moment, None, use.actor, "曲尽")
    game.notify(t, "你进入假死状态：不能参与讨论、投票、行使技能", skill="曲尽")
    game.trace(f"曲尽：{t} 进入假死状态", skill="曲尽", name=t)
    return
    yield


def _heartbreak(game: Game, use: Use) -> Resolution:
    t = target(use)
    if category(game, t) != "普通":
        game.trace(f"断肠：{t} 不是普通身份，无效", skill="断肠")
        return
    yield from strip_skills(game, t, "断肠")


def _shake(game: Game, use: Use) -> Resolution:
    t = target(use)
    if category(game, t) != "普通":
        game.trace(f"摇落：{t} 不是普通身份，无效", skill="摇落")
        return
    game.statuses.add(SHAKEN, t, game.moment, TONIGHT, use.actor, "摇落")
    game.trace(f"摇落：{t} 当晚发动的技能无效", skill="摇落")
    return
    yield


def _finale_chosen(game: Game, seat: str) -> str | None:
    if f"{seat}/曲尽" in game.uses:
        return "本夜已提交曲尽（已放弃发动吹笛）"
    return None


def _pipe_chosen(game: Game, seat: str) -> str | None:
    if f"{seat}/吹笛" in game.uses:
        return "发动曲尽须放弃发动吹笛（本夜已提交吹笛）"
    return None


def _not_mad_yet(game: Game, seat: str, t: str) -> str | None:
    if mad(game, t):
        return f"{t} 已处于癫狂状态（吹笛只能选择未癫狂的角色）"
    return None


def _mad_not_fake_dead(game: Game, seat: str, t: str) -> str | None:
    if not mad(game, t):
        return "曲尽只能选择癫狂状态的角色"
    if fake_dead(game, t):
        return f"{t} 已处于假死状态"
    return None


PIPE: Skill = skill("吹笛", "游戏日夜晚，可选择一名角色，使之进入癫狂状态。"
                     "吹笛出局后，癫狂状态解除，并公示。",
             effect=_pipe, check=_finale_chosen, target_check=_not_mad_yet)
HEARTBREAK: Skill = skill("断肠", "游戏日夜晚，可选择一名角色，该角色若为普通身份，则失去技能。",
                   charges=1, tags=LIMITED, effect=_heartbreak)
SHAKE: Skill = skill("摇落", "游戏日夜晚，可选择一名角色，"
                      "该若角色为普通身份，则当晚发动的技能无效。",
              charges=1, tags=LIMITED, effect=_shake)
FINALE: Skill = skill("曲尽", "游戏日夜晚，可放弃发动【吹笛】，"
                       "并选择一名癫狂状态的角色，使之进入假死状态。",
               effect=_finale, check=_pipe_chosen, target_check=_mad_not_fake_dead)


def piper_out(game: Game, seat: str, cause: str) -> Resolution:
    """"吹笛出局后，癫狂状态解除，并公示" (假死 with it: R-12)."""
    if not game.held.has(seat, "吹笛"):  # the one who holds 【吹笛】 (kept at the out)
        return
    game.announce("吹笛出局！", later=True)
    lifted = [n for n in game.order if mad(game, n) or fake_dead(game, n)]
    for n in lifted:
        game.statuses.remove(n, MAD)
        game.statuses.remove(n, FAKE_DEAD)
        if game.seats[n].alive:
            game.notify(n, "吹笛出局，你的癫狂状态已解除", skill="吹笛")
    if lifted:
        game.trace("吹笛出局：癫狂（及假死）状态解除：" + "、".join(lifted), skill="吹笛")
        game.announce("癫狂状态解除", later=True)
    return
    yield


ROLE: Role = role("吹笛", PIPER_SIDE, "吹笛", (PIPE, HEARTBREAK, SHAKE, FINALE), note="吹笛")

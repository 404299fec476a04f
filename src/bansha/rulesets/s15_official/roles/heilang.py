"""黑狼（狼人）【杀人】: 夜晚4; after his last words he names a 狼人 to take it."""

from __future__ import annotations

from bansha.engine import Game
from bansha.engine.abilities import Use
from bansha.engine.ruleset import Resolution

from ..dying import hurt
from ..identity import heir_candidates
from ..names import WOLVES
from ..outs import grant, heir
from ..skill import Role, Skill, role, skill, target
from ..state import notes, tonight


def _kill(game: Game, use: Use) -> Resolution:
    night = tonight(game)
    assert night is not None
    night.kill_targets.append(target(use))
    hurt(game, use)
    return
    yield


def _just_got(game: Game, seat: str) -> str | None:
    if notes(game, seat).kill_got == game.phase.index:
        return "本夜刚获得【杀人】，下一夜起才能发动（裁定R-21：夜晚移交的杀人从下一夜起可用）"
    return None


def _not_held(game: Game, seat: str) -> str | None:
    return "裁定R-21：杀人只在持有者出局时移交给一名存活的狼人阵营狼人身份"


def pass_kill(game: Game, seat: str, cause: str) -> Resolution:
    """杀人: "在遗言阶段后，黑狼须指认一名狼人获得该技能，若场上不存在狼人，则无须指定"."""
    if not game.held.has(seat, "杀人") or notes(game, seat).legacy:
        return
    game.held.remove(seat, "杀人")
    options = heir_candidates(game, seat)
    if not options:
        game.trace(f"杀人：{seat} 出局，场上不存在狼人，无须指定", skill="杀人")
        return
    chosen = yield from heir(game, seat, "杀人", options, "随机指定一名狼人",
                             f"{seat} 出局，须指认一名狼人获得【杀人】")
    grant(game, chosen, "杀人")
    if game.phase.is_night:
        notes(game, chosen).kill_got = game.phase.index
    game.notify(chosen, f"{seat} 出局，你获得技能【杀人】", skill="杀人")
    game.trace(f"杀人：{seat} 指认 {chosen} 获得【杀人】", skill="杀人")


KILL: Skill = skill("杀人", "游戏日夜晚，可选择一名角色，使之进入濒死状态。在遗言阶段后，"
                     "黑狼须指认一名狼人获得该技能，若场上不存在狼人，则无须指定。"
                     "特别地，若黑狼属于〖情侣阵营〗，则该技能于第零日夜晚移交头狼。",
             effect=_kill, check=_just_got, shakeable=True, missing=_not_held)

ROLE: Role = role("黑狼", WOLVES, "狼人", (KILL,), note="狼人")

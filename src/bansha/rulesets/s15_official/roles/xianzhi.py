"""先知（特殊；又称为“预言家”）【预言】: 夜晚3."""

from __future__ import annotations

from bansha.engine import Game
from bansha.engine.abilities import Use
from bansha.engine.ruleset import Resolution

from ..identity import lovers
from ..names import VILLAGE
from ..prophecy import feedback
from ..skill import Role, Skill, role, skill, target
from ..state import notes, tonight
from ..statuses import WARDED


def prophesy(game: Game, seer: str, who: str) -> None:
    """The feedback (卫道 wards it off); a 先知 among the lovers hears it at step 17."""
    if game.statuses.has(who, WARDED):
        text = f"预言：{who} 免疫了你的预言（无反馈）"
        game.trace(f"预言：{seer} 查验 {who}，卫道使其免疫", skill="卫道")
    else:
        text = f"预言：{who} 属于{feedback(game, who)}"
        game.trace(f"预言：{seer} 查验 {who} → {feedback(game, who)}", skill="预言")
    night = tonight(game)
    if seer in lovers(game) and night is not None:
        # 17.（如果先知为情侣之一，则在此时而非夜晚3给出反馈）
        night.deferred.append((seer, f"{text}（先知为情侣之一，于夜晚结束时反馈）", "预言"))
    else:
        game.notify(seer, text, skill="预言")
    if notes(game, seer).seer_public:
        game.announce(f"昨夜【预言】的目标：{who}", later=True)


def _prophecy(game: Game, use: Use) -> Resolution:
    prophesy(game, use.actor, target(use))
    return
    yield


PROPHECY: Skill = skill(
    "预言", "游戏日夜晚，可查验某一存活角色的身份，若该角色不为乱民或情侣，则反馈该角色所属阵营。"
            "每晚限用一次。",
    effect=_prophecy, shakeable=True)

ROLE: Role = role("先知", VILLAGE, "特殊", (PROPHECY,), aliases=("预言家",),
            note="特殊；又称为“预言家”")

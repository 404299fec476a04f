"""狼使（狼人）【出使】: "游戏日白天或夜晚", taking effect when submitted (anytime.py)."""

from __future__ import annotations

from bansha.engine import Game
from bansha.engine.abilities import Use
from bansha.engine.ruleset import Resolution

from ..names import WOLVES
from ..skill import LIMITED, Role, Skill, role, skill


def _embassy(game: Game, use: Use) -> Resolution:
    """出使: a message to the 吹笛 through the director; 次日白天公示“出使技能发动！”."""
    seat = use.actor
    pipers = [n for n in game.held.holders("吹笛") if game.seats[n].alive]
    game.notify(pipers, f"出使：狼使通过主办向你发送信息：{use.text or ''}", skill="出使")
    game.notify(seat, "出使：信息已由主办转交吹笛", skill="出使")
    game.announce("出使技能发动！", later=True)
    game.trace(f"出使：{seat} 向吹笛发送信息", skill="出使")
    return
    yield


def _piper_gone(game: Game, seat: str) -> str | None:
    if not any(game.seats[n].alive for n in game.held.holders("吹笛")):
        return "吹笛已出局，无法出使"
    return None


EMBASSY: Skill = skill("出使", "游戏日白天或夜晚，可通过主办向吹笛发送一条信息，"
                        "次日白天公示该技能已发动。",
                window="any", charges=1, tags=LIMITED, target="none", effect=_embassy,
                check=_piper_gone)

ROLE: Role = role("狼使", WOLVES, "狼人", (EMBASSY,), note="狼人")

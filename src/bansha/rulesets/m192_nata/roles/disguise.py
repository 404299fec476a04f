"""表面伪装 (3L "表面阵营/表面身份/表面带刀"): a choice mapping {身份, 阵营, 带刀}
set on the seat's card; "若有多个效果的表面身份或身份修改伪装，最后发动的技能所造成的
表面身份更换生效"."""

from __future__ import annotations

from typing import Final

from bansha.engine import Game
from bansha.engine.moment import Until
from bansha.engine.ruleset import choice_parts, choice_text

from ..deal import BY_NAME

PARTS: Final = ("身份", "阵营", "带刀")
FACTIONS: Final = ("狼人阵营", "村民阵营", "宗教老爷爷阵营")
KNIFE: Final = {"是": "带刀", "带刀": "带刀", "否": "不带刀", "不带刀": "不带刀"}


_SETTINGS: Final[dict[str, tuple[str, ...]]] = {}


def settings(prefix: str = "") -> tuple[str, ...]:
    """Every full setting, as legal() offers it: "身份=X；阵营=Y；带刀=是" for each identity
    of the post, faction and 带刀 是/否 (with the parts' `prefix`: 欺诈天下's 狼 / 非狼)."""
    if prefix not in _SETTINGS:
        names = tuple(prefix + p for p in PARTS)
        _SETTINGS[prefix] = tuple(
            choice_text(dict(zip(names, (r, f, k), strict=True)), names)
            for r in BY_NAME for f in FACTIONS for k in ("是", "否"))
    return _SETTINGS[prefix]


def problem(text: str | None) -> str | None:
    """Why a disguise choice is not one (None: it is)."""
    parts = choice_parts(text)
    if not parts:
        return "表面伪装需要写明 身份、阵营、带刀 中的至少一项"
    if "身份" in parts and parts["身份"] not in BY_NAME:
        return f"表面身份“{parts['身份']}”不是本局的身份"
    if "阵营" in parts and parts["阵营"] not in FACTIONS:
        return f"表面阵营“{parts['阵营']}”无效；可选：{'、'.join(FACTIONS)}"
    if "带刀" in parts and parts["带刀"] not in KNIFE:
        return f"表面带刀“{parts['带刀']}”无效；可选：是、否"
    return None


def apply(game: Game, seat: str, text: str | None, source: str,
          until: Until | None = None) -> None:
    card = game.seats[seat].cards[0]
    parts = choice_parts(text)
    if "身份" in parts:
        card.disguise("role", parts["身份"], source, game.moment, until)
    if "阵营" in parts:
        card.disguise("faction", parts["阵营"], source, game.moment, until)
    if "带刀" in parts:
        card.disguise("can_kill", KNIFE[parts["带刀"]], source, game.moment, until)
    game.trace(f"{seat} 的表面伪装：{text}", source)

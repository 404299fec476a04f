"""出局角色 <非身份>: 遗言 ("遗言数量等于4": the first four to go out, not by a red
card; "遗言中禁止使用Discuz!代码"), granted by an "out" handler and published at the
next day's start."""

from __future__ import annotations

import re

from bansha.engine import Game, SkillSpec
from bansha.engine.bus import Trigger

SKILLS: tuple[SkillSpec, ...] = (
    SkillSpec("遗言", window="any", target="none", text="出局角色留下的遗言（前四名出局者）"),
)
LAST_WORDS = 4
SENT_OFF = "红牌罚下"
DISCUZ = re.compile(r"\[/?[a-zA-Z]+(=[^\]]*)?\]")


def _no_discuz(text: str) -> str | None:
    return "遗言中禁止使用Discuz!代码" if DISCUZ.search(text) else None


def refusal(game: Game, seat: str, text: str | None) -> str | None:
    # a text may be replaced until it is published (unlike s15's)
    return game.lastwords.refusal(
        seat, game.seats[seat].alive, text, text_rule=_no_discuz,
        no_right="没有遗言权利（裁定31：遗言数量等于4，即前四名出局者；红牌罚下者没有遗言）",
        closed="遗言已公示，不能再提交")


def grant(t: Trigger) -> None:
    game: Game = t.data["game"]
    seat = t.seat
    assert seat is not None
    if t.data["cause"] != SENT_OFF and game.lastwords.grant(seat) is not None:
        game.notify(seat, "你可以留下遗言（请在下一个白天开始前提交）", skill="遗言")


def publish(game: Game) -> None:
    """公示出局名单时按角色出局的顺序排序: last words follow the same order (rights are
    given as characters go out)."""
    lw = game.lastwords
    for n in lw.waiting():
        lw.close(n)
        if n in lw.texts:
            game.announce(f"{n} 的遗言：{lw.texts[n]}")
        else:
            game.trace(f"{n} 未提交遗言，视为放弃", skill="遗言", name=n)

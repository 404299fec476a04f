"""6L 遗言: "首夜出局和所有白天出局的角色都有遗言。可以留下遗言的角色会收到可以留下遗言的
通知，放弃遗言不会使留遗言的权利留给以后出局的角色。遗言中禁止使用Discuz!代码。"

A right opens at an out on any day or on the first night (not for 红牌罚下: "红牌罚下出局
的角色没有遗言权利"); the text may be handed in until the next day opens, when the outs
and the last words are published ("每个游戏日白天开始时，公示前一天出局角色名单及遗言",
RULINGS 39). 白狼王 神风突击's outs: "遗言必须强制留空"."""

from __future__ import annotations

import re
from typing import Final

from bansha.engine import Action, Game
from bansha.engine.abilities import Resolution
from bansha.engine.lastwords import SKILL

from .common import st
from .outs import RED

DISCUZ: Final = re.compile(r"\[/?[a-zA-Z]+[^\]]*\]")
UNLIMITED: Final = 1 << 20


def no_code(text: str) -> str | None:
    return "遗言中禁止使用Discuz!代码" if DISCUZ.search(text) else None


def opened(game: Game, seat: str, cause: str, skill: str | None) -> None:
    if cause == RED or not (not game.phase.is_night or game.phase.n == 1):
        return
    if game.lastwords.grant(seat) is None:
        return
    if skill == "神风突击":  # "本技能造成的出局若有遗言，则遗言必须强制留空"
        st(game).empty_words.add(seat)
        game.notify(seat, "你有遗言权利，但遗言必须强制留空（神风突击）", SKILL)
        return
    game.notify(seat, "你可以留下遗言（下一个白天开门时公示；禁止使用Discuz!代码）", SKILL)


def refusal(game: Game, a: Action) -> str | None:
    if a.seat in st(game).empty_words:
        return "神风突击造成的出局：遗言必须强制留空"
    return game.lastwords.refusal(
        a.seat, game.seats[a.seat].alive, a.text, text_rule=no_code,
        no_right="没有遗言权利（首夜出局和白天出局的角色才有遗言；红牌罚下没有遗言）",
        closed="遗言已公示，不能再提交")


def store(game: Game, a: Action) -> Resolution:
    game.lastwords.store(a.seat, (a.text or "").strip())
    game.notify(a.seat, "遗言已收到", SKILL)
    return
    yield


def publish(game: Game) -> None:
    lw = game.lastwords
    for seat in lw.waiting():
        if game.seats[seat].alive:
            continue
        if seat in st(game).empty_words:
            game.announce(f"{seat} 的遗言：（强制留空）")
        elif seat in lw.texts:
            game.announce(f"{seat} 的遗言：{lw.texts[seat]}")
        else:
            game.announce(f"{seat} 没有留下遗言")
        lw.close(seat)

"""遗言: "首夜出局的角色和所有在白天出局的角色拥有遗言。放弃遗言不会使留遗言的权利留给以后出局
的角色。遗言中禁止使用Discuz!代码。" Rights are kept per card (a player may lose a card in
each round; RULINGS 14); the texts are published as the next day starts ("因此出局的角色
遗言在下一个游戏日白天开始时公示"), in the order the cards went out."""

from __future__ import annotations

import re

from bansha.engine import Action, Game
from bansha.engine.lastwords import LastWords

DISCUZ = re.compile(r"\[/?[a-zA-Z]+[^\]]*\]")
NO_LIMIT = 1000  # the post sets no number of last words


def grant(game: Game, ref: str) -> None:
    first_night = game.phase.is_night and game.phase.n == 1  # 首夜 of the round
    if (first_night or not game.phase.is_night) and game.lastwords.grant(ref) is not None:
        game.notify(game.card(ref).seat,
                    f"你的身份牌 {ref} 可以留下遗言（请在下一个白天开始前提交）", skill="遗言")


def _rule(text: str) -> str | None:
    return "遗言中禁止使用Discuz!代码" if DISCUZ.search(text) else None


def reason(game: Game, a: Action) -> str | None:
    """Check and keep a text: by a card (`甲:1`) or by its player (the card with an open
    right)."""
    lw = game.lastwords
    ref = a.seat
    if a.seat in game.seats:
        cards = game.seats[a.seat].cards
        open_ = [c.ref for c in cards if lw.is_open(c.ref)]
        # a card still in the game may hand them in early (kept until it goes out)
        live = [c.ref for c in cards if c.alive and c.index == (1 if game.round == 1 else 2)]
        if not open_ and not live:
            return "你没有可以留遗言的身份牌（首夜出局和白天出局的身份牌才有遗言）"
        ref = (open_ or live)[0]
    why = lw.refusal(ref, game.card(ref).alive, a.text, text_rule=_rule,
                     no_right=f"{ref} 没有遗言权利（首夜出局和白天出局的身份牌才有遗言）",
                     closed="遗言已公示，不能再提交")
    if why is None:
        lw.store(ref, a.text or "")
    return why


def publish(game: Game) -> None:
    lw = game.lastwords
    for ref in lw.waiting():
        lw.close(ref)
        if ref in lw.texts:
            game.announce(f"{ref} 的遗言：{lw.texts[ref]}")
        else:
            game.trace(f"{ref} 未提交遗言，视为放弃", skill="遗言", name=ref)


def new_round(game: Game) -> None:
    """The history round's last texts are published as the reversal round opens; its
    rights start afresh (a card may go out again)."""
    publish(game)
    game.lastwords = LastWords(NO_LIMIT)

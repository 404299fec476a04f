"""传递者④ — 灵魂传递[正午][指定]——选择范围：任意1名角色A和任意1名角色B。结算效果：若A和B均
只有一个人且不相同，则A知晓B是谁，本次正午阶段可发送任意一条50字以内的消息给结算目标B，结算
目标B不会知道来源，只会收到消息。发动者会收到反馈：本次通信的两段以及通信内容。
灵魂链接[早夜][午夜][深夜][凌晨][晨曦][正午][黄昏][指定][1]——选择范围：任意1名角色A和任意
1名角色B。结算效果：若A和B均只有一个人且不相同，则结算目标永久共群。

A's message is A's input `{by: A, skill: 灵魂传递, text: …}` in the same 正午 (RULINGS 38)."""

from __future__ import annotations

from typing import Final

from bansha.engine import Action, Game
from bansha.engine.abilities import Ability, Resolution, RoleData, Targeting, Use

from ..common import st, tell

RELAY: Final[str] = "灵魂传递"
LINK: Final = "灵魂链接"
LIMIT: Final = 50


def relay(game: Game, use: Use) -> Resolution:
    final = use.final or ()
    if len(final) != 2 or final[0] == final[1]:
        game.trace("灵魂传递：A和B不是各一人且不相同，无效", RELAY)
        return
    a, b = final
    st(game).relays[a] = (b, use.actor, game.moment)
    tell(game, a, f"灵魂传递：你知晓了 {b}；本次正午阶段可以发送一条{LIMIT}字以内的消息给 {b}"
         "（对方不会知道来源）", RELAY)
    return
    yield


def link(game: Game, use: Use) -> Resolution:
    final = use.final or ()
    if len(final) != 2 or final[0] == final[1]:
        game.trace("灵魂链接：A和B不是各一人且不相同，无效", LINK)
        return
    a, b = final
    game.groups[f"灵魂链接:{a}:{b}"] = [a, b]
    for x, y in ((a, b), (b, a)):
        tell(game, x, f"灵魂链接：你与 {y} 永久共群", LINK)
    return
    yield


ROLE: Final[RoleData] = RoleData("传递者", "村民阵营", "弱神", 4, (), (
    Ability(RELAY, ("正午",), target=Targeting("alive", count=2), effect=relay),
    Ability(LINK, ("早夜", "午夜", "深夜", "凌晨", "晨曦", "正午", "黄昏"), charges=1,
            target=Targeting("alive", count=2), effect=link),))


def message_problem(game: Game, a: Action) -> str | None:
    """A's message, in the 正午 the link was made."""
    got = st(game).relays.get(a.seat)
    if got is None or got[2] != game.moment:
        return "你没有可用的灵魂传递（只有被传递者选为A的角色可在本次正午发送一条消息）"
    if a.all_targets():
        return "灵魂传递的消息不需要目标（只发给B）"
    text = (a.text or "").strip()
    if not text:
        return "灵魂传递的消息需要写明文字"
    if len(text) > LIMIT:
        return f"灵魂传递的消息应在{LIMIT}字以内（给出了 {len(text)} 字）"
    return None


def send(game: Game, a: Action) -> Resolution:
    b, actor, _ = st(game).relays.pop(a.seat)
    text = (a.text or "").strip()
    game.notify(b, f"灵魂传递：{text}", RELAY)  # "结算目标B不会知道来源"
    game.notify(actor, f"灵魂传递：本次通信 {a.seat} → {b}：{text}", RELAY)
    return
    yield

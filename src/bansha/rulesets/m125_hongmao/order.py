"""流程0's card order: "分发身份，并确定所有玩家的身份顺序，并在之后建立狼群".

The post's example has the player choose it ("玩家A抽到狼人+女巫，并选择狼人第一轮，女巫第二轮"),
within the fixed slots (黑狼王 原初的历史: 必须为第一身份; 蚀时狼妃 穿越时空 and 定序王子
逆转时空: 必须为第二身份). The game opens at history day 1, so that day stands for 流程0:
each player whose two cards may go either way is offered 身份顺序 (choice: the card to
play first) once, until day 1 closes; nobody answering keeps the default (the fixed
slots, else the dealt order, deal.order_pair). "并在之后建立狼群": the pack is built
once every player holding a wolf card has their order settled — all of them chose, or
day 1 closed (RULINGS 26)."""

from __future__ import annotations

from bansha.engine import Action, Game, LegalAction
from bansha.engine.held import Origin

from .common import PACK, is_wolf_card
from .deal import FIRST_ONLY, SECOND_ONLY, pair_problem
from .state import state

SKILL = "身份顺序"


def _free(game: Game, seat: str) -> bool:
    """The two cards may go either way: no fixed slot, and two different roles."""
    a, b = (c.role for c in game.seats[seat].cards)
    return a != b and not ({a, b} & (FIRST_ONLY | SECOND_ONLY))


def _open(game: Game, seat: str) -> bool:
    return (game.round == 1 and game.phase.n == 1 and not game.phase.is_night
            and seat not in state(game).order_fixed and _free(game, seat))


def offer(game: Game, seat: str) -> LegalAction | None:
    if not _open(game, seat):
        return None
    roles = tuple(c.role for c in game.seats[seat].cards)
    # optional: no answer keeps the default order
    return LegalAction(seat, SKILL, (), n_targets=0, choices=roles)


def reason(game: Game, a: Action) -> str | None:
    """Why a 身份顺序 input is refused (None: it takes effect)."""
    try:
        seat = game.owner(a.seat)
    except ValueError as e:
        return str(e)
    cs = game.seats[seat].cards
    roles = [c.role for c in cs]
    if seat in state(game).idle:
        return f"{seat} 已被红牌罚下（挂机），不能行动"
    if a.choice not in roles:
        return (f"身份顺序的选项应为你的一张身份牌（{' 或 '.join(dict.fromkeys(roles))}），"
                "表示它作为第一身份")
    if game.round != 1 or game.phase.n != 1 or game.phase.is_night:
        return "身份顺序在游戏开始时（历史轮第1天）确定，现已不能更改"
    if roles[0] == roles[1]:
        return f"两张身份牌都是{roles[0]}，顺序无从选择"
    first = a.choice
    second = roles[1] if first == roles[0] else roles[0]
    why = pair_problem(first, second)
    if why is not None:
        return f"身份顺序不能改为第一身份 {first}、第二身份 {second}：{why}"
    if not _free(game, seat):  # the fixed order itself: nothing to choose
        return f"你的身份顺序由规则固定（第一身份 {roles[0]}，第二身份 {roles[1]}），无需选择"
    if seat in state(game).order_fixed:
        return "你已选择过身份顺序，不能更改"
    return None


def choose(game: Game, a: Action) -> None:
    seat = game.owner(a.seat)
    cs = game.seats[seat].cards
    st = state(game)
    st.order_fixed.add(seat)
    if a.choice != cs[0].role:  # swap the roles, the card slots (甲:1, 甲:2) stay
        cs[0].role, cs[1].role = cs[1].role, cs[0].role
        cs[0].faction, cs[1].faction = cs[1].faction, cs[0].faction
        cs[0].can_kill, cs[1].can_kill = cs[1].can_kill, cs[0].can_kill
        game.seats[seat].roles = [c.role for c in cs]
        for c in cs:
            game.held.remove_all(c.ref)
            role = game.ruleset.role_data.get(c.role)
            for ab in role.abilities if role is not None else ():
                game.held.grant(c.ref, ab, Origin(role=c.role))
    game.notify(seat, f"身份顺序已确定：第一身份 {cs[0].role}，第二身份 {cs[1].role}", skill=SKILL)
    build_pack(game)


def settle(game: Game) -> None:
    """History day 1 closes: every order not chosen keeps its default."""
    st = state(game)
    for seat in game.order:
        if seat not in st.order_fixed:
            st.order_fixed.add(seat)
            if _free(game, seat):
                cs = game.seats[seat].cards
                game.notify(seat, f"你未选择身份顺序，按默认顺序：第一身份 {cs[0].role}，"
                                  f"第二身份 {cs[1].role}", skill=SKILL)
    build_pack(game)


def fix_unchoosable(game: Game) -> None:
    """At setup: a seat with nothing to choose has its order settled already."""
    st = state(game)
    st.order_fixed |= {s for s in game.order if not _free(game, s)}


def build_pack(game: Game) -> None:
    """"第一轮游戏开始时，第一身份为狼人的所有角色共群", once every wolf card holder's order
    is settled."""
    st = state(game)
    if st.pack_built:
        return
    holders = [n for n in game.order if any(is_wolf_card(c) for c in game.seats[n].cards)]
    if any(n not in st.order_fixed for n in holders):
        return
    st.pack_built = True
    pack = [n for n in game.order if is_wolf_card(game.seats[n].cards[0])]
    game.groups[PACK] = pack
    if pack:
        game.notify(pack, "狼群成员：" + "、".join(pack), skill="杀人")

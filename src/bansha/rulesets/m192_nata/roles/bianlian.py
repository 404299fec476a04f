"""变脸者⑩ — 变脸[开局][黄昏]——随机抽取3个未出场的村民阵营身份（强度分总和不小于16且不大于20）作为
变脸者底牌并知晓这些底牌身份，游戏日开局或黄昏，变脸者可选择任意一张底牌置顶并使用技能，以此获取的
技能只会持续至下一次[黄昏]结束，每张底牌只能被选择一次，该技能的判定顺序同原身份的该技能判定顺序，
且[表面身份]变为置顶的身份。其他身份获取变脸者的身份技能时，获取的是变脸者最后置顶的身份牌技能。

3L 身份更换: "1：不会获得验人系身份 … 3：这个角色的底牌身份永远是原本身份，表面身份则为更换的身份".

The three cards are drawn at the start among the 强神/弱神 identities not dealt (野人 only
with a 厚皮肉猪 in play), uniformly among the triples summing 16–20 (RULINGS 45). A flip is
a 变脸 use with `choice` = the card; the card's skills are held until the next 黄昏 ends
(Origin.until) and work as that role's (its triggers are wired to the 变脸者 then); its
[身份属性] (天命人 "不会获得任何状态") is no skill and does not come."""

from __future__ import annotations

from itertools import combinations
from typing import Final

from bansha.engine import Action, Game
from bansha.engine.abilities import Ability, Resolution, RoleData, Use
from bansha.engine.held import Origin
from bansha.engine.moment import Until

from ..common import st, tell
from ..deal import BY_NAME, strength

SKILL: Final = "变脸"
LOW, HIGH = 16, 20
POOLS: Final = ("强神", "弱神")  # "不会获得验人系身份"
UNTIL: Final = Until("end", sub="黄昏", next=True)  # "只会持续至下一次[黄昏]结束"
NO_SKILL_SETUP: Final = ("天命人",)  # its setup is a 身份属性, not a skill


def flip(game: Game, use: Use) -> Resolution:
    from . import setups  # the card's own triggers, wired to this seat
    me = use.actor
    card = use.choice or ""
    state = st(game)
    data = game.ruleset.role_data.get(card)
    if data is None or card not in state.faces.get(me, ()):
        return
    state.faces_used.setdefault(me, []).append(card)
    got: list[str] = []
    for a in data.abilities:
        game.held.grant(me, a, Origin(role=card, granted_by=me, via=SKILL, until=UNTIL,
                                      since=game.moment))
        got.append(a.name)
    state.faces_skills.setdefault(me, []).extend(got)
    hook = setups().get(card)
    if hook is not None and card not in NO_SKILL_SETUP:
        hook(game, me)
    seat_card = game.seats[me].cards[0]
    seat_card.disguise("role", card, SKILL, game.moment)  # "[表面身份]变为置顶的身份"
    tell(game, me, f"变脸：你置顶了{card}，获得技能：{'、'.join(got) or '无'}"
         "（持续至下一次黄昏结束）", SKILL)
    return
    yield


ROLE: Final[RoleData] = RoleData("变脸者", "村民阵营", "强神", 10, (), (
    Ability(SKILL, ("开局", "黄昏"), effect=flip),))


def cards_for(game: Game) -> list[str]:
    """Three identities not dealt, 强神/弱神 of 村民阵营, strengths summing 16–20."""
    dealt = {game.seats[s].role for s in game.order}
    pig = "厚皮肉猪" in dealt
    pool = [r.name for r in BY_NAME.values() if r.faction == "村民阵营" and r.pool in POOLS
            and r.name not in dealt and r.name in game.ruleset.role_data
            and (r.name != "野人" or pig)]
    triples = [list(t) for t in combinations(pool, 3)
               if LOW <= sum(strength(r) for r in t) <= HIGH]
    return game.rng.choice(triples) if triples else []


def cards(game: Game, seat: str) -> tuple[str, ...]:
    """The cards not flipped yet (offered as 变脸's choices)."""
    state = st(game)
    return tuple(c for c in state.faces.get(seat, ())
                 if c not in state.faces_used.get(seat, ())
                 and c not in [u.choice for u in game.uses.of(seat, SKILL)])


def pick_problem(game: Game, a: Action) -> str | None:
    state = st(game)
    mine = state.faces.get(a.seat, [])
    if a.choice not in mine:
        return "变脸需要选择一张底牌：" + ("、".join(mine) or "（没有底牌）")
    if a.choice in state.faces_used.get(a.seat, ()):
        return f"变脸：每张底牌只能被选择一次（{a.choice} 已置顶过）"
    if game.sub == "开局" and game.phase.n != 1:
        return "变脸只在游戏开局或黄昏发动"
    return None


def setup(game: Game, seat: str) -> None:
    state = st(game)
    faces = cards_for(game)
    state.faces[seat] = faces
    tell(game, seat, "变脸：你的底牌：" + ("、".join(faces) or "（没有满足条件的底牌）"), SKILL)

    def skills_gone() -> None:
        """A card's skills gone at 黄昏's end: what its [强制] skills gave goes too."""
        for name in state.faces_skills.get(seat, []):
            if game.held.get(seat, name) is None:
                game.statuses.end_skill(seat, name)

    state.window_hooks.setdefault("早夜", []).append(skills_gone)

"""野人⑨ — 有野人必有厚皮肉猪。
野性伙伴[开局][晨曦][强制]——游戏开局时触发效果：野人知晓场上谁是厚皮肉猪，并选择跟随或骑乘状态。
游戏日晨曦时触发效果：野人必须切换到另外一种状态。厚皮肉猪处于出局状态时触发效果：本技能失效。
跟随状态：进行嚎叫并选择两个[指定]技能，公示[这些技能被野猪骑士干扰]。效果持续期间，所有人发动这些
[指定]技能时，若[选择目标]存在于电梯楼，则这次的[选择目标]会在原本的目标上，加上电梯楼上下两个角色
共计三个角色，随机选择其中一个，发动者会知晓最终选择目标是谁。
骑乘状态：野人持续获得[不死][秩序]状态。
冲撞[正午][2]——竞选日不可发动，游戏日正午，若野人处于[骑乘]状态，可以移动自己和厚皮肉猪的电梯楼
位置至任意一名角色的下方（顺序为目标-野人-肉猪），并公布新的电梯楼情况，然后，电梯楼中和野人与肉猪
上下距离1以内的角色，若不是[村民阵营]，则获得[沉默]状态，持续到下一个正午开始。
PS：跟随状态下若出局或技能失效，跟随状态的干扰效果不再有效。

The state is 野性伙伴's `choice` (跟随/骑乘) at 开局, the two skills its `text` ("通灵、杀人");
the switch is automatic at each 晨曦 from day 2, and a switch to 跟随 takes the two skills
as a 野性伙伴 input in that 晨曦. Left unchosen ([强制]), the state and the skills are
drawn (RULINGS 44). The shift acts on the 选择目标 before every redirect stage."""

from __future__ import annotations

import re
from typing import Final

from bansha.engine import Action, Game
from bansha.engine.abilities import Ability, Resolution, RoleData, Targeting, Use
from bansha.engine.bus import Trigger
from bansha.engine.moment import Until
from bansha.engine.statuses import FORCED
from bansha.engine.targets import Redirect

from ..common import VILLAGE, faction, give, role, st, tell
from . import forced

PARTNER: Final = "野性伙伴"
RAM: Final = "冲撞"
FOLLOW, RIDE = "跟随", "骑乘"
PIG: Final = "厚皮肉猪"
RIDING: Final = ("不死", "秩序")
FIRST_STAGE: Final = "时间逆流"  # the first of 3L's redirect order: the 选择目标 itself


def aimed_skills(game: Game) -> tuple[str, ...]:
    """The [指定] skills of this ruleset (what 跟随 may pick)."""
    return tuple(n for n, s in type(game.ruleset).skills.items() if "指定" in s.tags)


def named_skills(text: str | None) -> list[str]:
    return [p for p in re.split(r"[、，,；;\s]+", text or "") if p]


FOLLOW_WITH: Final = FOLLOW + "："  # an offered choice names the two skills: "跟随：通灵、杀人"


def parsed(choice: str | None, text: str | None) -> tuple[str | None, list[str]]:
    """The state and 跟随's two skills: `choice` 跟随/骑乘 with the skills as `text`, or
    the offered "跟随：A、B" (legal() offers every pair, see offers())."""
    if choice is not None and choice.startswith(FOLLOW_WITH):
        return FOLLOW, named_skills(choice.removeprefix(FOLLOW_WITH))
    return choice, named_skills(text)


def partner(game: Game, use: Use) -> Resolution:
    me = use.actor
    state = st(game)
    mode, skills = parsed(use.choice, use.text)
    if mode in (FOLLOW, RIDE) and game.sub == "开局":
        enter(game, me, mode, skills)
    elif state.wild.get(me) == FOLLOW:  # 晨曦: the skills of the 跟随 switched to
        pick(game, me, skills)
    return
    yield


def ram(game: Game, use: Use) -> Resolution:
    me = use.actor
    state = st(game)
    pig = pig_of(game)
    for t in use.final or ():
        if pig is None:
            continue
        ring = [s for s in (state.ring or list(game.order)) if s not in (me, pig)]
        i = ring.index(t)
        state.ring = [*ring[:i + 1], me, pig, *ring[i + 1:]]
        alive = [s for s in state.ring if game.seats[s].alive]
        game.announce("冲撞：新的电梯楼顺序：" + "、".join(alive))
        k, n = alive.index(me), len(alive)
        near = {alive[(k - 1) % n], alive[(k + 2) % n]} - {me, pig}  # 目标 and below the pig
        for s in sorted(near, key=alive.index):
            if faction(game, s) != VILLAGE:
                give(game, "沉默", s, Until("start", sub="正午"), me, RAM)
    return
    yield


ROLE: Final[RoleData] = RoleData("野人", "村民阵营", "强神", 9, (), (
    Ability(PARTNER, ("开局", "晨曦"), forced=True, effect=partner),
    Ability(RAM, ("正午",), charges=2, target=Targeting("ram"), effect=ram),))


def pig_of(game: Game) -> str | None:
    return next((s for s in game.order if role(game, s) == PIG), None)


def works(game: Game, seat: str) -> bool:
    h = game.held.get(seat, PARTNER)
    return (h is not None and not h.off and game.seats[seat].alive
            and game.statuses.blocking(seat, FORCED) is None)


def enter(game: Game, seat: str, mode: str, skills: list[str]) -> None:
    state = st(game)
    state.wild[seat] = mode
    state.wild_skills.pop(seat, None)
    if mode == RIDE:
        for name in RIDING:
            if not game.statuses.has(seat, name):
                give(game, name, seat, None, seat, PARTNER, forced=True)
        tell(game, seat, "野性伙伴：你处于骑乘状态（持续获得[不死][秩序]）", PARTNER)
        return
    game.statuses.end_skill(seat, PARTNER)
    tell(game, seat, "野性伙伴：你处于跟随状态（选择两个[指定]技能）", PARTNER)
    if skills:
        pick(game, seat, skills)


def pick(game: Game, seat: str, skills: list[str]) -> None:
    state = st(game)
    state.wild_skills[seat] = (skills[0], skills[1])
    game.announce(f"野人嚎叫：{skills[0]}、{skills[1]} 这些技能被野猪骑士干扰")


def partner_problem(game: Game, a: Action) -> str | None:
    state = st(game)
    mode, names = parsed(a.choice, a.text)
    if game.sub == "开局":
        if mode not in (FOLLOW, RIDE):
            return "野性伙伴：开局选择 跟随 或 骑乘"
        if mode == RIDE:
            return None
    elif state.wild.get(a.seat) != FOLLOW or a.seat in state.wild_skills:
        return "野性伙伴：晨曦自动切换状态；只有切换到跟随时需要选择两个[指定]技能"
    elif mode not in (None, FOLLOW):
        return "野性伙伴：晨曦必须切换到另外一种状态（现在切换为跟随）"
    known = aimed_skills(game)
    if len(names) != 2 or len(set(names)) != 2:
        return "跟随状态需要选择两个不同的[指定]技能（text，如“通灵、杀人”）"
    bad = [n for n in names if n not in known]
    if bad:
        return f"{bad[0]} 不是[指定]技能"
    return None


_PAIRS: Final[dict[type, tuple[str, ...]]] = {}


def pairs(game: Game) -> tuple[str, ...]:
    """"跟随：A、B" for every two [指定] skills of the post (not only those dealt: the
    offer must not tell which roles are in play); 福祸相依 is the order list's spelling
    of 煏祸相依, offered once."""
    key = type(game.ruleset)
    if key not in _PAIRS:
        names = [n for n in aimed_skills(game) if n != "福祸相依"]
        _PAIRS[key] = tuple(f"{FOLLOW_WITH}{x}、{y}" for i, x in enumerate(names)
                            for y in names[i + 1:])
    return _PAIRS[key]


def offers(game: Game, seat: str) -> tuple[str, ...]:
    """What 野性伙伴 offers now: at 开局 骑乘 or 跟随 with two skills, until chosen; at a
    晨曦 that switched to 跟随, the two skills; else nothing (the switch is automatic)."""
    state = st(game)
    if not works(game, seat):
        return ()
    if game.sub == "开局":
        return (RIDE, *pairs(game))
    if game.sub == "晨曦" and state.wild.get(seat) == FOLLOW and seat not in state.wild_skills:
        return pairs(game)
    return ()


def ram_range(game: Game, seat: str) -> tuple[str, ...]:
    pig = pig_of(game)
    return tuple(s for s in game.alive_tuple() if s not in (seat, pig))


def may_ram(game: Game, seat: str) -> str | None:
    if game.phase.n == 1:
        return "冲撞 竞选日不可发动"
    if st(game).wild.get(seat) != RIDE or not works(game, seat):
        return "冲撞 只能在野人处于[骑乘]状态时发动"
    return None


def setup(game: Game, seat: str) -> None:
    state = st(game)
    pig = pig_of(game)
    tell(game, seat, f"野性伙伴：厚皮肉猪是 {pig or '（本局没有）'}", PARTNER)

    def draw_skills() -> list[str]:
        held = [n for n in aimed_skills(game)
                if any(game.held.get(s, n) is not None for s in game.order)]
        return game.rng.sample(held, 2) if len(held) >= 2 else held

    def opening_default() -> None:
        if seat not in state.wild and works(game, seat):
            mode = game.rng.choice((FOLLOW, RIDE))
            game.trace(f"{seat} 未选择野性伙伴的状态（强制），随机：{mode}", PARTNER)
            enter(game, seat, mode, [])
        follow_default()

    def follow_default() -> None:
        if state.wild.get(seat) == FOLLOW and seat not in state.wild_skills:
            got = draw_skills()
            if len(got) == 2:
                game.trace(f"{seat} 未选择跟随的技能（强制），随机：{'、'.join(got)}", PARTNER)
                pick(game, seat, got)

    def dawn() -> None:
        """"游戏日晨曦时触发效果：野人必须切换到另外一种状态" (day 2 on, RULINGS 44)."""
        if game.phase.n < 2 or not works(game, seat) or seat not in state.wild:
            return
        enter(game, seat, FOLLOW if state.wild[seat] == RIDE else RIDE, [])

    def on_out(t: Trigger) -> Resolution:
        if t.seat == pig and t.seat is not None:  # "厚皮肉猪处于出局状态时…本技能失效"
            forced.end(game, seat, PARTNER, "厚皮肉猪出局", trigger=True)
            state.wild.pop(seat, None)
            state.wild_skills.pop(seat, None)
        return
        yield

    def restore() -> None:  # [遗忘] ended: 骑乘's statuses come back
        if state.wild.get(seat) == RIDE and works(game, seat):
            for name in RIDING:
                if not game.statuses.has(seat, name):
                    give(game, name, seat, None, seat, PARTNER, forced=True)

    def shift(ball: str, use: Use) -> str:
        """跟随: the 选择目标 becomes one of itself and its two 电梯楼 neighbours."""
        skills = state.wild_skills.get(seat)
        if (skills is None or use.ability not in skills or state.wild.get(seat) != FOLLOW
                or not works(game, seat) or not game.seats[ball].alive):
            return ball
        ring = [s for s in (state.ring or list(game.order)) if game.seats[s].alive]
        i = ring.index(ball)
        three = list(dict.fromkeys((ring[i - 1], ball, ring[(i + 1) % len(ring)])))
        new = game.rng.choice(three)
        if new != ball:
            use.chosen = tuple(new if c == ball else c for c in use.chosen)
        tell(game, game.owner(use.actor), f"野猪骑士干扰：你的[{use.ability}]最终选择目标是 {new}",
             PARTNER)
        return new

    state.opening_defaults.append(opening_default)
    state.close_hooks.setdefault("晨曦", []).append(follow_default)
    state.window_hooks.setdefault("晨曦", []).append(dawn)
    state.forced_restorers.append(restore)
    game.bus.on("out", on_out, name=PARTNER)
    state.targets.register(Redirect(FIRST_STAGE, seat, shift,
                                    game.calendar.at(1, "day", "开局"), note="跟随"))

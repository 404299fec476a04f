"""御主⑨ — 英灵显现[强制]——有角色出局时触发此效果：出局的角色[翻牌]，所有出局的角色会根据其
强度分增加英灵召唤的次数（计算方式为该角色强度分÷2，向下取整）。
英灵召唤[黄昏][指定][0]——选择范围：任意一名已出局角色，需要支付其强度分的次数。结算效果：若结算
目标不为三方不定，目标角色于黄昏结束后获得[自由]状态，与御主共群，并且可以使用技能，持续至该技能
的发动者出局。

Each out while 英灵显现 works (not his own: out, he is "视作被业炎处理") reveals the
character's [实际身份] and adds its strength ÷ 2. The summoned 英灵 stays out (it does
not vote and counts as out for the wins) but uses its skills in their own windows as if
in play, until the 御主 goes out (RULINGS 42)."""

from __future__ import annotations

from dataclasses import replace
from typing import Final

from bansha.engine import Action, Game
from bansha.engine.abilities import Ability, Resolution, RoleData, Targeting, Use
from bansha.engine.bus import Trigger
from bansha.engine.statuses import FORCED

from ..common import ELDER, faction, give, role, st, tell
from ..deal import strength
from ..flow import AFTER_COUNT
from . import forced

SHOW: Final = "英灵显现"
SUMMON: Final = "英灵召唤"
THIRD: Final = (ELDER,)  # 三方不定: the 三方 of this pool (RULINGS 3); no 不定阵营 here


def summon(game: Game, use: Use) -> Resolution:
    me = use.actor
    h = game.held.get(me, SUMMON)
    for t in use.final or ():
        price = strength(role(game, t))
        if h is not None and h.charges is not None and price > 0:
            h.charges -= price - 1  # the step paid one
        if faction(game, t) in THIRD:
            game.trace(f"英灵召唤：{t} 是三方，无效果", SUMMON)
            continue
        st(game).summoning.append((me, t))  # "于黄昏结束后"
        left = h.charges if h else 0
        tell(game, me, f"英灵召唤：{t} 将于黄昏结束后成为你的英灵（剩余 {left} 次）", SUMMON)
    return
    yield


ROLE: Final[RoleData] = RoleData("御主", "村民阵营", "强神", 9, (), (
    Ability(SHOW, forced=True),
    Ability(SUMMON, ("黄昏",), charges=0, target=Targeting("summonable"), effect=summon),))


def summonable(game: Game, seat: str) -> tuple[str, ...]:
    """"任意一名已出局角色" that is no 英灵 yet and whose price is left to pay."""
    h = game.held.get(seat, SUMMON)
    left = (h.charges or 0) if h is not None else 0
    left -= sum(strength(role(game, t)) for u in game.uses.of(seat, SUMMON) for t in u.chosen)
    state = st(game)
    return tuple(s for s in game.order if not game.seats[s].alive and s not in state.heroes
                 and strength(role(game, s)) <= left)


def price_problem(game: Game, a: Action) -> str | None:
    """"需要支付其强度分的次数", with the summons already handed in this 黄昏."""
    h = game.held.get(a.seat, SUMMON)
    left = (h.charges or 0) if h is not None else 0
    taken = sum(strength(role(game, t)) for u in game.uses.of(a.seat, SUMMON) for t in u.chosen)
    for t in a.all_targets():
        if game.seats[t].alive:
            return f"{t} 未出局：英灵召唤只能选择已出局的角色"
        if t in st(game).heroes:
            return f"{t} 已是英灵"
        price = strength(role(game, t))
        if price + taken > left:
            return f"英灵召唤次数不足：召唤 {t} 需要 {price} 次（剩余 {left} 次" + (
                f"，本阶段已提交的召唤占用 {taken} 次" if taken else "") + "）"
    return None


def setup(game: Game, seat: str) -> None:
    state = st(game)

    def works() -> bool:
        h = game.held.get(seat, SHOW)
        return (h is not None and not h.off and game.seats[seat].alive
                and game.statuses.blocking(seat, FORCED) is None)

    def on_out(t: Trigger) -> Resolution:
        out = t.seat
        if out is None or out == seat:
            if out == seat:
                dismiss()
            return
        if not works():
            return
        forced.acted(game, f"{out} 出局：英灵显现", SHOW)
        if out not in state.revealed:
            state.revealed.add(out)  # [翻牌]: the actual identity is public
            line = f"{out} 翻牌：实际身份是{role(game, out)}"
            if game.phase.is_night:  # after "昨夜出局" (RULINGS 67)
                night_lines.append(line)
            else:
                game.announce(line)
        gain = strength(role(game, out)) // 2
        h = game.held.get(seat, SUMMON)
        if h is not None and gain:
            h.add_charges(gain)
            tell(game, seat, f"英灵显现：{out} 出局，英灵召唤次数+{gain}（剩余 {h.charges} 次）",
                 SHOW)
        return
        yield

    night_lines: list[str] = []  # tonight's 翻牌 lines, announced after the count's

    def after_count() -> None:
        """"有角色出局时触发此效果：出局的角色[翻牌]": the out first ("昨夜出局"), then its
        翻牌, both at the next day's opening."""
        for line in night_lines:
            game.announce(line, later=True)
        night_lines.clear()

    def dusk_end() -> None:
        """"目标角色于黄昏结束后获得[自由]状态，与御主共群，并且可以使用技能"."""
        due = [(m, t) for m, t in state.summoning if m == seat]
        state.summoning = [x for x in state.summoning if x[0] != seat]
        for _, t in due:
            if game.seats[t].alive or t in state.heroes or not game.seats[seat].alive:
                continue
            state.heroes[t] = seat
            give(game, "自由", t, None, seat, SUMMON)
            game.groups.setdefault(f"英灵:{seat}", [seat])
            game.groups[f"英灵:{seat}"].append(t)
            for h in game.held.of(t):  # its skills act while it is out
                if not h.ability.after_out:
                    h.ability = replace(h.ability, after_out=True)
                    state.hero_skills.setdefault(t, []).append(h.name)
            tell(game, t, f"你成为了 {seat} 的英灵：获得[自由]状态，与 {seat} 共群，"
                 f"并且可以使用技能（持续至 {seat} 出局）", SUMMON)
            tell(game, seat, f"英灵召唤：{t} 成为你的英灵，与你共群", SUMMON)

    def dismiss() -> None:
        """"持续至该技能的发动者出局"."""
        for t in [h for h, m in state.heroes.items() if m == seat]:
            del state.heroes[t]
            game.statuses.remove(t, "自由", source=seat)
            for name in state.hero_skills.pop(t, []):
                h = game.held.get(t, name)
                if h is not None:
                    h.ability = replace(h.ability, after_out=False)
            group = game.groups.get(f"英灵:{seat}", [])
            if t in group:
                group.remove(t)
            state.rights.pop(t, None)
            tell(game, t, f"{seat} 已出局：你不再是英灵", SUMMON)

    def bind() -> None:
        """An 英灵 may use its skills in each window of theirs (rights.may)."""
        for t, m in state.heroes.items():
            if m != seat:
                continue
            for h in game.held.of(t):
                if h.name in state.hero_skills.get(t, ()) and game.sub in h.ability.windows:
                    state.rights.setdefault(t, {})[h.name] = game.moment

    game.bus.on("out", on_out, name=SHOW)
    state.close_hooks.setdefault("黄昏", []).append(dusk_end)
    state.close_hooks.setdefault(AFTER_COUNT, []).append(after_count)
    for sub in ("晨曦", "正午", "黄昏", "早夜", "午夜", "深夜", "凌晨"):
        state.window_hooks.setdefault(sub, []).append(bind)


def is_hero(game: Game, seat: str) -> bool:
    return seat in st(game).heroes

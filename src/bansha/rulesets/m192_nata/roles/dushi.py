"""毒士⑦ — 毒计[早夜][指定][0]——选择范围：第二晚开始，任意1名角色，并从[流血][沉默][遗忘]
[迷魂][超度][漏洞]状态中选择一个。结算效果：结算目标立刻永久获得对应的状态。
谋策[早夜][指定][3]——选择范围：任意1名角色，每天只能使用1次谋策。结算效果：若结算目标持有
次数技能，目标将在[早夜]阶段结束后收到通知，目标可以选择自己其中一个次数技能，其次数增加1。
若结算目标不持有次数技能，发动者收到通知，[毒计]次数+1。

The target's pick is a 谋策 with `choice` (the skill's name); "可以选择": no pick, no
increase (RULINGS 33). 次数技能 = a held skill with a count ([数值], 限定 excluded)."""

from __future__ import annotations

from typing import Final

from bansha.engine import Action, Game, LegalAction, Prompt
from bansha.engine.abilities import Ability, Resolution, RoleData, Targeting, Use

from ..common import bleed_or_give, st, tell

POISONS: Final = ("流血", "沉默", "遗忘", "迷魂", "超度", "漏洞")


def poison(game: Game, use: Use) -> Resolution:
    name = use.choice or ""
    for t in use.final or ():
        yield from bleed_or_give(game, name, t, None, use.actor, use.ability)


def counted(game: Game, seat: str) -> list[str]:
    return [h.name for h in game.held.of(seat)
            if h.ability.charges is not None and not h.off]


def plot(game: Game, use: Use) -> Resolution:
    for t in use.final or ():
        if counted(game, t):
            st(game).plots.append(t)
        else:
            h = game.held.get(use.actor, "毒计")
            if h is not None:
                h.add_charges(1)
            who = use.chosen[0] if use.chosen else t
            tell(game, use.actor, f"{who} 不持有次数技能：[毒计]次数+1", use.ability)
    return
    yield


ROLE: Final[RoleData] = RoleData("毒士", "村民阵营", "强神", 7, (), (
    Ability("毒计", ("早夜",), charges=0, target=Targeting("alive", from_night=2), effect=poison),
    Ability("谋策", ("早夜",), charges=3, per_day=1, target=Targeting("alive"), effect=plot),))


def setup(game: Game, seat: str) -> None:
    def after_early_night() -> Resolution:
        """"目标将在[早夜]阶段结束后收到通知，目标可以选择自己其中一个次数技能"."""
        state = st(game)
        due, state.plots = state.plots, []
        for t in due:
            names = tuple(counted(game, t))
            if not names or not game.seats[t].alive:
                continue
            game.notify(t, "谋策：你可以选择自己的一个次数技能，其次数+1："
                        + "、".join(names), "谋策")
            answer = yield Prompt(t, (LegalAction(t, "谋策", (), 0, choices=names),),
                                  default="不选择", context="谋策：选择一个次数技能")
            pick = answer.choice if answer is not None else None
            h = game.held.get(t, pick) if pick in names and pick is not None else None
            if h is not None:
                h.add_charges(1)
                game.notify(t, f"{pick} 次数+1（剩余 {h.charges} 次）", "谋策")

    st(game).close_gens.setdefault("早夜", []).append(after_early_night)


def choice_problem(choice: str | None) -> str | None:
    if choice not in POISONS:
        return f"毒计需要从{'、'.join(POISONS)}中选择一个状态"
    return None


def pick_problem(game: Game, a: Action) -> str | None:
    """A 谋策 target's pick given before it is asked: alive, in 早夜, no target, one of
    its own counted skills."""
    if not game.seats[a.seat].alive:
        return "已出局的角色不能选择"
    if game.sub != "早夜" or a.all_targets():
        return "谋策的选择在早夜结束后由谋策的目标作出（写明 choice：自己的一个次数技能）"
    names = counted(game, a.seat)
    if a.choice not in names:
        return f"谋策：choice 应为你自己的一个次数技能（{'、'.join(names) or '你没有次数技能'}）"
    return None

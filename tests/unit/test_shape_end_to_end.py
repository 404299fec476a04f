"""One toy table run through the whole shape inside a Game: roles as data, a schedule
with sub-phases, held abilities, several uses of a [数值] ability, the target pipeline
with a 午夜 交换 reaching the 深夜 skills, a 懦夫-like final-target trigger, statuses
with a second-application rule, the out pipeline, and news held per sub-phase.

The roles are toys written from m192 passages (魔术师 交换, 死神 收割[2] and [流血],
通灵师 通灵, 懦夫 怯懦); no ruleset package is used."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

from bansha.engine import Action, Game, LegalAction, Phase, RoleSpec, Ruleset, SkillSpec
from bansha.engine.abilities import Ability, Resolution, RoleData, Targeting, Use
from bansha.engine.bus import Trigger
from bansha.engine.moment import Until
from bansha.engine.outs import Harm, OutPipeline
from bansha.engine.resolve import resolve_part
from bansha.engine.schedule import FREE, ORDERED, Schedule, Window
from bansha.engine.state import state_of
from bansha.engine.statuses import Escalated, StatusKind
from bansha.engine.targets import Redirect, TargetPipeline


@dataclass
class TableState:
    targets: TargetPipeline
    outs: OutPipeline | None = None
    log: list[str] = field(default_factory=list)


def state(game: Game) -> TableState:
    return state_of(game, TableState)


def swap(game: Game, use: Use) -> Resolution:
    """交换: "若最终结算目标正好为两名角色，则当晚之后所有[指定]技能的结算目标都会被交换，
    持续至夜晚结束"."""
    final = use.final or ()
    if len(final) == 2:
        a, b = final
        state(game).targets.register(Redirect(
            "交换", use.actor, lambda ball, u: b if ball == a else a if ball == b else ball,
            game.moment, until=Until("end", part="night")))
    return
    yield


def harvest(game: Game, use: Use) -> Resolution:
    """收割: "对结算目标赋予[流血]状态"; a second 流血 is 致死伤害."""
    for t in use.final or ():
        r = game.statuses.add("流血", t, game.moment, source=use.actor, skill=use.ability)
        if isinstance(r, Escalated):
            yield from hit(game, Harm(r.damage, t, use.actor, use.ability, game.moment))


def check(game: Game, use: Use) -> Resolution:
    """通灵: "反馈结算目标的[表面身份]，反馈格式为[选择目标是XX身份]"."""
    for chosen, t in zip(use.chosen, use.final or (), strict=False):
        role = game.card(t).appears("role", "check")
        game.news.hold((game.owner(use.actor),), f"{chosen}是{role}", game.moment, use.ability)
    return
    yield


def hit(game: Game, harm: Harm) -> Resolution:
    outs = state(game).outs
    assert outs is not None
    yield from outs.hit(harm)
    return


def coward(t: Trigger) -> Resolution:
    """怯懦[强制]: "懦夫成为指定技能的结算目标时触发此效果：懦夫受到[致死伤害]"."""
    game: Game = t.data["ctx"]
    seat = t.seat or ""
    if game.seats[seat].role == "懦夫" and game.seats[seat].alive:
        yield from hit(game, Harm("致死伤害", seat, t.data["actor"], "怯懦", game.moment))


TARGET = Targeting("alive")
ROLES = {r.name: r for r in (
    RoleData("魔术师", "村民阵营", "强神", 6, (), (
        Ability("交换", ("午夜",), target=Targeting("alive", count=2), effect=swap),)),
    RoleData("死神", "狼人阵营", "狼", 8, ("群内",), (
        Ability("收割", ("深夜",), charges=2, target=TARGET, effect=harvest),)),
    RoleData("通灵师", "村民阵营", "验人系", 7, (), (
        Ability("通灵", ("深夜",), target=Targeting("any"), effect=check),)),
    RoleData("懦夫", "村民阵营", "弱神", 1),
    RoleData("民", "村民阵营"),
)}


class Toy(Ruleset):
    id = "toy-shape"
    title = "玩具"
    min_players = 5
    max_players = 5
    first_phase = Phase("night", 1)
    roles: ClassVar[dict[str, RoleSpec]] = {
        n: RoleSpec(n, r.faction, 1, tuple(a.name for a in r.abilities))
        for n, r in ROLES.items()}
    skills: ClassVar[dict[str, SkillSpec]] = {
        a.name: SkillSpec(a.name) for r in ROLES.values() for a in r.abilities}
    role_data = ROLES
    schedule = Schedule(night=(Window("午夜", "午夜", ORDERED, ("交换",)),
                               Window("深夜", "深夜1", FREE, ("通灵",)),
                               Window("深夜", "深夜2", ORDERED, ("收割",))))
    status_kinds: ClassVar[dict[str, StatusKind]] = {"流血": StatusKind(
        "流血", negative=True, visible=False, repeat="escalate", escalate_to="致死伤害")}

    def new_state(self) -> object | None:
        return TableState(TargetPipeline(("交换",)))

    def setup(self, game: Game) -> None:
        st = state(game)
        st.targets.bus = game.bus
        st.outs = OutPipeline([], [], lambda h: self._out(game, h), game.alive,
                              game.statuses.snapshot)
        game.bus.on("final_target", coward)

    def _out(self, game: Game, harm: Harm) -> Resolution:
        yield from game.put_out(harm.target, harm.kind)

    win_check_on_out = False  # a toy without win rules

    def legal(self, game: Game, seat: str) -> list[LegalAction]:
        return [LegalAction(seat, h.name, tuple(game.alive_seats())) for h in game.held.of(seat)]

    def check_submit(self, game: Game, action: Action) -> str | None:
        h = game.held.get(action.seat, action.skill)
        if h is None:
            return f"你没有技能 {action.skill}"
        at = game.calendar.at(game.phase.n, game.phase.kind, h.ability.windows[0])
        return h.why_not(at, action.all_targets())

    def resolve(self, game: Game) -> Resolution:
        yield from resolve_part(game, state(game).targets)


def table() -> Game:
    return Game.new(Toy, [{"甲": "魔术师"}, {"乙": "死神"}, {"丙": "通灵师"}, {"丁": "懦夫"},
                          {"戊": "民"}], seed=1)


def test_a_night_through_the_whole_shape() -> None:
    g = table()
    assert g.submit(Action("乙", "收割", "戊"))
    assert g.submit(Action("乙", "收割", "戊"))  # a [数值] skill: both uses kept
    assert g.submit(Action("丙", "通灵", "戊"))
    assert g.submit(Action("甲", "交换", targets=("戊", "丁")))
    assert [(u.actor, u.ability) for u in g.uses.uses()] == [
        ("乙", "收割"), ("乙", "收割"), ("丙", "通灵"), ("甲", "交换")]
    refused = g.submit(Action("乙", "收割", targets=("戊", "丁")))
    # refused by the shape check before the ability sees it (input_shape.py)
    assert not refused and "收割 只有一个目标" in refused.reason  # type: ignore[union-attr]
    g.advance()
    outs = [(e.name, e.cause) for e in g.events if e.kind == "out"]
    # 交换 (午夜) sends the 深夜 通灵 and both 收割 to 丁 instead of 戊: 丁 is the 懦夫,
    # so the first targeted skill that lands on him (通灵, 深夜1) deals 致死伤害
    assert outs == [("丁", "致死伤害")]
    told = [(e.to, e.text) for e in g.events if e.kind == "notify" and e.skill == "通灵"]
    assert told == [(("丙",), "戊是懦夫")]  # the chosen target's name, the final one's role
    traces = [e.text for e in g.events if e.kind == "trace"]
    assert "丙 的 通灵：交换：戊 → 丁" in traces
    assert g.held.get("乙", "收割").charges == 0  # type: ignore[union-attr]


def test_the_second_bleed_kills_when_nothing_redirects() -> None:
    g = table()
    g.submit(Action("乙", "收割", "戊"))
    g.submit(Action("乙", "收割", "戊"))
    g.advance()
    assert [(e.name, e.cause) for e in g.events if e.kind == "out"] == [("戊", "致死伤害")]
    assert not g.statuses.has("戊", "流血") or not g.alive("戊")


def test_an_after_out_ability_resolves_for_an_out_holder_and_others_do_not() -> None:
    from bansha.engine.resolve import run_uses
    shot = Ability("最后一枪", ("深夜",), target=TARGET, after_out=True,
                   effect=lambda g, u: hit(g, Harm("致死伤害", u.final[0], u.actor, "最后一枪")))
    g = table()
    g.held.grant("丙", shot)
    g.set_alive("丙", False)
    g.sub = "深夜"
    uses = [Use("丙", "通灵", ("戊",), window="深夜"),
            Use("丙", "最后一枪", ("戊",), window="深夜")]
    for _ in run_uses(g, state(g).targets, uses, "深夜"):
        pass
    assert uses[0].voided == "技能已不可用" and uses[1].voided is None
    assert not g.alive("戊")

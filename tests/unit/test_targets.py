"""The target pipeline and the window runner (no ruleset). The stages are m192's
"[选择目标]——蚀时狼妃[时间逆流]——魔术师[交换]——魔偶师[人偶操控]——剑士[防反]——镜[反射]——
磁狼[磁吸]——最终会进行结算效果的所有目标"."""

from __future__ import annotations

from collections.abc import Generator

from bansha.engine.abilities import Resolution, Use
from bansha.engine.actions import Action, Prompt
from bansha.engine.bus import Bus, Trigger
from bansha.engine.moment import Calendar, Until
from bansha.engine.targets import Move, Redirect, TargetPipeline
from bansha.engine.window import WindowRun

STAGES = ("时间逆流", "交换", "人偶操控", "防反", "反射", "磁吸")
CAL = Calendar((), ("早夜", "午夜", "深夜", "凌晨"))
MID, DEEP = CAL.at(1, "night", "午夜"), CAL.at(1, "night", "深夜")


def swap(a: str, b: str) -> Move:
    return lambda ball, use: b if ball == a else a if ball == b else ball


def drain(gen: Generator[Prompt, Action | None, None]) -> None:
    for _ in gen:
        pass


def test_a_midnight_swap_reaches_the_deep_night_kill_until_night_ends() -> None:
    """魔术师 交换[午夜]: "当晚之后所有[指定]技能的结算目标都会被交换，持续至夜晚结束"."""
    p = TargetPipeline(STAGES)
    p.register(Redirect("交换", "魔术师", swap("乙", "丙"), MID,
                        until=Until("end", part="night")))
    kill = Use("狼", "杀人", ("乙",))
    assert p.route(kill, DEEP) == ("丙",)
    assert kill.notes == ["交换：乙 → 丙"]
    early = Use("毒士", "毒计", ("乙",))
    assert p.route(early, CAL.at(1, "night", "早夜")) == ("乙",)  # before the swap was made
    assert p.expire("end", CAL.at(1, "night", "凌晨")) == []
    assert len(p.expire("end", CAL.at(1, "night"))) == 1
    assert p.route(Use("狼", "杀人", ("乙",)), CAL.at(2, "night", "深夜")) == ("乙",)


def test_stages_apply_once_each_in_the_declared_order_and_kick_back() -> None:
    """踢球制: "先检测B有没有狼妃技能，如果有则将结算目标的球踢回给A，然后再检测球当前所在
    的A有没有魔术技能（不会再次检测狼妃）"."""
    consort = {"乙"}  # holds 时间逆流
    p = TargetPipeline(STAGES, holder_stages={
        "时间逆流": lambda ball, use: use.actor if ball in consort else ball})
    p.register(Redirect("交换", "魔术师", swap("甲", "丁"), MID))
    use = Use("甲", "通灵", ("乙",))
    # 乙 kicks the ball back to 甲; 交换 then moves it from 甲 to 丁; 时间逆流 is not
    # checked again, even though 丁 is not its holder anyway
    assert p.route(use, DEEP) == ("丁",)
    assert use.notes == ["时间逆流：乙 → 甲", "交换：甲 → 丁"]
    # a later stage (磁吸) registered first still runs after 交换
    q = TargetPipeline(STAGES)
    q.register(Redirect("磁吸", "磁狼", lambda ball, use: "磁狼", MID))
    q.register(Redirect("交换", "魔术师", swap("乙", "丙"), MID))
    u = Use("甲", "杀人", ("乙",))
    assert q.route(u, DEEP) == ("磁狼",) and u.notes == ["交换：乙 → 丙", "磁吸：丙 → 磁狼"]


def test_a_redirect_applies_only_in_the_windows_it_names() -> None:
    p = TargetPipeline(STAGES)
    p.register(Redirect("交换", "魔术师", swap("乙", "丙"), MID, windows=("深夜",)))
    assert p.route(Use("甲", "x", ("乙",)), DEEP) == ("丙",)
    assert p.route(Use("甲", "x", ("乙",)), CAL.at(1, "night", "凌晨")) == ("乙",)


def test_invisible_final_targets_do_not_resolve_and_final_target_triggers_fire() -> None:
    """[隐身]: "所有[指定]技能以该角色进行[最终结算目标]的效果，不进行结算"; 懦夫 怯懦
    "成为指定技能的结算目标时触发此效果：懦夫受到[致死伤害]"."""
    bus = Bus()
    hurt: list[str] = []

    def coward(t: Trigger) -> Resolution:
        if t.seat == "懦夫":
            hurt.append(f"懦夫 受到致死伤害（{t.data['use'].ability}）")
        return
        yield

    bus.on("final_target", coward)
    p = TargetPipeline(STAGES, bus, voids=lambda t, use: "隐身" if t == "隐者" else None)
    p.register(Redirect("交换", "魔术师", swap("乙", "懦夫"), MID))
    checked: list[tuple[str, ...]] = []

    def check(ctx: object, use: Use) -> Resolution:
        checked.append(use.final or ())
        return
        yield

    u = Use("通灵师", "通灵", ("乙",))
    drain(p.resolve(None, u, DEEP, check))
    assert hurt == ["懦夫 受到致死伤害（通灵）"] and checked == [("懦夫",)]
    v = Use("魔术师", "交换", ("隐者", "丙"))
    drain(p.resolve(None, v, DEEP, check))
    assert checked[-1] == ("丙",) and v.notes == ["隐者 不进行结算（隐身）"]


def test_window_run_inserts_depth_first_and_skips_voided_uses() -> None:
    """纵火犯 纵火: "若当晚[杀人]的结算目标正好是纵火的结算目标，则[杀人]无效" — a use voided
    before its turn is skipped; a use inserted by a step runs right after it."""
    hunter, wolf_king, light = Use("猎人", "开枪", ("光",)), Use("黑狼王", "开枪", ("丁",)), \
        Use("光", "开枪", ("戊",))
    kill = Use("狼", "杀人", ("乙",))
    arson = Use("纵火犯", "纵火", ("乙",))
    run = WindowRun([arson, kill, hunter, wolf_king])
    order: list[str] = []

    def step(use: Use) -> Resolution:
        order.append(use.actor)
        if use is arson:
            run.void(lambda u: u.ability == "杀人" and u.chosen == ("乙",), "纵火")
        if use is hunter:
            run.insert(light)
        return
        yield

    drain(run.run(step))
    assert order == ["纵火犯", "猎人", "光", "黑狼王"]
    assert kill.voided == "纵火" and run.skipped == [kill]

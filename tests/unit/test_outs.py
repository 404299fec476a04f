"""The damage-and-out pipeline (no ruleset): m192's 出局结算流程 with toy seats."""

from __future__ import annotations

from collections.abc import Generator

from bansha.engine.actions import Action, LegalAction, Prompt
from bansha.engine.moment import Calendar
from bansha.engine.outs import Harm, OutPipeline, Protection, Veto, VetoRun
from bansha.engine.statuses import StatusBook, StatusKind

CAL = Calendar((), ("深夜", "凌晨"))
AT = CAL.at(2, "night", "深夜")


class Table:
    """Toy seats: alive flags, a status book, and the out log."""

    def __init__(self, *seats: str) -> None:
        self.alive = dict.fromkeys(seats, True)
        self.book = StatusBook({k.name: k for k in (
            StatusKind("守护", uses=1), StatusKind("不死"), StatusKind("沉默", negative=True))},
            CAL)
        self.log: list[str] = []

    def go_out(self, harm: Harm) -> Generator[Prompt, Action | None, None]:
        self.alive[harm.target] = False
        self.log.append(f"{harm.target} 出局（{harm.kind}）")
        return
        yield

    def guard(self, harm: Harm) -> bool:  # [守护] 抵消 [指杀] (not [穿透])
        return self.book.consume(harm.target, "守护") is not None

    def undying(self, harm: Harm) -> bool:  # [不死]：除了红牌罚下，其他情况下都不会出局
        return self.book.has(harm.target, "不死")

    def pipeline(self, vetoes: list[Veto] | None = None) -> OutPipeline:
        return OutPipeline(
            protections=[Protection("守护", frozenset({"指杀"}), self.guard),
                         Protection("不死", frozenset({"指杀", "穿透", "致死伤害"}), self.undying)],
            vetoes=vetoes or [], go_out=self.go_out, alive=lambda s: self.alive[s],
            snapshot=self.book.snapshot)


def drive(gen: Generator[Prompt, Action | None, object], answers: list[Action | None]) -> object:
    try:
        next(gen)
        while True:
            gen.send(answers.pop(0) if answers else None)
    except StopIteration as stop:
        return stop.value


def test_protections_in_order_and_per_kind() -> None:
    t = Table("乙", "丙")
    t.book.add("守护", "乙", AT)
    pipe = t.pipeline()
    v = drive(pipe.hit(Harm("指杀", "乙", "狼", "杀人", AT)), [])
    assert v.stopped_by == "守护" and t.alive["乙"]  # type: ignore[attr-defined]
    v = drive(pipe.hit(Harm("指杀", "乙", "狼", "杀人", AT)), [])  # the guard was spent
    assert v.out and t.log == ["乙 出局（指杀）"]  # type: ignore[attr-defined]
    t.book.add("守护", "丙", AT)
    v = drive(pipe.hit(Harm("穿透", "丙", "狼兄", "暴怒", AT)), [])  # [穿透]：无视[守护]
    assert v.out  # type: ignore[attr-defined]


def test_every_veto_resolves_and_any_one_cancels_the_out() -> None:
    """"这些状态或效果全部结算（例：白猫…白猫技能和见习守卫技能全部触发…）"; 朱雀 涅槃重生
    "免于此次出局并清除自己所有负面状态"."""
    t = Table("朱雀")
    t.book.add("沉默", "朱雀", AT)
    ran: list[str] = []

    def nirvana(h: Harm) -> VetoRun:
        ran.append("涅槃重生")
        t.book.clear(h.target, negative=True)
        return True
        yield

    def apprentice(h: Harm) -> VetoRun:
        ran.append("见习守卫")
        return False
        yield

    pipe = t.pipeline([Veto("涅槃重生", nirvana), Veto("见习守卫", apprentice)])
    v = drive(pipe.hit(Harm("致死伤害", "朱雀", "猎人", "最后一枪", AT)), [])
    assert ran == ["涅槃重生", "见习守卫"]
    assert v.vetoed_by == ("涅槃重生",) and not v.out and t.alive["朱雀"]  # type: ignore[attr-defined]
    assert not t.book.has("朱雀", "沉默")


def test_a_veto_may_ask_a_player_and_the_default_applies_without_an_answer() -> None:
    """愚者 大难不死: "若愚者是警长，须选择一名其他角色移交警长" — a prompt mid-pipeline."""
    t = Table("愚者", "乙")
    told: list[str] = []

    def fool(h: Harm) -> VetoRun:
        if h.kind != "投票出局":
            return False
        a = yield Prompt("愚者", (LegalAction("愚者", "移交警长", ("乙",)),), "警徽撕毁")
        told.append(a.target if a is not None and a.target else "警徽撕毁")
        return True

    pipe = t.pipeline([Veto("大难不死", fool)])
    drive(pipe.hit(Harm("投票出局", "愚者")), [Action("愚者", "移交警长", "乙")])
    drive(pipe.hit(Harm("投票出局", "愚者")), [None])
    assert told == ["乙", "警徽撕毁"] and t.alive["愚者"]


def test_pending_ledger_settles_in_the_given_order_and_is_readable() -> None:
    """神女秘法: "反馈：当晚将要出局…的角色"; m192 凌晨 "电梯楼顺序统计出局名单"."""
    t = Table("甲", "乙", "丙")
    pipe = t.pipeline()
    ring = ["甲", "乙", "丙"]
    assert pipe.mark(Harm("指杀", "丙", "狼", "杀人")) is None
    assert pipe.mark(Harm("致死伤害", "甲", "猎人", "最后一枪")) is None
    assert pipe.mark(Harm("致死伤害", "丙", "女巫", "毒药")) is None
    assert pipe.will_go_out() == ["丙", "甲"]
    assert [h.kind for h in pipe.spare("甲")] == ["致死伤害"]
    pipe.mark(Harm("指杀", "甲"))
    done = drive(pipe.settle(lambda seats: sorted(seats, key=ring.index)), [])
    assert t.log == ["甲 出局（指杀）", "丙 出局（指杀）"]
    assert len(done) == 2 and pipe.will_go_out() == []  # type: ignore[arg-type]


def test_outs_counted_per_seat_and_revival_returns_the_statuses_at_the_out() -> None:
    """宗教老爷爷: "出局后复活，然后再次出局，计为出局2次"; 阴阳使者: "所有状态按出局时为准"."""
    t = Table("乙")
    pipe = t.pipeline()
    t.book.add("沉默", "乙", AT)
    drive(pipe.hit(Harm("致死伤害", "乙")), [])
    t.book.clear("乙")
    rec = pipe.revive("乙")
    assert rec is not None and [s.name for s in rec.statuses] == ["沉默"]
    assert pipe.revive("乙") is None  # that out was already revived
    t.alive["乙"] = True
    t.book.restore("乙", rec.statuses)
    drive(pipe.hit(Harm("致死伤害", "乙")), [])
    assert pipe.outs_of("乙") == 2 and t.book.has("乙", "沉默")


def test_an_out_seat_is_not_hit_again() -> None:
    t = Table("乙")
    t.alive["乙"] = False
    pipe = t.pipeline()
    v = drive(pipe.hit(Harm("指杀", "乙")), [])
    assert not v.out and t.log == []  # type: ignore[attr-defined]
    assert pipe.mark(Harm("指杀", "乙")) == "已出局"

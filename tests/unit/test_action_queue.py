from __future__ import annotations

import pytest

from bansha.engine.action_queue import ActionQueue, QueuedAction, QueueError


def test_resolves_in_priority_order_stable_by_insertion() -> None:
    q = ActionQueue()
    q.add("甲", "刀", ("乙",), 30)
    q.add("丙", "守", ("乙",), 10)
    q.add("丁", "验", ("戊",), 30)
    q.add("戊", "毒", ("甲",), 20)
    trace = q.resolve(lambda a, _q: a.skill)
    assert [t.outcome for t in trace] == ["守", "毒", "刀", "验"]


def test_swap_rewrites_later_actions_both_ways() -> None:
    q = ActionQueue()

    def handler(action: QueuedAction, queue: ActionQueue) -> str:
        if action.skill == "魔术师":
            queue.swap(action.targets[0], action.targets[1])
        return ",".join(action.targets)

    q.add("魔", "魔术师", ("甲", "乙"), 1)
    q.add("狼", "刀", ("甲",), 5)
    q.add("预", "验", ("乙",), 5)
    q.add("守", "守", ("丙",), 5)
    trace = q.resolve(handler)
    assert [t.outcome for t in trace] == ["甲,乙", "乙", "甲", "丙"]
    assert any("swap 甲↔乙 by 魔术师(魔)" in n for n in trace[1].action.notes)


def test_swap_then_redirect_chain_yields_target_c() -> None:
    # m192 transition chain: 狼妃 swaps, 魔术师 redirects, 磁狼 attracts.
    q = ActionQueue()

    def handler(action: QueuedAction, queue: ActionQueue) -> str:
        if action.skill == "狼妃":
            queue.swap("甲", "乙")
        elif action.skill == "魔术师":
            queue.redirect("乙", "丙")
        elif action.skill == "磁狼":
            queue.redirect("丙", "丁", where=lambda a: a.skill == "刀")
        return action.targets[0]

    q.add("妃", "狼妃", ("甲",), 1)
    q.add("魔", "魔术师", ("乙",), 2)
    q.add("磁", "磁狼", ("丙",), 3)
    q.add("狼", "刀", ("甲",), 9)
    q.add("预", "验", ("甲",), 9)
    trace = q.resolve(handler)
    assert trace[3].action.targets == ("丁",)
    assert trace[3].action.notes[0].startswith("swap 甲↔乙")
    assert len(trace[3].action.notes) == 3
    # 磁狼 only attracts kills, so the check stops at 丙.
    assert trace[4].action.targets == ("丙",)


def test_rewrites_never_touch_already_resolved_actions() -> None:
    q = ActionQueue()

    def handler(action: QueuedAction, queue: ActionQueue) -> str:
        if action.skill == "redirect":
            queue.redirect("甲", "乙")
        return action.targets[0]

    q.add("x", "刀", ("甲",), 1)
    q.add("y", "redirect", ("甲",), 2)
    trace = q.resolve(handler)
    assert trace[0].action.targets == ("甲",)


def test_void_keeps_the_reason_in_the_trace_and_skips_the_handler() -> None:
    q = ActionQueue()
    seen: list[str] = []

    def handler(action: QueuedAction, queue: ActionQueue) -> str:
        seen.append(action.skill)
        if action.skill == "摇落":
            queue.void_actor("狼", "摇落: blocked")
        if action.skill == "纵火":
            queue.void_targeting("丙", "纵火: target burned")
        return "ok"

    q.add("甲", "摇落", ("狼",), 1)
    q.add("乙", "纵火", ("丙",), 2)
    q.add("狼", "刀", ("丁",), 5)
    q.add("预", "验", ("丙",), 6)
    trace = q.resolve(handler)
    assert seen == ["摇落", "纵火"]
    assert [(t.voided, t.outcome) for t in trace[2:]] == [
        (True, "voided: 摇落: blocked"),
        (True, "voided: 纵火: target burned"),
    ]


def test_inserted_action_resolves_before_the_next_queued_one() -> None:
    q = ActionQueue()

    def handler(action: QueuedAction, queue: ActionQueue) -> str:
        if action.skill == "刀" and action.targets == ("猎",):
            queue.insert_now("猎", "开枪", ("狼",))
        if action.skill == "开枪":
            queue.insert_now("狼", "遗言", ())
        return action.skill

    q.add("狼", "刀", ("猎",), 1)
    q.add("预", "验", ("狼",), 2)
    trace = q.resolve(handler)
    assert [(t.outcome, t.inserted) for t in trace] == [
        ("刀", False),
        ("开枪", True),
        ("遗言", True),
        ("验", False),
    ]


def test_rewrites_reach_inserted_actions_not_yet_resolved() -> None:
    q = ActionQueue()

    def handler(action: QueuedAction, queue: ActionQueue) -> str:
        if action.skill == "trigger":
            queue.insert_now("a", "first", ())
            queue.insert_now("b", "shot", ("甲",))
        if action.skill == "first":
            queue.redirect("甲", "乙")
        return ",".join(action.targets)

    q.add("t", "trigger", (), 1)
    trace = q.resolve(handler)
    assert trace[-1].action.skill == "shot"
    assert trace[-1].action.targets == ("乙",)


def test_insert_loop_is_caught() -> None:
    q = ActionQueue(max_insert_depth=5)

    def handler(action: QueuedAction, queue: ActionQueue) -> str:
        queue.insert_now("甲", "again", ())
        return ""

    q.add("甲", "start", (), 1)
    with pytest.raises(QueueError, match="deeper than 5"):
        q.resolve(handler)


def test_add_during_resolution_joins_by_priority() -> None:
    q = ActionQueue()

    def handler(action: QueuedAction, queue: ActionQueue) -> str:
        if action.skill == "a":
            queue.add("x", "late", (), 3)
        return action.skill

    q.add("1", "a", (), 1)
    q.add("2", "b", (), 5)
    assert [t.outcome for t in q.resolve(handler)] == ["a", "late", "b"]


def test_queue_misuse_raises() -> None:
    q = ActionQueue()
    with pytest.raises(QueueError):
        q.insert_now("甲", "x", ())
    q.resolve(lambda a, _q: "")
    with pytest.raises(QueueError):
        q.resolve(lambda a, _q: "")
    with pytest.raises(QueueError):
        q.add("甲", "x", (), 1)

"""[M192] 行动顺序总集's "关门N分钟内" as the countdown each sub-phase window gets
(engine/deadlines.py), from schedule.DEADLINES (the post's N per step).

  黄昏1/黄昏2，关门10分钟内 … 早夜2，关门30分钟内 … 晨曦2，关门90分钟内

N counts from the day's 关门 (the last 正午 closing opens 黄昏). A sub-phase window
holds its steps, so it must be done by its last step's N; it gets the span since the
previous window's mark: 黄昏 10, 早夜 20, 午夜 10, 深夜 20, 凌晨 10, 晨曦 20. Windows
closed at their marks end exactly where the post puts them; a window the director
closes early gives the next its whole span (players never get less than the post's
time; counting every window from the 关门 instant instead would close a later window
at once after the director extended an earlier one). A prompt in a sub-phase
(殉职: "若在该阶段内未及时选择警长，警长将直接撕掉") gets that sub-phase's span.
开局 and 正午 (to 21:00, a clock time) have none, nor 晨曦 on day 1 (no 关门 before it)."""

from __future__ import annotations

from typing import Final

from bansha.engine.deadlines import ANY_PROMPT, Deadlines, Timed

from . import flow
from .schedule import DEADLINES as MARKS
from .schedule import SCHEDULE

# the sub-phases in the post's order from 关门: 黄昏, then the night, then 晨曦
_ORDER: Final = ("黄昏", *flow.NIGHT_SUBS, "晨曦")
_DEFAULT: Final = "未行动者视为放弃发动技能"


def _last_step(sub: str) -> tuple[int, str]:
    """The N of a sub-phase's last step and the post's line for it (黄昏 -> 10,
    "黄昏2，关门10分钟内，公告出局名单和警长情况，有先后顺序")."""
    steps = [w for w in (*SCHEDULE.day, *SCHEDULE.night) if w.sub == sub and w.name in MARKS]
    last = steps[-1]  # the schedule lists a sub-phase's steps in the post's order
    return MARKS[last.name], f"{last.name}，{last.note}"


def _timed() -> tuple[Timed, ...]:
    out: list[Timed] = []
    before = 0
    for sub in _ORDER:
        n, rule = _last_step(sub)
        kind = "night" if sub in flow.NIGHT_SUBS else "day"
        first = 2 if sub == "晨曦" else 0
        out.append(Timed(n - before, _DEFAULT, rule, phase=kind, sub=sub, from_n=first))
        out.append(Timed(n - before, "视为放弃（殉职：警长将直接撕掉警徽）", rule, phase=kind,
                         sub=sub, prompt=ANY_PROMPT, from_n=first))
        before = n
    return tuple(out)


DEADLINES: Final = Deadlines(_timed())

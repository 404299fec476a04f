"""[S15] 流程 11-16 and 【流弹】 as the countdown each window gets (engine/deadlines.py).

  11.进入第N天夜晚1，持续15分钟； … 15.进入第N天夜晚7，持续15分钟；
  16.判定猎人是否出局，并等待可能的猎人行动，持续15分钟；
  【流弹】猎人出局时，可在15分钟内决定一名存活角色出局。

The engine takes a whole night's inputs in one window and asks a night step's seat
mid-resolution, so "15 minutes per night step" is 15 minutes for the night window and
for each night prompt. 07.第零晚行动 gives no minutes (from_n=1). The day has none."""

from __future__ import annotations

from bansha.engine.deadlines import ANY_PROMPT, Deadlines, Timed

STEP = "进入第N天夜晚1……7，持续15分钟"

DEADLINES = Deadlines((
    Timed(15, "视为放弃开枪", "【流弹】猎人出局时，可在15分钟内决定一名存活角色出局。",
          prompt=("流弹",)),
    Timed(15, "视为放弃行动", STEP, phase="night", from_n=1),
    Timed(15, "视为放弃行动", STEP, phase="night", prompt=ANY_PROMPT, from_n=1),
))

"""[M125] 行动时限 as the countdown each window gets (engine/deadlines.py).

  警长被投票出局关门15分钟内仍未与导演取得联系，警长会直接流失。
  关门后30分钟内，狼人发动<杀人>技能，若届时狼群无法决定刀人对象，则视为空刀。
  关门后45分钟内，收到反馈的女巫和其他身份发动对应技能，若届时仍未给导演答复，视为放弃发动技能。

Both marks count from the day's 关门, which opens the night window. The night's
resolution needs the kill, so the night window (every night input) closes at the
30-minute mark; the feedback arrives as the night resolves, and the prompts that answer
it (the 女巫's 救药/毒药 after 通灵, a 最后一枪 at night, ...) get the rest up to the
45-minute mark: 15 minutes each. (The other reading, a 45-minute night window with the
kill alone cut at 30, leaves the witch no time: her feedback comes only when the night
window closes.) A director who closes the night early gives the prompts their whole 15
minutes: players never get less than the post's time. The day has no minutes;
"在次日讨论日开始前…未提交遗言，视为放弃遗言" is bounded by the day's opening, not minutes."""

from __future__ import annotations

from bansha.engine.deadlines import ANY_PROMPT, Deadlines, Timed

KILL = "关门后30分钟内，狼人发动<杀人>技能，若届时狼群无法决定刀人对象，则视为空刀。"
FEEDBACK = ("关门后45分钟内，收到反馈的女巫和其他身份发动对应技能，"
            "若届时仍未给导演答复，视为放弃发动技能。")

DEADLINES = Deadlines((
    Timed(15, "警长会直接流失", "警长被投票出局关门15分钟内仍未与导演取得联系，警长会直接流失。",
          prompt=("殉职",)),
    Timed(30, "视为空刀", KILL, phase="night"),
    Timed(45 - 30, "视为放弃发动技能", FEEDBACK, phase="night", prompt=ANY_PROMPT),
))

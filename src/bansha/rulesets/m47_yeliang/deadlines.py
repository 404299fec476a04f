"""[M47] 行动时限 as the countdown each window gets (engine/deadlines.py).

  警长被投票出局者关门十分钟内仍未与导演取得联系，警长<殉职>对象随机决定。
  失去<通灵>的女巫、预言家在关门后一个小时未与导演取得联系，视为放弃技能行使。
  狼队在关门一个小时后仍未提交<杀人>目标，视为放弃技能行使。
  女巫<通灵>、神明<神堕>收到反馈后半小时，仍未给导演答复，视为放弃技能行使。

The night is one window (every night input), so the hour is the night's; the
feedback prompts (救药/毒药 after 通灵, 神堕) get half an hour each; 殉职 ten minutes.
The discussion day has no minutes (the director closes it, 关门)."""

from __future__ import annotations

from bansha.engine.deadlines import Deadlines, Timed

GIVE_UP = "视为放弃技能行使"

DEADLINES = Deadlines((
    Timed(60, GIVE_UP, "狼队在关门一个小时后仍未提交<杀人>目标，视为放弃技能行使。", phase="night"),
    Timed(30, GIVE_UP, "女巫<通灵>、神明<神堕>收到反馈后半小时，仍未给导演答复，视为放弃技能行使。",
          prompt=("救药", "毒药", "神堕")),
    Timed(10, "警长<殉职>对象随机决定",
          "警长被投票出局者关门十分钟内仍未与导演取得联系，警长<殉职>对象随机决定。",
          prompt=("殉职",)),
))

"""[S15] the order table: 二、进行阶段 07–20, read beside the post.

    07.第零晚行动
    11.进入第N天夜晚1 … 15.夜晚7（the overview table's 夜晚1–7 fill steps 11–15）
    16.判定猎人是否出局，并等待可能的猎人行动
    17.判定濒死状态的角色出局，并通知准备遗言（如果先知为情侣之一，则在此时而非夜晚3给出反馈）
    08./19.讨论与投票开始   09./20.计票确定警长 / 计票确定出局者
    注：每一步执行完毕后，执行胜负判定

One window per numbered step, its skills in the post's order ("有先后顺序": a skill's
uses resolve in submission order, one skill after the other); the win check follows
every window (night.py, day.py). A name here is a skill (roles/), or one of the
post's own steps in `RULE_STEPS`. The INSTANT windows list the skills that take
effect the moment they are used ("立即", "任意时刻"), outside the numbered steps
(anytime.py).
"""

from __future__ import annotations

from bansha.engine.schedule import INSTANT, ORDERED, Schedule, Window

SETTLE = "濒死判定"  # 17: the night's dying go out
COUNT = "计票"  # 09/20: the day's count
RULE_STEPS = (SETTLE, COUNT)

SCHEDULE = Schedule(
    opening=(
        Window("", "07.第零晚行动", ORDERED, ("金箭", "归群"),
                note="第零日夜晚只有爱神【金箭】与白狼【归群】可以行使（裁定R-8）"),
    ),
    night=(
        Window("", "任意时刻", INSTANT, ("死节", "出使", "遗言")),
        Window("", "11.夜晚1", ORDERED, ("守护", "隔音")),
        Window("", "12.夜晚2", ORDERED, ("吹笛", "曲尽", "断肠", "摇落", "卫道")),
        Window("", "13.夜晚3、4、5", ORDERED,
               ("偷师", "预言", "弄权", "诽谤", "杀人", "撕咬", "道骨"),
               note="夜晚3：先知、顽徒、王女、诽谤者；夜晚4：杀人；夜晚5：撕咬（长老的标记随后）"),
        Window("", "14.夜晚6", ORDERED, ("通灵",), note="解药、毒药在通灵反馈后选择"),
        Window("", "15.夜晚7", ORDERED, ("纯真", "救赎")),
        Window("", "16.判定猎人是否出局", ORDERED, ("流弹",)),
        Window("", "17.判定濒死状态的角色出局", ORDERED, (SETTLE,)),
    ),
    day=(
        Window("", "任意时刻", INSTANT, ("行刺", "死节", "忏悔", "出使", "遗言")),
        Window("", "09.计票确定警长 / 20.计票确定出局者", ORDERED, (COUNT,)),
    ),
)

"""7L 行动顺序总集 as the order table, for the roles of this pool.

The post's list names the steps 黄昏1/黄昏2/早夜1/早夜2/午夜/深夜1/深夜2/凌晨/晨曦1/晨曦2
with their mode (即时插入结算 / 有先后顺序 / 互不影响) and 关门 deadline, and lists skills
of many games; only 赤狐神女 (灵狐灿世, 神女秘法, 福祸相依), 赤狼 业炎, 渊狼 深渊, 通灵师
通灵 and 狼人阵营 杀人 are of this pool. Every other skill of the pool is placed by its
own sub-phase tag (RULINGS 4): after the listed ones of the first step of that sub-phase
whose mode allows it, in the order the role section (4L, 5L) lists them. 正午 has no
step in the list: its skills resolve as they are submitted ("在正午阶段出局的信息会随
时间立刻公示"). 开局 is the opening.
"""

from __future__ import annotations

from typing import Final

from bansha.engine.schedule import FREE, INSTANT, ORDERED, Schedule, Window

SCHEDULE: Final = Schedule(
    opening=(Window("开局", "开局", ORDERED,
                    ("异端处决", "养殖", "野性伙伴", "装模作样", "潜藏", "变脸"),
                    note="游戏一开始（发放账号，玩家得知身份）"),),
    day=(
        Window("晨曦", "晨曦1", INSTANT, ("灵狐灿世", "最后一枪", "残暴", "薪火相传"),
               note="关门80分钟内，即时插入结算"),
        Window("晨曦", "晨曦2", FREE, (), note="关门90分钟内，互不影响"),
        Window("正午", "正午", FREE, ("冲撞", "审讯", "灵魂传递", "天命所归", "神风突击",
                                      "崩塌狙击", "一锤定音"),
               note="开门至21:00（当天关门则为20:00），随时结算"),
        Window("黄昏", "黄昏1", INSTANT, ("灵狐灿世", "最后一枪", "残暴", "薪火相传"),
               note="关门10分钟内，统计最高票，随后统计二次流血，即时插入结算"),
        Window("黄昏", "黄昏2", ORDERED, ("英灵召唤", "变脸", "精明"),
               note="关门10分钟内，公告出局名单和警长情况，有先后顺序"),
    ),
    night=(
        Window("早夜", "早夜1", FREE, ("毒计", "谋策", "结印", "脱下隐身衣", "继承", "诱食"),
               note="公布黄昏阶段剩余应公布事宜，关门20分钟内，互不影响"),
        Window("早夜", "早夜2", ORDERED, (), note="关门30分钟内，有先后顺序"),
        Window("午夜", "午夜", ORDERED, ("业炎", "深渊", "交换", "纵火", "恐虐"),
               note="关门40分钟内，有先后顺序"),
        Window("深夜", "深夜1", FREE, ("通灵", "灵魂凭依", "禁言"),
               note="关门50分钟内，互不影响"),
        Window("深夜", "深夜2", ORDERED, ("杀人", "天火", "暴怒", "收割", "暴食"),
               note="关门60分钟内，有先后顺序"),
        Window("凌晨", "凌晨", ORDERED, ("神女秘法", "福祸相依", "煏祸相依", "复活", "守夜"),
               note="关门70分钟内，有先后顺序；电梯楼顺序统计出局名单"),
    ),
)

# 灵魂链接 [早夜][午夜][深夜][凌晨][晨曦][正午][黄昏]: in every sub-phase, after the
# listed skills (order_uses puts unlisted uses last, in submission order)
ANY_TIME: Final = ("灵魂链接",)

# "关门N分钟内": the deadline of each step after the day's close, in minutes (data
# for the platform); 正午 runs to 21:00 (20:00 on a closing day)
DEADLINES: Final[dict[str, int]] = {"黄昏1": 10, "黄昏2": 10, "早夜1": 20, "早夜2": 30, "午夜": 40,
                                    "深夜1": 50, "深夜2": 60, "凌晨": 70, "晨曦1": 80, "晨曦2": 90}
# 福祸相依 is how the list spells the skill the role text writes 煏祸相依 (RULINGS 5)
SPELLINGS: Final = {"煏祸相依": "福祸相依"}

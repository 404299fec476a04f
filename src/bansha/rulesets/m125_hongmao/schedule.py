"""The order table, beside the post's 游戏流程 (逆转轮 numbering; the history round
has no 时间吞噬/重定之理 — their cards are second cards, not in play then):

    （1）魔术师 交换 （2）纵火犯 纵火 （3）守卫 守护 （4）狼人 杀人 （5）预言家 预言
    （6）女巫 通灵；救药、毒药 （7）蚀时狼妃 时间吞噬 （8）定序王子 重定之理
    then 指杀结算, 毒药结算, 夜死最后一枪结算 (night.py).

By day only 骑士 决斗 acts, the moment it is submitted."""

from __future__ import annotations

from bansha.engine.schedule import INSTANT, ORDERED, Schedule, Window

SCHEDULE = Schedule(
    day=(Window("", "讨论日", INSTANT, ("决斗",)),),
    night=(Window("", "夜晚", ORDERED, (
        "交换", "纵火", "守护", "杀人", "预言", "通灵", "救药", "毒药", "时间吞噬", "重定之理")),),
)

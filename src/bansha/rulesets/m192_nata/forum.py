"""[M192]纳塔's forum-side rules (vote thread, cards, 潜水, 加速/延时, announcements) as
data for bansha.forum; each field quotes the post's sentence it comes from."""

from __future__ import annotations

from typing import Final

from bansha.engine.forum_rules import OUT_ORDER_SEAT, RED_OUT, ForumRules

# The sentences this post shares word for word with [M47] and [M125].
_SHARED: Final = (
    ("one_vote", "每名存活角色每个讨论日限投一票，投票完成后允许改票。"),
    ("max_changes", "改票只允许进行一次。"),
    ("lock_minutes", "关门前一小时不允许改票或代投，执行加速时不允许改票。"),
    ("change_when_accelerated", "执行加速时，所有人不可改票，且发言不足或未投票者将不被判罚。"),
    ("change_must_reply", "【改票格式】改票需回复原投票楼层"),
    ("format", "请严格依照投票格式或改票格式进行投票。投票格式或投票对象有误的票无效。"
               "无效票须通过重新发帖来更正。"),
    ("punctuation", "投票格式中标点符号不区分全半角。投票对象与投票理由之间可以不换行。"),
    ("abstain", "投弃权票时，须在投票对象中填写“弃权”。"),
    ("no_vote_card", "讨论结束时，未回复投票帖者将被判罚黄牌"),
    ("cards_per_step", "累计三张“蓝牌”合并为一张“黄牌”。累计三张“黄牌”合并为一张“红牌”。"),
    ("out_may_be_carded", "已出局角色仍可被判罚。"),
    ("lurk_card", "5、潜水（以下行为均固定判罚一张“黄牌”）"),
    ("lurk_min_posts", "（1）在未执行加速的讨论日发言不足五帖"),
    ("lurk_streak_posts", "（2）连续三个未执行加速的讨论日发言均不足十帖"),
    ("lurk_no_vote", "（3）在未执行加速的讨论日未投票"),
    ("speed_delay", "延迟成功时，不再视为“执行加速”状态。"),
    ("lastwords_no_code", "遗言中禁止使用Discuz!代码。"),
    ("forbid_director_font", "（1）使用导演专用的放大字体、红色字体（或导演认为与 #FF0000 相近颜色"
                             "的字体）"),
    ("forbid_out_posts", "（2）已出局角色在讨论帖、投票帖、进程帖中发言（即“诈尸”）"),
)

FORUM_RULES: Final = ForumRules(
    post="[M192]纳塔",
    max_changes=1,
    change_must_reply=True,
    lock_minutes=60,
    lock_blocks_proxy=True,
    change_when_accelerated=False,
    noon_out_change=True,
    vote_counts_public=False,
    proxy_votes=True,
    no_vote_card="黄",
    cards_per_step=3,
    red_card=RED_OUT,
    faction_loss_reds=2,
    out_may_be_carded=True,
    lurk_min_posts=5,
    lurk_streak_posts=10,
    lurk_streak_days=3,
    lurk_no_vote=True,
    speed_requests=True,
    speed_deadline_hours=3,
    speed_quorum=(1, 2),
    out_order=OUT_ORDER_SEAT,
    lastwords_at_day_start=True,
    day_start_order=("outs", "lastwords", "sheriff", "other"),
    lastwords_no_code=True,
    forbid_director_font=True,
    forbid_out_posts=True,
    quotes=(
        *_SHARED,
        ("proxy_votes", "演员可以委托导演代投，代投时需给出明确的投票对象（不可设立投票条件）。"),
        ("noon_out_change", "如果投票的角色在正午就已出局，即使在禁止改票的时间内也可以进行一次改票"
                            "。"),
        ("red_card", "玩家受到红牌判罚时出局（称为“红牌罚下”）。"),
        ("faction_loss_reds", "判罚红牌时，导演视情况决定是否判负该玩家所在阵营。"
                              "同一阵营的角色累计获得两张或以上红牌时，阵营判负。"),
        ("speed_requests", "未出局角色可在进程帖中申请加速或延时。当日申请人数在讨论日结束三个小时"
                           "前"
                           "（一般为最后一个自然日的18:00）大于等于存活人数的一半，即判定加速或延迟成功。"),
        ("out_order", "公示出局名单顺序改为按角色电梯楼顺序排序"),
        ("vote_counts_public", "每天的投票内容公开，但投票计数隐藏，将只宣布当天谁是最高票，"
                               "并结算对应的最高票效果"),
        ("lastwords_at_day_start", "每个游戏日白天开始时，公示前一天出局角色名单及遗言。"),
        ("out_votes", "除非特别说明，否则已经公示的出局角色不允许被选为技能或投票的目标。"),
    ),
)

"""A rule post's forum-side rules as data: the vote thread, the card ledger,
潜水 (post-count penalties), 加速/延时 and the announcements.

The posts share most of these sentences and differ in a few (m192 lets a voter
whose target went out at 正午 change even in the locked hour; m125 keeps a
red-carded character on the table; s15's post has none of them). A ruleset sets
`Ruleset.forum_rules`; the forum tools (bansha.forum) read only this object, so
no rule below is a constant in a tool. The engine reads only the 加速 sentences
(`speed_requests`, `change_when_accelerated`: engine/speedup.py, the director's 加速).
"""

from __future__ import annotations

from dataclasses import dataclass

# what a red card does to the character (RED_*):
RED_OUT = "out"  # 红牌罚下: the character goes out
RED_OFF_ALIVE = "off-alive"  # sent off, but the character stays alive (s15)
RED_STAYS = "stays"  # the cards stay on the table and play on by record (m125)

# the order of the names in a published out list (OUT_ORDER_*):
OUT_ORDER_OUT = "out"  # 按角色出局的顺序
OUT_ORDER_SEAT = "seat"  # 按角色电梯楼顺序 (m192)


@dataclass(frozen=True)
class ForumRules:
    """Each field is one sentence of a post; `quotes` holds those sentences
    (field name -> the post's words) so a report can cite the rule it applied.
    The defaults are "the post says nothing": no lock, no 潜水, no 加速."""

    post: str = ""  # the rule post these come from (for reports)

    # ---- the vote thread -------------------------------------------------
    vote_field: str = "投票对象"
    change_field: str = "改票对象"
    abstain: str = "弃权"
    max_changes: int = 1  # 改票只允许进行一次
    change_must_reply: bool = False  # 改票需回复原投票楼层
    lock_minutes: int | None = None  # 关门前一小时不允许改票或代投 (None: no lock)
    lock_blocks_proxy: bool = False
    change_when_accelerated: bool = True  # False: 执行加速时不允许改票
    noon_out_change: bool = False  # m192: target out at 正午 -> one change even when locked
    proxy_votes: bool = False  # 演员可以委托导演代投
    no_vote_card: str | None = None  # 未回复投票帖者将被判罚黄牌 (the colour)
    vote_counts_public: bool = True  # m192: 投票内容公开，但投票计数隐藏，只宣布最高票

    # ---- cards ---------------------------------------------------------
    cards_per_step: int = 3  # 3 蓝 = 1 黄, 3 黄 = 1 红
    red_card: str = RED_OUT
    faction_loss_reds: int | None = None  # 同一阵营累计两张红牌时阵营判负 (None: director)
    out_may_be_carded: bool = False  # 已出局角色仍可被判罚

    # ---- 潜水 ---------------------------------------------------------
    lurk_min_posts: int | None = None  # 在未执行加速的讨论日不足五帖
    lurk_streak_posts: int | None = None  # 连续三个未执行加速的讨论日均不足十帖
    lurk_streak_days: int = 3
    lurk_no_vote: bool = False  # 在未执行加速的讨论日未投票
    lurk_card: str = "黄"  # 以下行为均固定判罚一张“黄牌”

    # ---- 加速 / 延时 -----------------------------------------------------
    speed_requests: bool = False  # 未出局角色可在进程帖中申请加速或延时
    speed_deadline_hours: int = 3  # 讨论日结束三个小时前
    speed_quorum: tuple[int, int] = (1, 2)  # 大于等于存活人数的一半
    # m125: 加速申请截止至加速成功后的讨论日结束前三小时
    accel_deadline_after_speedup: bool = False

    # ---- announcements and player posts ---------------------------------
    out_order: str = OUT_ORDER_OUT
    lastwords_at_day_start: bool = False  # 白天开始时公示……遗言
    day_start_order: tuple[str, ...] = ("outs", "lastwords", "sheriff", "other")
    lastwords_no_code: bool = False  # 遗言中禁止使用Discuz!代码
    forbid_director_font: bool = False  # 使用导演专用的放大字体、红色字体
    forbid_out_posts: bool = False  # 已出局角色在讨论帖、投票帖、进程帖中发言

    quotes: tuple[tuple[str, str], ...] = ()

    def quote(self, field: str) -> str:
        """The post's sentence behind `field` ("" when the post has none)."""
        for name, text in self.quotes:
            if name == field:
                return text
        return ""

"""官方规则S15's forum-side rules as data for bansha.forum.

The post has no vote-thread format, no card scale, no 潜水 and no 加速/延时
rules: those stay at ForumRules' "the post says nothing" defaults, except the
two the game already applies (one 改票, as the engine's vote box; 3 蓝 = 1 黄,
3 黄 = 1 红, as the engine's card ledger) and the post's one sentence on a red
card (R-25 in RULINGS.md)."""

from __future__ import annotations

from bansha.engine.forum_rules import RED_OFF_ALIVE, ForumRules

FORUM_RULES = ForumRules(
    post="官方规则S15",
    max_changes=1,
    cards_per_step=3,
    red_card=RED_OFF_ALIVE,
    lastwords_at_day_start=False,  # published as soon as the out is public
    day_start_order=("outs", "lastwords", "sheriff", "other"),
    quotes=(
        ("red_card", "注：如无特殊说明，濒死状态、癫狂状态、假死状态含于存活状态，"
                     "罚下而未出局的角色处于存活状态。"),
        ("out_order", "（帖中未规定；按出局顺序）"),
    ),
)

"""经典狼人杀's forum-side rules: none beyond the engine's (one 改票, 3 蓝 = 1 黄,
3 黄 = 1 红, a red card sends the character out)."""

from __future__ import annotations

from bansha.engine.forum_rules import RED_OUT, ForumRules

FORUM_RULES = ForumRules(post="经典狼人杀", max_changes=1, red_card=RED_OUT)

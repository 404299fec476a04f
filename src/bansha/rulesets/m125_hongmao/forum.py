"""[M125]'s forum-side rules (vote thread, cards, 潜水, 加速/延时) as data for
bansha.forum: kept with the other posts' data in bansha.forum.rulesets (written before
this ruleset existed); the ruleset carries the same object."""

from __future__ import annotations

from bansha.forum.rulesets import M125_HONGMAO as FORUM_RULES

__all__ = ["FORUM_RULES"]

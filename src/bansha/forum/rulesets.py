"""Which ForumRules a ruleset id means.

Every registered ruleset carries its own (`Ruleset.forum_rules`, set in its
package's forum.py); the forum tools read nothing else."""

from __future__ import annotations

from bansha.engine import get_ruleset, ruleset_ids
from bansha.engine.forum_rules import ForumRules


def known_ids() -> list[str]:
    return sorted(ruleset_ids())


def forum_rules_for(ruleset_id: str) -> ForumRules:
    """The forum rules of `ruleset_id`; KeyError (with a Chinese message) if unknown."""
    if ruleset_id in ruleset_ids():
        return get_ruleset(ruleset_id).forum_rules
    raise KeyError(f"未知的规则 {ruleset_id}；可用：{'、'.join(known_ids())}")

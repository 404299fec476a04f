"""Forum tools: count a vote thread, keep the card ledger, 潜水 and 加速/延时,
write a game's announcements in Discuz! BBCode, flag posts that break the
posts' forum rules. Used by the `bansha forum` commands and the web platform.

Public API (docs/forum.md):
    parse_thread(text) -> Thread
    tally_thread(thread, players, rules, out=, close=, accelerated=, noon_outs=) -> VoteReport
    tally_for_game(game, thread, close=, ...) -> VoteReport;  submit_votes(game, report)
    parse_cards(text, players) / build_ledger(entries, rules, out=, factions=) -> CardLedger
    apply_cards(game, entries)
    lurk_penalties(days, players, rules, apply=) -> LurkReport
    tally_speed(thread, players, rules, close=, ...) -> SpeedReport;  apply_speed(game, report)
    announcement_posts(game) / bbcode_announcements(game)
    check_posts(thread, rules, out=, lastwords=) -> list[Flag]
    forum_rules_for(ruleset_id) -> ForumRules
"""

from bansha.engine.forum_rules import ForumRules

from .bbcode import AnnouncementPost, announcement_posts, bbcode_announcements
from .cards import CardEntry, CardLedger, apply_cards, build_ledger, parse_cards
from .flags import Flag, check_posts
from .lurk import DayActivity, LurkReport, count_posts, lurk_penalties
from .rulesets import forum_rules_for, known_ids
from .speed import SpeedReport, apply_speed, tally_speed
from .tally import (
    COUNTED,
    IGNORED,
    REPLACED,
    PostResult,
    VoteReport,
    submit_votes,
    tally_for_game,
    tally_thread,
)
from .thread import Post, Thread, parse_thread

__all__ = [
    "COUNTED",
    "IGNORED",
    "REPLACED",
    "AnnouncementPost",
    "CardEntry",
    "CardLedger",
    "DayActivity",
    "Flag",
    "ForumRules",
    "LurkReport",
    "Post",
    "PostResult",
    "SpeedReport",
    "Thread",
    "VoteReport",
    "announcement_posts",
    "apply_cards",
    "apply_speed",
    "bbcode_announcements",
    "build_ledger",
    "check_posts",
    "count_posts",
    "forum_rules_for",
    "known_ids",
    "lurk_penalties",
    "parse_cards",
    "parse_thread",
    "submit_votes",
    "tally_for_game",
    "tally_speed",
    "tally_thread",
]

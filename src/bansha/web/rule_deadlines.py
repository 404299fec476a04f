"""Each post's 行动时限 / 关门 minutes: the countdown a window gets when it opens.

A platform-side table keyed by ruleset id, until the engine-shape work gives
rulesets a place for this data (then it moves there, and this module reads it).
A window is the phase (`day`/`night`) and, during a resolution, the prompt that
waits for one seat (named by the skills it offers). A window the table does not
name opens with no countdown; the director sets, extends, pauses or clears any
countdown as before (deadlines.py).

M47 (行动时限):
  狼队在关门一个小时后仍未提交<杀人>目标，视为放弃技能行使。       -> night: 60
  女巫<通灵>、神明<神堕>收到反馈后半小时，仍未给导演答复……         -> 救药/毒药, 神堕: 30
  警长被投票出局者关门十分钟内仍未与导演取得联系……                 -> 殉职: 10
S15 (流程 11-16, 【流弹】):
  进入第N天夜晚1……7，持续15分钟；……等待可能的猎人行动，持续15分钟  -> night: 15,
  every night prompt (the engine asks a night step's seat mid-resolution): 15;
  猎人可在15分钟内决定一名存活角色出局                              -> 流弹: 15 (day too)
S15's 第零晚 (流程 07) has no minutes. The engine takes a whole night's actions in
one window, so S15's "15 minutes per night step" is 15 minutes for that window and
for each step's prompt."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class RuleDeadlines:
    phases: dict[str, float] = field(default_factory=dict)  # phase kind -> minutes
    prompts: dict[str, float] = field(default_factory=dict)  # a prompt's skill -> minutes
    night_prompts: float | None = None  # any other prompt at night
    untimed: tuple[str, ...] = ()  # windows the post gives no minutes (S15's 第零晚)
    source: str = ""  # the post's words, for the audit line


TABLE: dict[str, RuleDeadlines] = {
    "m47-yeliang": RuleDeadlines(
        phases={"night": 60},
        prompts={"救药": 30, "毒药": 30, "神堕": 30, "殉职": 10},
        source="M47 行动时限"),
    "s15-official": RuleDeadlines(
        phases={"night": 15},
        prompts={"流弹": 15},
        night_prompts=15,
        untimed=("night 0",),
        source="S15 流程：每个夜晚步骤与猎人 15 分钟"),
}


def default_minutes(ruleset: str, at: str, prompt_skills: tuple[str, ...] | None,
                    finished: bool = False) -> float | None:
    """The rule's countdown for the window that just opened, or None."""
    rule = TABLE.get(ruleset)
    if rule is None or finished or at in rule.untimed:
        return None
    kind = at.split(" ")[0]
    if prompt_skills:
        found = [rule.prompts[s] for s in prompt_skills if s in rule.prompts]
        if found:
            return max(found)
        return rule.night_prompts if kind == "night" else None
    return rule.phases.get(kind)

"""3L 常见负面状态特效 and 非负面状态特效 as StatusKinds, plus the skill-specific ones.

- Negative statuses are told to their holder ("附加这些状态特效时，角色会得知被附加的
  效果"), except 流血 ("该状态不予通知"); 遗忘 is told only to a holder of a [强制]
  skill and 超度 only to one who 带刀 (the ruleset decides, see `told`).
- Non-negative ones are not told ("附加这些状态时除非特殊说明否则不会得知").
- 业炎/净化 = 沉默+超度+遗忘, 冰冻/恐惧 = 沉默+缴械 (composites: each counts as its parts).
- 秩序 "清除并免疫负面状态", 漏洞 "清除并免疫非负面状态"; with both, the later one is
  void (each is refused by the other's immunity; RULINGS 9 reads 秩序's "与[秩序]一起"
  as 与[漏洞]一起).
- 流血: a second 流血 is 致死伤害 instead.
- 守护：X spends one use per [指杀], the shortest-lived first.
"""

from __future__ import annotations

from typing import Final

from bansha.engine.statuses import FORCED, KILL, SKILLS, TARGETED, VOTE_WEIGHT, StatusKind

# block names of this ruleset beyond the engine's
PACK: Final = "pack"  # 超度: "会丢失且无法获得[群内]或[接刀]标签"
SPEECH: Final = "speech"  # 寡言: the speech rule, no 宣言, no vote reason
EXILE: Final = "exile"  # 霸道 / 不死: "不会被投票出局"

NEGATIVE: Final = (
    StatusKind("沉默", negative=True, blocks=frozenset({SKILLS})),
    StatusKind("缴械", negative=True, blocks=frozenset({KILL})),
    StatusKind("遗忘", negative=True, blocks=frozenset({FORCED})),
    StatusKind("超度", negative=True, blocks=frozenset({KILL, PACK})),
    StatusKind("迷魂", negative=True, blocks=frozenset({VOTE_WEIGHT})),
    StatusKind("寡言", negative=True, blocks=frozenset({SPEECH})),
    StatusKind("流血", negative=True, visible=False, repeat="escalate", escalate_to="致死伤害"),
    StatusKind("漏洞", negative=True, clears="non_negative"),
    StatusKind("业炎", negative=True, parts=("沉默", "超度", "遗忘"),
               aliases=("净化", "业炎/净化")),
    StatusKind("冰冻", negative=True, parts=("沉默", "缴械"), aliases=("恐惧", "冰冻/恐惧")),
)
NON_NEGATIVE: Final = (
    StatusKind("隐身", visible=False, blocks=frozenset({TARGETED})),
    StatusKind("守护", visible=False, uses=1, aliases=("守护：X", "守护:X")),
    StatusKind("坚韧", visible=False),
    StatusKind("霸道", visible=False, blocks=frozenset({EXILE})),
    StatusKind("不死", visible=False, blocks=frozenset({EXILE})),
    StatusKind("自由", visible=False),
    StatusKind("独裁", visible=False),
    StatusKind("秩序", visible=False, clears="negative"),
)
# named by skills, defined by them: 凭依灵's 虚情情侣 (both ends know: the skill says
# so), 厚皮肉猪's 不死 that works only against non-village sources
PIG_UNDYING: Final = "不死（仅针对非村民阵营）"
SKILL_SPECIFIC: Final = (
    StatusKind("虚情情侣"),
    StatusKind(PIG_UNDYING, visible=False, against="non_village"),
)

STATUS_KINDS: Final[dict[str, StatusKind]] = {k.name: k for k in (*NEGATIVE, *NON_NEGATIVE,
                                                                   *SKILL_SPECIFIC)}
# the 17 of the post's two lists (业炎/净化 and 冰冻/恐惧 one each), as it names them
POST_STATUSES: Final = ("沉默", "缴械", "遗忘", "超度", "迷魂", "寡言", "流血", "漏洞", "业炎/净化",
                        "冰冻/恐惧", "隐身", "守护：X", "坚韧", "霸道", "不死", "自由", "独裁",
                        "秩序")

"""官方规则S15: the names every module shares — factions, the post's order of win
checks, the identities of 一、身份分配 and their 身份类型 (RULINGS.md R-3: rules that
speak of "普通身份", "村民" or "狼人" mean these identity types)."""

from __future__ import annotations

WOLVES = "狼人阵营"
WHITE = "白狼阵营"
VILLAGE = "村民阵营"
PIPER_SIDE = "吹笛阵营"
LOVERS_SIDE = "情侣阵营"
FACTIONS = (WOLVES, WHITE, VILLAGE, PIPER_SIDE, LOVERS_SIDE)
# the post's order of win checks: 白狼、吹笛、情侣、狼人、村民
WIN_ORDER = (WHITE, PIPER_SIDE, LOVERS_SIDE, WOLVES, VILLAGE)

SPECIAL_ROLES = ("先知", "女巫", "守卫", "长老")
NORMAL_POOL = (
    "猎人", "白痴", "顽徒", "王女", "小公主", "诽谤者", "替罪羊", "忏悔者", "死士", "刺客",
)
WOLF_ROLES = ("头狼", "黑狼", "狼使", "狼牧")

# the overview table's 身份类型 column: 特殊 / 普通 / 村民 / 狼人 / 白狼 / 吹笛
CATEGORY: dict[str, str] = {
    **{r: "特殊" for r in SPECIAL_ROLES},
    **{r: "普通" for r in NORMAL_POOL},
    "爱神": "普通",  # the overview table lists 爱神 as 普通 (dealt apart from the draw)
    "良民": "村民",
    "乱民": "村民",
    **{r: "狼人" for r in WOLF_ROLES},
    "白狼": "白狼",
    "吹笛": "吹笛",
}

PACK = "狼群"
LOVERS = "情侣"

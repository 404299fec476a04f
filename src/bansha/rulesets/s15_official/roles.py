"""官方规则S15: roles and skills as data (texts quoted from the rule post).

The overview table's 身份类型 column is kept as CATEGORY: 特殊 / 普通 / 村民 /
狼人 / 白狼 / 吹笛. Rules that speak of "普通身份", "村民" or "狼人" mean these
identity types (RULINGS.md R-3).
"""

from __future__ import annotations

from bansha.engine import RoleSpec, SkillSpec

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

LOCKED = ("锁定技",)
LIMITED = ("限定技",)

S = SkillSpec
SKILLS: dict[str, SkillSpec] = {
    s.name: s
    for s in [
        # ---- 特殊 ----
        S("预言", target="alive",
          text="游戏日夜晚，可查验某一存活角色的身份，若该角色不为乱民或情侣，则反馈该角色所属阵营。"
               "每晚限用一次。"),
        S("通灵", window="trigger", target="none", tags=LOCKED,
          text="游戏日夜晚，可得知当晚成为【杀人】、【撕咬】目标的角色名单。"),
        S("解药", charges=1, tags=LIMITED, target="alive",
          text="游戏日夜晚，可选择一名【通灵】反馈的角色，使之进入存活状态。"
               "若该技能已发动，则女巫失去【通灵】。"),
        S("毒药", charges=1, tags=LIMITED, target="alive",
          text="游戏日夜晚，可选择一名角色，若女巫当晚未由于【杀人】或【撕咬】出局，则该角色出局。"),
        S("守护", target="alive", once_per_target=True,
          text="游戏日夜晚，可选择一名角色，使之免疫【杀人】、【撕咬】，"
               "每名角色只能成为该技能使用对象一次。"),
        S("隔音", target="alive", once_per_target=True,
          text="游戏日夜晚，可选择一名角色，使之免疫【吹笛】，每名角色只能成为该技能使用对象一次。"),
        S("道骨", window="passive", target="none", tags=LOCKED,
          text="如长老在某一夜晚同时成为【杀人】与【撕咬】的使用对象，则获得一个标记。夜晚结束后，"
               "如长老处于濒死状态且无标记，长老不出局并获得一个标记。如长老属于村民阵营，且由于村民"
               "阵营的身份发动的技能或投票致使其本人或情侣出局时，所有普通身份失去其技能，并公示。"),
        # ---- 普通 ----
        S("流弹", window="prompt", target="alive_other",
          text="猎人出局时，可在15分钟内决定一名存活角色出局。"),
        S("若愚", window="prompt", target="none",
          text="白痴可发动技能免于投票出局，若白痴发动此技能，则此后白痴投票不计入总票数，"
               "但仍须投票。失去此技能时，白痴出局。"),
        S("仿冒", window="trigger", target="none", tags=LOCKED,
          text="当先知出局后，你的身份转变为先知，并失去技能【偷师】。"
               "且当你使用【预言】时，目标角色将于次日白天公示。"),
        S("偷师", charges=1, tags=LIMITED, target="alive",
          text="游戏日夜晚，你获得技能【预言】，并失去技能【仿冒】。"),
        S("弄权", charges=1, tags=LIMITED, target="alive",
          text="游戏日夜晚，可选择一名角色，将警长身份移交给该角色。"),
        S("纯真", charges=1, tags=LIMITED, target="alive",
          text="游戏日夜晚，可选择代替处于濒死状态的一名角色出局。若当晚无人出局，则不产生任何效果。"),
        S("诽谤", target="alive",
          text="游戏日夜晚，可选择一名角色，该角色若在次日计票时票数+2后达到最高，"
               "则取代得票最高者出局。如出现平票，则替罪羊出局。"),
        S("蒙冤", window="trigger", target="none", tags=LOCKED,
          text="第二天及以后，如果有两名角色票数相同且为最高，则替罪羊代替他们出局，并公示。"
               "在遗言阶段后，替罪羊须指认一名良民获得该技能，若场上不存在良民，则无须指定。"),
        S("忏悔", window="day", charges=1, tags=LIMITED, target="alive_other",
          text="游戏日白天，可在任意时刻将自己的身份给任一其他角色查看，无反馈。"),
        S("死节", window="any", target="none", tags=LOCKED,
          text="可选择在任意时间主动出局。无论以何种方式出局时，身份均会被公布。"),
        S("行刺", window="day", charges=1, tags=LIMITED, target="alive_other",
          text="游戏日白天，可选择任意时刻刺杀一名其他角色，该角色立即出局。"
               "若该角色不为狼人，则同时出局。"),
        S("金箭", target="alive", n_targets=2,
          text="第零日夜晚，爱神须指定两名角色成为情侣，此两名角色互知共群。"
               "爱神转变为与情侣相同阵营。"),
        S("复仇", window="trigger", target="none", tags=LOCKED,
          text="若情侣死于投票、【毒药】、【流弹】、【行刺】，则爱神身份变为乱民；"
               "若情侣死于【杀人】、【撕咬】，则爱神身份变为良民。"),
        # ---- 村民 ----
        S("趋附", window="passive", target="none", tags=LOCKED,
          text="当你成为【预言】目标时，反馈为“村民阵营”。"),
        # ---- 白狼 ----
        S("归群", target="none",
          text="第零日夜晚，白狼得知所有狼人的角色，并可选择与所有狼人互知共群，"
               "阵营改变为〖狼人阵营〗。"),
        S("撕咬", target="alive",
          text="每两晚（1~2、3~4等）白狼可选择一名角色，使之进入濒死状态。"),
        # ---- 狼人 ----
        S("血统", window="passive", target="none", tags=LOCKED,
          text="第二天及以后，头狼在计票时票数-2。"),
        S("枭首", window="trigger", target="none", tags=LOCKED,
          text="当头狼因【毒药】、【流弹】、【行刺】出局后，狼使、狼牧失去技能。"),
        S("杀人", target="alive",
          text="游戏日夜晚，可选择一名角色，使之进入濒死状态。在遗言阶段后，黑狼须指认一名狼人"
               "获得该技能，若场上不存在狼人，则无须指定。特别地，若黑狼属于〖情侣阵营〗，"
               "则该技能于第零日夜晚移交头狼。"),
        S("出使", window="any", charges=1, tags=LIMITED, target="none",
          text="游戏日白天或夜晚，可通过主办向吹笛发送一条信息，次日白天公示该技能已发动。"),
        S("救赎", target="alive", once_per_target=True,
          text="游戏日夜晚，可选择一名角色，该角色若次日票数最高，则免于出局。"
               "每名角色只能成为该技能使用对象一次。"),
        S("卫道", target="alive", once_per_target=True,
          text="游戏日夜晚，可选择一名角色，使之免疫【预言】。每名角色只能成为该技能使用对象一次。"),
        # ---- 吹笛 ----
        S("吹笛", target="alive",
          text="游戏日夜晚，可选择一名角色，使之进入癫狂状态。吹笛出局后，癫狂状态解除，并公示。"),
        S("断肠", charges=1, tags=LIMITED, target="alive",
          text="游戏日夜晚，可选择一名角色，该角色若为普通身份，则失去技能。"),
        S("摇落", charges=1, tags=LIMITED, target="alive",
          text="游戏日夜晚，可选择一名角色，该若角色为普通身份，则当晚发动的技能无效。"),
        S("曲尽", target="alive",
          text="游戏日夜晚，可放弃发动【吹笛】，并选择一名癫狂状态的角色，使之进入假死状态。"),
        # ---- 附加身份：情侣 ----
        S("私奔", window="passive", target="none", tags=LOCKED,
          text="若情侣的身份属于同一个阵营，情侣仍然属于该阵营；若情侣的身份不属于同一个阵营，"
               "情侣均脱离其原阵营，形成〖情侣阵营〗。若情侣或爱神成为【预言】目标，则反馈为目标"
               "所属的原本阵营，若为〖村民阵营〗，则反馈为其情侣所属的原本阵营。"),
        S("殉情", window="trigger", target="none", tags=LOCKED,
          text="情侣中若有一人出局，另一人立即出局。"),
        S("遗志", window="trigger", target="none", tags=LOCKED,
          text="若情侣中有狼人且情侣属于〖情侣阵营〗，当〖狼人阵营〗优先判负后，"
               "狼人阵营的狼人失去技能【杀人】，情侣获得技能【杀人】。"),
        # ---- 附加身份：警长 ----
        S("领导", window="passive", target="none", tags=LOCKED,
          text="计算投票数量时警长投出的票计为两票，如出现警长投票对象与其他对象得票数相同且为最高，"
               "则警长投票对象出局。否则得票数同为最高的两名角色均不出局，即无人出局。"),
        S("殉职", window="prompt", target="alive_other", tags=LOCKED,
          text="警长出局后，须选择一名未出局的角色来继任警长。"),
        # ---- 遗言 ----
        S("遗言", window="any", target="none",
          text="前N（N为狼人+白狼总数）名出局的角色可以留下遗言且遗言不修改。"),
    ]
}

LOVER_SKILLS = ("私奔", "殉情", "遗志")
SHERIFF_SKILLS = ("领导", "殉职")

R = RoleSpec
ROLES: dict[str, RoleSpec] = {
    r.name: r
    for r in [
        R("先知", VILLAGE, 1, ("预言",), aliases=("预言家",), note="特殊；又称为“预言家”"),
        R("女巫", VILLAGE, 1, ("通灵", "解药", "毒药"), note="特殊"),
        R("守卫", VILLAGE, 1, ("守护", "隔音"), note="特殊"),
        R("长老", VILLAGE, 1, ("道骨",), note="特殊"),
        R("猎人", VILLAGE, 1, ("流弹",), note="普通（6个普通身份随机抽取）"),
        R("白痴", VILLAGE, 1, ("若愚",), note="普通（随机抽取）"),
        R("顽徒", VILLAGE, 1, ("仿冒", "偷师"), granted=("预言",), note="普通（随机抽取）"),
        R("王女", VILLAGE, 1, ("弄权",), note="普通（随机抽取）"),
        R("小公主", VILLAGE, 1, ("纯真",), note="普通（随机抽取）"),
        R("诽谤者", VILLAGE, 1, ("诽谤",), note="普通（随机抽取）"),
        R("替罪羊", VILLAGE, 1, ("蒙冤",), note="普通（随机抽取）"),
        R("忏悔者", VILLAGE, 1, ("忏悔",), note="普通（随机抽取）"),
        R("死士", VILLAGE, 1, ("死节",), note="普通（随机抽取）"),
        R("刺客", VILLAGE, 1, ("行刺",), note="普通（随机抽取）"),
        R("爱神", VILLAGE, 1, ("金箭", "复仇"), note="普通（另设1人，不参与随机抽取）"),
        R("良民", VILLAGE, 2, (), granted=("蒙冤",), note="村民；无技能（多于20人时按2:1增添）"),
        R("乱民", WOLVES, 1, ("趋附",), note="村民类型，属狼人阵营（多于20人时按2:1增添）"),
        R("头狼", WOLVES, 1, ("血统", "枭首"), granted=("杀人",), note="狼人"),
        R("黑狼", WOLVES, 1, ("杀人",), note="狼人"),
        R("狼使", WOLVES, 1, ("出使",), note="狼人"),
        R("狼牧", WOLVES, 1, ("救赎", "卫道"), note="狼人"),
        R("白狼", WHITE, 1, ("归群", "撕咬"), note="白狼"),
        R("吹笛", PIPER_SIDE, 1, ("吹笛", "断肠", "摇落", "曲尽"), note="吹笛"),
    ]
}

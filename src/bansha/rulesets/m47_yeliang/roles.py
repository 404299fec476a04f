"""[M47]『野良神』: roles and skills as data (texts quoted from the rule post)."""

from __future__ import annotations

from bansha.engine import RoleSpec, SkillSpec

WOLF_SIDE = "野良阵营"
VILLAGE = "村民阵营"  # the post's 神明阵营; 用语定义 and the skill texts say 村民阵营
UNDECIDED = "不定阵营"

S = SkillSpec
SKILLS: dict[str, SkillSpec] = {
    s.name: s
    for s in [
        S("群居", window="passive", target="none", forced=True,
          text="游戏开始前，所有狼人互知共群"),
        S("杀人", team=True, target="alive",
          text="游戏日夜晚，该阵营共群的角色可以共同指杀一名角色。"),
        S("召唤", team=True, once=True, target="alive",
          text="游戏日夜晚，所有存活狼人角色共同选择一名角色，若该角色是野良，则共群"),
        S("流浪", window="passive", target="none", forced=True,
          text="游戏开始时，你不和其他狼人共群"),
        S("寻仇", window="passive", target="none", forced=True,
          text="游戏日夜晚，若所有狼人均已出局，你获得技能【杀人】"),
        S("侵蚀", window="trigger", target="none", forced=True,
          text="若你成为神明的<神音>技能的指定对象时，神明立即出局。"),
        S("反噬", window="trigger", target="none", forced=True,
          text="若你成为祝器的<道标>技能的指定对象时，祝器立即出局"),
        S("大杀四方", window="trigger", target="none", forced=True,
          text="当你进入狼群后，失去技能<流浪><寻仇><侵蚀><反噬>，获得技能<双刀>"),
        S("双刀", target="alive", granted=True, text="游戏日夜晚，你可以额外指杀一名角色。"),
        S("神音", nights="odd", target="alive",
          text="单数游戏日夜晚，神明选择一名角色。若该角色属于村民阵营，反馈<神明阵营>；"
               "否则，反馈<野良阵营>。"),
        S("安抚", nights="even", target="dead",
          text="双数游戏日夜晚，选择一名已出局角色，得知其具体身份。"),
        S("换代", window="trigger", target="none", forced=True,
          text="祝器出局后的下个夜晚，你获得通知，失去技能神音和安抚，获得技能<神堕>"),
        S("神堕", window="prompt", target="alive_other", granted=True,
          text="当你出局时，你可以立即对一名玩家造成一次致死性伤害。这名玩家会优先你出局。"),
        S("道标", once=True, target="alive",
          text="游戏日夜晚，选择一名玩家。若其身份为村民，反馈<村民>；否则，无反馈"),
        S("神器", target="alive", not_twice_in_a_row=True,
          text="游戏日夜晚，保护一名玩家，该名玩家当晚将会免疫一次狼人的指杀。"
               "不能连续两天夜晚对同一名玩家使用神器。"),
        S("通灵", window="trigger", target="none", forced=True,
          text="游戏日夜晚，反馈被指杀的角色。"),
        S("救药", once=True, target="alive_other",
          text="游戏日夜晚，女巫选择一名其他角色。该角色当晚不会因被指杀出局。"
               "<救药>发动后，失去技能<通灵>，且该夜晚不可发动<毒药>。"),
        S("毒药", once=True, target="alive",
          text="游戏日夜晚，女巫选择一名角色。该角色在夜晚结束前出局。"
               "<毒药>发动后，该夜晚不可发动<救药>。"),
        S("长寿之命", window="passive", target="none", charges=1,
          text="可以抵挡一次狼人的指杀。当村长因毒药、神堕、投票出局后，"
               "所有村民阵营角色失去所有非强制性技能。"),
        S("心碎", window="trigger", target="none", forced=True,
          text="你无法当任警长，若当你获得警长时，你立刻出局"),
        S("依靠", window="trigger", target="none", forced=True,
          text="第一天投票结束后，最先获得投票数最多的角色当选警长，你的阵营转变为警长的阵营"),
        # 警长 <非身份>: skills of whoever holds the badge
        S("竞岗", window="trigger", target="none", forced=True,
          text="在游戏的第一天投票结束后，最先获得投票数最多的角色当选警长。"),
        S("正直", window="passive", target="none", forced=True,
          text="计算投票数量时警长投出的票计为0.5票。"),
        S("殉职", window="prompt", target="alive_other", forced=True,
          text="警长出局时，须选择一名未出局的角色移交警长。"),
        # last words (遗言数量等于4)
        S("遗言", window="any", target="none", text="出局角色留下的遗言（前四名出局者）"),
    ]
}

SHERIFF_SKILLS = ("竞岗", "正直", "殉职")

ROLES: dict[str, RoleSpec] = {
    r.name: r
    for r in [
        RoleSpec("狼人", WOLF_SIDE, 3, ("群居", "杀人", "召唤")),
        RoleSpec("野良", WOLF_SIDE, 1, ("流浪", "寻仇", "侵蚀", "反噬", "大杀四方"),
                 granted=("双刀", "杀人")),
        RoleSpec("神明", VILLAGE, 1, ("神音", "安抚", "换代"), granted=("神堕",)),
        RoleSpec("祝器", VILLAGE, 1, ("道标", "神器"), aliases=("神器",),
                 note="设置行写作“1神器”，角色一节写作祝器"),
        RoleSpec("女巫", VILLAGE, 1, ("通灵", "救药", "毒药")),
        RoleSpec("村长", VILLAGE, 1, ("长寿之命",)),
        RoleSpec("村民", VILLAGE, 5, (), note="没有技能，只能仰望星空。"),
        RoleSpec("伤心的村民", UNDECIDED, 1, ("心碎", "依靠")),
    ]
}

# Skills that vanish when the 村长 goes out by 毒药/神堕/投票: every non-forced one.
def is_forced(skill: str) -> bool:
    return SKILLS[skill].forced

"""骑士 决斗【限定】: "第二天之后的白天，可以发动此技能，选择一个角色的身份牌决斗，公布
骑士身份牌和决斗对象的身份牌，决斗目标也会立刻出局，并且若决斗目标为狼人身份牌，则会封锁
今天的所有投票，关门前3小时内不可发动此技能". Resolved the moment it is submitted
(ruleset.resolve_now → day.duel)."""

from __future__ import annotations

from bansha.engine.abilities import Ability, RoleData, Targeting

DUEL = Ability("决斗", ("day",), once=True, target=Targeting("alive"),
               text="第二天之后的白天，可以发动此技能，选择一个角色的身份牌决斗")

ROLE: RoleData = RoleData("骑士", "村民阵营", abilities=(DUEL,))

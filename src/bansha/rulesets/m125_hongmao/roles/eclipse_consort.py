"""蚀时狼妃: 杀人【团队】, 时间吞噬【限定】 (逆转轮 night step (7)), 穿越时空<强制>
(always the second card: deal.py). 时间吞噬 acts only in the reversal round, which
is not implemented yet (RULINGS.md "Not implemented")."""

from __future__ import annotations

from bansha.engine.abilities import Ability, RoleData, Targeting

from .kill import KILL

DEVOUR = Ability("时间吞噬", ("night",), once=True, target=Targeting("alive"),
                 text="可以指定一个第一身份，该身份于第二天所做的投票和使用技能的操作均视作未进行")

ROLE = RoleData("蚀时狼妃", "狼人阵营", abilities=(KILL, DEVOUR))

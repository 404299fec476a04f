"""Every role of the roster, one module each, and the hooks role modules fill
(checks, ranges, offered choices, inputs they take themselves). A role of the roster
not listed here would be refused at the deal ("尚未实现"); none is left."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from bansha.engine import Action, Game
from bansha.engine.abilities import RoleData

from . import (
    bailangwang,
    bianlian,
    chihu,
    chilang,
    chuandi,
    daoshi,
    dushi,
    jinyan,
    langwaipo,
    laoyeye,
    lieren,
    moshushi,
    nuofu,
    pingyi,
    shenxun,
    sishen,
    taiyang,
    taotie,
    taowu,
    tianming,
    tongling,
    xiongdi,
    yangzhi,
    yeren,
    yinyang,
    yinzhe,
    yuanlang,
    yuzhe,
    yuzhu,
    zhu,
    zhuque,
    zonghuo,
)
from .inputs import Taken

ROLE_MODULES: Final[tuple[tuple[RoleData, Callable[[Game, str], None] | None], ...]] = (
    (yuanlang.ROLE, None),
    (chilang.ROLE, chilang.setup),
    (tongling.ROLE, None),
    (nuofu.ROLE, nuofu.setup),
    (jinyan.ROLE, None),
    (lieren.ROLE, None),
    (laoyeye.ROLE, laoyeye.setup),
    (moshushi.ROLE, None),
    (taiyang.ROLE, taiyang.setup),
    (zhu.ROLE, zhu.setup),
    (yinzhe.ROLE, yinzhe.setup),
    (zonghuo.ROLE, zonghuo.setup),
    (sishen.ROLE, sishen.setup),
    (yuzhe.ROLE, yuzhe.setup),
    (yinyang.ROLE, yinyang.setup),
    (zhuque.ROLE, zhuque.setup),
    (bailangwang.ROLE, None),
    (pingyi.ROLE, None),
    (xiongdi.ELDER, xiongdi.setup_elder),
    (xiongdi.YOUNGER, xiongdi.setup_younger),
    (dushi.ROLE, dushi.setup),
    (daoshi.ROLE, None),
    (tianming.ROLE, tianming.setup),
    (taotie.ROLE, taotie.setup),
    (taowu.ROLE, taowu.setup),
    (chihu.ROLE, chihu.setup),
    (chuandi.ROLE, None),
    (yangzhi.ROLE, yangzhi.setup),
    (langwaipo.ROLE, langwaipo.setup),
    (yuzhu.ROLE, yuzhu.setup),
    (shenxun.ROLE, shenxun.setup),
    (yeren.ROLE, yeren.setup),
    (bianlian.ROLE, bianlian.setup),
)
# checks a skill's own text adds to its use (beyond window, charges, range, statuses)
EXTRA_CHECKS: Final[dict[str, Callable[[Game, str], str | None]]] = {
    "脱下隐身衣": yinzhe.may_take_off,
    "神风突击": bailangwang.not_on_election_day,
    "暴怒": xiongdi.may_fury,
    "灵狐灿世": chihu.not_on_election_day,
    "福祸相依": chihu.one_twist,
    "煏祸相依": chihu.one_twist,
    "继承": xiongdi.may_inherit,
    "潜藏": xiongdi.may_hide,
    "崩塌狙击": yangzhi.not_on_election_day,
    "冲撞": yeren.may_ram,
}


# checks that need the whole input (its choice or targets: 精明's cost, 英灵召唤's price)
ACTION_CHECKS: Final[dict[str, Callable[[Game, Action], str | None]]] = {
    "精明": yangzhi.pick_problem,
    "英灵召唤": yuzhu.price_problem,
    "野性伙伴": yeren.partner_problem,
    "变脸": bianlian.pick_problem,
}
# target ranges of a role module's own (Targeting.range -> the seats in it now)
RANGES: Final[dict[str, Callable[[Game, str], tuple[str, ...]]]] = {
    "summonable": yuzhu.summonable,
    "ram": yeren.ram_range,
}
# the choices a skill offers its holder now (none: not offered)
OFFERS: Final[dict[str, Callable[[Game, str], tuple[str, ...]]]] = {
    "精明": yangzhi.picks,
    "变脸": bianlian.cards,
    # [强制] settings with no target: offered only through these (rules.legal)
    "野性伙伴": yeren.offers,
    "装模作样": langwaipo.pretend_offers,
    "潜藏": xiongdi.hide_offers,
}
# offered settings a [强制] text does not let its holder leave unmade ("必须", "需设定");
# not made, the role module's default applies (RULINGS 44, 41)
MUST_CHOOSE: Final = ("野性伙伴", "装模作样")
# inputs a role module takes itself (inputs.py)
INPUTS: Final[dict[str, Taken]] = {
    "欺诈天下": langwaipo.FRAUD_INPUT,
    "审讯": shenxun.INPUT,  # the declaration, the reply
    "审讯判定": shenxun.INPUT,  # the director's verdict
}


def implemented() -> dict[str, RoleData]:
    return {r.name: r for r, _ in ROLE_MODULES}


def setups() -> dict[str, Callable[[Game, str], None]]:
    return {r.name: f for r, f in ROLE_MODULES if f is not None}

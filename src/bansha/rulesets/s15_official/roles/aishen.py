"""爱神（普通，另设1人）【金箭】【复仇】: 金箭 on 第零日夜晚 (07.第零晚行动) with 私奔;
复仇 when the first lover goes out."""

from __future__ import annotations

from bansha.engine import Game, LegalAction, Prompt
from bansha.engine.ruleset import Resolution

from ..identity import lovers, pack
from ..legality import skill_reason, targets_reason
from ..names import LOVERS, LOVERS_SIDE, PACK, VILLAGE, WOLVES
from ..outs import KILL_CAUSES, VOTE_CAUSES, convert, grant
from ..skill import LOCKED, Role, Skill, role, skill
from ..state import st
from . import liangmin, luanmin
from .lovers import LOVER_SKILLS

TO_RUANMIN = (*VOTE_CAUSES, "毒药", "流弹", "行刺")  # 复仇 → 乱民


def golden_arrow(game: Game) -> Resolution:
    """金箭 + 私奔: two characters become lovers; the 爱神 joins their faction."""
    cupids = [n for n in game.alive_tuple() if game.held.has(n, "金箭")]
    if not cupids:
        return
    cupid = cupids[0]
    for extra in cupids[1:]:
        a = game.take(extra, "金箭")
        if a is not None:
            game.reject(a, "本局只有一对情侣（由第一名爱神指定）")
    a = game.take(cupid, "金箭")
    pair: tuple[str, ...] | None = None
    if a is not None:
        reason = skill_reason(game, cupid, "金箭") or \
            targets_reason(game, cupid, "金箭", a.all_targets())
        if reason is not None:
            game.reject(a, reason)
        else:
            pair = a.all_targets()
    if pair is None:
        options = game.alive_tuple()
        answer = yield Prompt(cupid, (LegalAction(cupid, "金箭", options, n_targets=2,
                                                  optional=False),),
                              default="由主办随机指定两名角色", context="爱神须指定两名情侣")
        if answer is not None and targets_reason(game, cupid, "金箭",
                                                 answer.all_targets()) is None:
            pair = answer.all_targets()
        else:
            pool = [n for n in options if n != cupid]
            pair = tuple(game.rng.sample(pool, 2))
            game.trace(f"金箭：爱神未指定，随机指定 {pair[0]}、{pair[1]}", skill="金箭")
    arrow = game.held.get(cupid, "金箭")
    assert arrow is not None  # its holder
    arrow.spend(game.moment, pair)
    first, second = sorted(pair, key=game.order.index)
    game.groups[LOVERS] = [first, second]
    fa, fb = game.seats[first].faction, game.seats[second].faction
    side = fa if fa == fb else LOVERS_SIDE
    for n in (first, second):
        game.seats[n].faction = side
        for sk in LOVER_SKILLS:
            game.grant(n, sk.name, by=cupid, via="金箭")
    if cupid not in (first, second):
        game.seats[cupid].faction = side
    for n, m in ((first, second), (second, first)):
        game.notify(n, f"金箭：你与 {m}（{game.seats[m].role}）成为情侣，互知共群；"
                       f"你的阵营：{side}", skill="金箭")
    game.notify(cupid, f"金箭：{first} 与 {second} 成为情侣；你的阵营：{game.seats[cupid].faction}",
                skill="金箭")
    game.trace(f"金箭：{first}、{second} 成为情侣（私奔：{side}）", skill="私奔")
    if side == LOVERS_SIDE:
        _leave_pack(game, (first, second))


def _leave_pack(game: Game, pair: tuple[str, str]) -> None:
    """Lovers who leave 〖狼人阵营〗 leave its group; a 黑狼 among them hands 杀人 to
    the 头狼 ("若黑狼属于〖情侣阵营〗，则该技能于第零日夜晚移交头狼")."""
    game.groups[PACK] = [n for n in pack(game) if n not in pair]
    for n in pair:
        # on night 0 【杀人】 is still the 黑狼's own (hand-offs start with night 1)
        if not game.held.has(n, "杀人"):
            continue
        game.held.remove(n, "杀人")
        # the 头狼: who holds 【枭首】 (a 头狼 loses no skill before night 1)
        heads = [h for h in game.held.holders("枭首")
                 if game.seats[h].alive and game.seats[h].faction == WOLVES]
        if not heads:
            game.trace(f"杀人：黑狼 {n} 属于情侣阵营，但没有可移交的头狼", skill="杀人")
            continue
        grant(game, heads[0], "杀人")
        game.notify(heads[0], "黑狼属于〖情侣阵营〗，【杀人】于第零日夜晚移交给你", skill="杀人")
        game.notify(n, f"你属于〖情侣阵营〗，【杀人】已移交头狼 {heads[0]}", skill="杀人")
        game.trace(f"杀人：黑狼 {n} 属于情侣阵营，杀人移交头狼 {heads[0]}", skill="杀人")


def revenge(game: Game, seat: str, cause: str) -> Resolution:
    """复仇: the first lover's cause of death decides what the 爱神 becomes."""
    state = st(game)
    if seat not in lovers(game) or state.revenge_done:
        return
    state.revenge_done = True
    for cupid in game.held.holders("复仇"):  # the 爱神 while he holds it
        c = game.seats[cupid]
        if not c.alive:
            continue
        new: Role
        if cause in TO_RUANMIN:
            new = luanmin.ROLE
        elif cause in KILL_CAUSES:
            new = liangmin.ROLE
        else:
            game.trace(f"复仇：情侣 {seat} 因{cause.removesuffix('出局')}出局，"
                       "不在复仇所列原因之内，爱神不变",
                       skill="复仇")
            continue
        name = new.data.name
        convert(game, cupid, new)
        game.notify(cupid, f"复仇：情侣 {seat} 因{cause.removesuffix('出局')}出局，"
                           f"你的身份变为{name}（{c.faction}）",
                    skill="复仇")
        game.trace(f"复仇：情侣 {seat} 因{cause.removesuffix('出局')}出局，"
                   f"爱神 {cupid} 的身份变为{name}", skill="复仇")
    return
    yield


GOLDEN_ARROW: Skill = skill("金箭", "第零日夜晚，爱神须指定两名角色成为情侣，此两名角色互知共群。"
                             "爱神转变为与情侣相同阵营。",
                     n_targets=2, opening=True, step=golden_arrow)
REVENGE: Skill = skill("复仇", "若情侣死于投票、【毒药】、【流弹】、【行刺】，则爱神身份变为乱民；"
                        "若情侣死于【杀人】、【撕咬】，则爱神身份变为良民。",
                window="trigger", target="none", tags=LOCKED)

ROLE: Role = role("爱神", VILLAGE, "普通", (GOLDEN_ARROW, REVENGE),
            note="普通（另设1人，不参与随机抽取）")

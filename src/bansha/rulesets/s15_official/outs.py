"""[S15] what happens when a character goes out, in this order (RULINGS R-20):
public notes (长老出局！, 吹笛出局！ + 癫狂解除, 死士出局！), the right to last words,
复仇, 道骨, 枭首, 仿冒; then 殉情 (立即), 流弹, and the choices made after the last
words: 杀人 passed to a 狼人, 蒙冤 passed to a 良民, 殉职 (the badge)."""

from __future__ import annotations

from collections.abc import Generator

from bansha.engine import Action, Game, LegalAction, Prompt
from bansha.engine.ruleset import Resolution

from .roles import LOVER_SKILLS, ROLES, SKILLS, VILLAGE
from .rules import (
    PACK,
    SENT_OFF,
    category,
    heir_candidates,
    lovers,
    pack,
    partner,
    role_seats,
    sent_off,
)
from .tonight import shaken_tonight

VOTE_CAUSES = ("投票出局", "蒙冤")  # FAQ: 蒙冤 is settled as a vote out
KILL_CAUSES = ("杀人", "撕咬")
TO_RUANMIN = (*VOTE_CAUSES, "毒药", "流弹", "行刺")  # 复仇 → 乱民
BEHEAD_CAUSES = ("毒药", "流弹", "行刺")  # 枭首
VILLAGE_SKILL_CAUSES = ("毒药", "流弹", "行刺", "纯真", "死节")  # 道骨: skills of 村民阵营
LOST_FOOL = "失去若愚"

Choice = Generator[Prompt, Action | None, str]


def out(game: Game, seat: str, cause: str, by: str | None = None) -> Resolution:
    """Send `seat` out, remembering who caused it (道骨 asks whose skill it was)."""
    if not game.seats[seat].alive:
        return
    game.data.setdefault("out_by", {})[seat] = by
    yield from game.put_out(seat, cause)


def shown(game: Game, seat: str) -> str:
    """How an out is announced: with the identity when the option 公示身份 is on
    (and always for the 死士: "无论以何种方式出局时，身份均会被公布")."""
    s = game.seats[seat]
    if game.ruleset.options.get("公示身份") or s.role == "死士":
        return f"{seat}（{s.role}）"
    return seat


def convert(game: Game, seat: str, role: str, keep_faction: bool = False) -> None:
    """身份转变: the seat takes `role`'s identity and skills (a lover keeps the lovers'
    skills), and its faction unless `keep_faction` (仿冒 changes the identity only)."""
    s = game.seats[seat]
    s.flags.setdefault("original_role", s.role)
    s.roles[0] = role
    for sk in [k for k in s.skills if k not in LOVER_SKILLS]:
        s.lose(sk)
    for sk in ROLES[role].skills:
        s.grant(SKILLS[sk])
    if not keep_faction:
        s.faction = ROLES[role].faction


def strip_skills(game: Game, seat: str, why: str) -> Resolution:
    """A character loses every skill; a 白痴 who loses 若愚 goes out ("失去此技能时，白痴出局")."""
    s = game.seats[seat]
    had = sorted(s.skills)
    fool = "若愚" in s.skills
    for sk in had:
        s.lose(sk)
    if had:
        game.trace(f"{why}：{seat} 失去技能 {'、'.join(had)}", name=seat)
    if fool and s.alive and s.role == "白痴":
        game.trace(f"若愚：{seat} 失去此技能，白痴出局", skill="若愚", name=seat)
        yield from out(game, seat, LOST_FOOL)


# ---- the hook -----------------------------------------------------------------
def after_out(game: Game, seat: str, cause: str) -> Resolution:
    s = game.seats[seat]
    night = game.phase.is_night
    if not night and cause not in VOTE_CAUSES:
        game.announce(f"{shown(game, seat)} 出局")
    if s.role == "死士":
        game.announce("死士出局！", later=night)
    if s.role == "长老":
        game.announce("长老出局！", later=True)
    if s.role == "吹笛":
        _piper_out(game)
    _last_words_right(game, seat)
    _pack_on_out(game, seat)
    _revenge(game, seat, cause)
    yield from _dao_gu(game, seat, cause)
    _behead(game, seat, cause)
    _mimic(game, seat)
    mate = partner(game, seat)
    if mate is not None and game.seats[mate].alive:
        game.trace(f"殉情：{seat} 出局，情侣 {mate} 立即出局", skill="殉情", name=mate)
        yield from out(game, mate, "殉情", by=seat)
    yield from _stray_shot(game, seat)
    yield from _pass_kill(game, seat)
    yield from _pass_scapegoat(game, seat)
    yield from _pass_badge(game, seat)


# ---- public notes and last words -------------------------------------------------
def _piper_out(game: Game) -> None:
    game.announce("吹笛出局！", later=True)
    lifted = [n for n in game.order
              if game.seats[n].flags.get("癫狂") or game.seats[n].flags.get("假死")]
    for n in lifted:
        game.seats[n].flags["癫狂"] = False
        game.seats[n].flags["假死"] = False
        if game.seats[n].alive:
            game.notify(n, "吹笛出局，你的癫狂状态已解除", skill="吹笛")
    if lifted:
        game.trace("吹笛出局：癫狂（及假死）状态解除：" + "、".join(lifted), skill="吹笛")
        game.announce("癫狂状态解除", later=True)


def _last_words_right(game: Game, seat: str) -> None:
    """前N（N为狼人+白狼总数）名出局的角色可以留下遗言."""
    place = game.lastwords.grant(seat)
    if place is None:
        return
    until = "次日讨论结束前" if game.phase.is_night else "下一个白天开始前"
    game.notify(seat, f"你是第{place}名出局的角色，可以留下遗言（请在{until}提交，提交后不可修改）",
                skill="遗言")


def _pack_on_out(game: Game, seat: str) -> None:
    """FAQ: "若出局时遗言没有耗尽，互知/共群10X规则下狼人须立刻移除狼群，遗言期间不得参与
    讨论，若此时狼群中的狼人数目小于等于1，狼群解散；11X规则下狼人…可在遗言阶段与群内其他角色
    互相讨论" (option 遗言共群; an out wolf without last words leaves at once: 活狼共群)."""
    if seat not in pack(game):
        return
    if game.lastwords.has_right(seat) \
            and game.ruleset.options.get("遗言共群") == "11X":
        game.trace(f"11X：{seat} 在遗言阶段仍可在狼群内讨论", name=seat)
        return
    leave_pack(game, seat)


def leave_pack(game: Game, seat: str) -> None:
    members = [n for n in pack(game) if n != seat]
    if len(members) <= 1:
        game.groups[PACK] = []
        if members:
            game.notify(members, f"{seat} 出局，狼群中的狼人数目小于等于1，狼群解散", skill="遗言")
        game.trace(f"{seat} 移出狼群；狼群解散", name=seat)
        return
    game.groups[PACK] = members
    game.notify(members, f"{seat} 出局，已移出狼群", skill="遗言")


# ---- 复仇, 道骨, 枭首, 仿冒 ----------------------------------------------------
def _revenge(game: Game, seat: str, cause: str) -> None:
    """复仇: the first lover's cause of death decides what the 爱神 becomes."""
    if seat not in lovers(game) or game.data.get("revenge_done"):
        return
    game.data["revenge_done"] = True
    for cupid in role_seats(game, "爱神"):
        c = game.seats[cupid]
        if not c.alive or "复仇" not in c.skills:
            continue
        if cause in TO_RUANMIN:
            new = "乱民"
        elif cause in KILL_CAUSES:
            new = "良民"
        else:
            game.trace(f"复仇：情侣 {seat} 因{cause.removesuffix('出局')}出局，"
                       "不在复仇所列原因之内，爱神不变",
                       skill="复仇")
            continue
        convert(game, cupid, new)
        game.notify(cupid, f"复仇：情侣 {seat} 因{cause.removesuffix('出局')}出局，"
                           f"你的身份变为{new}（{c.faction}）",
                    skill="复仇")
        game.trace(f"复仇：情侣 {seat} 因{cause.removesuffix('出局')}出局，"
                   f"爱神 {cupid} 的身份变为{new}", skill="复仇")


def _village_caused(game: Game, seat: str, cause: str) -> bool:
    """道骨: "由于村民阵营的身份发动的技能或投票致使…出局" (RULINGS R-7)."""
    if cause in VOTE_CAUSES:
        return True
    by = game.data.get("out_by", {}).get(seat)
    return cause in VILLAGE_SKILL_CAUSES and by is not None \
        and game.seats[by].faction == VILLAGE


def _dao_gu(game: Game, seat: str, cause: str) -> Resolution:
    if game.data.get("daogu_fired"):
        return
    for elder in role_seats(game, "长老"):
        e = game.seats[elder]
        if "道骨" not in e.skills or e.faction != VILLAGE:
            continue
        if seat != elder and seat != partner(game, elder):
            continue
        if not _village_caused(game, seat, cause):
            continue
        game.data["daogu_fired"] = True
        who = "长老" if seat == elder else f"长老的情侣 {seat}"
        game.trace(f"道骨：{who} 因村民阵营的{cause.removesuffix('出局')}出局，"
                   "所有普通身份失去技能", skill="道骨")
        game.announce("长老【道骨】发动：所有普通身份失去其技能", later=game.phase.is_night)
        for n in game.order:
            if n != seat and category(game, n) == "普通":
                yield from strip_skills(game, n, "道骨")
        return


def _behead(game: Game, seat: str, cause: str) -> None:
    s = game.seats[seat]
    if s.role != "头狼" or "枭首" not in s.skills or cause not in BEHEAD_CAUSES:
        return
    for n in game.order:
        t = game.seats[n]
        if t.role in ("狼使", "狼牧") and t.skills:
            gone = sorted(t.skills)
            for sk in gone:
                t.lose(sk)
            game.trace(f"枭首：头狼因{cause.removesuffix('出局')}出局，"
                       f"{n}（{t.role}）失去技能 {'、'.join(gone)}",
                       skill="枭首")
            if t.alive:
                game.notify(n, f"枭首：头狼因{cause.removesuffix('出局')}出局，你失去技能",
                            skill="枭首")


def _mimic(game: Game, seat: str) -> None:
    """仿冒: when the 先知 goes out the 顽徒 becomes 先知 (and loses 偷师)."""
    if game.seats[seat].role != "先知":
        return
    for n in game.order:
        t = game.seats[n]
        if not t.alive or "仿冒" not in t.skills:
            continue
        convert(game, n, "先知", keep_faction=True)
        t.flags["预言公示"] = True
        game.notify(n, "仿冒：先知已出局，你的身份转变为先知，失去技能【偷师】；"
                       "你使用【预言】时，目标角色将于次日白天公示", skill="仿冒")
        game.trace(f"仿冒：先知 {seat} 出局，顽徒 {n} 的身份转变为先知", skill="仿冒")


# ---- choices that arise ------------------------------------------------------------
def _others_alive(game: Game, seat: str) -> tuple[str, ...]:
    return tuple(n for n in game.alive_tuple() if n != seat)


def _stray_shot(game: Game, seat: str) -> Resolution:
    """流弹: 猎人出局时，可在15分钟内决定一名存活角色出局."""
    s = game.seats[seat]
    if "流弹" not in s.skills:
        return
    targets = _others_alive(game, seat)
    if not targets:
        return
    if sent_off(game, seat):
        game.trace(f"流弹：猎人 {seat} 已被罚下，不能发动", skill="流弹")
        return
    answer = yield Prompt(seat, (LegalAction(seat, "流弹", targets),),
                          default="视为放弃发动流弹", context=f"{seat} 出局，可发动流弹")
    if answer is None or answer.target is None:
        return
    s.skills["流弹"].spend((answer.target,), game.phase.index)
    if shaken_tonight(game, seat):
        game.trace(f"摇落：猎人 {seat} 当晚发动的流弹无效", skill="摇落")
        return
    game.trace(f"流弹：猎人 {seat} 决定 {answer.target} 出局", skill="流弹")
    yield from out(game, answer.target, "流弹", by=seat)


def _heir(game: Game, seat: str, skill: str, options: tuple[str, ...], default: str,
          context: str) -> Choice:
    """A mandatory hand-off: an answer given in advance, else a prompt, else random."""
    pre = game.take_key(f"{seat}/{skill}/移交")
    if sent_off(game, seat):  # a sent-off player chooses nothing: the director draws
        if pre is not None:
            game.reject(pre, SENT_OFF)
        pick = options[game.rng.randrange(len(options))]
        game.trace(f"{seat} 已被罚下：{skill}的移交对象随机指定为 {pick}", skill=skill)
        return pick
    if pre is not None and pre.target in options:
        return pre.target
    if pre is not None:
        game.reject(pre, f"{pre.target} 不是{skill}的合法移交对象")
    answer = yield Prompt(seat, (LegalAction(seat, skill, options, optional=False),),
                          default=default, context=context)
    if answer is not None and answer.target in options:
        return answer.target
    pick = options[game.rng.randrange(len(options))]
    game.trace(f"{seat} 未指定{skill}的移交对象：随机指定 {pick}", skill=skill)
    return pick


def _pass_kill(game: Game, seat: str) -> Resolution:
    """杀人: "在遗言阶段后，黑狼须指认一名狼人获得该技能，若场上不存在狼人，则无须指定"."""
    s = game.seats[seat]
    if "杀人" not in s.skills or s.flags.get("遗志"):
        return
    s.lose("杀人")
    options = heir_candidates(game, seat)
    if not options:
        game.trace(f"杀人：{seat} 出局，场上不存在狼人，无须指定", skill="杀人")
        return
    heir = yield from _heir(game, seat, "杀人", options, "随机指定一名狼人",
                            f"{seat} 出局，须指认一名狼人获得【杀人】")
    h = game.seats[heir]
    h.grant(SKILLS["杀人"])
    if game.phase.is_night:
        h.flags["杀人_got"] = game.phase.index
    game.notify(heir, f"{seat} 出局，你获得技能【杀人】", skill="杀人")
    game.trace(f"杀人：{seat} 指认 {heir} 获得【杀人】", skill="杀人")


def _pass_scapegoat(game: Game, seat: str) -> Resolution:
    """蒙冤: "在遗言阶段后，替罪羊须指认一名良民获得该技能"."""
    s = game.seats[seat]
    if "蒙冤" not in s.skills:
        return
    s.lose("蒙冤")
    options = tuple(n for n in role_seats(game, "良民") if game.seats[n].alive and n != seat)
    if not options:
        game.trace(f"蒙冤：{seat} 出局，场上不存在良民，无须指定", skill="蒙冤")
        return
    heir = yield from _heir(game, seat, "蒙冤", options, "随机指定一名良民",
                            f"{seat} 出局，须指认一名良民获得【蒙冤】")
    game.seats[heir].grant(SKILLS["蒙冤"])
    game.notify(heir, f"{seat} 出局，你获得技能【蒙冤】", skill="蒙冤")
    game.trace(f"蒙冤：{seat} 指认良民 {heir} 获得【蒙冤】", skill="蒙冤")


def _pass_badge(game: Game, seat: str) -> Resolution:
    """殉职: 警长出局后，须选择一名未出局的角色来继任警长."""
    if game.sheriff != seat:
        return
    options = _others_alive(game, seat)
    if not options:
        game.set_sheriff(None)
        return
    heir: str | None = None
    if not sent_off(game, seat):  # a sent-off sheriff chooses nothing: random
        answer = yield Prompt(seat, (LegalAction(seat, "殉职", options, optional=False),),
                              default="随机选择继任警长", context="警长出局，须选择继任警长")
        heir = answer.target if answer is not None and answer.target in options else None
    if heir is None:
        heir = options[game.rng.randrange(len(options))]
        game.trace(f"殉职：继任警长随机决定为 {heir}", skill="殉职")
    game.set_sheriff(heir)
    game.announce(f"警长 {seat} 出局，{heir} 继任警长", later=game.phase.is_night)
    game.notify(heir, "你继任警长（领导：你的票计为两票）", skill="殉职")

"""[S15] going out: the out itself (remembering whose skill caused it), how it is
announced, 身份转变, losing every skill, leaving the pack, and the mandatory
hand-offs after the last words. The triggers an out sets off, in the post's order,
are the bus table of triggers.py (RULINGS R-20)."""

from __future__ import annotations

from collections.abc import Generator

from bansha.engine import Action, Game, LegalAction, Prompt
from bansha.engine.ruleset import Resolution

from .identity import SENT_OFF, pack, sent_off
from .names import PACK
from .skill import CATALOG, Role
from .state import notes, st

VOTE_CAUSES = ("投票出局", "蒙冤")  # FAQ: 蒙冤 is settled as a vote out
KILL_CAUSES = ("杀人", "撕咬")
LOST_FOOL = "失去若愚"
LOVER_SKILL_NAMES = ("私奔", "殉情", "遗志")

Choice = Generator[Prompt, Action | None, str]


def out(game: Game, seat: str, cause: str, by: str | None = None) -> Resolution:
    """Send `seat` out, remembering who caused it (道骨 asks whose skill it was)."""
    if not game.seats[seat].alive:
        return
    st(game).out_by[seat] = by
    yield from game.put_out(seat, cause)


def shown(game: Game, seat: str) -> str:
    """How an out is announced: with the identity when the option 公示身份 is on
    (and always for the 死士: "无论以何种方式出局时，身份均会被公布")."""
    s = game.seats[seat]
    if game.ruleset.options.get("公示身份") or s.role == "死士":
        return f"{seat}（{s.role}）"
    return seat


def convert(game: Game, seat: str, role: Role, keep_faction: bool = False) -> None:
    """身份转变: the seat takes `role`'s identity and skills (a lover keeps the lovers'
    skills), and its faction unless `keep_faction` (仿冒 changes the identity only)."""
    s = game.seats[seat]
    n = notes(game, seat)
    if not n.original_role:
        n.original_role = s.role
    s.roles[0] = role.data.name
    for name in [k for k in game.held.table(seat) if k not in LOVER_SKILL_NAMES]:
        game.held.remove(seat, name)
    for sk in role.skills:
        game.grant(seat, sk.name)
    if not keep_faction:
        s.faction = role.data.faction


def grant(game: Game, seat: str, skill: str) -> None:
    game.grant(seat, CATALOG[skill].name)


def strip_skills(game: Game, seat: str, why: str) -> Resolution:
    """A character loses every skill; a 白痴 who loses 若愚 goes out ("失去此技能时，白痴出局")."""
    s = game.seats[seat]
    had = sorted(game.held.table(seat))
    fool = "若愚" in had
    for sk in had:
        game.held.remove(seat, sk)
    if had:
        game.trace(f"{why}：{seat} 失去技能 {'、'.join(had)}", name=seat)
    if fool and s.alive:  # only the 白痴 holds 【若愚】
        game.trace(f"若愚：{seat} 失去此技能，白痴出局", skill="若愚", name=seat)
        yield from out(game, seat, LOST_FOOL)


# ---- the triggers every out has (triggers.py orders them) --------------------------
def announce_out(game: Game, seat: str, cause: str) -> Resolution:
    if not game.phase.is_night and cause not in VOTE_CAUSES:
        game.announce(f"{shown(game, seat)} 出局")
    return
    yield


def last_words_right(game: Game, seat: str, cause: str) -> Resolution:
    """前N（N为狼人+白狼总数）名出局的角色可以留下遗言."""
    place = game.lastwords.grant(seat)
    if place is None:
        return
    until = "次日讨论结束前" if game.phase.is_night else "下一个白天开始前"
    game.notify(seat, f"你是第{place}名出局的角色，可以留下遗言（请在{until}提交，提交后不可修改）",
                skill="遗言")
    return
    yield


def pack_on_out(game: Game, seat: str, cause: str) -> Resolution:
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
    return
    yield


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


# ---- choices that arise ------------------------------------------------------------
def others_alive(game: Game, seat: str) -> tuple[str, ...]:
    return tuple(n for n in game.alive_tuple() if n != seat)


def heir(game: Game, seat: str, skill: str, options: tuple[str, ...], default: str,
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

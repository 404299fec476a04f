"""长老（特殊）【道骨】: a mark when both 杀人 and 撕咬 chose him (夜晚5), spared once
at step 17, and "所有普通身份失去其技能" when the village sends him or his lover out."""

from __future__ import annotations

from bansha.engine import Game
from bansha.engine.ruleset import Resolution

from ..identity import category, partner
from ..names import VILLAGE
from ..outs import VOTE_CAUSES, strip_skills
from ..skill import LOCKED, Role, Skill, role, skill
from ..state import notes, st, tonight

VILLAGE_SKILL_CAUSES = ("毒药", "流弹", "行刺", "纯真", "死节")  # 道骨: skills of 村民阵营


def elder_spared(game: Game, seat: str) -> bool:
    """道骨: "夜晚结束后，如长老处于濒死状态且无标记，长老不出局" (does not mark)."""
    return game.held.has(seat, "道骨") and not notes(game, seat).elder_marks


def mark_step(game: Game) -> Resolution:
    """"如长老在某一夜晚同时成为【杀人】与【撕咬】的使用对象，则获得一个标记"."""
    night = tonight(game)
    assert night is not None
    for elder in game.held.holders("道骨"):  # the 长老 while he holds it
        if elder in night.kill_targets \
                and elder in night.bite_targets:
            notes(game, elder).elder_marks += 1
            game.trace(f"道骨：长老 {elder} 同时成为杀人与撕咬的使用对象，获得一个标记",
                       skill="道骨")
    return
    yield


def spare_at_settle(game: Game, seat: str) -> bool:
    """Step 17: a dying 长老 with no mark does not go out, and gains one."""
    if not elder_spared(game, seat) or not game.seats[seat].alive:
        return False
    notes(game, seat).elder_marks = 1
    game.trace(f"道骨：长老 {seat} 濒死且无标记，不出局并获得一个标记", skill="道骨")
    return True


# ---- on an out ------------------------------------------------------------------
def elder_out_note(game: Game, seat: str, cause: str) -> Resolution:
    if game.seats[seat].role == "长老":
        game.announce("长老出局！", later=True)
    return
    yield


def _village_caused(game: Game, seat: str, cause: str) -> bool:
    """道骨: "由于村民阵营的身份发动的技能或投票致使…出局" (RULINGS R-7)."""
    if cause in VOTE_CAUSES:
        return True
    by = st(game).out_by.get(seat)
    return cause in VILLAGE_SKILL_CAUSES and by is not None \
        and game.seats[by].faction == VILLAGE


def dao_gu(game: Game, seat: str, cause: str) -> Resolution:
    state = st(game)
    if state.elder_fired:
        return
    for elder in game.held.holders("道骨"):
        e = game.seats[elder]
        if e.faction != VILLAGE:
            continue
        if seat != elder and seat != partner(game, elder):
            continue
        if not _village_caused(game, seat, cause):
            continue
        state.elder_fired = True
        who = "长老" if seat == elder else f"长老的情侣 {seat}"
        game.trace(f"道骨：{who} 因村民阵营的{cause.removesuffix('出局')}出局，"
                   "所有普通身份失去技能", skill="道骨")
        game.announce("长老【道骨】发动：所有普通身份失去其技能", later=game.phase.is_night)
        for n in game.order:
            if n != seat and category(game, n) == "普通":
                yield from strip_skills(game, n, "道骨")
        return


DAO_GU: Skill = skill(
    "道骨", "如长老在某一夜晚同时成为【杀人】与【撕咬】的使用对象，则获得一个标记。夜晚结束后，"
            "如长老处于濒死状态且无标记，长老不出局并获得一个标记。如长老属于村民阵营，且由于村民"
            "阵营的身份发动的技能或投票致使其本人或情侣出局时，所有普通身份失去其技能，并公示。",
    window="passive", target="none", tags=LOCKED, step=mark_step)

ROLE: Role = role("长老", VILLAGE, "特殊", (DAO_GU,), note="特殊")

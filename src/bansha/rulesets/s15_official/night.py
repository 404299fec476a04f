"""[S15] the nights, run by the order table (schedule.py): night 0's window 07, and
night N's windows 11–17, each followed by the win check ("每一步执行完毕后，执行胜负
判定"). A skill's window runs its `step` once, or its effect once per use (uses.py
refuses an action whose actor went out, fell into 假死 or lost the skill before its
step; a use by a 普通 identity 摇落 shook that night is void, trace only). Step 17
settles the 濒死 ledger (dying.py)."""

from __future__ import annotations

from bansha.engine import Game
from bansha.engine.ruleset import Resolution
from bansha.engine.schedule import INSTANT, Window

from . import wins
from .legality import PROMPTED
from .outs import out
from .roles import SKILL_OF
from .roles.nvwu import poison_holds
from .roles.zhanglao import spare_at_settle
from .schedule import SCHEDULE, SETTLE
from .skill import Skill, use_of
from .state import dying, st, tonight
from .uses import take_spent


def run_skill(game: Game, sk: Skill) -> Resolution:
    """One skill's turn in its window: its own step, or its effect per use (all of
    this step's uses are taken and spent first, then their effects run in order)."""
    if sk.step is not None:
        yield from sk.step(game)
        return
    effect = sk.ability.effect
    if effect is None:
        return
    for a in take_spent(game, sk.name, sk.shakeable):
        yield from effect(game, use_of(a))


def run_window(game: Game, w: Window) -> Resolution:
    for name in w.abilities:
        if name == SETTLE:
            yield from settle(game)
        else:
            yield from run_skill(game, SKILL_OF[name])


# ---- night 0 -------------------------------------------------------------------
def resolve_night0(game: Game) -> Resolution:
    for w in SCHEDULE.opening:
        yield from run_window(game, w)
    leftovers(game)
    st(game).night0_done = True
    wins.check(game)


# ---- night N -------------------------------------------------------------------
def resolve_night(game: Game) -> Resolution:
    for w in SCHEDULE.night:
        if w.mode == INSTANT:
            continue  # resolved as they were submitted (anytime.py)
        yield from run_window(game, w)
        wins.check(game)
    leftovers(game)
    game.statuses.cross("end", game.moment)  # tonight's marks end: 持续至夜晚结束


def settle(game: Game) -> Resolution:
    """17.判定濒死状态的角色出局（无标记的长老除外），然后毒药，然后延后的预言反馈."""
    night = tonight(game)
    assert night is not None
    ledger = dying(game)
    for seat in ledger.will_go_out():  # 道骨 decides before anyone goes out
        if spare_at_settle(game, seat):
            ledger.spare(seat)
    yield from ledger.settle()
    if night.poison is not None:
        witch, target = night.poison
        if poison_holds(game, night):
            yield from out(game, target, "毒药", by=witch)
        else:
            game.trace(f"毒药无效：女巫 {witch} 当晚由于杀人或撕咬出局", skill="毒药")
    for to, text, skill in night.deferred:
        game.notify(to, text, skill=skill)


def leftovers(game: Game) -> None:
    """Actions no step took: answers given in advance to a choice that never came up."""
    for u in game.uses.take_every(lambda u: True):
        a = u.input()
        unused = u.key.endswith("/移交") or a.skill in PROMPTED
        game.reject(a, "没有出现需要该选择的情形" if unused else "本阶段无法结算该技能")

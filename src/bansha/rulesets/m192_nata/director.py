"""The director's own inputs of [M192]纳塔: judgements only a person can make (what a
player posted), entered as `Action("导演", skill, ...)` and offered through the
ruleset's `director_inputs(game)` hook, so the platform's rulings forms show them.

- 寡言违规 (3L [寡言]): "在该状态下，角色只能从指定的10种动物叫和标点符号组成的2字进行发言
  （标点可省略），若违反则立刻获得永久的[沉默][遗忘]状态。若投票，不能写投票理由。" The
  director names the holder and may paste the post: a post that keeps the rule is
  refused (RULINGS 60, 61); the penalty is given at once (永久, no end time).
- 离开游戏 / 回到游戏 (3L 离开游戏): "暂时离开游戏的角色在胜负条件判断上算作存活，永久离开
  游戏的角色在胜负条件判断上算作出局，离开游戏的角色在电梯楼中消失，所有技能失效，不能
  发言投票和被投票，也不受其他技能影响。" No skill of this pool makes a character leave, so
  the director enters it (RULINGS 63).
"""

from __future__ import annotations

import unicodedata
from typing import Final

from bansha.engine import Action, Game, LegalAction
from bansha.engine.abilities import Resolution
from bansha.engine.skills import SkillSpec

from .common import give, present, st

DIRECTOR: Final = "导演"
QUIET: Final = "寡言"
BREACH: Final = "寡言违规"
LEAVE: Final = "离开游戏"
RETURN: Final = "回到游戏"
FOR_A_WHILE: Final = "暂时"
FOR_GOOD: Final = "永久"
# "可用动物叫：喵，汪，咩，呱，嗷，哞，哼，嘎，吱，吼。"
ANIMAL_CALLS: Final = frozenset("喵汪咩呱嗷哞哼嘎吱吼")
PENALTY: Final = ("沉默", "遗忘")
SKILLS: Final = (BREACH, LEAVE, RETURN)

SPECS: Final = {
    BREACH: SkillSpec(BREACH, window="any", hidden=True,
                      text="导演判定[寡言]状态的角色违反发言规则（可附上违规的发言）：该角色"
                           "立刻获得永久的[沉默][遗忘]状态"),
    LEAVE: SkillSpec(LEAVE, window="any", hidden=True, choices=(FOR_A_WHILE, FOR_GOOD),
                     text="导演判定角色暂时或永久离开游戏：在电梯楼中消失，所有技能失效，"
                          "不能发言投票和被投票，也不受其他技能影响"),
    RETURN: SkillSpec(RETURN, window="any", hidden=True,
                      text="暂时离开游戏的角色回到游戏"),
}


# ---------------------------------------------------------------- 寡言
def _units(text: str) -> list[str] | None:
    """The post as 字 (RULINGS 60): each animal call is one; a run of punctuation or
    symbols is one mark (the post's own example "呱……" is one call and one mark);
    spaces do not count. None: it holds another character (a breach)."""
    out: list[str] = []
    for ch in text.strip():
        if ch.isspace():
            continue
        if ch in ANIMAL_CALLS:
            out.append(ch)
            continue
        if unicodedata.category(ch)[0] not in "PS":
            return None
        if out and out[-1][0] not in ANIMAL_CALLS and out[-1][-1] == ch:
            out[-1] += ch  # the same mark repeated: ……, ~~
        else:
            out.append(ch)
    return out


def speech_keeps_rule(text: str) -> bool:
    """"只能从指定的10种动物叫和标点符号组成的2字进行发言（标点可省略）": at most two 字,
    at least one of them an animal call."""
    units = _units(text)
    if units is None or not units or len(units) > 2:
        return False
    return any(u in ANIMAL_CALLS for u in units)


def _penalised(game: Game, seat: str) -> bool:
    return seat in st(game).quiet_breaches


def breach_refusal(game: Game, a: Action) -> str | None:
    seat = a.target
    if seat is None:
        return f"{BREACH} 需要写明违规的角色"
    if not game.seats[seat].alive:
        return f"{seat} 已出局，不能参与讨论（[寡言]的发言规则只约束未出局的角色）"
    if not present(game, seat):
        return f"{seat} 已离开游戏，不能发言"
    if not game.statuses.has(seat, QUIET):
        return f"{seat} 没有[寡言]状态，发言不受“2字动物叫”的限制"
    if _penalised(game, seat):
        return f"{seat} 已因违反[寡言]获得永久的[沉默][遗忘]状态"
    if a.text is not None and a.text.strip() and speech_keeps_rule(a.text):
        return (f"“{a.text.strip()}”合乎[寡言]的发言规则（指定的10种动物叫和标点符号组成"
                f"的2字，标点可省略），不是违规")
    return None


def breach(game: Game, a: Action) -> Resolution:
    """"若违反则立刻获得永久的[沉默][遗忘]状态"."""
    seat = a.target
    assert seat is not None
    st(game).quiet_breaches.append(seat)
    said = f"（发言：“{a.text.strip()}”）" if a.text and a.text.strip() else ""
    game.trace(f"导演判定 {seat} 违反[寡言]的发言规则{said}：获得永久的[沉默][遗忘]", QUIET)
    for name in PENALTY:
        give(game, name, seat, None, None, BREACH)
    return
    yield


# ---------------------------------------------------------------- 离开游戏
def leave_refusal(game: Game, a: Action) -> str | None:
    seat = a.target
    if seat is None:
        return f"{LEAVE} 需要写明离开游戏的角色"
    if a.choice not in (FOR_A_WHILE, FOR_GOOD):
        return f"{LEAVE} 需要选择“{FOR_A_WHILE}”或“{FOR_GOOD}”"
    if not game.seats[seat].alive:
        return f"{seat} 已出局"
    was = st(game).left.get(seat)
    if was == FOR_GOOD:
        return f"{seat} 已永久离开游戏"
    if was == a.choice:
        return f"{seat} 已{was}离开游戏"
    return None


def leave(game: Game, a: Action) -> Resolution:
    seat = a.target
    assert seat is not None and a.choice is not None
    st(game).left[seat] = a.choice
    for h in game.held.of(seat):  # "所有技能失效" (triggers included)
        h.off.add(LEAVE)
    game.set_alive(seat, True)  # drops the engine's vote-target cache
    game.announce(f"{seat} {a.choice}离开游戏")
    game.notify(seat, f"你{a.choice}离开了游戏：在电梯楼中消失，所有技能失效，不能发言投票"
                      "和被投票，也不受其他技能影响", LEAVE)
    game.check_win()  # "永久离开游戏的角色在胜负条件判断上算作出局"
    return
    yield


def return_refusal(game: Game, a: Action) -> str | None:
    seat = a.target
    if seat is None:
        return f"{RETURN} 需要写明回到游戏的角色"
    was = st(game).left.get(seat)
    if was is None:
        return f"{seat} 没有离开游戏"
    if was == FOR_GOOD:
        return f"{seat} 已永久离开游戏，不能回到游戏"
    return None


def come_back(game: Game, a: Action) -> Resolution:
    seat = a.target
    assert seat is not None
    del st(game).left[seat]
    for h in game.held.of(seat):
        h.off.discard(LEAVE)
    game.set_alive(seat, game.seats[seat].alive)
    game.announce(f"{seat} 回到游戏")
    game.notify(seat, "你回到了游戏", RETURN)
    return
    yield


# ---------------------------------------------------------------- the hook
def refusal(game: Game, a: Action) -> str | None:
    if a.seat != DIRECTOR or DIRECTOR in game.seats:
        return f"{a.skill} 由导演判定，玩家不能提交"
    if game.finished:
        return "游戏已结束"
    if a.skill == BREACH:
        return breach_refusal(game, a)
    if a.skill == LEAVE:
        return leave_refusal(game, a)
    return return_refusal(game, a)


def run(game: Game, a: Action) -> Resolution:
    if a.skill == BREACH:
        return breach(game, a)
    if a.skill == LEAVE:
        return leave(game, a)
    return come_back(game, a)


def offered(game: Game) -> list[LegalAction]:
    """What the director may enter now (the rulings forms show one per entry)."""
    if game.finished:
        return []
    out: list[LegalAction] = []
    quiet = tuple(s for s in game.alive_tuple() if game.statuses.has(s, QUIET)
                  and not _penalised(game, s) and present(game, s))
    if quiet:
        out.append(LegalAction(DIRECTOR, BREACH, quiet, needs_text=True))
    state = st(game)
    staying = tuple(s for s in game.alive_tuple() if state.left.get(s) != FOR_GOOD)
    if staying:
        out.append(LegalAction(DIRECTOR, LEAVE, staying, choices=(FOR_A_WHILE, FOR_GOOD)))
    away = tuple(s for s, how in state.left.items() if how == FOR_A_WHILE)
    if away:
        out.append(LegalAction(DIRECTOR, RETURN, away))
    return out

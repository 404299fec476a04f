"""[S15] skills that take effect the moment they are used, outside the night order:
刺客【行刺】 ("该角色立即出局"), 死士【死节】 ("任意时间主动出局"), 忏悔者【忏悔】
("任意时刻"), 狼使【出使】 ("游戏日白天或夜晚"), and last words (遗言). Each use is
one step of its own: the win check follows it."""

from __future__ import annotations

from bansha.engine import Action, Game, Phase
from bansha.engine.ruleset import Resolution

from . import wins
from .outs import leave_pack, out
from .rules import is_wolf, pack, role_seats


def resolve(game: Game, a: Action) -> Resolution:
    if a.skill == "遗言":
        store_lastwords(game, a.seat, a.text or "")
        return
    st = game.seats[a.seat].skills[a.skill]
    st.spend(a.all_targets(), game.phase.index)
    if a.skill == "行刺":
        yield from assassinate(game, a.seat, a.target or "")
    elif a.skill == "死节":
        game.trace(f"死节：{a.seat} 主动出局", skill="死节")
        yield from out(game, a.seat, "死节", by=a.seat)
    elif a.skill == "忏悔":
        confess(game, a.seat, a.target or "")
    elif a.skill == "出使":
        embassy(game, a.seat, a.text or "")
    wins.check(game)


def assassinate(game: Game, assassin: str, target: str) -> Resolution:
    """行刺: the target goes out at once; "若该角色不为狼人，则同时出局" (the 刺客 too)."""
    wolf = is_wolf(game, target)
    game.announce(f"刺客 {assassin} 发动【行刺】，刺杀 {target}")
    game.trace(f"行刺：{assassin} 刺杀 {target}（{'是' if wolf else '不是'}狼人）", skill="行刺")
    yield from out(game, target, "行刺", by=assassin)
    if not wolf:
        game.announce(f"{target} 不是狼人，刺客 {assassin} 同时出局")
        yield from out(game, assassin, "行刺", by=assassin)


def confess(game: Game, seat: str, target: str) -> None:
    """忏悔: show one's identity to another character; no feedback to the 忏悔者."""
    role = game.seats[seat].role
    game.notify(target, f"忏悔：{seat} 将自己的身份给你查看——{role}", skill="忏悔")
    game.trace(f"忏悔：{seat} 向 {target} 展示身份", skill="忏悔")


def embassy(game: Game, seat: str, text: str) -> None:
    """出使: a message to the 吹笛 through the director; 次日白天公示“出使技能发动！”."""
    pipers = [n for n in role_seats(game, "吹笛") if game.seats[n].alive]
    game.notify(pipers, f"出使：狼使通过主办向你发送信息：{text}", skill="出使")
    game.notify(seat, "出使：信息已由主办转交吹笛", skill="出使")
    game.announce("出使技能发动！", later=True)
    game.trace(f"出使：{seat} 向吹笛发送信息", skill="出使")


# ---- last words -----------------------------------------------------------------
def out_is_public(game: Game, seat: str) -> bool:
    """An out by day is public at once; an out at night from the next day on."""
    s = game.seats[seat]
    if s.alive or s.out_at is None:
        return False
    when = Phase.parse(s.out_at)
    return not when.is_night or game.phase.index > when.index


def store_lastwords(game: Game, seat: str, text: str) -> None:
    game.lastwords.store(seat, text)
    game.trace(f"{seat} 提交遗言", skill="遗言")
    publish_lastwords(game, closing=False)


def past_deadline(game: Game, seat: str, day_over: bool) -> bool:
    """RULINGS R-23: the right of an out by day lasts until the next day starts; an out
    at night is told at step 17 "判定濒死状态的角色出局，并通知准备遗言", and the right lasts
    until the discussion of the next day ends (its count, 20.计票确定出局者)."""
    out_at = game.seats[seat].out_at
    if out_at is None:
        return False
    when, now = Phase.parse(out_at), game.phase.index
    if not when.is_night:
        return now > when.index
    return (day_over and now > when.index) or now > when.index + 1


def publish_lastwords(game: Game, closing: bool, day_over: bool = False) -> None:
    """Publish the last words of public outs, in the order of going out; with `closing`
    (a day starts, or with `day_over` its discussion ends) a right whose deadline has
    passed with no words is given up."""
    lw = game.lastwords
    for n in lw.waiting():  # rights are given in the order of going out
        if not out_is_public(game, n):
            continue
        if n in lw.texts:
            lw.close(n)
            game.announce(f"{n} 的遗言：{lw.texts[n]}")
        elif closing and past_deadline(game, n, day_over):
            lw.close(n)
            game.trace(f"{n} 未在时限内提交遗言，视为放弃", skill="遗言", name=n)
        if n in lw.closed and n in pack(game):
            leave_pack(game, n)  # 11X: the wolf leaves the pack once his last words end

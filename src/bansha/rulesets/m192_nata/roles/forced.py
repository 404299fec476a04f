"""[强制] skills that give lasting statuses (隐者 隐身衣, 厚皮肉猪 苟活, 野人 骑乘 …).

"若强制技能提供任何[状态]，则该强制技能失效后，这些状态也一同失效"; [遗忘] "失去所有
[强制]技能，持续生效的效果也会一并失去": while the holder has 遗忘 the statuses are gone;
they come back when 遗忘 ends if the skill still works (RULINGS 23). "当场上人数变为开局
人数的一半及以下时触发此效果：本技能失效": alive ≤ start ÷ 2."""

from __future__ import annotations

from collections.abc import Callable

from bansha.engine import Game
from bansha.engine.abilities import Resolution
from bansha.engine.bus import Trigger
from bansha.engine.statuses import FORCED

from ..common import give, st


def lasting(game: Game, seat: str, skill: str, statuses: tuple[str, ...]) -> Callable[[], None]:
    """Give `statuses` for as long as the forced `skill` works; returns the re-giver."""
    def apply() -> None:
        h = game.held.get(seat, skill)
        if h is None or h.off or game.statuses.blocking(seat, FORCED) is not None:
            return
        have = {s.name for s in game.statuses.of(seat) if s.forced and s.skill == skill}
        for name in statuses:
            if game.statuses.kind(name).name not in have:
                give(game, name, seat, None, seat, skill, forced=True)

    st(game).forced_restorers.append(apply)
    apply()
    return apply


def acted(game: Game, text: str, skill: str) -> None:
    """A [强制] skill acted as a trigger (its text's "触发此效果"): traced, and kept for
    守夜's "今晚发动的所有技能名字（包括强制）" (RULINGS 40) with the sub-phase it acted in."""
    game.trace(text, skill)
    if not game.phase.is_night:
        return
    kept = st(game).night_forced
    label = game.phase.label
    if kept and kept[0][0] != label:
        kept.clear()  # an earlier night's
    kept.append((label, game.sub, skill))


def tonight(game: Game, sub: str) -> list[str]:
    """The [强制] skills that acted as triggers in `sub` of the running night."""
    label = game.phase.label
    return [k for at, s, k in st(game).night_forced if at == label and s == sub]


def end(game: Game, seat: str, skill: str, why: str, trigger: bool = False) -> bool:
    """The forced skill 失效: it and its statuses end. `trigger`: the 失效 is the skill's
    own triggered effect ("…时触发此效果：本技能失效"), an act of the skill."""
    h = game.held.get(seat, skill)
    if h is None or h.off:
        return False
    h.off.add("失效")
    gone = game.statuses.end_skill(seat, skill)
    text = f"{seat} 的{skill}失效（{why}）" + (
        "：" + "、".join(s.name for s in gone) if gone else "")
    if trigger:
        acted(game, text, skill)
    else:
        game.trace(text, skill)
    return True


def at_half(game: Game, seat: str, skill: str) -> None:
    """"当场上人数变为开局人数的一半及以下时触发此效果：本技能失效"."""
    def on_out(t: Trigger) -> Resolution:
        if len(game.alive_tuple()) * 2 <= st(game).start_players:
            end(game, seat, skill, "场上人数变为开局人数的一半及以下", trigger=True)
        return
        yield

    game.bus.on("out", on_out, name=f"{skill}失效")

"""狼外婆[群内]⑦ — 装模作样[强制]——游戏开局，狼外婆需设定自己的表面阵营，身份，带刀情况。当任何
[群内]狼人出局时，表面身份的设定生效，持续至夜晚结束。
欺诈天下[强制]——狼外婆出局时触发效果：狼外婆需设定狼人阵营和非狼人阵营表面阵营，身份，带刀情况，
下一个夜晚开始，对应阵营的角色都获得该表面伪装，且狼人阵营的角色获得[不死]状态，持续至夜晚结束。

装模作样's setting is its 开局 `choice` {身份, 阵营, 带刀}; each out of a [群内] wolf puts it
on her card until the end of that night (a day out: the night after it). 欺诈天下's
setting is one `choice` of six parts (狼身份/狼阵营/狼带刀 for 狼人阵营, 非狼身份/非狼阵营/
非狼带刀 for the others); she may hand it in beforehand while in play, else she is
asked at her out (RULINGS 41)."""

from __future__ import annotations

from collections.abc import Generator
from typing import Final

from bansha.engine import Action, Game, LegalAction, Prompt
from bansha.engine.abilities import Ability, Resolution, RoleData, Use
from bansha.engine.bus import Trigger
from bansha.engine.moment import Moment, Until
from bansha.engine.ruleset import choice_parts, choice_text
from bansha.engine.statuses import FORCED

from ..common import WOLVES, faction, give, st, tell
from . import disguise, forced
from .inputs import Taken, done

PRETEND: Final = "装模作样"
FRAUD: Final = "欺诈天下"
FRAUD_PARTS: Final = ("狼身份", "狼阵营", "狼带刀", "非狼身份", "非狼阵营", "非狼带刀")
NIGHT_END: Final = Until("end", part="night")


def pretend(game: Game, use: Use) -> Resolution:
    st(game).pretend[use.actor] = use.choice or ""
    tell(game, use.actor, f"装模作样：表面伪装设定为 {use.choice}（任何[群内]狼人出局时生效，"
         "持续至夜晚结束）", PRETEND)
    return
    yield


ROLE: Final[RoleData] = RoleData("狼外婆", "狼人阵营", "狼", 7, ("群内",), (
    Ability(PRETEND, ("开局",), forced=True, effect=pretend),
    Ability(FRAUD, forced=True),))


def halves(text: str | None) -> tuple[str, str]:
    """The wolves' disguise and the others', each as a 身份/阵营/带刀 choice text."""
    parts = choice_parts(text)
    wolf = {k[1:]: v for k, v in parts.items() if k.startswith("狼")}
    other = {k[2:]: v for k, v in parts.items() if k.startswith("非狼")}
    return (choice_text(wolf, disguise.PARTS), choice_text(other, disguise.PARTS))


def fraud_problem(game: Game, a: Action) -> str | None:
    if not game.seats[a.seat].alive:
        return "已出局的角色不能发动技能"
    return fraud_problem_text(a.choice or "")


def keep_fraud(game: Game, a: Action) -> Resolution:
    st(game).fraud[a.seat] = a.choice or ""
    tell(game, a.seat, f"欺诈天下：设定已记录（{a.choice}），在你出局时生效", FRAUD)
    return done()


def _holds_fraud(game: Game, a: Action) -> bool:
    return game.held.get(a.seat, FRAUD) is not None


FRAUD_INPUT: Final = Taken(_holds_fraud, fraud_problem, keep_fraud)


SIDES: Final = (("狼", "狼人阵营"), ("非狼", "非狼人阵营"))


def ask(game: Game, seat: str) -> Generator[Prompt, Action | None, str | None]:
    """"狼外婆需设定狼人阵营和非狼人阵营表面阵营，身份，带刀情况", asked at her out: one
    prompt per side, each offering every full setting (disguise.settings); an answer
    given ahead may hold both sides (then the second is not asked). No answer: that
    side is not set."""
    got: dict[str, str] = {}
    for prefix, side in SIDES:
        if any(k.startswith(prefix) and not (prefix == "狼" and k.startswith("非狼"))
               for k in got):
            continue
        offer = LegalAction(seat, FRAUD, (), 0, choices=disguise.settings(prefix),
                            optional=False)
        answer = yield Prompt(seat, (offer,), default="不设定",
                              context=f"欺诈天下：设定{side}的表面阵营，身份，带刀情况")
        text = answer.choice if answer is not None else None
        why = fraud_problem_text(text) if text is not None else None
        if why is not None:
            game.trace(f"欺诈天下的设定无效（{why}），{side}不设定", FRAUD)
            continue
        got.update(choice_parts(text))
    return choice_text(got, FRAUD_PARTS) or None


def pretend_offers(game: Game, seat: str) -> tuple[str, ...]:
    """装模作样 at 开局: every full setting ("需设定自己的表面阵营，身份，带刀情况")."""
    return disguise.settings() if game.sub == "开局" else ()


def setup(game: Game, seat: str) -> None:
    state = st(game)
    due: list[tuple[Moment, str]] = []  # 欺诈天下: (the out, the setting)

    def works(skill: str) -> bool:
        h = game.held.get(seat, skill)
        return h is not None and not h.off and game.statuses.blocking(seat, FORCED) is None

    def on_out(t: Trigger) -> Resolution:
        if t.data.get("pack") and works(PRETEND) and state.pretend.get(seat):
            # "当任何[群内]狼人出局时，表面身份的设定生效，持续至夜晚结束"
            forced.acted(game, f"{t.seat} 出局：装模作样的设定生效", PRETEND)
            disguise.apply(game, seat, state.pretend[seat], PRETEND, NIGHT_END)
        if t.seat != seat or game.held.get(seat, FRAUD) is None:
            return
        forced.acted(game, f"{seat} 出局：欺诈天下", FRAUD)
        text = state.fraud.get(seat)
        if text is None:
            text = yield from ask(game, seat)
        if text:
            due.append((game.moment, text))
            game.trace(f"{seat} 欺诈天下：{text}（下一个夜晚开始生效）", FRAUD)

    def next_night() -> None:
        """"下一个夜晚开始，对应阵营的角色都获得该表面伪装，且狼人阵营的角色获得[不死]"."""
        now = game.moment
        for at, text in [d for d in due if d[0] < now]:
            due.remove((at, text))
            wolf, other = halves(text)
            for s in game.alive_tuple():
                if faction(game, s) == WOLVES:
                    if wolf:
                        disguise.apply(game, s, wolf, FRAUD, NIGHT_END)
                    give(game, "不死", s, NIGHT_END, seat, FRAUD)
                elif other:
                    disguise.apply(game, s, other, FRAUD, NIGHT_END)

    def morning() -> None:
        """Disguises "持续至夜晚结束" end with the night."""
        night = Moment(game.phase.n - 1, "night")
        for s in game.order:
            for card in game.seats[s].cards:
                card.expire("end", night)

    game.bus.on("out", on_out, name=PRETEND)
    state.window_hooks.setdefault("早夜", []).append(next_night)
    state.window_hooks.setdefault("晨曦", []).append(morning)


def fraud_problem_text(text: str) -> str | None:
    bad = [k for k in choice_parts(text) if k not in FRAUD_PARTS]
    if bad or not choice_parts(text):
        return "欺诈天下需要设定 " + "、".join(FRAUD_PARTS) + " 中的若干项"
    for half in halves(text):
        if half and (why := disguise.problem(half)):
            return why
    return None

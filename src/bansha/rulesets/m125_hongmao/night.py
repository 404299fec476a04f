"""The night (历史轮 流程3): steps (1)–(6) are the uses of the night window in the
post's order (schedule.py), each routed through 交换 to its effect; the witch answers
after 通灵; then (7) 指杀结算, (8) 毒药结算, (9) 夜死最后一枪结算, with a shot "在对应
步骤之后插入结算"."""

from __future__ import annotations

from collections.abc import Generator

from bansha.engine import Action, Game, LegalAction, Prompt
from bansha.engine.abilities import Use
from bansha.engine.ruleset import Resolution
from bansha.engine.schedule import order_uses
from bansha.engine.window import WindowRun

from . import reversal
from .common import PACK, in_play, is_wolf_card, live_refs
from .outs import card_out, night_shot
from .state import NightChoices, state

WITCH_SKILLS = ("救药", "毒药")


def record_use(game: Game, use: Use) -> None:
    """"会记录历史轮中玩家的第一身份牌的全部操作【包括使用的技能，投票】"."""
    if game.round != 1:
        return
    t = use.chosen
    game.record.record(use.actor, game.moment, Action(
        use.actor, use.ability, t[0] if len(t) == 1 else None,
        t if len(t) > 1 else (), use.choice, use.text))


def _run(game: Game, use: Use) -> Resolution:
    st = state(game)
    h = game.held.get(use.actor, use.ability)
    card = game.card(use.actor)
    if h is None or h.off or not card.alive:
        use.voided = "技能已不可用"
        game.trace(f"{use.actor} 的 {use.ability} 未结算：技能已不可用", use.ability)
        return
    at = game.moment
    h.spend(at, use.chosen)
    record_use(game, use)
    if h.ability.effect is not None:
        yield from st.pipeline.resolve(game, use, at, h.ability.effect)
    for note in use.notes:
        game.trace(f"{use.actor} 的 {use.ability}：{note}", use.ability)


LATE = ("时间吞噬", "重定之理")  # 逆转轮 steps (7), (8): after the witch


def _ordered(game: Game, uses: list[Use]) -> Resolution:
    order = order_uses(game.ruleset.schedule, "night", "", [(u.ability, u.seq) for u in uses])
    run = WindowRun([uses[i] for i in order])
    game.window = run
    yield from run.run(lambda u: _run(game, u))
    game.window = None


def resolve_night(game: Game) -> Resolution:
    st = state(game)
    st.night = NightChoices()
    uses = game.uses.uses()
    if game.round == 2:  # the first cards' record, as NPC inputs
        npc, _ = reversal.night_replays(game)
        uses = [*npc, *uses]
    witch = [u for u in uses if u.ability in WITCH_SKILLS]
    rest = [u for u in uses if u.ability not in WITCH_SKILLS and u.ability != "最后一枪"]
    yield from _ordered(game, [u for u in rest if u.ability not in LATE])  # (1)–(5)
    _empty_kill(game, rest)
    yield from witch_step(game, witch)  # (6)
    yield from _ordered(game, [u for u in rest if u.ability in LATE])  # (7), (8)
    yield from settle_kill(game)  # (7)
    yield from settle_shots(game)
    yield from settle_poison(game)  # (8)
    yield from settle_shots(game)  # (9)
    st.pipeline.expire("end", game.moment)
    game.held.expire(game.moment, "end")


def _empty_kill(game: Game, uses: list[Use]) -> None:
    """空刀: no 杀人 came in (关门后30分钟内…无法决定刀人对象，则视为空刀); recorded too
    ("若第一轮狼人有记录杀人操作（包括空刀）")."""
    if game.round != 1 or any(u.ability == "杀人" and u.voided is None for u in uses):
        return
    pack = [h for h in game.held.holders("杀人")
            if game.card(h).alive and in_play(game, game.card(h))]
    if pack:
        game.trace("狼群空刀", skill="杀人")
        if game.round == 1:
            game.record.record(pack[0], game.moment, Action(pack[0], "杀人", choice="空刀"))


def witch_step(game: Game, given: list[Use]) -> Resolution:
    """(6) 女巫：执行<通灵>；选择<救药>、<毒药>目标."""
    st = state(game)
    for ref in _witches(game):
        if game.held.get(ref, "通灵") is not None:
            k = st.night.kill
            game.notify(game.card(ref).seat,
                        f"通灵：今晚被指杀的是 {k}" if k else "通灵：今晚无人被指杀", skill="通灵")
        mine = [u for u in given if u.actor == ref]
        if not mine and reversal.free_now(game, ref):  # an NPC witch only replays
            answer = yield from _ask_witch(game, ref)
            if answer is not None:
                mine = [Use(ref, answer.skill, answer.all_targets())]
        for use in mine:
            if use.ability == "救药" and st.night.witch == ref:
                # "<毒药>发动后，该夜晚不可发动技能<救药>"
                game.reject(Action(ref, "救药", use.chosen[0] if use.chosen else None),
                            "本夜已发动毒药，不可发动救药")
                continue
            if not all(game.card(t).alive for t in use.chosen):
                game.reject(Action(ref, use.ability, use.chosen[0]), "目标已出局")
                continue
            yield from _run(game, use)


def _witches(game: Game) -> list[str]:
    out: list[str] = []
    for skill in ("通灵", *WITCH_SKILLS):
        for ref in game.held.holders(skill):
            c = game.card(ref)
            if ref not in out and c.alive and in_play(game, c):
                out.append(ref)
    return out


def _ask_witch(game: Game, ref: str) -> Generator[Prompt, Action | None, Action | None]:
    if game.card(ref).seat in state(game).idle:
        return None
    targets = live_refs(game)
    held = [game.held.get(ref, s) for s in WITCH_SKILLS]
    opts = tuple(LegalAction(ref, h.name, targets) for h in held
                 if h is not None and h.charges != 0)
    if not opts:
        return None
    answer = yield Prompt(game.card(ref).seat, opts, default="视为放弃发动技能",
                          context="通灵之后，女巫可选择救药或毒药的目标")
    return answer


def first_wolf_below(game: Game, ref: str) -> str | None:
    """"电梯楼排序下方第一个狼": the first wolf card in play after this card's seat in
    seat order, wrapping round, skipping cards already out (RULINGS.md 7)."""
    seat = game.card(ref).seat
    i = game.order.index(seat)
    n = len(game.order)
    for k in range(1, n + 1):
        for c in game.seats[game.order[(i + k) % n]].cards:
            if c.alive and in_play(game, c) and is_wolf_card(c):
                return c.ref
    return None


def settle_kill(game: Game) -> Resolution:
    """(7) 指杀结算: 纵火 → 指杀无效，目标来源出局; 救药; 守卫; else 出局."""
    n = state(game).night
    k = n.kill
    if k is None or not game.card(k).alive:
        return
    if k == n.burned:
        src = first_wolf_below(game, k)
        game.trace(f"指杀结算：{k} 是纵火的目标，指杀无效，{src or '无狼'} 出局", skill="纵火")
        if src is not None:
            yield from card_out(game, src, "纵火")
    elif k == n.saved:
        game.trace(f"指杀结算：{k} 是救药的目标，不出局", skill="救药")
    elif k == n.guarded:
        game.trace(f"指杀结算：{k} 被守护，不出局", skill="守护")
    else:
        yield from card_out(game, k, "指杀")


def settle_poison(game: Game) -> Resolution:
    """(8) 毒药结算: 纵火 → 毒药无效，来源（女巫）出局; 守卫; else 出局."""
    n = state(game).night
    p = n.poisoned
    if p is None or not game.card(p).alive:
        return
    if p == n.burned:
        game.trace(f"毒药结算：{p} 是纵火的目标，毒药无效，{n.witch} 出局", skill="纵火")
        if n.witch is not None:
            yield from card_out(game, n.witch, "纵火")
    elif p == n.guarded:
        game.trace(f"毒药结算：{p} 被守护，不出局", skill="守护")
    else:
        yield from card_out(game, p, "毒药")


def settle_shots(game: Game) -> Resolution:
    """(9) the shots triggered so far, in the order their cards went out (a shot may
    trigger another: it joins the queue)."""
    st = state(game)
    while st.shots:
        yield from night_shot(game, st.shots.pop(0))


__all__ = ["PACK", "resolve_night"]

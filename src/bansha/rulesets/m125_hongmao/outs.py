"""Cards going out, and what an out triggers: 最后一枪 (猎人, 黑狼王), 殉职 (the
sheriff's card), and the history round's end conditions ("游戏满足以下条件时，第一轮
游戏立刻结束"). A player is out once none of their cards in play is left."""

from __future__ import annotations

from collections.abc import Generator

from bansha.engine import Action, Game, GameOver, LegalAction, Prompt
from bansha.engine.abilities import Use
from bansha.engine.ruleset import Resolution

from . import lastwords, wins
from .common import in_play, is_wolf_card, live_refs
from .reversal import free_now, recorded_choice
from .state import state

VOTED_OUT = "投票出局"
SHOT = "最后一枪"
SHOOTERS = ("猎人", "黑狼王")
# a choice asked mid-resolution: yields prompts, returns the chosen card (None: none)
Asking = Generator[Prompt, Action | None, str | None]


def card_out(game: Game, ref: str, cause: str) -> Resolution:
    card = game.card(ref)
    if not card.alive:
        return
    st = state(game)
    card.alive = False
    st.ever_out.add(ref)
    game.phases[-1].outs.append((ref, cause))
    game.trace(f"{ref} 出局（{cause}）", name=ref)
    game.notify(card.seat, f"你的身份牌 {ref} 出局（{cause}）")
    seat = game.seats[card.seat]
    if seat.alive and not any(c.alive and in_play(game, c) for c in seat.cards):
        game.set_alive(card.seat, False)
        seat.out_cause, seat.out_at = cause, game.phases[-1].at
    else:
        game.set_alive(card.seat, seat.alive)  # drops the vote-target cache: a card left
    if not game.phase.is_night and cause != VOTED_OUT:
        # "讨论日进行时、投票结束时都会随时公示" (the vote's out is announced with its result)
        game.announce(f"{ref} 出局")
    lastwords.grant(game, ref)
    history_end_check(game)
    if game.round == 2:
        wins.end_check(game)  # "游戏状态满足某阵营胜利条件之一，游戏立即结束"
    if card.role in SHOOTERS and game.held.get(ref, SHOT) is not None:
        if game.phase.is_night:
            st.shots.append(ref)  # "在对应步骤之后插入结算" (night.settle_shots)
        else:
            yield from day_shot(game, ref)
    if game.sheriff == ref:
        yield from pass_badge(game, ref)


def ask(game: Game, ref: str, skill: str, targets: tuple[str, ...], default: str,
        context: str) -> Asking:
    """A choice arising from an out: an answer handed in earlier (kept as a use or a
    submission), else a prompt; an idle (red-carded) seat is not asked ("挂机")."""
    if not free_now(game, ref):
        # an NPC first card: "若该身份于第一轮中成功开枪/发动过殉职…对预定的身份牌"
        recorded, planned = recorded_choice(game, ref, skill)
        if recorded and planned in targets:
            game.trace(f"{ref} 按历史轮记录发动{skill}：{planned}", skill=skill)
            return planned
        if skill == "殉职":  # "若第一身份没有记录移交操作或是交给的预定身份已经出局，则会流失警长"
            return None
        # 最后一枪 "如果不存在预定的身份牌，则由操纵该身份牌的玩家决定对谁开枪": asked below
    early = game.uses.withdraw(ref, skill)
    early_sub = game.take(ref, skill)
    given: str | None = None
    if early:
        given = early[-1].chosen[0] if early[-1].chosen else None
    elif early_sub is not None:
        given = early_sub.target
    if given is None and (early or early_sub is not None):
        return None
    if given is not None:
        if given in targets:
            return given
        game.trace(f"{ref} 预先提交的 {skill} 目标 {given} 已不可选，改为询问", skill=skill)
    if game.card(ref).seat in state(game).idle:
        game.trace(f"{ref} 的玩家已被红牌罚下（挂机）：{skill} {default}", skill=skill)
        return None
    # the prompt goes to the player; the option names the card that answers
    answer = yield Prompt(game.card(ref).seat, (LegalAction(ref, skill, targets),),
                          default=default, context=context)
    return answer.target if answer is not None else None


def _shot_target(game: Game, ref: str) -> Asking:
    game.held.remove(ref, SHOT)
    targets = live_refs(game, but=ref)
    if not targets:
        return None
    target = yield from ask(game, ref, SHOT, targets, "放弃开枪",
                            f"{ref} 出局，可以发动最后一枪")
    if target is not None and game.round == 1:
        game.record.record(ref, game.moment, Action(ref, SHOT, target))
    return target


def day_shot(game: Game, ref: str) -> Resolution:
    """By day "该角色立即出局" (守护 and 纵火 act on the night only)."""
    target = yield from _shot_target(game, ref)
    if target is not None:
        game.announce(f"{ref} 发动最后一枪，{target} 出局")
        yield from card_out(game, target, SHOT)


def night_shot(game: Game, ref: str) -> Resolution:
    """夜死最后一枪结算 "同毒药": routed through 交换 ("包括死在夜晚的开枪"); on the burned
    card it fails and its source goes out; on the guarded card nobody goes out."""
    target = yield from _shot_target(game, ref)
    if target is None:
        return
    st = state(game)
    use = Use(ref, SHOT, (target,))
    final = st.pipeline.route(use, game.moment)
    for note in use.notes:
        game.trace(f"{ref} 的最后一枪：{note}", skill=SHOT)
    if not final:
        return
    t = final[0]
    n = st.night
    if t == n.burned:
        game.trace(f"最后一枪：{t} 是纵火的目标，开枪无效，技能来源 {ref} 出局", skill="纵火")
        yield from card_out(game, ref, "纵火")
    elif t == n.guarded:
        game.trace(f"最后一枪：{t} 被守护，不出局", skill="守护")
    else:
        yield from card_out(game, t, SHOT)


def pass_badge(game: Game, ref: str) -> Resolution:
    """殉职【强制】: "须选择一名未出局的角色来继任警长，或是流失警长"; no answer in time:
    "警长会直接流失". A red card takes no card out in m125 (RULINGS.md 9)."""
    targets = live_refs(game, but=ref)
    heir = yield from ask(game, ref, "殉职", targets, "流失警长", "警长出局，须移交警徽或流失")
    game.set_sheriff(heir)
    if game.round == 1 and heir is not None:  # "若第一身份没有记录移交操作…则会流失"
        game.record.record(ref, game.moment, Action(ref, "殉职", heir))
    if heir is None:
        game.announce(f"警长 {ref} 出局，警徽流失", later=game.phase.is_night)
        return
    game.announce(f"警长 {ref} 殉职，警徽移交给 {heir}", later=game.phase.is_night)
    game.notify(game.card(heir).seat, f"你的身份牌 {heir} 成为警长", skill="殉职")


# ---- the history round's end -------------------------------------------------
CONDITIONS = {1: "所有狼人出局", 2: "所有村民阵营的村民出局"}


def history_condition(game: Game) -> int | None:
    """1: every wolf card in play is out; 2: every 村民 card in play is out (RULINGS 5)."""
    first = [c for n in game.order for c in game.seats[n].cards if in_play(game, c)]
    if not any(c.alive for c in first if is_wolf_card(c)):
        return 1
    if not any(c.alive for c in first if c.role == "村民"):
        return 2
    return None


def history_end_check(game: Game) -> None:
    if game.round != 1:
        return
    cond = history_condition(game)
    if cond is None:
        return
    st = state(game)
    st.history_end = (game.phases[-1].at, cond)
    st.end_key = (game.phase.n, 1 if game.phase.is_night else 0)
    wins.night_outs(game)  # this night has no next day in the history round
    game.flush_later()
    game.announce(f"历史轮结束（条件{cond}：{CONDITIONS[cond]}）")
    # "第一轮游戏立刻结束": what was still to resolve in this phase does not; the
    # reversal round opens at its day 1 (reversal.start runs as it opens)
    game.next_round()
    raise GameOver()

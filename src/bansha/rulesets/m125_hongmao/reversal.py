"""The reversal round (逆转轮): "所有玩家的第二身份加入游戏，共20张身份", a new game from
day 1 in which every first card is an NPC replaying its history-round record
("第二轮狼人杀游戏将有和历史轮行动完全相同的NPC"), players control their second cards,
and "到达历史轮结束的时刻…尚存活的第一身份牌此时可以自由行动". A replay is dropped when
its card or its target is gone, or the card is free (the player acts for it)."""

from __future__ import annotations

from bansha.engine import Action, Game
from bansha.engine.abilities import Use
from bansha.engine.cards import Recorded
from bansha.engine.held import Origin
from bansha.engine.votes import ABSTAIN, VoteBox

from . import lastwords
from .common import PACK, is_wolf_card
from .state import NightChoices, state


def _part_key(game: Game) -> tuple[int, int]:
    return (game.phase.n, 1 if game.phase.is_night else 0)


def start(game: Game) -> None:
    """Every card back in play, every skill fresh, no sheriff; second-card wolves join
    the pack ("第二轮游戏开始时，第二身份为狼人的所有角色才会加入共群")."""
    st = state(game)
    st.reversal = True
    lastwords.new_round(game)
    st.night = NightChoices()
    st.votes_blocked = False
    for name in game.order:
        seat = game.seats[name]
        for c in seat.cards:
            c.alive = True
            game.held.remove_all(c.ref)
            role = game.ruleset.role_data.get(c.role)
            for ab in role.abilities if role is not None else ():
                game.held.grant(c.ref, ab, Origin(role=c.role))
        game.set_alive(name, True)
        seat.out_cause = seat.out_at = None
    game.set_sheriff(None)
    joined = [n for n in game.order
              if is_wolf_card(game.seats[n].cards[1]) and n not in game.groups[PACK]]
    game.groups[PACK] = [*game.groups[PACK], *joined]
    game.announce("逆转轮开始：所有玩家的第二身份加入游戏，共20张身份；第一身份按历史轮的记录行动")
    if joined:
        game.notify(game.groups[PACK], "逆转轮：" + "、".join(joined) + " 加入狼群（狼群成员："
                    + "、".join(game.groups[PACK]) + "）", skill="杀人")


def free_now(game: Game, ref: str) -> bool:
    """Whether the player controls the card now (round 1: every card in play)."""
    if game.round == 1:
        return True
    card = game.card(ref)
    if card.index == 2:
        return True
    st = state(game)
    return ref in st.freed or st.reordered.get(ref) == game.phase.n


def reach_end(game: Game) -> None:
    """Past the phase the history round ended in, the first cards still in play are
    free ("到达历史轮结束的时刻…尚存活的第一身份牌此时可以自由行动"; RULINGS 19)."""
    st = state(game)
    if st.end_key is None or _part_key(game) <= st.end_key:
        return
    new = [c for n in game.order for c in game.seats[n].cards[:1]
           if c.alive and c.ref not in st.freed]
    for c in new:
        st.freed.add(c.ref)
        game.record.free(c.ref)
        game.notify(c.seat, f"已到达历史轮结束的时刻：你的第一身份 {c.ref} "
                            "可以自由行动（发言、投票、使用技能）")


VOTES = ("投票", "改票")


def due(game: Game, votes: bool | None = None) -> list[Recorded]:
    """The recorded inputs to replay now (only votes / only the rest when `votes` says
    so); the dropped ones are traced with why."""
    st = state(game)

    def gone(ref: str) -> bool:
        try:
            return not game.card(ref).alive
        except ValueError:
            return True

    live, dropped = game.record.due(
        game.moment, gone, lambda a: [t for t in a.all_targets() if t != ABSTAIN])
    if votes is not None:
        live = [r for r in live if (r.action.skill in VOTES) == votes]
        dropped = [(r, w) for r, w in dropped if (r.action.skill in VOTES) == votes]
    out: list[Recorded] = []
    for r in live:
        if st.devoured.get(r.card) == game.phase.n:
            dropped.append((r, f"{r.card} 被时间吞噬，本日的操作视作未进行"))
        elif free_now(game, r.card):
            dropped.append((r, f"{r.card} 已由玩家自由操作"))
        else:
            out.append(r)
    for r, why in dropped:
        game.trace(f"历史轮记录 {r.card} 的{r.action.skill}未发动：{why}", skill=r.action.skill)
    return out


def cast_npc_votes(game: Game) -> None:
    """"在逆转轮中，第一身份的投票会在一开始就固定投票对象"."""
    for r in due(game, votes=True):
        if r.action.skill in VOTES:
            t = r.action.target
            game.votes.current.pop(r.card, None)
            game.votes.cast(r.card, None if t in (None, ABSTAIN) else t)
            game.trace(f"{r.card}（NPC）投票：{t}", skill="投票")


def day_replays(game: Game) -> list[Recorded]:
    return due(game, votes=False)


def counted_box(game: Game) -> VoteBox:
    """The ballots that count: the voter and the target still in play, and the voter
    not voided by 时间吞噬."""
    st = state(game)
    box = VoteBox()
    for b in game.votes.history:
        voter = game.card(b.voter)
        if not voter.alive or st.devoured.get(b.voter) == game.phase.n:
            continue
        if b.target is not None and not game.card(b.target).alive:
            if b.voter in box.current:
                box.current[b.voter] = None  # a vote for a gone card counts for nobody
            continue
        if b.voter in box.current:
            box.current[b.voter] = b.target
            box.history.append(b)
        else:
            box.cast(b.voter, b.target)
    return box


def night_replays(game: Game) -> tuple[list[Use], bool]:
    """The NPC uses of tonight, and whether a kill is on the record (空刀 included:
    "若第一轮狼人有记录杀人操作（包括空刀）则不可更改")."""
    st = state(game)
    uses: list[Use] = []
    kill_recorded = any(r.action.skill == "杀人" and (r.day, r.part) == (game.phase.n, "night")
                        for r in game.record.recorded())
    if game.phase.n in st.rekill:
        kill_recorded = False
        game.trace("狼群本夜可以重新指杀（时间吞噬/重定之理）", skill="杀人")
    for r in due(game):
        a = r.action
        if a.skill == "杀人" and (a.choice == "空刀" or game.phase.n in st.rekill):
            continue
        if a.skill in ("最后一枪", "殉职"):
            continue  # they replay when the card goes out (outs.ask)
        uses.append(Use(r.card, a.skill, a.all_targets(), a.choice, a.text, npc=True))
    return uses, kill_recorded


def recorded_choice(game: Game, ref: str, skill: str) -> tuple[bool, str | None]:
    """A shot or a badge on the record: (recorded, its target)."""
    for r in game.record.recorded(ref):
        if r.action.skill == skill:
            return True, r.action.target
    return False, None


__all__ = ["Action", "start"]

"""[m125]虹猫蓝兔七侠传 as a ruleset: two identity cards per player, the rules acting
on cards (`甲:1`, `甲:2`). Data from roles/, the deal from deal.py, the night from
night.py, the day from day.py, outs from outs.py, the reversal round's replays from
reversal.py, its wins from wins.py; this file wires the hooks. What is and is not
implemented: RULINGS.md."""

from __future__ import annotations

import random
from typing import Any, ClassVar

from bansha.engine import Action, Game, LegalAction, OptionSpec, Phase, Ruleset, register
from bansha.engine.abilities import RoleData
from bansha.engine.factions import FactionRule
from bansha.engine.ruleset import Resolution, RoleSpec
from bansha.engine.skills import SkillSpec, Window
from bansha.engine.speedup import DIRECTOR_SEAT
from bansha.engine.targets import TargetPipeline

from . import day, deal, lastwords, night, order, reversal, wins
from .common import PACK, in_play, is_wolf_card, live_refs
from .deadlines import DEADLINES
from .deal import VILLAGE, WOLF
from .forum import FORUM_RULES
from .outs import VOTED_OUT
from .roles import ALL_ROLES
from .schedule import SCHEDULE
from .state import M125State, state

# inputs that are not a card's skill
SEAT_SKILLS = ("投降", "判罚", "遗言", order.SKILL)
PROMPT_SKILLS = ("最后一枪", "殉职")


def _skill_specs(roles: tuple[RoleData, ...]) -> dict[str, SkillSpec]:
    out: dict[str, SkillSpec] = {}
    for r in roles:
        for a in r.abilities:
            if a.name in out:
                continue
            window: Window = "night" if "night" in a.windows else "day" if a.windows else "trigger"
            n = a.target.count if a.target is not None else 1
            out[a.name] = SkillSpec(a.name, window=window, n_targets=n, forced=a.forced,
                                    once=a.once, team=a.team, text=a.text)
    # the 警长's own skills (extra_roles): 竞岗 is the day-1 election itself (day.py)
    out["竞岗"] = SkillSpec("竞岗", window="day", target="none", forced=True,
                          text="在游戏的第一天投票结束后，最先获得投票数最多的角色当选警长")
    out["殉职"] = SkillSpec("殉职", window="trigger",
                          text="警长出局后，须选择一名未出局的角色继任警长，或流失警长")
    out["投降"] = SkillSpec("投降", window="any", target="none", choices=("同意", "拒绝"),
                          text="狼人阵营可以由阵营中的某一角色发起投降")
    # 流程0: the role to play first (any role may be named; the seat's own two are offered)
    out[order.SKILL] = SkillSpec(order.SKILL, window="day", target="none",
                                 choices=tuple(dict.fromkeys(r.name for r in roles)),
                                 text="分发身份，并确定所有玩家的身份顺序（选择第一身份）")
    # the director's mark for 决斗 "关门前3小时内不可发动此技能" (no player's skill)
    out[day.LAST_HOURS] = SkillSpec(day.LAST_HOURS, window="day", target="none", hidden=True,
                                    text="导演标记本讨论日进入关门前3小时（此后不可发动决斗）")
    out["遗言"] = SkillSpec("遗言", window="any", target="none",
                          text="首夜出局的角色和所有在白天出局的角色拥有遗言")
    return out


def _surrendered(g: Game) -> bool:
    return state(g).surrendered


class M125Hongmao(Ruleset):
    id = "m125-hongmao"
    title = "[m125]虹猫蓝兔七侠传"
    min_players = 10
    max_players = 10
    first_phase = Phase("day", 1)
    roles: ClassVar[dict[str, RoleSpec]] = {
        r.name: RoleSpec(r.name, r.faction, r.count, tuple(a.name for a in r.abilities))
        for r in ALL_ROLES}
    skills: ClassVar[dict[str, SkillSpec]] = _skill_specs(ALL_ROLES)
    role_data: ClassVar[dict[str, RoleData]] = {r.name: r for r in ALL_ROLES}
    factions = (WOLF, VILLAGE)
    faction_aliases: ClassVar[dict[str, str]] = {"wolves": WOLF, "village": VILLAGE}
    faction_order = (WOLF,)  # "其中有任何一个身份牌是狼人阵营则归属狼人阵营"
    card_targets = True
    cards_per_player = 2
    rounds = ("", "reversal")
    rounds_cn = ("历史轮", "逆转轮")
    schedule = SCHEDULE
    forum_rules = FORUM_RULES
    deadlines = DEADLINES
    extra_roles: ClassVar[dict[str, tuple[str, ...]]] = {"警长": ("竞岗", "殉职")}
    director_skills = (day.LAST_HOURS,)
    option_specs = (
        OptionSpec("决斗起始日", 2, (2, 3),
                   "骑士决斗“第二天之后的白天”：2 = 从第2天起（默认），3 = 从第3天起"),
    )

    # ---- the deal -----------------------------------------------------------
    def deal_hands(self, n: int, rng: random.Random) -> list[list[str]]:
        if n != deal.PLAYERS:
            raise ValueError(f"{self.title} 需要 {deal.PLAYERS} 名玩家，给出了 {n} 名")
        return deal.deal(rng)

    def hands_problem(self, hands: list[list[str]], names: list[str]) -> str | None:
        return deal.hands_problem(hands, names)

    def new_state(self) -> object | None:
        return M125State(TargetPipeline(("交换",)))

    def setup(self, game: Game) -> None:
        game.lastwords.limit = lastwords.NO_LIMIT
        for n in game.order:
            cs = game.seats[n].cards
            for c in cs:
                c.alive = in_play(game, c)  # a second card waits for the reversal round
            game.notify(n, f"你的身份牌：第一身份 {cs[0].role}（{cs[0].faction}），"
                           f"第二身份 {cs[1].role}（{cs[1].faction}）；"
                           f"你属于{game.seats[n].faction}")
            if order.offer(game, n) is not None:
                game.notify(n, "第1天结束前可选择身份顺序（哪一张作为第一身份）；"
                               "不选择则按上述顺序", skill=order.SKILL)
        # "确定所有玩家的身份顺序，并在之后建立狼群" (order.py): now, when no wolf card
        # holder has an order to choose
        game.groups[PACK] = []
        order.fix_unchoosable(game)
        order.build_pack(game)

    def on_phase_start(self, game: Game) -> None:
        st = state(game)
        st.surrender = []
        rev = "逆转轮" if game.round == 2 else ""
        if game.round == 2:
            if not st.reversal:
                reversal.start(game)
            reversal.reach_end(game)
        if game.phase.is_night:
            st.devoured_tonight = set()
            game.announce(f"{rev}{game.phase.chinese}开始，请提交技能")
            return
        if game.phase.n == 1:
            game.announce(f"{rev}第1天：讨论日开始。本日投票竞选警长，无人出局")
            if game.round == 2:
                reversal.cast_npc_votes(game)
            return
        # "每个游戏日白天开始时，都会公示前一天因投票出局角色名单、夜晚出局角色名单、当日警长"
        # (RULINGS 30), then the last words ("因此出局的角色遗言在下一个游戏日白天开始时公示")
        if game.phase.n >= 3 and len(game.phases) >= 3:  # day 1 elects: nobody voted out
            voted = [n for n, cause in game.phases[-3].outs if cause == VOTED_OUT]
            game.announce("前一天因投票出局：" + "、".join(voted) if voted
                          else "前一天无人因投票出局")
        prev = game.phases[-2] if len(game.phases) >= 2 else None
        outs = [n for n, _ in prev.outs] if prev is not None else []
        game.announce("昨夜出局：" + "、".join(outs) if outs else "昨夜无人出局")
        game.flush_later()
        if game.sheriff is not None:
            game.announce(f"当日警长：{game.sheriff}")
        lastwords.publish(game)
        game.announce(f"{rev}{game.phase.chinese}：讨论日开始，请投票")
        if game.round == 2:
            reversal.cast_npc_votes(game)

    # ---- addressing: a card ruleset ---------------------------------------
    def _card_of(self, game: Game, seat: str, skill: str | None) -> str | None:
        """The card a bare seat name means: the one holding `skill`, else the one in
        play (the history round has one card in play per seat)."""
        cs = [c for c in game.seats[seat].cards if reversal.free_now(game, c.ref)]
        if skill is not None:
            holding = [c for c in cs if game.held.get(c.ref, skill) is not None]
            live = [c for c in holding if in_play(game, c)]
            if len(live) == 1:
                return live[0].ref
            if len(holding) == 1:
                return holding[0].ref
        playing = [c for c in cs if in_play(game, c) and (c.alive or skill is None)]
        if len(playing) > 1:  # a vote or a bare target: the card still in the game
            playing = [c for c in playing if c.alive] or playing
        return playing[0].ref if len(playing) == 1 else None

    def canonical(self, game: Game, action: Action) -> Action:
        seat, skill = action.seat, action.skill
        if skill in SEAT_SKILLS:
            if skill == "判罚" and seat not in game.seats:
                try:
                    seat = game.card(seat).seat  # penalty cards are a player's
                except ValueError:
                    pass
        elif seat in game.seats:
            vote = skill in ("投票", "改票")
            seat = self._card_of(game, seat, None if vote or skill == "殉职" else skill) or seat

        def target(t: str) -> str:
            if t in game.seats:  # the seat's one card still in the game, if just one
                live = [c for c in game.seats[t].cards if c.alive and in_play(game, c)]
                return live[0].ref if len(live) == 1 else t
            return t

        return Action(seat, skill, target(action.target) if action.target else action.target,
                      tuple(target(t) for t in action.targets), action.choice, action.text)

    def voter(self, game: Game, seat: str) -> str:
        return self._card_of(game, seat, None) or seat

    def may_vote(self, game: Game, seat: str) -> str | None:
        ref = self.voter(game, seat) if seat in game.seats else seat
        try:
            card = game.card(ref)
        except ValueError as e:
            return str(e)
        if not in_play(game, card):
            return f"{ref} 是第二身份，历史轮中不在场"
        if not card.alive:
            return f"{ref} 已出局，不能投票"
        if not reversal.free_now(game, ref):
            return f"{ref} 是第一身份，按历史轮的记录投票（NPC），不能由玩家操作"
        if state(game).devoured.get(ref) == game.phase.n:
            return f"{ref} 被时间吞噬，本日的投票视作未进行"
        if card.seat in state(game).idle:
            return f"{card.seat} 已被红牌罚下（挂机），不能投票"
        if state(game).votes_blocked:
            return "决斗目标为狼人身份牌，今天的所有投票已被封锁"
        return None

    def may_be_voted(self, game: Game, target: str) -> str | None:
        try:
            card = game.card(target)
        except ValueError as e:
            return str(e)
        if not card.alive or not in_play(game, card):
            return f"{target} 不在场或已出局，不能被投票"
        return None

    # ---- inputs -------------------------------------------------------------
    def legal(self, game: Game, seat: str) -> list[LegalAction]:
        if game.finished or seat in state(game).idle:
            return []
        acts: list[LegalAction] = []
        choose = order.offer(game, seat)
        if choose is not None:
            acts.append(choose)
        for c in game.seats[seat].cards:
            offer = game.lastwords.offer(c.ref)
            if offer is not None:
                acts.append(offer)
        if seat in game.groups.get(PACK, []):
            # "所有被询问的角色（包括已出局角色）": every pack member, out or not; 拒绝 only
            # once someone has proposed it (optional: no answer is no surrender)
            opts = ("同意", "拒绝") if state(game).surrender else ("同意",)
            acts.append(LegalAction(seat, "投降", (), n_targets=0, choices=opts))
        part = game.phase.kind
        for c in game.seats[seat].cards:
            if not (c.alive and in_play(game, c) and reversal.free_now(game, c.ref)):
                continue
            for h in game.held.of(c.ref):
                a = h.ability
                if part not in a.windows or a.target is None:
                    continue
                if self._skill_reason(game, c.ref, a.name) is not None:
                    continue
                why = h.why_not(game.moment, ())
                if why is not None and why != f"{a.name} 需要选择 {a.target.count} 个目标":
                    continue
                targets = live_refs(game, but=c.ref if a.name == "决斗" else None)
                if a.target.count == 1:  # every target the submission check accepts
                    targets = tuple(t for t in targets if self.check_submit(
                        game, Action(c.ref, a.name, t)) is None)
                else:  # 交换: "每个身份牌只能被选择一次"
                    targets = tuple(t for t in targets if t not in h.targets_ever())
                if len(targets) >= a.target.count:
                    acts.append(LegalAction(c.ref, a.name, targets, a.target.count, team=a.team))
        return acts

    def _skill_reason(self, game: Game, ref: str, skill: str) -> str | None:
        """Refusals the held skill does not know: the table's rules per skill."""
        st = state(game)
        if st.devoured.get(ref) == game.phase.n:
            return f"{ref} 被时间吞噬，本日的技能视作未进行"
        if skill == "杀人" and not is_wolf_card(game.card(ref)):
            return "只有狼人身份牌可以杀人"
        if skill == "杀人" and game.round == 2 and game.phase.n not in st.rekill and any(
                r.action.skill == "杀人" and (r.day, r.part) == (game.phase.n, "night")
                for r in game.record.recorded()):
            return "第一轮狼人本夜有记录的杀人操作（包括空刀），不可更改"
        if skill == "决斗":
            first = int(self.options.get("决斗起始日", 2))
            if game.phase.n < first:
                return f"决斗只能在第{first}天起的白天发动（第二天之后的白天）"
            if st.last_hours == (game.round, game.phase.n) and not game.phase.is_night:
                return "关门前3小时内不可发动此技能（导演已标记本讨论日进入关门前3小时）"
        return None

    # ---- the director's inputs (web/rulings.py reads this hook) ---------------
    def director_inputs(self, game: Game) -> list[LegalAction]:
        la = LegalAction(DIRECTOR_SEAT, day.LAST_HOURS, (), n_targets=0)
        if game.prompt is not None or self._last_hours_reason(game, Action(
                DIRECTOR_SEAT, day.LAST_HOURS)) is not None:
            return []
        return [la]

    def _last_hours_reason(self, game: Game, a: Action) -> str | None:
        if a.seat != DIRECTOR_SEAT or a.seat in game.seats:
            return "关门前3小时由导演标记，玩家不能提交"
        if a.choice is not None or a.text is not None:
            return f"{day.LAST_HOURS} 不需要选项或文字"
        if game.finished:
            return "游戏已结束"
        if game.phase.is_night or game.resolving:
            return "关门前3小时只在讨论日（白天）标记"
        first = int(self.options.get("决斗起始日", 2))
        if game.phase.n < first:
            return f"决斗从第{first}天起才能发动，本讨论日无需标记关门前3小时"
        if state(game).last_hours == (game.round, game.phase.n):
            return "本讨论日已标记关门前3小时"
        return None

    def check_submit(self, game: Game, action: Action) -> str | None:
        a, st = action, state(game)
        if a.skill == "遗言":
            return lastwords.reason(game, a)
        if a.skill == "投降":
            return self._surrender_reason(game, a)
        if a.skill == order.SKILL:
            return order.reason(game, a)
        if a.skill == day.LAST_HOURS:
            return self._last_hours_reason(game, a)
        try:
            card = game.card(a.seat)
        except ValueError as e:
            return str(e)
        if card.seat in st.idle:
            return f"{card.seat} 已被红牌罚下（挂机），不能行动"
        if not in_play(game, card):
            return f"{card.ref} 是第二身份，历史轮中不在场"
        if not reversal.free_now(game, card.ref):
            return f"{card.ref} 是第一身份，按历史轮的记录行动（NPC），不能由玩家操作"
        if not card.alive:
            return f"{card.ref} 已出局，不能发动技能"
        if a.skill == "殉职":
            return None  # kept until the sheriff's card goes out (outs.ask)
        h = game.held.get(card.ref, a.skill)
        if h is None:
            burned = card.ref == st.night.burned
            what = "已失去所有技能（纵火）" if burned else f"没有技能 {a.skill}"
            return f"{card.ref}（{card.role}）{what}"
        if a.skill in PROMPT_SKILLS:
            return None  # an answer handed in before its prompt (outs.ask)
        for t in a.all_targets():
            try:
                tc = game.card(t)
            except ValueError as e:
                return str(e)
            if not (tc.alive and in_play(game, tc)):
                return f"{t} 不在场或已出局，不能被选为目标"
        if a.skill == "决斗" and a.target == card.ref:
            return "决斗需要选择其他身份牌"
        if a.skill in ("时间吞噬", "重定之理") and a.target is not None and \
                game.card(a.target).index != 1:
            return f"{a.skill} 只能指定一个第一身份"
        why = self._skill_reason(game, card.ref, a.skill) or h.why_not(
            game.moment, a.all_targets())
        if why is not None:  # the window in the post's words
            for part, cn in (("night", "夜晚"), ("day", "白天")):
                why = why.replace(f"只能在{part}发动", f"只能在{cn}发动")
        return why

    def submit_key(self, game: Game, action: Action) -> str:
        if action.skill == "杀人":
            return f"{PACK}/杀人"  # 杀人【团队】: one kill for the pack
        return f"{action.seat}/{action.skill}"

    def resolve_now(self, game: Game, action: Action) -> Resolution | None:
        if action.skill == "决斗":
            return day.duel(game, action)
        if action.skill == "投降":
            return self._surrender(game, action)
        if action.skill == order.SKILL:
            return self._choose_order(game, action)
        if action.skill == day.LAST_HOURS:
            return self._mark_last_hours(game)
        return None

    def _mark_last_hours(self, game: Game) -> Resolution:
        state(game).last_hours = (game.round, game.phase.n)
        game.announce("本讨论日已进入关门前3小时：骑士不可再发动决斗（“关门前3小时内不可发动此技能”）")
        return
        yield

    def _choose_order(self, game: Game, a: Action) -> Resolution:
        order.choose(game, a)
        return
        yield

    # ---- 投降 ----------------------------------------------------------------
    def _pack_seat(self, game: Game, who: str) -> str | None:
        seat = who if who in game.seats else None
        if seat is None:
            try:
                seat = game.card(who).seat
            except ValueError:
                return None
        return seat if seat in game.groups.get(PACK, []) else None

    def _surrender_reason(self, game: Game, a: Action) -> str | None:
        seat = self._pack_seat(game, a.seat)
        if seat is None:
            return "只有狼群中的角色可以投降"
        if seat in state(game).idle:  # 挂机: every input refused (RULINGS 9)
            return f"{seat} 已被红牌罚下（挂机），不能行动"
        if a.choice not in (None, "同意", "拒绝"):
            return "投降的选项应为 同意 或 拒绝"
        if a.choice == "拒绝" and not state(game).surrender:
            return "尚无人发起投降"
        return None

    def _surrender(self, game: Game, a: Action) -> Resolution:
        """"投降发起后，狼人阵营的投降需要询问狼群中所有角色；当所有被询问的角色（包括已出局
        角色）同意投降，投降有效，村民阵营获胜"."""
        st = state(game)
        seat = self._pack_seat(game, a.seat) or a.seat
        pack = game.groups[PACK]
        if a.choice == "拒绝":
            st.surrender = []
            game.notify(pack, f"{seat} 拒绝投降，投降无效", skill="投降")
            return
        if not st.surrender:
            game.notify(pack, f"{seat} 发起投降，请狼群所有角色回复 同意 或 拒绝", skill="投降")
        if seat not in st.surrender:
            st.surrender.append(seat)
        if all(p in st.surrender for p in pack):
            st.surrendered = True
            game.announce("狼人阵营投降")
            wins.end_check(game)
        return
        yield

    # ---- resolution -----------------------------------------------------------
    def resolve(self, game: Game) -> Resolution:
        if game.phase.is_night:
            yield from night.resolve_night(game)
            day.send_offs(game)
        else:
            if game.round == 1 and game.phase.n == 1:
                order.settle(game)  # 流程0 ends with day 1: the defaults, the pack
            yield from day.resolve_day(game)
        when = "本夜" if game.phase.is_night else "本日"
        for u in game.uses.uses():
            if u.ability in PROMPT_SKILLS:
                game.reject(Action(u.actor, u.ability, u.chosen[0] if u.chosen else None),
                            f"{when}该身份牌没有出局，{u.ability}未使用")
        for u in game.uses.take_every(lambda u: not u.held):  # inputs no step took
            if u.ability == "遗言":  # kept by lastwords.reason until published
                continue
            game.reject(u.input(), f"{when}没有出局的警长，殉职未使用" if u.ability == "殉职"
                        else f"{when}无法结算该技能")

    def win_rules(self) -> list[FactionRule[Game]]:
        # 历史轮 declares no winner (its end is outs.history_end_check); 投降 does; the
        # 逆转轮 lines in the post's order (狼人阵营 first)
        return [FactionRule(WOLF, lambda g: _surrendered(g) or wins.reds_lost(g, WOLF),
                            wins.wolves_won),
                FactionRule(VILLAGE, lambda g: wins.reds_lost(g, VILLAGE), wins.village_won)]

    def result_extra(self, game: Game) -> dict[str, Any]:
        end = state(game).history_end
        return {"history_end": None if end is None else {"at": end[0], "condition": end[1]}}

    def view_extra(self, game: Game, seat: str) -> dict[str, Any]:
        s = game.seats[seat]
        extra: dict[str, Any] = {
            # the player's own faction, from both cards ("其中有任何一个身份牌是狼人阵营则归属
            # 狼人阵营"; the engine's default shows the first card's)
            "faction": s.faction,
            "cards": [{"card": c.ref, "role": c.role, "faction": c.faction, "alive": c.alive,
                       "in_play": in_play(game, c)} for c in s.cards],
            # "逆转轮中，必须要有可以自由行动的身份牌才能发言": in the history round a
            # player speaks while their first card is in the game
            # "逆转轮中，必须要有可以自由行动的身份牌才能发言"
            "may_speak": any(c.alive and in_play(game, c) and reversal.free_now(game, c.ref)
                             for c in s.cards) and seat not in state(game).idle,
            "round": "历史轮" if game.round == 1 else "逆转轮",
        }
        if seat in game.groups.get(PACK, []):
            extra["group"] = {PACK: list(game.groups[PACK])}
        return extra


# register after the class, not as a decorator (the compiled build, see setup.py)
register(M125Hongmao)

"""[S15] the nights: night 0 (07.第零晚行动: 金箭, 归群 only) and night N in the
order of 二、进行阶段 11–17, the overview table's 夜晚1–7 filling steps 11–15.

NIGHT_ORDER is the whole night in one table: each numbered step of the post
lists its sub-steps; after every numbered step the game runs the win check
("每一步执行完毕后，执行胜负判定"). An action whose actor went out, fell into 假死
or lost the skill before its step is void and reported as rejected; an action
of a 普通 identity hit by 摇落 that night is void silently (trace only).
"""

from __future__ import annotations

from collections.abc import Callable

from bansha.engine import Action, Game, LegalAction, Prompt
from bansha.engine.damage import Damage, Protection, resolve_damage
from bansha.engine.ruleset import Resolution

from . import wins
from .outs import KILL_CAUSES, out, strip_skills
from .prophecy import feedback
from .roles import LOVER_SKILLS, LOVERS_SIDE, SKILLS, WOLF_ROLES, WOLVES
from .rules import (
    LOVERS,
    PACK,
    PROMPTED,
    category,
    fake_dead,
    lovers,
    pack,
    role_seats,
    sent_off,
    skill_reason,
    target_reason,
    targets_reason,
)
from .tonight import Night


# ---- helpers ---------------------------------------------------------------------
def _actions(game: Game, skill: str) -> list[Action]:
    """Take this step's submitted actions for `skill` (in submission order); refuse
    the ones that can no longer take effect."""
    taken: list[Action] = []
    for key in [k for k, a in game.submitted.items()
                if a.skill == skill and not k.endswith("/移交")]:
        a = game.submitted.pop(key)
        reason = skill_reason(game, a.seat, skill) or target_reason(game, a.seat, skill, a.target)
        if reason is not None:
            game.reject(a, reason)
            continue
        taken.append(a)
    return taken


def _uses(game: Game, skill: str, night: Night | None = None) -> list[tuple[Action, str]]:
    """This step's actions for a targeted skill that still take effect, each spent
    as it is taken, with its target. Given the night, a use by a seat 摇落 shook is
    spent and void (the skills 摇落 can void pass it)."""
    used: list[tuple[Action, str]] = []
    for a in _actions(game, skill):
        assert a.target is not None  # target_reason refused untargeted ones
        if night is not None and _shaken(game, night, a):
            continue
        _spend(game, a)
        used.append((a, a.target))
    return used


def _spend(game: Game, a: Action) -> None:
    st = game.seats[a.seat].skills.get(a.skill)
    if st is not None:
        st.spend(a.all_targets(), game.phase.index)


def _shaken(game: Game, night: Night, a: Action) -> bool:
    """摇落: "该若角色为普通身份，则当晚发动的技能无效" — used (spent) but void."""
    if a.seat not in night.shaken:
        return False
    _spend(game, a)
    game.trace(f"摇落：{a.seat} 当晚发动的{a.skill}无效", skill="摇落", name=a.seat)
    return True


def _elder_spared(game: Game, seat: str) -> bool:
    """道骨: "夜晚结束后，如长老处于濒死状态且无标记，长老不出局" (does not mark)."""
    s = game.seats[seat]
    return s.role == "长老" and "道骨" in s.skills and not s.flags.get("道骨_marks")


# ---- night 0 -------------------------------------------------------------------
def resolve_night0(game: Game) -> Resolution:
    yield from golden_arrow(game)
    rejoin(game)
    leftovers(game)
    game.data["night0_done"] = True
    wins.check(game)


def golden_arrow(game: Game) -> Resolution:
    """金箭 + 私奔: two characters become lovers; the 爱神 joins their faction."""
    cupids = [n for n in game.alive_tuple() if "金箭" in game.seats[n].skills]
    if not cupids:
        return
    cupid = cupids[0]
    for extra in cupids[1:]:
        a = game.take(extra, "金箭")
        if a is not None:
            game.reject(a, "本局只有一对情侣（由第一名爱神指定）")
    a = game.take(cupid, "金箭")
    pair: tuple[str, ...] | None = None
    if a is not None:
        reason = skill_reason(game, cupid, "金箭") or \
            targets_reason(game, cupid, "金箭", a.all_targets())
        if reason is not None:
            game.reject(a, reason)
        else:
            pair = a.all_targets()
    if pair is None:
        options = game.alive_tuple()
        answer = yield Prompt(cupid, (LegalAction(cupid, "金箭", options, n_targets=2,
                                                  optional=False),),
                              default="由主办随机指定两名角色", context="爱神须指定两名情侣")
        if answer is not None and targets_reason(game, cupid, "金箭",
                                                 answer.all_targets()) is None:
            pair = answer.all_targets()
        else:
            pool = [n for n in options if n != cupid]
            pair = tuple(game.rng.sample(pool, 2))
            game.trace(f"金箭：爱神未指定，随机指定 {pair[0]}、{pair[1]}", skill="金箭")
    game.seats[cupid].skills["金箭"].spend(pair, game.phase.index)
    first, second = sorted(pair, key=game.order.index)
    game.groups[LOVERS] = [first, second]
    fa, fb = game.seats[first].faction, game.seats[second].faction
    side = fa if fa == fb else LOVERS_SIDE
    for n in (first, second):
        s = game.seats[n]
        s.faction = side
        for sk in LOVER_SKILLS:
            s.grant(SKILLS[sk])
    if cupid not in (first, second):
        game.seats[cupid].faction = side
    for n, m in ((first, second), (second, first)):
        game.notify(n, f"金箭：你与 {m}（{game.seats[m].role}）成为情侣，互知共群；"
                       f"你的阵营：{side}", skill="金箭")
    game.notify(cupid, f"金箭：{first} 与 {second} 成为情侣；你的阵营：{game.seats[cupid].faction}",
                skill="金箭")
    game.trace(f"金箭：{first}、{second} 成为情侣（私奔：{side}）", skill="私奔")
    if side == LOVERS_SIDE:
        _leave_pack(game, (first, second))


def _leave_pack(game: Game, pair: tuple[str, str]) -> None:
    """Lovers who leave 〖狼人阵营〗 leave its group; a 黑狼 among them hands 杀人 to
    the 头狼 ("若黑狼属于〖情侣阵营〗，则该技能于第零日夜晚移交头狼")."""
    game.groups[PACK] = [n for n in pack(game) if n not in pair]
    for n in pair:
        s = game.seats[n]
        if s.role != "黑狼" or "杀人" not in s.skills:
            continue
        s.lose("杀人")
        heads = [h for h in role_seats(game, "头狼")
                 if game.seats[h].alive and game.seats[h].faction == WOLVES]
        if not heads:
            game.trace(f"杀人：黑狼 {n} 属于情侣阵营，但没有可移交的头狼", skill="杀人")
            continue
        game.seats[heads[0]].grant(SKILLS["杀人"])
        game.notify(heads[0], "黑狼属于〖情侣阵营〗，【杀人】于第零日夜晚移交给你", skill="杀人")
        game.notify(n, f"你属于〖情侣阵营〗，【杀人】已移交头狼 {heads[0]}", skill="杀人")
        game.trace(f"杀人：黑狼 {n} 属于情侣阵营，杀人移交头狼 {heads[0]}", skill="杀人")


def rejoin(game: Game) -> None:
    """归群: the 白狼 learns every 狼人; he may join them (faction → 〖狼人阵营〗)."""
    wolves = [n for n in game.order if game.seats[n].role in WOLF_ROLES]
    listing = "、".join(f"{n}（{game.seats[n].role}）" for n in wolves) or "无"
    for w in [n for n in game.alive_tuple() if "归群" in game.seats[n].skills]:
        game.notify(w, f"归群：狼人为 {listing}", skill="归群")
        a = game.take(w, "归群")
        if a is None:
            continue
        reason = skill_reason(game, w, "归群")
        if reason is None and game.seats[w].faction == LOVERS_SIDE:
            reason = "你已因私奔属于〖情侣阵营〗，不能归群"
        if reason is not None:
            game.reject(a, reason)
            continue
        game.seats[w].skills["归群"].spend((), game.phase.index)
        game.seats[w].faction = WOLVES
        game.groups[PACK] = [*pack(game), w]
        members = [n for n in pack(game) if n != w]
        game.notify(w, "归群：你与狼人互知共群，阵营改变为〖狼人阵营〗", skill="归群")
        if members:
            game.notify(members, f"归群：白狼 {w} 与你们互知共群", skill="归群")
        game.trace(f"归群：白狼 {w} 加入狼人阵营", skill="归群")


# ---- night N: 夜晚1 ------------------------------------------------------------
def step_guard(game: Game, night: Night) -> Resolution:
    for a, target in _uses(game, "守护"):
        night.guarded.append(Protection("守护", frozenset(KILL_CAUSES), target, owner=a.seat))
        game.trace(f"守护：{a.seat} 守护 {target}（免疫杀人、撕咬）", skill="守护")
    for a, target in _uses(game, "隔音"):
        night.soundproof.add(target)
        game.trace(f"隔音：{a.seat} 为 {target} 隔音（免疫吹笛）", skill="隔音")
    return
    yield


# ---- 夜晚2 -----------------------------------------------------------------------
def step_piper(game: Game, night: Night) -> Resolution:
    for _a, target in _uses(game, "吹笛"):
        if target in night.soundproof:
            game.trace(f"吹笛：{target} 已被隔音，免疫吹笛", skill="隔音", name=target)
            continue
        game.seats[target].flags["癫狂"] = True
        game.notify(target, "你进入癫狂状态：除投票对象外，只能使用表情以及"
                              "啊、嗷、嘎、咯、咕、呱、哼、咴、叽、啾、哩、喵、咩、哞、嘶、汪、嗡、喔、喳、吱"
                              "与空格、回车", skill="吹笛")
        game.trace(f"吹笛：{target} 进入癫狂状态", skill="吹笛", name=target)
    for _a, target in _uses(game, "曲尽"):
        game.seats[target].flags["假死"] = True
        game.notify(target, "你进入假死状态：不能参与讨论、投票、行使技能", skill="曲尽")
        game.trace(f"曲尽：{target} 进入假死状态", skill="曲尽", name=target)
    for _a, target in _uses(game, "断肠"):
        if category(game, target) != "普通":
            game.trace(f"断肠：{target} 不是普通身份，无效", skill="断肠")
            continue
        yield from strip_skills(game, target, "断肠")
    for _a, target in _uses(game, "摇落"):
        if category(game, target) != "普通":
            game.trace(f"摇落：{target} 不是普通身份，无效", skill="摇落")
            continue
        night.shaken.add(target)
        game.trace(f"摇落：{target} 当晚发动的技能无效", skill="摇落")


def step_ward(game: Game, night: Night) -> Resolution:
    for _a, target in _uses(game, "卫道"):
        night.warded.add(target)
        game.trace(f"卫道：{target} 当晚免疫预言", skill="卫道")
    return
    yield


# ---- 夜晚3 -----------------------------------------------------------------------
def _prophesy(game: Game, night: Night, seer: str, target: str) -> None:
    if target in night.warded:
        text = f"预言：{target} 免疫了你的预言（无反馈）"
        game.trace(f"预言：{seer} 查验 {target}，卫道使其免疫", skill="卫道")
    else:
        text = f"预言：{target} 属于{feedback(game, target)}"
        game.trace(f"预言：{seer} 查验 {target} → {feedback(game, target)}", skill="预言")
    if seer in lovers(game):
        # 17.（如果先知为情侣之一，则在此时而非夜晚3给出反馈）
        night.deferred.append((seer, f"{text}（先知为情侣之一，于夜晚结束时反馈）", "预言"))
    else:
        game.notify(seer, text, skill="预言")
    if game.seats[seer].flags.get("预言公示"):
        game.announce(f"昨夜【预言】的目标：{target}", later=True)


def step_seer(game: Game, night: Night) -> Resolution:
    for a, target in _uses(game, "偷师", night):
        s = game.seats[a.seat]
        s.lose("仿冒")
        s.grant(SKILLS["预言"])
        game.notify(a.seat, "偷师：你获得技能【预言】，失去技能【仿冒】", skill="偷师")
        s.skills["预言"].spend((target,), game.phase.index)
        _prophesy(game, night, a.seat, target)
    for a, target in _uses(game, "预言", night):
        _prophesy(game, night, a.seat, target)
    return
    yield


def step_power(game: Game, night: Night) -> Resolution:
    for _a, target in _uses(game, "弄权", night):
        old = game.sheriff
        if old == target:
            game.trace(f"弄权：{target} 已是警长，无变化", skill="弄权")
            continue
        game.set_sheriff(target)
        game.announce(f"警长替换：{target} 成为警长", later=True)
        game.notify(target, "弄权：警长身份移交给你（领导：你的票计为两票）", skill="弄权")
        if old is not None and game.seats[old].alive:
            game.notify(old, "你的警长身份已被移交", skill="弄权")
        game.trace(f"弄权：警长由 {old or '（无）'} 移交给 {target}", skill="弄权")
    return
    yield


def step_slander(game: Game, night: Night) -> Resolution:
    for _a, target in _uses(game, "诽谤", night):
        game.data.setdefault("slander", []).append((target, game.phase.n + 1))
        game.trace(f"诽谤：{target} 次日计票时票数+2", skill="诽谤")
    return
    yield


# ---- 夜晚4、5 ----------------------------------------------------------------------
def _hurt(game: Game, night: Night, a: Action) -> None:
    assert a.target is not None
    dmg = Damage(a.skill, a.seat, a.target)
    res = resolve_damage(dmg, night.guarded, dying_state=True)
    if res.blocked_by is not None:
        game.trace(f"{a.skill}：{a.target} 被守护，免疫{a.skill}", skill="守护", name=a.target)
        return
    night.dying.mark(dmg)
    game.trace(f"{a.skill}：{a.seat} 使 {a.target} 进入濒死状态", skill=a.skill, name=a.target)


def step_kill(game: Game, night: Night) -> Resolution:
    for a, target in _uses(game, "杀人", night):
        night.kill_targets.append(target)
        _hurt(game, night, a)
    return
    yield


def step_bite(game: Game, night: Night) -> Resolution:
    for a, target in _uses(game, "撕咬"):
        game.seats[a.seat].flags["撕咬_pair"] = (game.phase.n + 1) // 2
        night.bite_targets.append(target)
        _hurt(game, night, a)
    for elder in role_seats(game, "长老"):
        e = game.seats[elder]
        if "道骨" in e.skills and elder in night.kill_targets and elder in night.bite_targets:
            e.flags["道骨_marks"] = int(e.flags.get("道骨_marks", 0)) + 1
            game.trace(f"道骨：长老 {elder} 同时成为杀人与撕咬的使用对象，获得一个标记",
                       skill="道骨")
    return
    yield


# ---- 夜晚6 -----------------------------------------------------------------------
def _witch_options(game: Game, witch: str, night: Night, done: set[str]) -> list[LegalAction]:
    opts: list[LegalAction] = []
    if "解药" not in done and skill_reason(game, witch, "解药") is None:
        listed = tuple(n for n in night.listed() if game.seats[n].alive)
        if listed:
            opts.append(LegalAction(witch, "解药", listed))
    if "毒药" not in done and skill_reason(game, witch, "毒药") is None:
        opts.append(LegalAction(witch, "毒药", game.alive_tuple()))
    return opts


def step_witch(game: Game, night: Night) -> Resolution:
    submitted = {sk: _actions(game, sk) for sk in ("解药", "毒药")}
    witches = [n for n in game.alive_tuple()
               if {"通灵", "解药", "毒药"} & set(game.seats[n].skills)]
    for w in witches:
        if "通灵" in game.seats[w].skills and not fake_dead(game, w):
            names = "、".join(night.listed())
            game.notify(w, f"通灵：今晚成为【杀人】、【撕咬】目标的角色：{names}" if names
                        else "通灵：今晚没有角色成为【杀人】、【撕咬】的目标", skill="通灵")
        mine = [a for sk in ("解药", "毒药") for a in submitted[sk] if a.seat == w]
        done: set[str] = set()
        for a in mine:
            _witch_use(game, night, a)
            done.add(a.skill)
        if mine or sent_off(game, w):
            continue
        while True:
            opts = _witch_options(game, w, night, done)
            if not opts:
                break
            answer = yield Prompt(w, tuple(opts), default="视为不使用药剂",
                                  context="通灵反馈后选择是否使用解药、毒药")
            if answer is None:
                break
            _witch_use(game, night, answer)
            done.add(answer.skill)


def _witch_use(game: Game, night: Night, a: Action) -> None:
    assert a.target is not None
    if a.skill == "解药":
        if a.target not in night.listed():
            game.reject(a, "解药只能选择【通灵】反馈的角色")
            return
        _spend(game, a)
        game.seats[a.seat].lose("通灵")  # 若该技能已发动，则女巫失去【通灵】
        saved = night.dying.save(a.target)
        game.trace(f"解药：{a.target} 进入存活状态" if saved
                   else f"解药：{a.target} 并未濒死，无变化", skill="解药", name=a.target)
    else:
        _spend(game, a)
        night.poison = (a.seat, a.target)
        game.trace(f"毒药：{a.seat} 对 {a.target} 使用毒药（女巫当晚未由于杀人或撕咬出局则生效）",
                   skill="毒药")


# ---- 夜晚7 -----------------------------------------------------------------------
def step_innocence(game: Game, night: Night) -> Resolution:
    for a, target in _uses(game, "纯真", night):
        if not night.dying.is_dying(target) or _elder_spared(game, target):
            game.trace(f"纯真：{target} 当晚不会出局，不产生任何效果", skill="纯真")
            continue
        night.dying.save(target)
        night.dying.mark(Damage("纯真", a.seat, a.seat))
        game.trace(f"纯真：小公主 {a.seat} 代替 {target} 出局", skill="纯真")
    return
    yield


def step_redeem(game: Game, night: Night) -> Resolution:
    for _a, target in _uses(game, "救赎"):
        game.data.setdefault("redeemed", []).append((target, game.phase.n + 1))
        game.trace(f"救赎：{target} 若次日票数最高，则免于出局", skill="救赎")
    return
    yield


# ---- 16、17 ------------------------------------------------------------------------
def _dying_cause(night: Night, seat: str) -> Damage:
    return night.dying.causes[seat][0]


def _poison_holds(game: Game, night: Night) -> bool:
    """毒药: "若女巫当晚未由于【杀人】或【撕咬】出局" (RULINGS R-5: the witch–hunter paradox)."""
    assert night.poison is not None
    w = game.seats[night.poison[0]]
    if not w.alive:
        return not (w.out_at == game.phase.label and w.out_cause in KILL_CAUSES)
    if night.dying.is_dying(w.name) and not _elder_spared(game, w.name):
        return not any(d.kind in KILL_CAUSES for d in night.dying.causes[w.name])
    return True


def step_hunter(game: Game, night: Night) -> Resolution:
    """16.判定猎人是否出局，并等待可能的猎人行动."""
    for h in [n for n in game.alive_tuple() if game.seats[n].role == "猎人"]:
        if night.dying.is_dying(h):
            d = _dying_cause(night, h)
            night.dying.save(h)
            game.trace(f"猎人 {h} 处于濒死状态，此时出局", skill="流弹", name=h)
            yield from out(game, h, d.kind, by=d.source)
        elif night.poison is not None and night.poison[1] == h and _poison_holds(game, night):
            witch = night.poison[0]
            night.poison = None
            game.trace(f"猎人 {h} 被毒，此时出局", skill="毒药", name=h)
            yield from out(game, h, "毒药", by=witch)


def step_settle(game: Game, night: Night) -> Resolution:
    """17.判定濒死状态的角色出局（无标记的长老除外），然后毒药，然后延后的预言反馈."""
    causes = {s: c[0] for s, c in night.dying.causes.items()}

    def spared(seat: str, _causes: tuple[Damage, ...]) -> bool:
        if not _elder_spared(game, seat) or not game.seats[seat].alive:
            return False
        game.seats[seat].flags["道骨_marks"] = 1
        game.trace(f"道骨：长老 {seat} 濒死且无标记，不出局并获得一个标记", skill="道骨")
        return True

    settled = night.dying.settle(spared)
    for seat in settled.out:
        d = causes[seat]
        yield from out(game, seat, d.kind, by=d.source)
    if night.poison is not None:
        witch, target = night.poison
        if _poison_holds(game, night):
            yield from out(game, target, "毒药", by=witch)
        else:
            game.trace(f"毒药无效：女巫 {witch} 当晚由于杀人或撕咬出局", skill="毒药")
    for to, text, skill in night.deferred:
        game.notify(to, text, skill=skill)


Step = Callable[[Game, Night], Resolution]

# The night, as the post numbers it (二、进行阶段 11–17; 夜晚N from the overview table).
NIGHT_ORDER: tuple[tuple[str, tuple[Step, ...]], ...] = (
    ("11.夜晚1：守卫【守护】【隔音】", (step_guard,)),
    ("12.夜晚2：吹笛【吹笛】/【曲尽】【断肠】【摇落】；狼牧【卫道】", (step_piper, step_ward)),
    ("13.夜晚3：先知【预言】、顽徒【偷师】、王女【弄权】、诽谤者【诽谤】；"
     "夜晚4：【杀人】；夜晚5：白狼【撕咬】",
     (step_seer, step_power, step_slander, step_kill, step_bite)),
    ("14.夜晚6：女巫【通灵】【解药】【毒药】", (step_witch,)),
    ("15.夜晚7：小公主【纯真】；狼牧【救赎】", (step_innocence, step_redeem)),
    ("16.判定猎人是否出局，并等待可能的猎人行动", (step_hunter,)),
    ("17.判定濒死状态的角色出局", (step_settle,)),
)


def resolve_night(game: Game) -> Resolution:
    night = game.data["night"]
    assert isinstance(night, Night)
    for _label, steps in NIGHT_ORDER:
        for step in steps:
            yield from step(game, night)
        wins.check(game)
    leftovers(game)


def leftovers(game: Game) -> None:
    """Actions no step took: answers given in advance to a choice that never came up."""
    for key, a in list(game.submitted.items()):
        del game.submitted[key]
        unused = key.endswith("/移交") or a.skill in PROMPTED
        game.reject(a, "没有出现需要该选择的情形" if unused else "本阶段无法结算该技能")

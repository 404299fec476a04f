"""The heuristic bot's [M192]纳塔 knowledge: skill kinds the generic classifier reads
wrong (HINTS) and the decisions its kinds cannot express (a policy).

Like the generic bot it sees only its seat's view and legal actions, and reads only
the public rule post (the ruleset's data: a skill's tags and text, a role's category,
read in sim/m192_tags.py). What it does, by faction:

- everyone: a skill with a choice picks one the post allows (灵魂凭依 不链接 — a checker
  does not tie itself blind); a 谋策 target feeds one of its own counted skills;
- 上警: a seat whose own [强制] skill keeps it in play (苟活, 骑乘, 涅槃重生) stands —
  the badge draws the pack's kill, so the sheriff had better survive it; a 验人系 seat
  never stands (the 村民阵营 loses only once its 验人系 is out); the others stand about
  one in four. A badge passes to a known friend, else the table's focal seat, never
  to a known checker or enemy;
- 村民阵营: a skill that hurts only a non-村民阵营 target (天火, 冲撞) is used on any seat
  not known a friend; a skill that guards the pack's likely target (脱下隐身衣, 纵火) goes
  on the sheriff once the pack may kill; 毒计 only on a known enemy, with the status
  that stops it (超度 a wolf's knife, 迷魂 the elder's votes); 谋策 on a known friend (it
  picks a count of its own) or a seat not known an enemy (no count: 毒计+1); 结印
  seals three others (the 1狼1强神1弱神 draw is luck); 复活 and 英灵召唤 bring
  back a seat not known an enemy, preferring one the pack killed; 赤狐神女 reads her
  神女秘法 every night it has a use;
- 狼人阵营: the post's [群内] wolves are not told their pack (the view has no group),
  so a wolf spares only the wolves it knows (itself, 狼兄/狼弟, 恐虐's news); its harm
  skills (业炎, 恐虐, 收割, 暴怒, 暴食) go where the pack's kill would; 深渊 keeps itself
  or a known mate alive; a kill that left its target in play is not repeated on it;
- 宗教老爷爷: chooses his six 异端 at 开局 and votes them out ("异端…全部出局" wins);
- the exile vote (all but the elder): a known enemy (now also a public 翻牌's [实际身份]),
  else the table's focal seat, never a seat whose exile was just stopped (平安日) nor a
  revealed 愚者; the village puts its own sheriff last;
- skills that only hurt a friend when guessed (交换, 灵魂传递, 灵魂链接, 天命所归,
  一锤定音) stay unused, and a choice this module does not know falls back to the
  generic rules.
"""

from __future__ import annotations

import re
from collections import OrderedDict
from typing import Any

from bansha.engine import Action, LegalAction

from . import m192_tags as tags
from .heuristic import (
    BADGE,
    CHECK,
    HINTS,
    KILL,
    POISON,
    POLICIES,
    PROTECT,
    RECRUIT,
    SAVE,
    UNKNOWN,
    VOTE,
    HeuristicBot,
    _crc,
    _Ctx,
    focal_order,
)

RULESET = "m192-nata"

HINTS[RULESET] = {
    "暴怒": KILL, "收割": KILL, "恐虐": KILL, "深渊": PROTECT, "禁言": POISON,
    "复活": SAVE, "薪火相传": BADGE, "诱食": CHECK, "神女秘法": CHECK, "英灵召唤": RECRUIT,
    # forced triggers and director inputs: never a bot's own choice of kind
    "贪欲": UNKNOWN, "怯懦": UNKNOWN, "大难不死": UNKNOWN,
    "审讯": UNKNOWN, "守夜": UNKNOWN,
}
# a wolf's harm skills aim where the pack's kill would
PACK_HARM = ("业炎", "恐虐", "收割", "暴怒", "暴食", "杀人")
NEVER = ("交换", "灵魂传递", "灵魂链接", "天命所归", "一锤定音")
HERETICS = "异端处决"
N_HERETICS = 6  # "选择六名角色（自己除外）作为异端"
STAND_ONE_IN = 4  # 上警: about a quarter of the seats the other rules leave free
KILLS_FROM_NIGHT = 2  # 杀人 "第二晚开始"; 附加规则1 "狼人群内首夜不能[杀人]"
# 毒计's status by what the target is: 超度 "不能发动[杀人]，会丢失…[群内]或[接刀]标签";
# 迷魂 "投票算作0票" (the elder's 异端处决 votes)
POISON_FOR = {tags.WOLVES: "超度"}
POISON_ELSE = "迷魂"
LINK_CHOICE = {"灵魂凭依": "不链接"}
_NIGHT_OUT = "昨夜出局："
_TOP = "今日最高票："
_FOOL = "投票出局的人是个愚者"

Decision = tuple[Action | None] | None


class _Memory:
    """What one bot remembers across calls beyond the generic Knowledge: the seats its
    pack's kill left in play. Kept per bot in a small LRU (HeuristicBot is a compiled
    class without spare attributes); `know` ties an entry to its bot, so a reused id
    never hands one game's memory to another."""

    __slots__ = ("aimed", "immune", "know", "seen", "spared")

    def __init__(self, know: object) -> None:
        self.know = know
        self.aimed: dict[str, str] = {}  # night -> the kill this seat submitted
        self.spared: list[str] = []  # kill targets still in play the next day
        self.seen = 0  # public events already read
        # seat -> the last day its exile was stopped (0: for good, 愚者's 霸道)
        self.immune: dict[str, int] = {}


_MEMORY: OrderedDict[int, _Memory] = OrderedDict()
_MEMORY_SIZE = 64  # a few games' seats; an evicted entry only forgets


def _memory(bot: HeuristicBot) -> _Memory:
    key = id(bot)
    m = _MEMORY.get(key)
    if m is None or m.know is not bot.know:
        m = _MEMORY[key] = _Memory(bot.know)
        while len(_MEMORY) > _MEMORY_SIZE:
            _MEMORY.popitem(last=False)
    else:
        _MEMORY.move_to_end(key)
    return m


def _night(at: str) -> int:
    return int(at.split()[1]) if at.startswith("night ") else 0


def _day(at: str) -> int:
    return int(at.split()[1]) if at.startswith("day ") else 0


def _read_public(bot: HeuristicBot, c: _Ctx) -> _Memory:
    """What every seat was told in public and the generic Knowledge does not read: a
    翻牌's [实际身份] ("戊 翻牌：实际身份是饕餮", "有角色翻牌：丙 的实际身份是白狼王"), and
    an exile that did not happen ("投票出局的人是个愚者", "今日最高票：辛" then "平安日")."""
    mem = _memory(bot)
    events = c.view["events"]
    top: dict[str, str] = {}
    for e in events[mem.seen:]:
        if e.kind != "announce" or e.to is not None:
            continue
        text = e.text
        if "实际身份是" in text:
            faction, rest = bot.know.faction_word(text)
            seats = [s for s in c.view["seats"] if s in rest and s != c.me]
            if faction is not None and len(seats) == 1:
                bot.know.faction_of[seats[0]] = faction
        elif text.startswith(_TOP):
            top[e.at] = text[len(_TOP):]
        elif e.at in top and (text == "平安日" or text.startswith(_FOOL)):
            mem.immune[top[e.at]] = 0 if text.startswith(_FOOL) else _day(e.at)
    mem.seen = len(events)
    return mem


def _wolf(c: _Ctx) -> bool:
    return c.view.get("faction") == tags.WOLVES


def _village(c: _Ctx) -> bool:
    return c.view.get("faction") == tags.VILLAGE


def _others(la: LegalAction, c: _Ctx) -> list[str]:
    return [t for t in la.targets if t not in c.friends and t != "弃权"]


def _focal(seats: list[str], c: _Ctx, *salt: object) -> list[str]:
    return focal_order(seats, c.at, *salt, *c.pack, *c.alive)


def _own_news(c: _Ctx, skill: str) -> list[str]:
    return [e.text for e in c.view["events"]
            if e.kind == "notify" and e.skill == skill and e.to and c.me in e.to]


def _heretics(c: _Ctx) -> list[str]:
    """The elder's 异端, from what he was told ("你选择的异端：甲、乙…")."""
    for text in reversed(_own_news(c, HERETICS)):
        _, _, names = text.rpartition("：")
        return [s for s in names.split("、") if s]
    return []


def _known_checkers(bot: HeuristicBot, c: _Ctx) -> set[str]:
    """Seats this seat was told are a 验人系 role ("乙是凭依灵", a check's feedback)."""
    rules = bot.rules
    if rules is None:
        return set()
    names = [r for r in rules.roles if tags.category(rules, r) == tags.CHECKERS]
    if not names:
        return set()
    found: set[str] = set()
    pat = re.compile("(" + "|".join(map(re.escape, names)) + ")")
    for e in c.view["events"]:
        if e.kind != "notify" or not e.to or c.me not in e.to or not pat.search(e.text):
            continue
        for seat in c.view["seats"]:
            if seat != c.me and re.search(re.escape(seat) + r"\s*是\s*" + pat.pattern, e.text):
                found.add(seat)
    return found


def _durable(bot: HeuristicBot, c: _Ctx) -> bool:
    return any(tags.keeps_holder_in(tags.spec(bot.rules, s)) for s in c.view["skills"])


def _night_killed(c: _Ctx) -> list[str]:
    """Seats announced out at a day's opening (the night's outs, mostly the pack's)."""
    seats: list[str] = []
    for e in c.view["events"]:
        if e.kind == "announce" and e.text.startswith(_NIGHT_OUT):
            seats += [s for s in e.text[len(_NIGHT_OUT):].split("、") if s]
    return seats


def _stand(bot: HeuristicBot, la: LegalAction, c: _Ctx) -> Decision:
    if tags.category(bot.rules, c.view["role"]) == tags.CHECKERS:
        return (None,)
    stand = _durable(bot, c) or _crc(c.me, la.skill) % STAND_ONE_IN == 0
    return (Action(la.seat, la.skill) if stand else None,)


def _badge(bot: HeuristicBot, la: LegalAction, c: _Ctx) -> Decision:
    # seats only: 撕掉警徽 (or 弃权) is a way out, not an heir
    targets = [t for t in la.targets if t in c.view["seats"] and t != c.me]
    if not targets:
        return None
    avoid = _known_checkers(bot, c) | set(c.enemies)
    friends = [t for t in targets if t in c.friends and t not in avoid]
    if friends:
        return (Action(la.seat, la.skill, target=friends[0]),)
    safe = [t for t in focal_order(targets, c.at, "badge") if t not in avoid]
    return (Action(la.seat, la.skill, target=safe[0]),) if safe else None


def _wolf_kill(bot: HeuristicBot, la: LegalAction, c: _Ctx) -> Decision:
    """Where the pack's kill (and a wolf's other harm) goes: a seat known an enemy,
    else the sheriff, else the shared focal order — never a known wolf, and not a seat
    an earlier kill left in play (a 不死 or 守护 there would waste the knife again)."""
    mem = _memory(bot)
    out = set(c.view["out"])
    for night, seat in mem.aimed.items():
        if night != c.at and seat not in out and seat in c.alive and seat not in mem.spared:
            mem.spared.append(seat)
    others = [t for t in _others(la, c) if t != c.me]
    if not others:
        return (None,)
    fresh = [t for t in others if t not in mem.spared] or others
    known = [t for t in c.enemies if t in fresh]
    sheriff = c.view.get("sheriff")
    pick = _focal(fresh, c, "kill" if la.skill == "杀人" else la.skill)
    if known:
        pick = [*known, *pick]
    elif sheriff in fresh:
        pick = [sheriff, *pick]
    if la.skill == "杀人":
        mem.aimed[c.at] = pick[0]
    return (Action(la.seat, la.skill, target=pick[0]),)


def _choice_only(la: LegalAction, c: _Ctx) -> Decision:
    """A skill asking only for a choice (变脸's card, 谋策's pick of a counted skill,
    a choice someone adds later): take one of the seat's own skills when offered, else
    the first or a random one. Unknown choices are still legal ones."""
    if not la.choices:
        return None
    mine = [ch for ch in la.choices if ch in c.view["skills"]]
    if mine:
        return (Action(la.seat, la.skill, choice=mine[0]),)
    return (Action(la.seat, la.skill, choice=la.choices[c.rng.randrange(len(la.choices))]),)


def policy(bot: HeuristicBot, la: LegalAction, c: _Ctx) -> Decision:
    skill = la.skill
    spec = tags.spec(bot.rules, skill)
    mem = _read_public(bot, c)
    if skill == "上警":
        return _stand(bot, la, c)
    if bot.kind(skill) == BADGE and skill != "薪火相传":
        return _badge(bot, la, c)
    if skill in NEVER and la.optional:
        return (None,)
    if skill == HERETICS and la.n_targets > 1:
        pool = [t for t in la.targets if t != c.me]
        if len(pool) < la.n_targets:
            return None
        return (Action(la.seat, skill, targets=tuple(c.rng.sample(pool, la.n_targets))),)
    if bot.kind(skill) == VOTE and skill == "投票" and c.at not in bot.know.elections:
        return _vote(bot, la, c, mem)
    if skill == "神女秘法":
        return (Action(la.seat, skill),)
    if skill == "结印":
        pool = [t for t in la.targets if t != c.me]
        if len(pool) < 3:
            return (None,)
        return (Action(la.seat, skill, targets=tuple(c.rng.sample(pool, 3))),)
    if la.n_targets == 0:
        return _choice_only(la, c) if (la.choices and not la.needs_text) else None
    if la.n_targets != 1:
        return None
    if _wolf(c) and skill in PACK_HARM:
        return _wolf_kill(bot, la, c)
    if _wolf(c) and skill == "深渊":
        mates = [t for t in la.targets if t in c.friends]
        return (Action(la.seat, skill, target=mates[0]) if mates else None,)
    if _village(c):
        own = _village_skill(bot, la, c, spec)
        if own is not None:
            return own
    if la.choices:
        # the generic rules pick the target; the choice is this post's
        kind = bot.kind(skill)
        targets = [t for t in la.targets if t != "弃权"]
        t = bot._target(kind, la, targets, c)
        if t is None and not la.optional and targets:
            t = targets[c.rng.randrange(len(targets))]
        if t is None:
            return (None,)
        choice = LINK_CHOICE.get(skill)
        if choice not in la.choices:
            choice = la.choices[c.rng.randrange(len(la.choices))]
        return (Action(la.seat, skill, target=t, choice=choice),)
    return None


def _village_skill(bot: HeuristicBot, la: LegalAction, c: _Ctx, spec: Any) -> Decision:
    skill = la.skill
    others = [t for t in _others(la, c) if t != c.me]
    if tags.hurts_only_enemies(spec):
        pool = [t for t in c.enemies if t in others] or _focal(others, c, skill)
        return (Action(la.seat, skill, target=pool[0]) if pool else None,)
    if tags.guards_kill_target(spec):
        sheriff = c.view.get("sheriff")
        if _night(c.at) < KILLS_FROM_NIGHT or sheriff not in la.targets or sheriff == c.me:
            return (None,)
        return (Action(la.seat, skill, target=sheriff),)
    if skill == "谋策":
        # a friend picks one of its counted skills; a seat holding none feeds 毒计. Not
        # himself: his own pick would come in the window he already plotted in, which
        # the generic bot does not answer twice
        friends = [f for f in la.targets if f in c.friends and f != c.me]
        pool = friends or [t for t in _focal(others, c, skill) if t not in c.enemies]
        return (Action(la.seat, skill, target=pool[0]),) if pool else (None,)
    if skill == "毒计":
        bad = [t for t in c.enemies if t in la.targets and t in bot.know.faction_of]
        if not bad:
            return (None,)
        want = POISON_FOR.get(bot.know.faction_of[bad[0]], POISON_ELSE)
        choice = want if want in la.choices else None
        if choice is None:
            return None
        return (Action(la.seat, skill, target=bad[0], choice=choice),)
    if skill == "禁言":
        pool = [t for t in c.enemies if t in la.targets] or _focal(others, c, skill)
        return (Action(la.seat, skill, target=pool[0]),) if pool else (None,)
    if bot.kind(skill) in (SAVE, RECRUIT) and la.n_targets == 1:
        # 复活, 英灵召唤: a seat not known an enemy, the pack's victims first
        back = [t for t in la.targets if t not in c.enemies and t != c.me]
        killed = [t for t in _night_killed(c) if t in back]
        known = [t for t in back if t in c.friends]
        pick = known or killed or (back if bot.kind(skill) == SAVE else [])
        return (Action(la.seat, skill, target=pick[0]),) if pick else (None,)
    return None


def _vote(bot: HeuristicBot, la: LegalAction, c: _Ctx, mem: _Memory) -> Decision:
    """The day's exile vote. 宗教老爷爷 votes his 异端 out. The others vote as the generic
    rules do (the village a known enemy, else the table's focal seat, 归票-like), but
    not a seat whose exile was just stopped (平安日: 霸道, 不死, an immunity) nor a
    revealed 愚者 (霸道 for good): a vote there is a day thrown away. The village puts its
    own sheriff last (it elected him; a wolf votes as it always does)."""
    targets = [t for t in la.targets if t != "弃权"]
    if HERETICS in c.view["skills"]:
        heretics = [t for t in _focal(_heretics(c), c, "vote") if t in targets]
        if heretics:
            return (Action(la.seat, la.skill, target=heretics[0]),)
    today = _day(c.at)
    stuck = {s for s, d in mem.immune.items() if d == 0 or today - d <= 1}
    if not targets:
        return None
    mine = c.view.get("faction")
    enemies = [s for s in c.alive if bot.know.faction_of.get(s, mine) != mine]
    bad = [t for t in enemies if t in targets and t not in stuck]
    if bad and not _wolf(c):
        return (Action(la.seat, la.skill, target=bad[0]),)
    order = focal_order(targets, c.at, *c.alive, *c.view["out"])
    sheriff = c.view.get("sheriff")
    if sheriff in order and not _wolf(c):
        order = [t for t in order if t != sheriff] + [sheriff]
    pick = next((t for t in order if t not in c.friends and t not in stuck), None)
    return (Action(la.seat, la.skill, target=pick),) if pick is not None else None


POLICIES[RULESET] = policy

"""The heuristic bot's [M192]纳塔 knowledge: skill kinds the generic classifier reads
wrong (HINTS) and the decisions its kinds cannot express (a policy).

Like the generic bot it sees only its seat's view and legal actions, and reads only
the public rule post (the ruleset's data). What it does, by faction:

- everyone: 上警 for about a third of the table (each seat decides from its own name,
  so the same seats stand in every replay); a skill with a choice picks one the
  post allows (毒计 沉默, 灵魂凭依 不链接 — a checker does not tie itself blind);
- 狼人阵营 ([群内] in the view's group): 业炎 / 恐虐 / 收割 / 暴怒 go where the pack's
  kill would (a villager, the pack's shared focal order), 深渊 keeps a pack mate
  alive tonight;
- 村民阵营: 结印 seals three others (the 1狼1强神1弱神 draw is luck), 复活 brings back
  a yesterday's out not known to be an enemy, 禁言 silences the first suspect,
  赤狐神女 reads her 神女秘法 every night it has a use, 谋策 feeds 毒计;
- skills that only hurt a friend when guessed (交换, 灵魂传递, 天命所归, 一锤定音) stay
  unused.
"""

from __future__ import annotations

from bansha.engine import Action, LegalAction

from .heuristic import (
    BADGE,
    CHECK,
    HINTS,
    KILL,
    POISON,
    POLICIES,
    PROTECT,
    SAVE,
    UNKNOWN,
    HeuristicBot,
    _crc,
    _Ctx,
    focal_order,
)

RULESET = "m192-nata"

HINTS[RULESET] = {
    "暴怒": KILL, "收割": KILL, "恐虐": KILL, "深渊": PROTECT, "禁言": POISON,
    "复活": SAVE, "薪火相传": BADGE, "诱食": CHECK, "神女秘法": CHECK,
    # forced triggers and director inputs: never a bot's own choice of kind
    "异端处决": UNKNOWN, "贪欲": UNKNOWN, "怯懦": UNKNOWN, "大难不死": UNKNOWN,
    "审讯": UNKNOWN, "守夜": UNKNOWN,
}
# a wolf's harm skills aim where the pack's kill would
PACK_HARM = ("业炎", "恐虐", "收割", "暴怒", "暴食")
NEVER = ("交换", "灵魂传递", "灵魂链接", "天命所归", "一锤定音")
CHOICE = {"毒计": "沉默", "灵魂凭依": "不链接"}
STAND_ONE_IN = 3  # 上警: about a third of the table


Decision = tuple[Action | None] | None


def _others(la: LegalAction, c: _Ctx) -> list[str]:
    return [t for t in la.targets if t not in c.friends and t != "弃权"]


def _focal(seats: list[str], c: _Ctx, *salt: object) -> list[str]:
    return focal_order(seats, c.at, *salt, *c.pack, *c.alive)


def policy(bot: HeuristicBot, la: LegalAction, c: _Ctx) -> Decision:
    skill = la.skill
    if skill == "上警":
        stand = _crc(c.me, skill) % STAND_ONE_IN == 0 or (
            bool(c.pack) and c.me == min(c.pack))  # the pack runs one of its own
        return (Action(la.seat, skill) if stand else None,)
    if skill in NEVER and la.optional:
        return (None,)
    if skill == "神女秘法":
        return (Action(la.seat, skill),)
    if skill == "结印":
        pool = [t for t in la.targets if t != c.me]
        if len(pool) < 3:
            return (None,)
        return (Action(la.seat, skill, targets=tuple(c.rng.sample(pool, 3))),)
    if la.n_targets != 1:
        return None
    if c.pack and skill in PACK_HARM:
        others = [t for t in _others(la, c) if t not in c.pack]
        if not others:
            return (None,)
        known = [t for t in c.enemies if t in others]
        return (Action(la.seat, skill, target=(known or _focal(others, c, skill))[0]),)
    if c.pack and skill == "深渊":
        mates = [t for t in la.targets if t in c.pack]
        return (Action(la.seat, skill, target=_focal(mates, c)[0]) if mates else None,)
    if skill == "复活":
        back = [t for t in la.targets if t not in c.enemies]
        return (Action(la.seat, skill, target=back[0]) if back else None,)
    if skill == "谋策" and not c.pack:
        others = [t for t in la.targets if t != c.me]
        return (Action(la.seat, skill, target=others[c.rng.randrange(len(others))])
                if others else None,)
    if skill == "禁言" or (skill == "毒计" and not c.pack):
        pool = [t for t in c.enemies if t in la.targets] or _focal(_others(la, c), c, skill)
        if not pool:
            return (None,)
        return (Action(la.seat, skill, target=pool[0], choice=CHOICE.get(skill)),)
    if la.choices:
        # the generic rules pick the target; the choice is this post's
        kind = bot.kind(skill)
        targets = [t for t in la.targets if t != "弃权"]
        t = bot._target(kind, la, targets, c)
        if t is None and not la.optional and targets:
            t = targets[c.rng.randrange(len(targets))]
        if t is None:
            return (None,)
        choice = CHOICE.get(skill, la.choices[c.rng.randrange(len(la.choices))])
        return (Action(la.seat, skill, target=t, choice=choice),)
    return None


POLICIES[RULESET] = policy

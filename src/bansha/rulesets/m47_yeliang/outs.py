"""[M47] what happens around an out: 神堕 before it, then 村长's curse, last
words (遗言数量等于4), 殉职 (badge passing) and 心碎."""

from __future__ import annotations

from bansha.engine import Game, LegalAction, Prompt
from bansha.engine.ruleset import Resolution

from .roles import SKILLS, VILLAGE

LAST_WORDS = 4
SENT_OFF = "红牌罚下"
VOTED_OUT = "投票出局"
CURSE_CAUSES = ("毒药", "神堕", VOTED_OUT)


def lose_stray_skills(game: Game, seat: str) -> None:
    """大杀四方: entering the pack the 野良 loses 流浪/寻仇/侵蚀/反噬 and gains 双刀."""
    s = game.seats[seat]
    for sk in ("流浪", "寻仇", "侵蚀", "反噬", "杀人"):
        s.lose(sk)
    s.grant(SKILLS["双刀"])
    s.grant(SKILLS["杀人"])


def _others_alive(game: Game, seat: str) -> tuple[str, ...]:
    return tuple(n for n in game.order if n != seat and game.alive(n))


def before_out(game: Game, seat: str, cause: str) -> Resolution:
    """神堕: 'this player goes out before you'. Not on a red card: the director sends
    the player off; no skill fires for a sent-off player (RULINGS.md)."""
    s = game.seats[seat]
    if "神堕" not in s.skills:
        return
    if cause == SENT_OFF:
        stale = game.take(seat, "神堕")
        if stale is not None:
            game.reject(stale, "红牌罚下的角色不能发动神堕")
        return
    targets = _others_alive(game, seat)
    if not targets:
        return
    s.flags["falling"] = True
    answer = yield Prompt(seat, (LegalAction(seat, "神堕", targets),),
                          default="视为放弃技能行使", context=f"{seat} 出局（{cause}）时可发动神堕")
    s.lose("神堕")
    if answer is not None and answer.target is not None:
        game.trace(f"神堕：{seat} 对 {answer.target} 造成致死性伤害，其优先出局", skill="神堕")
        yield from game.put_out(answer.target, "神堕")


def after_out(game: Game, seat: str, cause: str) -> Resolution:
    s = game.seats[seat]
    if not game.phase.is_night and cause not in (VOTED_OUT, SENT_OFF):
        # a day out other than the vote and a red card (announced where they happen):
        # 心碎, 神堕 — "讨论日进行时、投票结束时都会随时公示游戏流程相关信息"
        game.announce(f"{seat} 出局")
    if s.role == "村长" and cause in CURSE_CAUSES:
        _curse(game, seat, cause)
    if cause != SENT_OFF and game.lastwords.grant(seat) is not None:
        game.notify(seat, "你可以留下遗言（请在下一个白天开始前提交）", skill="遗言")
    if game.sheriff == seat:
        yield from pass_badge(game, seat, cause)


def _curse(game: Game, mayor: str, cause: str) -> None:
    lost: list[str] = []
    for n in game.order:
        st = game.seats[n]
        if st.faction != VILLAGE:
            continue
        for sk in [k for k, v in st.skills.items() if not v.spec.forced]:
            st.lose(sk)
            lost.append(f"{n}:{sk}")
    game.data["village_cursed"] = True
    names = "、".join(lost) or "无"
    game.trace(f"长寿之命：村长出局（{cause}），所有村民阵营角色失去非强制性技能（{names}）",
               skill="长寿之命")


def pass_badge(game: Game, seat: str, cause: str) -> Resolution:
    """殉职: the outgoing sheriff must pass the badge to an alive player;
    random when sent off by a red card or when no answer comes in time."""
    targets = _others_alive(game, seat)
    if not targets:
        game.set_sheriff(None)
        return
    heir: str | None = None
    if cause != SENT_OFF:
        answer = yield Prompt(seat, (LegalAction(seat, "殉职", targets, optional=False),),
                              default="殉职对象随机决定", context="警长出局，须移交警徽")
        if answer is not None:
            heir = answer.target
    else:
        stale = game.take(seat, "殉职")
        if stale is not None:
            game.reject(stale, "红牌罚下时殉职对象随机决定、不可指定")
    if heir is None:
        heir = game.rng.choice(targets)
        game.trace(f"殉职：对象随机决定为 {heir}", skill="殉职")
    game.set_sheriff(heir)
    game.announce(f"警长 {seat} 殉职，警徽移交给 {heir}", later=game.phase.is_night)
    game.notify(heir, "你成为警长", skill="殉职")
    yield from heartbreak(game, heir)


def heartbreak(game: Game, seat: str) -> Resolution:
    """心碎: the 伤心的村民 cannot hold the badge; getting it sends him out at once."""
    if "心碎" in game.seats[seat].skills:
        game.trace(f"心碎：{seat} 获得警长，立刻出局", skill="心碎")
        yield from game.put_out(seat, "心碎")

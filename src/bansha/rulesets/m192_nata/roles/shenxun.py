"""审讯官⑦ — 审讯[宣言][1]——宣言内容：[审讯[一位其他角色的马甲名]：一个20字以内可以用是，否，
无法回答三种答案来回复的问题]，被审讯马甲可回复[是/否/无法回答]。结算效果：游戏日黄昏开始后，若
回答正确，审讯官收到通知，[审讯]技能刷新。否则，被审讯马甲受到[致死伤害]。
PS：判断是否回答正确的标准是基于演员表的客观事实。

3L [宣言]: "游戏日正午可在专门的宣言贴中，发送指定宣言内容之后自动发动，若需要回应，回复那一层
宣言贴才会有效，有[寡言]状态时，不能发送宣言或发送回复".

- The declaration: `{by: 审讯官, skill: 审讯, target: 乙, text: 问题}` (or `text: "乙：问题"`),
  in 正午; it is posted in the thread (announced), the 审讯 spent.
- The reply: `{by: 乙, skill: 审讯, choice: 是|否|无法回答}`, in the same 正午, once.
- The verdict: the director's own input `{by: 导演, skill: 审讯判定, target: 乙, choice:
  正确|错误}` on a reply, until 正午 ends (offered through `director_inputs`).
- 黄昏 begins: no reply → 致死伤害 (no answer is no correct answer); 正确 → 审讯 refreshed;
  错误 → 致死伤害; a reply left unjudged → nothing (RULINGS 43).
A [宣言] is not [指定]: no redirect, [隐身] or 怯懦 touches it."""

from __future__ import annotations

from typing import Final

from bansha.engine import Action, Game, LegalAction
from bansha.engine.abilities import Ability, Resolution, RoleData, Targeting
from bansha.engine.outs import Harm

from ..common import harm, present, st, tell
from ..outs import LETHAL
from ..state import Trial
from ..statuses import SPEECH
from .inputs import Taken, done

SKILL: Final[str] = "审讯"
VERDICT: Final[str] = "审讯判定"
REPLIES: Final = ("是", "否", "无法回答")
VERDICTS: Final = ("正确", "错误")
LIMIT: Final = 20
DIRECTOR: Final = "导演"

ROLE: Final[RoleData] = RoleData("审讯官", "村民阵营", "强神", 7, (), (
    Ability(SKILL, ("正午",), charges=1, declaration=True, target=Targeting("alive_other")),))


def _split(game: Game, a: Action) -> tuple[str | None, str]:
    """The one questioned and the question: the target, or "乙：问题" in the text."""
    text = (a.text or "").strip()
    if a.target is not None:
        return a.target, text
    for sep in ("：", ":"):
        name, found, rest = text.partition(sep)
        name = name.strip().removeprefix("审讯").strip("[] ")
        if found and name in game.seats:
            return name, rest.strip()
    return None, text


def _is_reply(game: Game, a: Action) -> bool:
    """A reply names its answer; a declaration (anyone's) its question and whom it asks."""
    if a.seat == DIRECTOR:
        return False
    return a.choice is not None or (not a.text and a.target is None
                                    and game.held.get(a.seat, SKILL) is None)


def _open(game: Game, seat: str) -> Trial | None:
    """Today's first unanswered 审讯 of `seat`."""
    day = game.phase.n
    # a loop, not next() over a generator: asked for every seat in every 正午 (offers)
    for t in st(game).trials:
        if t.target == seat and t.day == day and t.reply is None:
            return t
    return None


def problem(game: Game, a: Action) -> str | None:
    if a.skill == VERDICT and a.seat != DIRECTOR:
        return "审讯判定只能由导演作出"
    if a.seat == DIRECTOR:
        return verdict_problem(game, a)
    if _is_reply(game, a):
        return reply_problem(game, a)
    return declaration_problem(game, a)


def declaration_problem(game: Game, a: Action) -> str | None:
    """Why the post itself cannot be made (the same for everyone: "任何人均可进行宣言").
    Whether it works — the declarer holds 审讯 and can use it now — is judged when it is
    taken, and a declaration that cannot is published all the same, void (RULINGS 43)."""
    if not game.seats[a.seat].alive:
        return "已出局的角色不能发送宣言"
    if not present(game, a.seat):
        return "你已离开游戏，不能发送宣言"
    if game.phase.is_night or game.sub != "正午":
        return "宣言只能在游戏日正午的宣言贴中发送"
    if game.statuses.blocking(a.seat, SPEECH) is not None:
        return "你处于[寡言]状态，不能发送宣言"
    target, question = _split(game, a)
    if target is None:
        return "审讯的宣言需要写明被审讯的马甲名（target，或“马甲名：问题”）"
    if target == a.seat:  # "一位其他角色"
        return f"{target} 不在 {SKILL} 的选择范围内"
    if not game.seats[target].alive:
        return f"{target} 已出局，不能被选为 {SKILL} 的目标"
    if not present(game, target):
        return f"{target} 已离开游戏，不能被选为 {SKILL} 的目标"
    if not question:
        return f"{SKILL} 需要写明宣言内容"
    if len(question) > LIMIT:
        return f"审讯的问题应在{LIMIT}字以内（给出了 {len(question)} 字）"
    return None


def void_reason(game: Game, a: Action, target: str, question: str) -> str | None:
    """"但只有可以发动对应技能的情况下才会有效": why this declaration does nothing (no
    审讯, its use spent, [沉默] …), told to nobody."""
    from .. import rules  # the common checks: held, window, charges, 沉默 …
    return rules.refusal(game, Action(a.seat, SKILL, target=target, text=question or None))


def reply_problem(game: Game, a: Action) -> str | None:
    if not game.seats[a.seat].alive:
        return "已出局的角色不能回复宣言"
    if game.sub != "正午":
        return "审讯的回复在正午的宣言贴中进行"
    if _open(game, a.seat) is None:
        return "今天没有对你的审讯等待回复（或已经回复过）"
    if a.choice not in REPLIES:
        return "审讯的回复只能是 是、否 或 无法回答"
    if a.target is not None or a.text:
        return "审讯的回复只需写明 是、否 或 无法回答（choice）"
    if game.statuses.blocking(a.seat, SPEECH) is not None:
        return "你处于[寡言]状态，不能发送回复"
    return None


def verdict_problem(game: Game, a: Action) -> str | None:
    if game.sub != "正午" or game.phase.is_night:
        return "审讯判定在正午作出（黄昏开始后审讯结算）"
    answered = [t for t in st(game).trials
                if t.day == game.phase.n and t.reply is not None and t.void is None]
    if a.target is None or a.target not in [t.target for t in answered]:
        names = "、".join(t.target for t in answered) or "无"
        return f"审讯判定的目标应为今天已回复审讯的角色（{names}）"
    if a.choice not in VERDICTS:
        return "审讯判定应为 正确 或 错误"
    return None


def take(game: Game, a: Action) -> Resolution:
    if a.seat == DIRECTOR:
        for t in st(game).trials:
            if t.day == game.phase.n and t.target == a.target and t.reply is not None:
                t.verdict = a.choice
        game.trace(f"导演裁定：{a.target} 对审讯的回答{a.choice}", SKILL)
        return done()
    if _is_reply(game, a):
        trial = _open(game, a.seat)
        assert trial is not None
        trial.reply = a.choice
        game.announce(f"{a.seat} 回复审讯：{a.choice}")
        return done()
    target, question = _split(game, a)
    assert target is not None
    void = void_reason(game, a, target, question)
    h = game.held.get(a.seat, SKILL)
    if h is not None and void is None:
        h.spend(game.moment, (target,))
    st(game).trials.append(Trial(a.seat, target, question, game.phase.n, void=void))
    if void is not None:
        game.trace(f"{a.seat} 的审讯宣言无效（{void}）：照常公示，不结算", SKILL)
    game.announce(f"{a.seat} 宣言：审讯 {target}：{question}（被审讯者可回复 是/否/无法回答）")
    return done()


def _applies(game: Game, a: Action) -> bool:
    return True


INPUT: Final = Taken(_applies, problem, take)


def settle(game: Game) -> Resolution:
    """"游戏日黄昏开始后，若回答正确，审讯官收到通知，[审讯]技能刷新。否则，被审讯马甲受到
    [致死伤害]"."""
    state = st(game)
    today = [t for t in state.trials if t.day == game.phase.n]
    for t in today:
        if t.void is not None:
            game.trace(f"审讯 {t.target}：宣言无效（{t.void}），不结算", SKILL)
            continue
        if not game.seats[t.by].alive or not game.seats[t.target].alive:
            game.trace(f"审讯 {t.target}：审讯官或被审讯者已出局，不结算", SKILL)
            continue
        if t.reply is not None and t.verdict is None:
            game.trace(f"审讯 {t.target}：导演未裁定回答是否正确，不结算", SKILL)
            continue
        if t.verdict == "正确":
            h = game.held.get(t.by, SKILL)
            if h is not None:
                h.charges = h.ability.initial_uses
            tell(game, t.by, f"审讯：{t.target} 回答正确，[审讯]技能刷新", SKILL)
            continue
        why = "未回复" if t.reply is None else "回答错误"
        game.trace(f"审讯 {t.target}：{why}，受到致死伤害", SKILL)
        yield from harm(game, Harm(LETHAL, t.target, t.by, SKILL, game.moment))


def director_inputs(game: Game) -> list[LegalAction]:
    """The verdicts open now: one per reply given today, while 正午 runs."""
    if game.phase.is_night or game.sub != "正午":
        return []
    targets = tuple(dict.fromkeys(t.target for t in st(game).trials if t.day == game.phase.n
                                  and t.reply is not None and t.void is None))
    if not targets:
        return []
    return [LegalAction(DIRECTOR, VERDICT, targets, 1, choices=VERDICTS)]


def present_alive(game: Game) -> tuple[str, ...]:
    """The seats a declaration may ask, before the declarer is left out: alive and
    not 离开游戏 (the same for every seat of a step: legal_all looks it up once)."""
    left = st(game).left
    if left:
        return tuple([s for s in game.alive_tuple() if s not in left])
    return game.alive_tuple()  # nobody has left the game (nearly always)


def offers(game: Game, seat: str,
           asked: tuple[str, ...] | None = None) -> list[LegalAction]:
    """What the 宣言贴 offers `seat` in 正午: a 审讯 declaration — to everyone who may
    post ("任何人均可进行宣言"), the same form whether it would work or not — and the
    reply to a declaration that asks it (a reply names its choice, a declaration its
    question). `asked`: `present_alive(game)`, where the caller has it already."""
    if (game.phase.is_night or game.sub != "正午" or not game.seats[seat].alive
            or not present(game, seat) or game.statuses.blocking(seat, SPEECH) is not None):
        return []
    if asked is None:
        asked = present_alive(game)
    others = tuple([s for s in asked if s != seat])
    out = [LegalAction(seat, SKILL, others, 1, needs_text=True)] if others else []
    if _open(game, seat) is not None:
        out.append(LegalAction(seat, SKILL, (), 0, choices=REPLIES))
    return out


def setup(game: Game, seat: str) -> None:
    """The settling at 黄昏's start, once per game (whoever holds 审讯)."""
    from ..flow import DUSK_OPENS
    state = st(game)
    if SKILL in state.hooked:
        return
    state.hooked.add(SKILL)
    state.close_gens.setdefault(DUSK_OPENS, []).append(lambda: settle(game))

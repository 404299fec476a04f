"""Counting a day's vote thread: every post counted, replaced by a later 改票, or
ignored with its reason; the final votes, the counts and the top.

Each rule applied is a field of the ruleset's ForumRules (bansha.engine.forum_rules),
never a constant here. The counts are one per ballot: weights (警长 0.5 or 2 votes,
迷魂 0) and tie rules are the game's, applied when `submit_votes` hands the votes in."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from bansha.engine import Action, Game
from bansha.engine.actions import Answer
from bansha.engine.forum_rules import ForumRules

from .ballots import read_ballot
from .bbcode import director
from .cleaning import quoted_post, reply_floor, strip_blocks
from .names import match_name
from .text import fold, parse_time, show_time
from .thread import Post, Thread, parse_thread

COUNTED = "counted"
REPLACED = "replaced"
IGNORED = "ignored"
STATUS_ZH = {COUNTED: "计入", REPLACED: "已被取代", IGNORED: "不计"}

_PROXY = re.compile(r"^\s*代投\s*[:：﹕]\s*(?P<name>[^\s，,。；;]+)", re.MULTILINE)


@dataclass
class PostResult:
    floor: int
    author: str
    status: str  # counted | replaced | ignored
    reason: str
    time: datetime | None = None
    kind: str = ""  # vote | change | "" (no ballot)
    voter: str | None = None
    target: str | None = None  # the character (or 弃权) a read ballot names
    proxy: bool = False
    line: int = 0

    def as_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"floor": self.floor, "author": self.author, "status": self.status,
                             "reason": self.reason, "time": show_time(self.time)}
        if self.kind:
            d["kind"] = self.kind
        if self.voter is not None:
            d["voter"] = self.voter
        if self.target is not None:
            d["target"] = self.target
        if self.proxy:
            d["proxy"] = True
        return d


@dataclass
class VoteReport:
    rules: ForumRules
    players: list[str]
    out: list[str]
    close: datetime | None
    accelerated: bool
    posts: list[PostResult] = field(default_factory=list)
    votes: dict[str, str] = field(default_factory=dict)  # voter -> target or 弃权
    counts: dict[str, int] = field(default_factory=dict)
    top: list[str] = field(default_factory=list)
    not_voted: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    ruleset: str = ""

    @property
    def tie(self) -> bool:
        return len(self.top) > 1

    def ballots(self) -> dict[str, list[PostResult]]:
        """Each counted voter's valid ballots in floor order (first vote, changes)."""
        out: dict[str, list[PostResult]] = {}
        for p in self.posts:
            if p.status in (COUNTED, REPLACED) and p.voter is not None:
                out.setdefault(p.voter, []).append(p)
        return {v: b for v, b in out.items() if v in self.votes}

    def as_dict(self) -> dict[str, Any]:
        return {
            "ruleset": self.ruleset,
            "post": self.rules.post,
            "close": show_time(self.close) or None,
            "accelerated": self.accelerated,
            "players": list(self.players),
            "out": list(self.out),
            "votes": dict(self.votes),
            "counts": dict(self.counts),
            "top": list(self.top),
            "tie": self.tie,
            "not_voted": list(self.not_voted),
            "posts": [p.as_dict() for p in self.posts],
            "warnings": list(self.warnings),
        }

    def bbcode(self, title: str = "投票结果") -> str:
        """The count as the director posts it (red, large): each final vote, the counts
        (unless the post hides them, m192) and the top. Who goes out is the game's
        (weights, tie rules): this is the thread's count."""
        lines = [director(f"[b]{title}[/b]")]
        lines += [director(f"{v} → {t}") for v, t in self.votes.items()]
        if self.rules.vote_counts_public:
            counts = "、".join(f"{t} {n}票" for t, n in self.counts.items())
            lines.append(director("得票：" + (counts or "无有效票")))
        if self.tie:
            lines.append(director("最高票：" + "、".join(self.top) + "（平票）"))
        elif self.top:
            lines.append(director(f"最高票：{self.top[0]}"))
        else:
            lines.append(director("无人得票"))
        return "\n".join(lines)

    def text(self) -> str:
        lines = [f"投票统计（{self.rules.post or self.ruleset}）"]
        lines.append(f"关门时间：{show_time(self.close) or '未给出'}　执行加速"
                     f"：{'是' if self.accelerated else '否'}")
        if self.counts:
            lines.append("得票：" + "、".join(f"{t} {n}票" for t, n in self.counts.items()))
        else:
            lines.append("得票：无有效票")
        if self.tie:
            lines.append("最高票：" + "、".join(self.top) + f"（平票，各 {self.counts[self.top[0]]}"
                                                       " 票）")
        elif self.top:
            lines.append(f"最高票：{self.top[0]}（{self.counts[self.top[0]]} 票）")
        else:
            lines.append("最高票：无")
        if self.votes:
            lines.append("最终投票：" + "；".join(f"{v}→{t}" for v, t in self.votes.items()))
        lines.append("未投票：" + ("、".join(self.not_voted) or "无"))
        lines.append("逐帖：")
        for p in self.posts:
            lines.append(f"  #{p.floor} {p.author} {STATUS_ZH[p.status]}：{p.reason}")
        for w in self.warnings:
            lines.append(f"注意：{w}")
        return "\n".join(lines)


@dataclass
class _Held:
    post: PostResult
    target: str
    changes: int = 0
    exception_used: bool = False
    first_floor: int = 0  # the floor of the first vote: a 改票 replies to it
    first_post: PostResult | None = None


def _out_at(name: str, when: datetime | None, out: set[str],
            noon_outs: Mapping[str, datetime | None]) -> bool:
    """Is `name` out at `when`? (already out, or out at 正午 by then; an 正午 out
    without a time counts as out from the start of the day's count on)."""
    if name in out:
        return True
    if name in noon_outs:
        t = noon_outs[name]
        return t is None or when is None or when >= t
    return False


def tally_thread(
    thread: Thread | str,
    players: Sequence[str],
    rules: ForumRules,
    *,
    out: Sequence[str] = (),
    close: datetime | None = None,
    accelerated: bool = False,
    noon_outs: Mapping[str, datetime | None] | None = None,
    require_reply: bool = True,
    ruleset: str = "",
) -> VoteReport:
    """Count a day's vote thread. `players` is the seat order, `out` the characters
    already out when the day opened, `noon_outs` those who went out at 正午 that day
    (m192; name -> time, None if not known). Never raises on the thread's content."""
    th = parse_thread(thread) if isinstance(thread, str) else thread
    names = list(dict.fromkeys(players))
    gone = set(out)
    noon: dict[str, datetime | None] = dict(noon_outs or {})
    rep = VoteReport(rules, names, [n for n in names if n in gone], close, accelerated,
                     warnings=list(th.warnings), ruleset=ruleset)
    if close is None and rules.lock_minutes is not None:
        rep.warnings.append("未给出关门时间：没有检查关门后的帖子和关门前的禁止改票时段")
    lock_from = (close - timedelta(minutes=rules.lock_minutes)
                 if close is not None and rules.lock_minutes is not None else None)
    held: dict[str, _Held] = {}
    seen: dict[int, Post] = {}
    results: list[tuple[Post, PostResult]] = []
    first_seen: list[Post] = []
    for p in th.posts:
        if p.floor in seen:
            first = seen[p.floor]
            results.append((p, PostResult(
                p.floor, p.author, IGNORED,
                f"楼层 #{p.floor} 重复出现（编辑后的版本）：以第一次出现的版本为准"
                f"（第{first.line}行），此版本不计", p.time, line=p.line)))
            continue
        seen[p.floor] = p
        first_seen.append(p)
    order = sorted(first_seen, key=lambda q: q.floor)
    for p in order:
        r = _judge(p, names, rules, gone, noon, close, lock_from, accelerated,
                   require_reply, held)
        results.append((p, r))
    # floor order; an edited floor's later version right after its first
    dups = {id(p) for p in th.posts} - {id(p) for p in first_seen}
    results.sort(key=lambda pr: (pr[0].floor, id(pr[0]) in dups))
    rep.posts = [r for _, r in results]
    _finish(rep, held, gone, noon)
    return rep


def _voter_of(p: Post, names: list[str], rules: ForumRules) -> tuple[str | None, bool, str]:
    """(voter, is_proxy, problem)."""
    proxy_name = p.proxy_for
    if proxy_name is None:
        m = _PROXY.search(strip_blocks(p.text))
        if m is not None:
            proxy_name = m.group("name")
    if proxy_name is not None:
        if not rules.proxy_votes:
            return None, True, "本规则没有代投"
        mt = match_name(proxy_name, names)
        if mt.name is None:
            if mt.ambiguous:
                who = "、".join(mt.candidates)
                return None, True, f"代投的角色“{proxy_name}”不明确：可能是 {who}"
            return None, True, f"代投的角色“{proxy_name}”不是本局角色"
        return mt.name, True, ""
    if p.author in names:
        return p.author, False, ""
    same = [n for n in names if fold(n) == fold(p.author)]
    if len(same) == 1:
        return same[0], False, ""
    return None, False, f"{p.author} 不是本局角色"


def _judge(p: Post, names: list[str], rules: ForumRules, gone: set[str],
           noon: dict[str, datetime | None], close: datetime | None,
           lock_from: datetime | None, accelerated: bool, require_reply: bool,
           held: dict[str, _Held]) -> PostResult:
    r = PostResult(p.floor, p.author, IGNORED, "", p.time, line=p.line)
    ballot = read_ballot(p.text, rules)
    r.kind = ballot.kind or ""
    if ballot.kind is None:
        r.reason = "没有投票格式（不是投票）"
        if ballot.problem:
            r.reason = f"无效票：{ballot.problem}，须重新发帖"
        return r
    voter, proxy, problem = _voter_of(p, names, rules)
    r.proxy = proxy
    r.voter = voter
    if voter is None:
        r.reason = problem
        return r
    what = "代投" if proxy else ("改票" if ballot.kind == "change" else "投票")
    if close is not None and p.time is not None and p.time > close:
        r.reason = f"关门（{show_time(close)}）后发帖，{what}不计"
        return r
    if _out_at(voter, p.time, gone, noon):
        r.reason = f"{voter} 已出局，不能投票"
        return r
    if ballot.problem:
        r.reason = f"无效票：{ballot.problem}，须重新发帖"
        return r
    locked = lock_from is not None and p.time is not None and p.time >= lock_from
    if proxy and locked and rules.lock_blocks_proxy:
        r.reason = f"关门前{_span(rules.lock_minutes)}不允许代投"
        return r
    # the target
    if fold(ballot.target) == fold(rules.abstain):
        target = rules.abstain
    else:
        mt = match_name(ballot.target, names)
        if mt.name is None:
            if mt.ambiguous:
                r.reason = (f"无效票：投票对象“{ballot.target}”不明确，可能是 "
                            + "、".join(mt.candidates) + "，须重新发帖")
            else:
                r.reason = f"无效票：投票对象“{ballot.target}”不是本局角色，须重新发帖"
            return r
        target = mt.name
        if _out_at(target, p.time, gone, noon):
            r.reason = f"无效票：投票对象 {target} 已出局，须重新发帖"
            r.target = target
            return r
    r.target = target
    cur = held.get(voter)
    if ballot.kind == "vote":
        if cur is not None:
            r.reason = (f"{voter} 已在 #{cur.post.floor} 投过票（每名存活角色每个讨论日限投一票；改"
                        "票请用改票格式回复原投票楼层）")
            return r
        held[voter] = _Held(r, target, first_floor=p.floor, first_post=r)
        r.status = COUNTED
        r.reason = f"{'代投' if proxy else '投票'}：{voter} → {target}"
        return r
    # a change
    if cur is None:
        r.reason = f"{voter} 尚未投票，无法改票"
        return r
    first_floor = cur.first_floor
    reply = p.reply_to if p.reply_to is not None else reply_floor(p.text)
    if reply is None:
        reply = _quoted_floor(p, cur.first_post)
    if rules.change_must_reply and require_reply and not proxy and reply != first_floor:
        got = "未回复任何楼层" if reply is None else f"回复的是 #{reply}"
        r.reason = f"改票需回复原投票楼层 #{first_floor}（{got}）"
        return r
    if accelerated and not rules.change_when_accelerated:
        r.reason = "执行加速时不允许改票"
        return r
    exception = (rules.noon_out_change and not cur.exception_used and cur.target in noon
                 and _out_at(cur.target, p.time, gone, noon))
    if locked and not exception:
        r.reason = f"关门前{_span(rules.lock_minutes)}不允许改票"
        return r
    if cur.changes >= rules.max_changes and not exception:
        r.reason = (f"改票只允许进行{_times(rules.max_changes)}"
                    f"（{voter} 已在 #{cur.post.floor} 改票）")
        return r
    cur.post.status = REPLACED
    cur.post.reason = f"已被 #{p.floor} 的改票取代（原为 {cur.target}）"
    if exception:
        cur.exception_used = True
        note = f"（原投票对象 {cur.target} 已于正午出局：即使在禁止改票的时间内也可以进行一次改票）"
    else:
        cur.changes += 1
        note = ""
    held[voter] = _Held(r, target, cur.changes, cur.exception_used, first_floor, cur.first_post)
    r.status = COUNTED
    r.reason = f"{'代投' if proxy else ''}改票：{voter} → {target}{note}"
    return r


def _quoted_floor(p: Post, first: PostResult | None) -> int | None:
    """A reply made with Discuz!'s 回复 button quotes `甲 发表于 <time>`: when that is
    the voter's own vote post, the 改票 replies to it."""
    q = quoted_post(p.text)
    if q is None or first is None or first.time is None:
        return None
    author, when = q
    t = parse_time(when)
    if t is not None and fold(author) == fold(first.author) and first.time.replace(second=0) == t:
        return first.floor
    return None


def _span(minutes: int | None) -> str:
    if minutes is None:
        return ""
    return "一小时" if minutes == 60 else f"{minutes}分钟"


def _times(n: int) -> str:
    return "一次" if n == 1 else f"{n}次"


def _finish(rep: VoteReport, held: dict[str, _Held], gone: set[str],
            noon: dict[str, datetime | None]) -> None:
    for voter in rep.players:
        h = held.get(voter)
        if h is None:
            continue
        if voter in noon:
            h.post.status = IGNORED
            h.post.reason = f"{voter} 已于正午出局：已出局角色的投票不计"
            continue
        if h.target != rep.rules.abstain and h.target in noon:
            h.post.status = IGNORED
            h.post.reason = (f"投票对象 {h.target} 已于正午出局：投给出局角色的票不计"
                             + ("（可在正午出局后改票一次）" if rep.rules.noon_out_change else ""))
            continue
        rep.votes[voter] = h.target
    for v in rep.players:
        t = rep.votes.get(v)
        if t is not None and t != rep.rules.abstain:
            rep.counts[t] = rep.counts.get(t, 0) + 1
    rep.counts = dict(sorted(rep.counts.items(), key=lambda kv: (-kv[1], rep.players.index(kv[0]))))
    if rep.counts:
        best = max(rep.counts.values())
        rep.top = [t for t, n in rep.counts.items() if n == best]
    rep.not_voted = [n for n in rep.players
                     if n not in gone and n not in noon and n not in rep.votes]


def submit_votes(game: Game, report: VoteReport) -> list[tuple[Action, Answer]]:
    """Hand the tally to `game` as its day votes, through Game.submit: each counted
    voter's first vote as 投票 and, when it changed, the final one as 改票, in floor
    order (so rules that look at the order, such as m47 竞岗, see it). Returns each
    action with the game's answer (a refusal names its reason)."""
    ballots = report.ballots()
    plan: list[tuple[int, Action]] = []
    for voter, bs in ballots.items():
        first, final = bs[0], bs[-1]
        plan.append((first.floor, Action(voter, "投票", target=first.target)))
        if final is not first and final.target != first.target:
            plan.append((final.floor, Action(voter, "改票", target=final.target)))
    plan.sort(key=lambda fa: fa[0])
    return [(a, game.submit(a)) for _, a in plan]


def tally_for_game(game: Game, thread: Thread | str, *, close: datetime | None = None,
                   accelerated: bool = False,
                   noon_outs: Mapping[str, datetime | None] | None = None,
                   require_reply: bool = True) -> VoteReport:
    """tally_thread with the game's seats, outs and its ruleset's forum rules; the day
    counts as accelerated when the game records 加速 for it (or `accelerated`)."""
    view = game.public_view()
    return tally_thread(thread, list(view["seats"]), game.ruleset.forum_rules,
                        out=list(view["out"]), close=close,
                        accelerated=accelerated or bool(view.get("accelerated")),
                        noon_outs=noon_outs, require_reply=require_reply,
                        ruleset=game.ruleset.id)

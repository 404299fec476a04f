"""Damage and outs as one pipeline (m192 出局结算流程):

1. protections in the ruleset's order ("若承受伤害的目标有可以对应抵消的[守护][坚韧]
   [不死][霸道]状态，目标不出局") — the first that applies stops the harm;
2. vetoes: "若…未能抵消掉伤害，但是拥有各种免于出局…这些状态或效果全部结算" — every
   veto runs (朱雀 涅槃重生, 愚者 大难不死, 老爷爷's immunity, S15 假死), and any one of
   them cancels the out; a veto is a generator, so it may ask a player;
3. the out, then its triggers ("结算附带的连带效果").

A harm may go to the pending ledger first (`mark`), settled later in one go (m192
凌晨 "电梯楼顺序统计出局名单", S15 濒死); abilities read the ledger (神女秘法 "当晚将要
出局…的角色"). Every out is recorded with the holder's statuses as they were, so a
revival restores them ("所有状态按出局时为准"), and outs are counted per seat
(宗教老爷爷 "出局后复活，然后再次出局，计为出局2次").
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Sequence
from dataclasses import dataclass

from .actions import Action, Prompt
from .moment import Moment
from .statuses import Status

Resolution = Generator[Prompt, Action | None, None]
VetoRun = Generator[Prompt, Action | None, bool]


# The classes below write their own __init__ (init=False), and none is frozen: a
# generated dataclass __init__ stays interpreted in the compiled build, and a frozen
# one is slower still (see engine/actions.py, Action). Every out makes a Harm and a
# Verdict, every resolution with an out a pipeline of protections (measured: the
# generated ones cost a M47 game ~0.2 M instructions, compiled).
@dataclass(slots=True, init=False)
class Harm:
    """One damage: its kind (指杀 穿透 致死伤害 毒药 投票出局 红牌…), target, source seat
    and skill, when, and whether it is chained to another out (连带)."""

    kind: str
    target: str
    source: str | None
    skill: str | None
    at: Moment | None
    chained: bool

    def __init__(self, kind: str, target: str, source: str | None = None,
                 skill: str | None = None, at: Moment | None = None,
                 chained: bool = False) -> None:
        self.kind = kind
        self.target = target
        self.source = source
        self.skill = skill
        self.at = at
        self.chained = chained


@dataclass(slots=True, init=False)
class Protection:
    """Stops a harm when `stops(harm)` says so (it spends a use itself); `kinds` the
    harm kinds it is checked against ("*" = every kind)."""

    name: str
    kinds: frozenset[str]
    stops: Callable[[Harm], bool]

    def __init__(self, name: str, kinds: frozenset[str], stops: Callable[[Harm], bool]) -> None:
        self.name = name
        self.kinds = kinds
        self.stops = stops

    def applies(self, harm: Harm) -> bool:
        return "*" in self.kinds or harm.kind in self.kinds


@dataclass(slots=True, init=False)
class Veto:
    """Cancels an out that no protection stopped; `run(harm)` returns True to cancel."""

    name: str
    run: Callable[[Harm], VetoRun]

    def __init__(self, name: str, run: Callable[[Harm], VetoRun]) -> None:
        self.name = name
        self.run = run


@dataclass(slots=True, init=False)
class OutRecord:
    seat: str
    harm: Harm
    at: Moment | None
    statuses: tuple[Status, ...]  # the holder's statuses at the out (StatusBook.snapshot)
    revived: bool

    def __init__(self, seat: str, harm: Harm, at: Moment | None,
                 statuses: tuple[Status, ...] = (), revived: bool = False) -> None:
        self.seat = seat
        self.harm = harm
        self.at = at
        self.statuses = statuses
        self.revived = revived


@dataclass(slots=True, init=False)
class Verdict:
    harm: Harm
    stopped_by: str | None
    vetoed_by: tuple[str, ...]
    out: bool

    def __init__(self, harm: Harm, stopped_by: str | None = None,
                 vetoed_by: tuple[str, ...] = (), out: bool = False) -> None:
        self.harm = harm
        self.stopped_by = stopped_by
        self.vetoed_by = vetoed_by
        self.out = out


def _no_snapshot(seat: str) -> tuple[Status, ...]:
    return ()


@dataclass(init=False)
class OutPipeline:
    """The ruleset supplies its protections (in the post's order), vetoes, the out
    itself (`go_out`: usually the Game's put_out) and what to snapshot at an out."""

    protections: Sequence[Protection]
    vetoes: Sequence[Veto]
    go_out: Callable[[Harm], Resolution]
    alive: Callable[[str], bool]
    snapshot: Callable[[str], tuple[Status, ...]]
    pending: list[Harm]
    records: list[OutRecord]
    verdicts: list[Verdict]

    def __init__(self, protections: Sequence[Protection], vetoes: Sequence[Veto],
                 go_out: Callable[[Harm], Resolution], alive: Callable[[str], bool],
                 snapshot: Callable[[str], tuple[Status, ...]] = _no_snapshot,
                 pending: list[Harm] | None = None, records: list[OutRecord] | None = None,
                 verdicts: list[Verdict] | None = None) -> None:
        self.protections = protections
        self.vetoes = vetoes
        self.go_out = go_out
        self.alive = alive
        self.snapshot = snapshot
        self.pending = [] if pending is None else pending
        self.records = [] if records is None else records
        self.verdicts = [] if verdicts is None else verdicts

    # ---- step 1 ---------------------------------------------------------
    def protect(self, harm: Harm) -> str | None:
        kind = harm.kind
        for p in self.protections:  # p.applies(harm), inlined: every harm asks each
            if ("*" in p.kinds or kind in p.kinds) and p.stops(harm):
                return p.name
        return None

    # ---- the whole pipeline ----------------------------------------------
    def hit(self, harm: Harm) -> Generator[Prompt, Action | None, Verdict]:
        """Protections, vetoes, the out: at once (by day, 致死伤害 "立刻出局")."""
        v = Verdict(harm)
        self.verdicts.append(v)
        if not self.alive(harm.target):
            return v
        v.stopped_by = self.protect(harm)
        if v.stopped_by is not None:
            return v
        yield from self._settle(v)
        return v

    def _settle(self, v: Verdict) -> Generator[Prompt, Action | None, None]:
        vetoed: list[str] = []
        for veto in self.vetoes:  # every veto resolves, not only the first
            cancelled = yield from veto.run(v.harm)
            if cancelled:
                vetoed.append(veto.name)
        v.vetoed_by = tuple(vetoed)
        if vetoed or not self.alive(v.harm.target):
            return
        snap = self.snapshot(v.harm.target)
        yield from self.go_out(v.harm)
        if not self.alive(v.harm.target):
            v.out = True
            self.records.append(OutRecord(v.harm.target, v.harm, v.harm.at, snap))

    # ---- the pending ledger -------------------------------------------------
    def mark(self, harm: Harm) -> str | None:
        """Check protections now; an unstopped harm waits in the ledger. Returns the
        protection that stopped it, or None."""
        stopped = self.protect(harm) if self.alive(harm.target) else "已出局"
        v = Verdict(harm, stopped)
        self.verdicts.append(v)
        if stopped is None:
            self.pending.append(harm)
        return stopped

    def will_go_out(self) -> list[str]:
        """Seats the ledger would take out, in marking order, each once."""
        return list(dict.fromkeys(h.target for h in self.pending))

    def spare(self, seat: str) -> list[Harm]:
        """Take a seat off the ledger (a late save)."""
        gone = [h for h in self.pending if h.target == seat]
        self.pending = [h for h in self.pending if h.target != seat]
        return gone

    def settle(self, order: Callable[[list[str]], list[str]] | None = None
               ) -> Generator[Prompt, Action | None, list[Verdict]]:
        """Settle the ledger: vetoes and outs per seat, in marking order or `order`
        (m192: 电梯楼顺序). A harm marked while settling (a trigger's shot) is settled
        in the same pass, after the seats already waiting."""
        done: list[Verdict] = []
        while self.pending:
            seats = self.will_go_out()
            if order is not None:
                seats = order(seats)
            seat = seats[0]
            harms = [h for h in self.pending if h.target == seat]
            self.pending = [h for h in self.pending if h.target != seat]
            v = Verdict(harms[0])
            if self.alive(seat):
                yield from self._settle(v)
            done.append(v)
        return done

    # ---- records ------------------------------------------------------------
    def outs_of(self, seat: str) -> int:
        return sum(1 for r in self.records if r.seat == seat)

    def last_out(self, seat: str) -> OutRecord | None:
        for r in reversed(self.records):
            if r.seat == seat:
                return r
        return None

    def revive(self, seat: str) -> OutRecord | None:
        """Mark the seat's last out revived and return it: the caller brings the seat
        back and restores `record.statuses`."""
        r = self.last_out(seat)
        if r is None or r.revived:
            return None
        r.revived = True
        return r

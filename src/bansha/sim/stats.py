"""What a simulation counts, and the numbers it reports.

A `Tally` is a bag of integer counters, so tallies of batches merge in any
order into the same totals: that is what makes a seed give identical results
for any number of workers or any backend. Rates and intervals are computed
only at the end (`summarise`).
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from bansha.engine import Game

NO_WINNER = "无人胜利"
Z95 = 1.959963984540054  # the 97.5% quantile of the standard normal
MAX_EXAMPLES = 5


def wilson(k: int, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for k successes in n trials (95% by default).

    Unlike the normal approximation it stays inside [0, 1] and is sensible for
    rates near 0 or 1 and small n, which rare factions produce.
    """
    if n <= 0:
        return (0.0, 1.0)
    if not 0 <= k <= n:
        raise ValueError(f"need 0 ≤ k ≤ n, got k={k}, n={n}")
    p = k / n
    z2 = z * z
    denom = 1 + z2 / n
    centre = (p + z2 / (2 * n)) / denom
    half = z / denom * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n))
    # the ends are exact in theory (k = 0 gives 0, k = n gives 1): drop rounding noise
    lo = 0.0 if k == 0 else max(0.0, centre - half)
    hi = 1.0 if k == n else min(1.0, centre + half)
    return (lo, hi)


@dataclass(frozen=True, slots=True)
class GameRecord:
    """The facts one finished game contributes."""

    winner: str  # a faction, or NO_WINNER
    days: int
    ending: str
    seats: tuple[tuple[str, bool, bool], ...]  # (role, survived, on the winning side)


def record(game: Game) -> GameRecord:
    """The facts of a finished game, as the director's record has them.

    Bots only ever see `view(seat)`; the tally is the director's business and
    needs what no seat's view holds: each seat's *actual* faction at the end
    (a 伤心的村民 who followed the sheriff is not told which faction that is)
    and why the last seat went out. So it reads the director's view, after the
    game is over.
    """
    oc = game.outcome()
    record = game.director_view()
    winner = oc.winner or NO_WINNER
    seats = tuple(
        (s["roles"][0], s["alive"], s["faction"] == oc.winner) for s in record["seats"]
    )
    cause = next(
        (e.cause for e in reversed(record["events"]) if e.kind == "out" and e.cause), None
    )
    ending = f"{winner}胜利" if oc.winner else winner
    if cause:
        ending += f"·{cause}"
    return GameRecord(winner, game.phase.n, ending, seats)


@dataclass
class Tally:
    games: int = 0
    wins: Counter[str] = field(default_factory=Counter)
    days: Counter[int] = field(default_factory=Counter)
    endings: Counter[str] = field(default_factory=Counter)
    role_seats: Counter[str] = field(default_factory=Counter)
    role_survived: Counter[str] = field(default_factory=Counter)
    role_won: Counter[str] = field(default_factory=Counter)
    errors: Counter[str] = field(default_factory=Counter)
    # (game index, message): the lowest indices, so any worker count keeps the same ones
    error_examples: list[tuple[int, str]] = field(default_factory=list)
    # games the simulator stopped at its day cap (runner.MAX_DAYS): not finished, no
    # faction's result; the lowest indices are kept, as for errors
    capped: int = 0
    capped_examples: list[int] = field(default_factory=list)
    peak_rss_kb: int = 0

    def add(self, rec: GameRecord) -> None:
        self.games += 1
        self.wins[rec.winner] += 1
        self.days[rec.days] += 1
        self.endings[rec.ending] += 1
        for role, alive, won in rec.seats:
            self.role_seats[role] += 1
            self.role_survived[role] += alive
            self.role_won[role] += won

    def add_error(self, index: int, exc: BaseException) -> None:
        self.games += 1
        self.errors[type(exc).__name__] += 1
        self.error_examples.append((index, f"{type(exc).__name__}: {exc}"))
        self.error_examples = sorted(self.error_examples)[:MAX_EXAMPLES]

    def add_capped(self, index: int) -> None:
        self.games += 1
        self.capped += 1
        self.capped_examples = sorted([*self.capped_examples, index])[:MAX_EXAMPLES]

    def merge(self, other: Tally) -> Tally:
        self.games += other.games
        self.capped += other.capped
        self.capped_examples = sorted(self.capped_examples + other.capped_examples)[:MAX_EXAMPLES]
        self.days.update(other.days)  # Counter.update adds
        for mine, theirs in (
            (self.wins, other.wins), (self.endings, other.endings),
            (self.role_seats, other.role_seats), (self.role_survived, other.role_survived),
            (self.role_won, other.role_won), (self.errors, other.errors),
        ):
            mine.update(theirs)
        self.error_examples = sorted(self.error_examples + other.error_examples)[:MAX_EXAMPLES]
        self.peak_rss_kb = max(self.peak_rss_kb, other.peak_rss_kb)
        return self

    @property
    def finished(self) -> int:
        return self.games - sum(self.errors.values()) - self.capped

    def totals(self) -> dict[str, Any]:
        """The counters alone (no timing): equal for equal seeds, whatever ran them."""
        return {
            "games": self.games,
            "wins": dict(sorted(self.wins.items())),
            "days": dict(sorted(self.days.items())),
            "endings": dict(sorted(self.endings.items())),
            "role_seats": dict(sorted(self.role_seats.items())),
            "role_survived": dict(sorted(self.role_survived.items())),
            "role_won": dict(sorted(self.role_won.items())),
            "errors": dict(sorted(self.errors.items())),
            "capped": self.capped,
        }


def summarise(tally: Tally, factions: tuple[str, ...] = (),
              role_order: tuple[str, ...] = ()) -> dict[str, Any]:
    """Rates with 95% Wilson intervals, lengths, endings and per-role survival."""
    n = tally.finished
    names = [f for f in factions if f in tally.wins or not tally.wins]
    names += sorted(f for f in tally.wins if f not in names)
    fac = []
    for f in names:
        k = tally.wins.get(f, 0)
        lo, hi = wilson(k, n)
        fac.append({"faction": f, "wins": k, "rate": k / n if n else 0.0, "ci95": [lo, hi]})
    total_days = sum(d * c for d, c in tally.days.items())
    endings = [{"ending": e, "count": c, "share": c / n if n else 0.0}
               for e, c in sorted(tally.endings.items(), key=lambda kv: (-kv[1], kv[0]))]
    roles = []
    order = [r for r in role_order if r in tally.role_seats]
    order += sorted(r for r in tally.role_seats if r not in order)
    for r in order:
        seats = tally.role_seats[r]
        surv, won = tally.role_survived[r], tally.role_won[r]
        roles.append({
            "role": r, "seats": seats,
            "survived": surv, "survival": surv / seats, "survival_ci95": list(wilson(surv, seats)),
            "won": won, "win_rate": won / seats,
        })
    return {
        "games": tally.games,
        "finished": n,
        "factions": fac,
        "length": {
            "mean_days": total_days / n if n else 0.0,
            "histogram": {str(d): c for d, c in sorted(tally.days.items())},
        },
        "endings": endings,
        "roles": roles,
        "errors": {"count": sum(tally.errors.values()), "by_type": dict(tally.errors),
                   "examples": [{"game": i, "error": m} for i, m in tally.error_examples]},
        "capped": {"count": tally.capped, "games": list(tally.capped_examples)},
    }

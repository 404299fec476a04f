"""Games per second and memory, for every registered ruleset and bot kind.

    .venv/bin/python benchmarks/bench_games.py                # every ruleset and bot kind
    .venv/bin/python benchmarks/bench_games.py --rulesets m47-yeliang --bots random --runs 5
    .venv/bin/python benchmarks/bench_games.py --profile m47-yeliang --bots random
    .venv-fast/bin/python benchmarks/bench_games.py ...       # the compiled build (make fast)
    .venv-fast/bin/python benchmarks/bench_games.py --rulesets m47-yeliang m192-nata --bots random
                                                    # issue 11's goal: M192 >= 40% of M47, one run

For each (ruleset, bots) it measures, `--runs` times, and reports medians:

- 1 core: games/s of one process playing games back to back (no pool);
- N independent: N processes each playing alone at once, rates summed — what
  the machine can give at best (shared caches, turbo, other load);
- pool: the simulator's real path (`run_local`, N workers, batches);
- speed-up = pool / 1 core, and efficiency against the independent ideal;
- peak RSS per worker (ru_maxrss of the pool's workers).

Each measurement plays about `--seconds` worth of games (estimated by a warm-up).
"""

from __future__ import annotations

import argparse
import cProfile
import json
import os
import pstats
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from bansha import compiled
from bansha.engine import ruleset_ids
from bansha.sim.runner import SimConfig, check, default_workers, run_batch, run_local


@dataclass
class Row:
    ruleset: str
    bots: str
    games: int = 0
    single: list[float] = field(default_factory=list)
    ideal: list[float] = field(default_factory=list)
    pool: list[float] = field(default_factory=list)
    rss_mb: float = 0.0
    errors: int = 0
    failed: str = ""

    def doc(self) -> dict[str, Any]:
        med = {k: statistics.median(v) if v else None
               for k, v in (("single", self.single), ("ideal", self.ideal), ("pool", self.pool))}
        speedup = med["pool"] / med["single"] if med["pool"] and med["single"] else None
        eff = med["pool"] / med["ideal"] if med["pool"] and med["ideal"] else None
        return {"ruleset": self.ruleset, "bots": self.bots, "games_per_run": self.games,
                "single_gps": med["single"], "independent_gps": med["ideal"],
                "pool_gps": med["pool"], "speedup": speedup, "pool_vs_independent": eff,
                "peak_rss_mb_per_worker": self.rss_mb, "errors": self.errors,
                "runs": {"single": self.single, "independent": self.ideal, "pool": self.pool},
                "failed": self.failed or None}


def _rate(cfg: SimConfig, players: int, games: int, seed_offset: int = 0) -> tuple[float, int]:
    """Games/s of one process playing `games` games; also the error count."""
    t0 = time.perf_counter()
    tally = run_batch(cfg, players, seed_offset, seed_offset + games)
    return games / (time.perf_counter() - t0), sum(tally.errors.values())


def _rate_task(args: tuple[SimConfig, int, int, int]) -> float:
    cfg, players, games, offset = args
    return _rate(cfg, players, games, offset)[0]


def measure(rid: str, bots: str, workers: int, runs: int, seconds: float,
            pool: ProcessPoolExecutor) -> Row:
    row = Row(rid, bots)
    cfg = SimConfig(rid, 1, bots=bots, seed=1)
    try:
        _, players = check(cfg)
        warm, _ = _rate(cfg, players, 20)
    except Exception as e:  # a ruleset under construction must not stop the others
        row.failed = f"{type(e).__name__}: {e}"
        return row
    games = max(50, int(warm * seconds))
    row.games = games
    for r in range(runs):
        rate, errors = _rate(cfg, players, games, r * games)
        row.single.append(rate)
        row.errors += errors
        # independent processes: the same work each, started together
        tasks = [(cfg, players, games, (r * workers + w) * games) for w in range(workers)]
        row.ideal.append(sum(pool.map(_rate_task, tasks)))
        many = SimConfig(rid, games * workers, bots=bots, seed=100 + r, workers=workers)
        res = run_local(many, players)
        row.pool.append(res.tally.games / res.elapsed)
        row.rss_mb = max(row.rss_mb, res.tally.peak_rss_kb / 1024)
        row.errors += sum(res.tally.errors.values())
    return row


def print_table(rows: list[Row], workers: int) -> None:
    head = (f"{'ruleset':<14} {'bots':<10} {'games':>6} {'1 core':>9} "
            f"{f'{workers} indep.':>10} {f'pool×{workers}':>9} {'speed-up':>8} "
            f"{'vs indep.':>9} {'RSS/worker':>10} {'errors':>6}")
    print(head)
    print("-" * len(head))
    for r in rows:
        d = r.doc()
        if r.failed:
            print(f"{r.ruleset:<14} {r.bots:<10} failed: {r.failed}")
            continue
        print(f"{r.ruleset:<14} {r.bots:<10} {r.games:>6} {d['single_gps']:>9.0f} "
              f"{d['independent_gps']:>10.0f} {d['pool_gps']:>9.0f} {d['speedup']:>7.2f}× "
              f"{100 * d['pool_vs_independent']:>8.0f}% {r.rss_mb:>8.1f}MB {r.errors:>6}")
    print("games/s are medians; '1 core' = one process alone; 'indep.' = that many processes "
          "at once (the machine's ceiling); 'pool' = bansha simulate's local backend")
    # talking costs time: each ruleset's talk rate as a share of its heuristic rate
    single = {(r.ruleset, r.bots): r.doc()["single_gps"] for r in rows if not r.failed}
    for (rid, bots), gps in single.items():
        base = single.get((rid, "heuristic"))
        if bots == "talk" and gps and base:
            print(f"{rid}: talk {gps:.0f} games/s = {gps / base:.2f} × heuristic "
                  f"({base:.0f}), 1 core")


def profile(rid: str, bots: str, games: int, top: int) -> None:
    cfg = SimConfig(rid, games, bots=bots, seed=1)
    _, players = check(cfg)
    prof = cProfile.Profile()
    t0 = time.perf_counter()
    prof.enable()
    run_batch(cfg, players, 0, games)
    prof.disable()
    dt = time.perf_counter() - t0
    print(f"{rid} / {bots}: {games} games in {dt:.2f}s under cProfile "
          f"({games / dt:.0f} games/s; unprofiled is faster)")
    st = pstats.Stats(prof)
    st.sort_stats("tottime").print_stats(top)
    st.sort_stats("cumulative").print_stats(top)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--rulesets", nargs="*", default=None, help="default: every registered one")
    ap.add_argument("--bots", nargs="*", default=["random", "heuristic", "talk"])
    ap.add_argument("--workers", type=int, default=default_workers())
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--seconds", type=float, default=2.0, help="work per measurement")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--profile", metavar="RULESET", help="cProfile one ruleset instead")
    ap.add_argument("--games", type=int, default=500, help="games for --profile")
    ap.add_argument("--top", type=int, default=25)
    a = ap.parse_args(argv)
    if a.profile:
        for bots in a.bots:
            profile(a.profile, bots, a.games, a.top)
        return 0
    rids = a.rulesets or ruleset_ids()
    rows: list[Row] = []
    build = "compiled (mypyc)" if compiled() else "pure Python"
    print(f"bansha benchmark: {build} build, {len(rids)} rulesets × {a.bots}, {a.workers} workers, "
          f"median of {a.runs} runs, Python {sys.version.split()[0]}, "
          f"{os.cpu_count()} CPUs", file=sys.stderr)
    with ProcessPoolExecutor(max_workers=a.workers) as pool:
        for rid in rids:
            for bots in a.bots:
                print(f"  measuring {rid} / {bots} …", file=sys.stderr)
                rows.append(measure(rid, bots, a.workers, a.runs, a.seconds, pool))
    if a.json:
        print(json.dumps([{**r.doc(), "compiled": compiled()} for r in rows],
                         ensure_ascii=False, indent=2))
    else:
        print_table(rows, a.workers)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

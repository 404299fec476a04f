"""Monte Carlo runner: many bot games, in batches, on local processes (or Ray).

Reproducibility: game i of a run with seed S takes its seeds from
``numpy.random.SeedSequence(S, spawn_key=(i,))`` — exactly what
``SeedSequence(S).spawn(N)[i]`` gives, computed without building N children.
A game's result therefore depends on (S, i) only, and a `Tally` is integer
counters, so any batch size, worker count or backend yields the same totals.

Batches, not games, are the unit of work: a task costs a pickle round trip and
a scheduling decision, which would dwarf a game that takes a millisecond.
"""

from __future__ import annotations

import gc
import math
import multiprocessing
import os
import random
import resource
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from multiprocessing import forkserver
from typing import Any

# numpy serves only SeedSequence here; its BLAS thread pool would start (and spin) a
# thread per core in every worker, stealing the cores the workers play on
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
import numpy as np

from bansha.engine import Game, Ruleset, SetupError, get_ruleset

from .bots import BOTS, Bot, RandomBot
from .driver import play
from .heuristic import HeuristicBot, UniformBot
from .stats import Tally, record

SIM_BOTS = ("random", "heuristic", "talk", "uniform")
BACKENDS = ("local", "ray")
MAX_GAMES = 10_000_000  # ~3 hours on 2 cores: a larger run is a typo, not a study
MAX_WORKERS_PER_CORE = 8  # more processes than this only share the same cores
MIN_BATCH = 20
MAX_BATCH = 2000
BATCHES_PER_WORKER = 16  # enough for a smooth progress bar and load balance
IN_FLIGHT_PER_WORKER = 3  # queued batches per worker: none idle, few to cancel on Ctrl-C
# The simulator's cap: a game still running when day MAX_DAYS + 1 opens is stopped and
# counted as capped, never as a faction's result. A rule post may allow a game nobody
# can finish (S15: only 假死 characters and a 若愚 白痴 left); games that progress end
# long before (the longest finished random games last about 30 days).
MAX_DAYS = 100

Progress = Callable[[int], None]


class SimError(ValueError):
    """The simulation cannot run as asked (unknown bots, bad players, ...)."""


@dataclass(frozen=True)
class SimConfig:
    ruleset: str
    games: int
    bots: str = "random"
    players: int | None = None
    options: dict[str, Any] = field(default_factory=dict)
    seed: int = 0
    workers: int = 1
    batch: int | None = None  # games per task; None = chosen from games and workers
    backend: str = "local"


@dataclass
class RunResult:
    config: SimConfig
    players: int
    tally: Tally
    elapsed: float
    interrupted: bool = False
    workers: int = 1


def game_seeds(seed: int, index: int) -> tuple[int, int]:
    """(game seed, bot seed) for game `index` of a run seeded with `seed`.
    SeedSequence takes no negative entropy: a negative seed -s uses s with its own
    spawn key (index, 1), a stream no non-negative seed's (index,) can give."""
    key = (index,) if seed >= 0 else (index, 1)
    w = np.random.SeedSequence(abs(seed), spawn_key=key).generate_state(4, np.uint32)
    return (int(w[0]) << 32) | int(w[1]), (int(w[2]) << 32) | int(w[3])


def make_bots(kind: str, rules: type[Ruleset], seats: list[str]) -> dict[str, Bot]:
    if kind == "random":
        return {s: RandomBot() for s in seats}
    if kind == "heuristic":
        return {s: HeuristicBot(rules) for s in seats}
    if kind == "uniform":
        return {s: UniformBot() for s in seats}
    if kind == "talk":
        from .talk import make_talk_bots

        return dict(make_talk_bots(rules, seats))
    if kind in BOTS:
        return {s: BOTS[kind]() for s in seats}
    raise SimError(f"未知的 bot“{kind}”；可用：{'、'.join(SIM_BOTS)}")


def resolve_players(rules: type[Ruleset], cfg: SimConfig) -> int:
    if cfg.players is not None:
        lo, hi = rules.min_players, rules.max_players
        if not lo <= cfg.players <= hi:
            need = f"{lo}" if lo == hi else f"{lo} 到 {hi}"
            raise SimError(f"--players 应为 {need}（{rules.title} 的人数），给出了 {cfg.players}")
        return cfg.players
    suggest = getattr(rules, "suggested_players", None)
    if callable(suggest):
        try:
            return int(suggest(rules.resolve_options(dict(cfg.options))))
        except ValueError as e:
            raise SimError(str(e)) from None
    return rules.min_players


def new_game(cfg: SimConfig, players: int, index: int) -> tuple[Game, random.Random]:
    game_seed, bot_seed = game_seeds(cfg.seed, index)
    game = Game.new(cfg.ruleset, players, seed=game_seed, options=cfg.options)
    game.bus.trace = False  # nothing reads a simulated game's delivery trace (bus.py)
    return game, random.Random(bot_seed)


def play_one(cfg: SimConfig, players: int, index: int) -> Game:
    game, rng = new_game(cfg, players, index)
    rules = get_ruleset(cfg.ruleset)
    bots = make_bots(cfg.bots, rules, list(game.public_view()["alive"]))
    # talk bots share one board: the driver opens it each day before the vote
    play(game, bots, rng, max_days=MAX_DAYS,
         talk=getattr(next(iter(bots.values()), None), "board", None))
    return game


def run_batch(cfg: SimConfig, players: int, start: int, stop: int,
              on_game: Progress | None = None) -> Tally:
    """Play games start..stop-1. A game that raises is counted as an error with
    its index (replay it with `play_one`), not allowed to sink the batch; a game
    stopped by the cap (MAX_DAYS) is counted as capped."""
    tally = Tally()
    # what is alive before the first game (modules, classes, the rulesets' tables:
    # ~37,000 objects) lives as long as the process: out of every later collection,
    # so that the cyclic collector's full passes during a batch walk only the games'
    # objects (as the web server does, web/serve_cli.py). An S15 or M47 game is freed
    # by reference counts alone (tests/unit/test_sim_gc.py); the collector still runs
    # for whatever game does leave a cycle
    gc.freeze()
    for i in range(start, stop):
        try:
            game = play_one(cfg, players, i)
            if game.finished:
                tally.add(record(game))
            else:
                tally.add_capped(i)
        except Exception as e:  # an engine bug in one game must not lose the others
            tally.add_error(i, e)
        if on_game is not None:
            on_game(1)
    tally.peak_rss_kb = _rss_kb()
    return tally


def _rss_kb() -> int:
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return rss // 1024 if sys.platform == "darwin" else rss  # macOS reports bytes


def batch_size(games: int, workers: int) -> int:
    per = math.ceil(games / max(1, workers * BATCHES_PER_WORKER))
    return max(MIN_BATCH, min(MAX_BATCH, per))


def batches(games: int, size: int) -> Iterator[tuple[int, int]]:
    for start in range(0, games, size):
        yield start, min(games, start + size)


def check(cfg: SimConfig) -> tuple[type[Ruleset], int]:
    """Validate before any worker starts; raise SimError with a clear message."""
    try:
        rules = get_ruleset(cfg.ruleset)
    except KeyError as e:
        raise SimError(str(e.args[0])) from None
    if cfg.bots not in SIM_BOTS and cfg.bots not in BOTS:
        raise SimError(f"未知的 bot“{cfg.bots}”；可用：{'、'.join(SIM_BOTS)}")
    if not 1 <= cfg.games <= MAX_GAMES:
        raise SimError(f"--games 应为 1 到 {MAX_GAMES:,} 局，给出了 {cfg.games:,}")
    most = MAX_WORKERS_PER_CORE * default_workers()
    if cfg.backend == "local" and not 1 <= cfg.workers <= most:
        raise SimError(f"--workers 应为 1 到 {most}（本机 {default_workers()} 个核心的 "
                       f"{MAX_WORKERS_PER_CORE} 倍），给出了 {cfg.workers}；不写则用全部核心")
    if cfg.workers < 1:
        raise SimError(f"--workers 至少为 1，给出了 {cfg.workers}；不写则用全部核心")
    if cfg.backend not in BACKENDS:
        raise SimError(f"未知的后端“{cfg.backend}”；可用：{'、'.join(BACKENDS)}")
    players = resolve_players(rules, cfg)
    try:
        new_game(cfg, players, 0)
    except SetupError as e:
        raise SimError(str(e)) from None
    return rules, players


def run(cfg: SimConfig, progress: Progress | None = None) -> RunResult:
    """Run a simulation on the configured backend."""
    _, players = check(cfg)
    if cfg.backend == "ray":
        from .ray_backend import run_ray

        return run_ray(cfg, players, progress)
    return run_local(cfg, players, progress)


def _start_fork_server() -> None:
    """Start the fork server with SIGINT ignored, so that every worker it forks
    ignores Ctrl-C from birth (it restores the disposition it started with).
    Otherwise a Ctrl-C landing on a worker still booting kills it and breaks the
    pool. The window with SIGINT ignored is one process spawn, a few ms."""
    if threading.current_thread() is not threading.main_thread():
        return  # signal() works only in the main thread; _worker_init still covers most
    old = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        forkserver.ensure_running()
    finally:
        signal.signal(signal.SIGINT, old)


def _worker_init() -> None:
    # Ctrl-C goes to the whole process group; only the parent should act on it,
    # so that running batches finish and their games are reported.
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def run_local(cfg: SimConfig, players: int, progress: Progress | None = None) -> RunResult:
    workers = max(1, min(cfg.workers, cfg.games))
    size = cfg.batch or batch_size(cfg.games, workers)
    tally = Tally()
    interrupted = False
    t0 = time.perf_counter()
    if workers == 1:
        try:
            for a, b in batches(cfg.games, size):
                # a batch interrupted half-way is dropped whole: totals stay whole games
                tally.merge(run_batch(cfg, players, a, b, progress))
        except KeyboardInterrupt:
            interrupted = True
        return RunResult(cfg, players, tally, time.perf_counter() - t0, interrupted, 1)
    # forkserver: forking a process that runs threads (Rich's refresh thread, the
    # executor's manager) can copy a held lock; a clean server process cannot.
    ctx = multiprocessing.get_context("forkserver")
    ctx.set_forkserver_preload(["bansha.sim.runner", "bansha.rulesets"])
    _start_fork_server()
    pool = ProcessPoolExecutor(max_workers=workers, mp_context=ctx, initializer=_worker_init)
    spans = batches(cfg.games, size)
    inflight: dict[Future[Tally], int] = {}

    def submit_next() -> None:
        span = next(spans, None)
        if span is not None:
            a, b = span
            inflight[pool.submit(run_batch, cfg, players, a, b)] = b - a

    def take(f: Future[Tally]) -> None:
        n = inflight.pop(f)
        tally.merge(f.result())
        if progress is not None:
            progress(n)

    try:
        # a few batches per worker in flight, more as they finish: a run of 10⁷
        # games must not queue 10⁴ futures up front, nor ignore Ctrl-C meanwhile
        for _ in range(workers * IN_FLIGHT_PER_WORKER):
            submit_next()
        while inflight:
            done, _ = wait(list(inflight), timeout=0.5, return_when=FIRST_COMPLETED)
            for f in done:
                take(f)
                submit_next()
    except BrokenProcessPool:
        # a worker died (killed, out of memory): report the batches that finished
        interrupted = True
    except KeyboardInterrupt:
        interrupted = True
        for f in list(inflight):
            if f.cancel():  # not started yet
                del inflight[f]
        # batches already running finish (their workers ignore SIGINT): count them
        wait(list(inflight))
        for f in list(inflight):
            if f.exception() is None:
                take(f)
    finally:
        pool.shutdown(wait=True, cancel_futures=True)
    return RunResult(cfg, players, tally, time.perf_counter() - t0, interrupted, workers)


def default_workers() -> int:
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1

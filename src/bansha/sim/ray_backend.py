"""Ray backend (`--backend ray`, extra `bansha[ray]`): the same batches as the
local backend, as Ray tasks.

Following Ray's guidance: one task per batch (tiny tasks drown in scheduling
overhead), every task submitted up front, progress from ``ray.wait`` (which
only reports readiness, fetching nothing), and the results fetched with a
single ``ray.get`` on the whole list — never ``ray.get`` in a loop, which would
serialise the run. At most a few tasks per CPU are pending at once (Ray's
pattern for limiting pending tasks), so 10⁷ games do not flood the scheduler.
Connects to ``RAY_ADDRESS`` when set (a cluster), otherwise
starts a local Ray with `workers` CPUs and shuts it down afterwards.
"""

from __future__ import annotations

import logging
import os
import time
from typing import Any

from .runner import Progress, RunResult, SimConfig, SimError, batch_size, batches, run_batch
from .stats import Tally

IN_FLIGHT_PER_CPU = 4


def ray_available() -> bool:
    try:
        import ray  # noqa: F401
    except ImportError:
        return False
    return True


def run_ray(cfg: SimConfig, players: int, progress: Progress | None = None) -> RunResult:
    try:
        import ray
    except ImportError:
        raise SimError("Ray 后端需要安装 ray：pip install 'bansha[ray]'") from None
    started = False
    if not ray.is_initialized():
        address = os.environ.get("RAY_ADDRESS")
        kwargs: dict[str, Any] = {"include_dashboard": False, "log_to_driver": False,
                                  "logging_level": logging.ERROR}
        if address:
            ray.init(address=address, **kwargs)
        else:
            ray.init(num_cpus=cfg.workers, **kwargs)
        started = True
    try:
        return _run(ray, cfg, players, progress)
    finally:
        if started:
            ray.shutdown()


def _run(ray: Any, cfg: SimConfig, players: int, progress: Progress | None) -> RunResult:
    cpus = max(1, int(ray.cluster_resources().get("CPU", cfg.workers)))
    size = cfg.batch or batch_size(cfg.games, cpus)
    task = ray.remote(num_cpus=1, max_retries=1)(run_batch)
    cfg_ref = ray.put(cfg)  # one copy in the object store, not one per task
    spans = batches(cfg.games, size)
    t0 = time.perf_counter()
    sizes: dict[Any, int] = {}
    refs: list[Any] = []  # every task, in submission order, for the one ray.get
    pending: list[Any] = []

    def submit_next() -> None:
        span = next(spans, None)
        if span is not None:
            a, b = span
            ref = task.remote(cfg_ref, players, a, b)
            sizes[ref] = b - a
            refs.append(ref)
            pending.append(ref)

    # Ray's "limit pending tasks" pattern: a few tasks per CPU in flight, a new one
    # whenever ray.wait reports one ready; huge runs never flood the scheduler
    for _ in range(cpus * IN_FLIGHT_PER_CPU):
        submit_next()
    interrupted = False
    try:
        while pending:
            ready, rest = ray.wait(pending, num_returns=len(pending), timeout=0.5,
                                   fetch_local=False)
            pending[:] = rest
            for r in ready:
                if progress is not None:
                    progress(sizes[r])
                submit_next()
        results: list[Tally] = ray.get(refs)
    except KeyboardInterrupt:
        interrupted = True
        for r in pending:
            ray.cancel(r, force=True)
        unfinished = set(pending)
        done = [r for r in refs if r not in unfinished]
        results = ray.get(done) if done else []
    tally = Tally()
    for t in results:
        tally.merge(t)
    return RunResult(cfg, players, tally, time.perf_counter() - t0, interrupted, cpus)

"""The Ray backend on a local Ray started here: same totals as the local backend."""

from __future__ import annotations

import importlib
import os
from collections.abc import Iterator

import pytest

from bansha.sim.runner import SimConfig, run

# CI installs the extra and sets BANSHA_REQUIRE_RAY=1 (.ci/run): there a missing ray
# is a failure, not a skip
if os.environ.get("BANSHA_REQUIRE_RAY"):
    ray = importlib.import_module("ray")
else:
    ray = pytest.importorskip("ray", reason="ray is not installed (pip install 'bansha[ray]')")


@pytest.fixture(scope="module")
def local_ray() -> Iterator[None]:
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        yield
    finally:
        ray.shutdown()


@pytest.mark.usefixtures("local_ray")
def test_ray_gives_the_local_totals() -> None:
    cfg = SimConfig("m47-yeliang", 200, bots="random", seed=11, workers=2, batch=25)
    on_ray = run(SimConfig(**{**cfg.__dict__, "backend": "ray"}))
    local = run(cfg)
    assert on_ray.tally.games == 200 and not on_ray.interrupted
    assert on_ray.tally.totals() == local.tally.totals()
    assert on_ray.tally.peak_rss_kb > 0


@pytest.mark.usefixtures("local_ray")
def test_ray_progress_counts_every_game() -> None:
    seen: list[int] = []
    result = run(SimConfig("classic", 300, bots="uniform", seed=2, workers=2, batch=40,
                           backend="ray"), seen.append)
    assert sum(seen) == 300 == result.tally.games
    assert max(seen) <= 40

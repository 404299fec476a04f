"""Runner: seeds, batches, workers, Wilson intervals, error accounting."""

from __future__ import annotations

import numpy as np
import pytest

from bansha.sim.runner import (
    SimConfig,
    SimError,
    batch_size,
    batches,
    check,
    game_seeds,
    run,
    run_batch,
)
from bansha.sim.stats import Tally, wilson


def test_game_seeds_are_the_spawned_children() -> None:
    kids = np.random.SeedSequence(99).spawn(5)
    for i, kid in enumerate(kids):
        w = kid.generate_state(4, np.uint32)
        assert game_seeds(99, i) == ((int(w[0]) << 32) | int(w[1]), (int(w[2]) << 32) | int(w[3]))
    assert game_seeds(99, 0) != game_seeds(100, 0)


def test_batches_cover_every_game_once() -> None:
    spans = list(batches(1001, 100))
    assert spans[0] == (0, 100) and spans[-1] == (1000, 1001)
    assert sum(b - a for a, b in spans) == 1001
    assert 20 <= batch_size(100_000, 2) <= 2000
    assert batch_size(10, 8) == 20


@pytest.mark.parametrize(("ruleset", "bots", "games"), [
    ("m47-yeliang", "random", 240),
    ("m47-yeliang", "heuristic", 120),
    ("classic", "uniform", 600),
])
def test_same_seed_same_totals_for_any_worker_count(ruleset: str, bots: str, games: int) -> None:
    one = run(SimConfig(ruleset, games, bots=bots, seed=7, workers=1))
    two = run(SimConfig(ruleset, games, bots=bots, seed=7, workers=2, batch=23))
    assert one.tally.games == games
    assert one.tally.totals() == two.tally.totals()
    other = run(SimConfig(ruleset, games, bots=bots, seed=8, workers=1))
    assert other.tally.totals() != one.tally.totals()


def test_tallies_merge_in_any_order() -> None:
    cfg = SimConfig("classic", 90, bots="uniform", seed=3)
    parts = [run_batch(cfg, 15, a, b) for a, b in batches(90, 20)]
    forward, backward = Tally(), Tally()
    for p in parts:
        forward.merge(p)
    for p in reversed(parts):
        backward.merge(p)
    assert forward.totals() == backward.totals() == run_batch(cfg, 15, 0, 90).totals()


def test_wilson_known_values() -> None:
    # textbook values (also statsmodels proportion_confint(..., method="wilson"));
    # 81/263 worked by hand: centre 0.310749, half-width 0.055461
    lo, hi = wilson(5, 10)
    assert lo == pytest.approx(0.236593, abs=1e-6) and hi == pytest.approx(0.763407, abs=1e-6)
    lo, hi = wilson(0, 10)
    assert lo == 0.0 and hi == pytest.approx(0.277533, abs=1e-6)
    lo, hi = wilson(10, 10)
    assert lo == pytest.approx(0.722467, abs=1e-6) and hi == 1.0
    lo, hi = wilson(81, 263)
    assert lo == pytest.approx(0.255289, abs=1e-6) and hi == pytest.approx(0.366210, abs=1e-6)
    assert wilson(0, 0) == (0.0, 1.0)
    with pytest.raises(ValueError):
        wilson(11, 10)


def test_errors_are_counted_not_fatal() -> None:
    t = Tally()
    t.add_error(5, RuntimeError("boom"))
    t.add_error(2, RuntimeError("bang"))
    assert t.games == 2 and t.finished == 0 and t.errors["RuntimeError"] == 2
    assert [i for i, _ in t.error_examples] == [2, 5]


@pytest.mark.parametrize(("cfg", "message"), [
    (SimConfig("nope", 10), "未知的规则"),
    (SimConfig("classic", 10, bots="genius"), "未知的 bot"),
    (SimConfig("classic", 0), "--games 应为 1 到"),
    (SimConfig("classic", 10, workers=0), "--workers 应为 1 到"),
    (SimConfig("classic", 10, players=0), "--players 应为 3 到"),
    (SimConfig("m47-yeliang", 10, players=9), "--players 应为 14"),
    (SimConfig("classic", 10, players=6, options={"wolves": 3}), "须多于狼人"),
    (SimConfig("classic", 10, options={"wolves": 3, "villagers": 3}), "须多于狼人"),
    (SimConfig("classic", 10, options={"colour": "red"}), "未知的选项"),
])
def test_bad_configs_are_refused_with_a_reason(cfg: SimConfig, message: str) -> None:
    with pytest.raises(SimError, match=message):
        check(cfg)

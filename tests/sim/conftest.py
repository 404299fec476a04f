"""Simulator tests. Tests marked `slow` (the 100,000-game validation) run in CI
(CI=true, as .ci/run is invoked) and when asked for: `pytest -m slow tests/sim` or
BANSHA_SLOW=1; a local `make test` skips them to stay quick."""

from __future__ import annotations

import os

import pytest


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "slow: long Monte Carlo runs (opt in with -m slow)")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    wanted = (
        "slow" in (config.getoption("-m") or "")
        or os.environ.get("BANSHA_SLOW") == "1"
        or os.environ.get("CI", "").lower() == "true"
    )
    if wanted:
        return
    skip = pytest.mark.skip(reason="100,000-game runs: CI runs them; or -m slow / BANSHA_SLOW=1")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)

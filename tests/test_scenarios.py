"""Every scenario file under tests/scenarios/ runs through the scenario runner and must
hold: each `expect` entry (and each `expect: rejected` action) passes, and no action is
refused unexpectedly (the runner reports that as a warning)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bansha.scenario.loader import load
from bansha.scenario.runner import run

ROOT = Path(__file__).parent / "scenarios"
FILES = sorted(ROOT.glob("**/*.yaml"))


def test_there_are_scenarios() -> None:
    assert FILES, f"no scenario files under {ROOT}"


@pytest.mark.parametrize("path", FILES, ids=[str(p.relative_to(ROOT)) for p in FILES])
def test_scenario(path: Path) -> None:
    result = run(load(path))
    problems = [f"✗ {c.where}: {c.message}" for c in result.checks if not c.ok]
    problems += [f"注意（意外的拒绝）{w}" for w in result.warnings]
    if problems:
        game = result.game
        head = (f"{path.relative_to(ROOT)}: stopped at {game.phase.label}, "
                f"winner {game.winner}, sheriff {game.sheriff}")
        outs = "; ".join(f"{p.at}: {'、'.join(f'{n}({c})' for n, c in p.outs)}"
                         for p in game.phases if p.outs)
        pytest.fail("\n".join([head, f"outs — {outs or 'none'}", *problems]), pytrace=False)

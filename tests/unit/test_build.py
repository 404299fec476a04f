"""bansha.compiled() tells the optional mypyc build (`make fast`) from the pure one.

BANSHA_EXPECT_COMPILED=1 (or 0) makes the suite insist on one build, so a run meant
for the compiled install cannot pass by quietly importing the sources in src/."""

from __future__ import annotations

import importlib
import importlib.machinery
import os
from pathlib import Path

import pytest

import bansha
from bansha.engine import game

# the modules setup.py compiles (packages: every module in them)
COMPILED_PACKAGES = ("bansha.engine", "bansha.rulesets")
COMPILED_MODULES = ("bansha.sim.driver", "bansha.sim.bots", "bansha.sim.heuristic")
SRC = Path(__file__).resolve().parents[2] / "src"


def _is_extension(module_name: str) -> bool:
    mod = importlib.import_module(module_name)
    return (mod.__file__ or "").endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))


def _compiled_module_names() -> list[str]:
    import pkgutil

    names = list(COMPILED_MODULES)
    for pkg_name in COMPILED_PACKAGES:
        pkg = importlib.import_module(pkg_name)
        names.append(pkg_name)
        names += [m.name for m in pkgutil.walk_packages(pkg.__path__, pkg_name + ".")]
    return names


def test_compiled_says_where_the_engine_came_from() -> None:
    assert isinstance(bansha.compiled(), bool)
    assert bansha.compiled() == _is_extension("bansha.engine.game")
    assert bansha.compiled() == (not (game.__file__ or "").endswith(".py"))


def test_a_build_is_all_compiled_or_all_pure() -> None:
    names = _compiled_module_names()
    assert len(names) > 30
    mixed = {n: _is_extension(n) for n in names}
    assert set(mixed.values()) == {bansha.compiled()}, mixed


@pytest.mark.skipif("BANSHA_EXPECT_COMPILED" not in os.environ,
                    reason="set BANSHA_EXPECT_COMPILED=1 (or 0) to insist on one build")
def test_the_expected_build_is_the_one_imported() -> None:
    want = os.environ["BANSHA_EXPECT_COMPILED"] == "1"
    assert bansha.compiled() == want, game.__file__
    if want:
        # installed, not built in place: no extension module may sit in src/
        assert not Path(game.__file__ or "").resolve().is_relative_to(SRC), game.__file__
        assert not list(SRC.rglob("*.so")), "compiled modules in src/ would shadow the .py"

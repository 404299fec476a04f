"""Build hook for the OPTIONAL compiled build; pyproject.toml holds all the metadata.

By default (`make setup`: `pip install -e '.[dev]'`) this adds nothing: bansha is
pure Python. With BANSHA_MYPYC=1 (`make fast`) the simulator's hot path (engine,
rulesets, the bot driver and bots) is compiled with mypyc: the same source, about
1.7x the games per second, same seeds giving the same games. It needs mypy and a
C compiler in the building environment (`pip install --no-build-isolation`).

What keeps the source compilable (a pure build does not care):
- no subclasses of RuntimeError (mypyc cannot compile them): derive from Exception;
- no class decorators on Ruleset subclasses (register(Cls) after the class) and no
  Generic dataclasses: they would not be native classes;
- a dataclass that defines __lt__ must spell out __eq__/__hash__ (engine/phase.py);
- annotations are checked at run time when compiled: a list where a tuple is
  annotated raises TypeError there, so annotate what is really passed;
- compiled classes cannot be subclassed or have their methods replaced from
  uncompiled code, except Ruleset (allow_interpreted_subclasses).
"""

from __future__ import annotations

import os

from setuptools import setup

# Paths relative to this file; mypyc names the modules from the src/ layout.
COMPILED = [
    "src/bansha/engine",
    "src/bansha/rulesets",
    "src/bansha/sim/driver.py",
    "src/bansha/sim/bots.py",
    "src/bansha/sim/heuristic.py",
]

if os.environ.get("BANSHA_MYPYC") == "1":
    from mypyc.build import mypycify

    setup(ext_modules=mypycify(COMPILED, opt_level="3", group_name="bansha"))
else:
    setup()

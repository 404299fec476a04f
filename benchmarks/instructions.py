"""Instructions per game, counted by valgrind (callgrind): a repeatable measure.

    .venv/bin/python benchmarks/instructions.py                       # M47, random bots, 100 games
    .venv/bin/python benchmarks/instructions.py --ruleset s15-official --games 30
    .venv-fast/bin/python benchmarks/instructions.py                  # the compiled build

Wall-clock games/s on a shared VM moves by ±25% from one minute to the next, which
hides a 5% change. The number of instructions the CPU executes for the same games
does not move: this script counts them for N games and for 0 games (imports and
setup) and reports the difference per game. PYTHONHASHSEED is fixed because string
hashing changes dict layouts and so the count. Needs valgrind (Debian: valgrind).
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys

PLAY = """
import sys
from bansha.sim.runner import SimConfig, check, run_batch
cfg = SimConfig(sys.argv[1], 1, bots=sys.argv[2], seed=1)
_, players = check(cfg)
run_batch(cfg, players, 0, int(sys.argv[3]))
"""


# PYTHONDONTWRITEBYTECODE (set on some machines) would leave no bytecode cache: every
# run would compile the modules it imports, and a module first imported during the
# games (not in the 0-game run) would count its compilation as the games' work
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def count(ruleset: str, bots: str, games: int) -> int:
    env = {**ENV, "PYTHONHASHSEED": "0"}
    cmd = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
           sys.executable, "-c", PLAY, ruleset, bots, str(games)]
    out = subprocess.run(cmd, env=env, capture_output=True, text=True, check=True).stderr
    m = re.search(r"refs:\s*([\d,]+)", out)
    if m is None:
        raise SystemExit(f"valgrind gave no instruction count:\n{out[-2000:]}")
    return int(m.group(1).replace(",", ""))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--ruleset", default="m47-yeliang")
    ap.add_argument("--bots", default="random")
    ap.add_argument("--games", type=int, default=100)
    a = ap.parse_args(argv)
    if shutil.which("valgrind") is None:
        print("需要 valgrind（apt install valgrind）", file=sys.stderr)
        return 2
    # a first run writes the bytecode caches, which must not count as games
    subprocess.run([sys.executable, "-c", PLAY, a.ruleset, a.bots, "1"], env=ENV, check=True)
    base = count(a.ruleset, a.bots, 0)
    total = count(a.ruleset, a.bots, a.games)
    from bansha import compiled

    build = "compiled" if compiled() else "pure"
    print(f"{a.ruleset} / {a.bots} ({build} build): "
          f"{(total - base) / a.games / 1e6:.3f} M instructions per game "
          f"(over {a.games} games)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

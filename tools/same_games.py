"""Dump every scenario's result document and fixed-seed simulation totals, so two
source trees can be compared for identical behaviour.

    PYTHONPATH=<tree>/src .venv/bin/python tools/same_games.py --out a.json
    PYTHONPATH=<other>/src .venv/bin/python tools/same_games.py --out b.json
    diff a.json b.json   # (or --compare a.json b.json)

Run both with the same interpreter; PYTHONPATH picks the tree whose `bansha` is imported.
Timing fields of the simulation document are dropped (they differ run to run).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

TIMING = {"elapsed_s", "games_per_s", "peak_worker_rss_mb", "workers"}


def _strip(doc: Any) -> Any:
    if isinstance(doc, dict):
        return {k: _strip(v) for k, v in doc.items() if k not in TIMING}
    if isinstance(doc, list):
        return [_strip(v) for v in doc]
    return doc


def scenarios(root: Path) -> dict[str, Any]:
    from bansha.scenario.loader import ScenarioError, load
    from bansha.scenario.runner import run

    out: dict[str, Any] = {}
    for f in sorted(root.glob("**/*.yaml")):
        try:
            out[str(f.relative_to(root))] = run(load(str(f))).document()
        except ScenarioError as e:
            out[str(f.relative_to(root))] = {"invalid": str(e)}
    return out


def simulations(games: int, seed: int) -> dict[str, Any]:
    from bansha.sim.report import document
    from bansha.sim.runner import SimConfig, run

    out: dict[str, Any] = {}
    for rid in ("m47-yeliang", "s15-official", "classic"):
        for bots in ("random", "heuristic"):
            cfg = SimConfig(ruleset=rid, games=games, bots=bots, players=None, options={},
                            seed=seed, workers=1, batch=None, backend="local")
            out[f"{rid}/{bots}"] = _strip(document(run(cfg, lambda k: None)))
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--out")
    ap.add_argument("--compare", nargs=2)
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--seed", type=int, default=3)
    ap.add_argument("--scenarios", default="tests/scenarios")
    a = ap.parse_args()
    if a.compare:
        x, y = (json.loads(Path(p).read_text()) for p in a.compare)
        bad = [k for k in sorted(set(x) | set(y)) if x.get(k) != y.get(k)]
        for part in ("scenarios", "simulate"):
            keys = sorted(set(x[part]) | set(y[part]))
            diff = [k for k in keys if x[part].get(k) != y[part].get(k)]
            print(f"{part}: {len(keys)} compared, {len(diff)} differ", *diff, sep="\n  ")
        sys.exit(1 if bad else 0)
    doc = {"scenarios": scenarios(Path(a.scenarios)), "simulate": simulations(a.games, a.seed)}
    Path(a.out).write_text(json.dumps(doc, ensure_ascii=False, indent=1, sort_keys=True))
    print(f"{len(doc['scenarios'])} scenarios, {len(doc['simulate'])} simulations -> {a.out}")


if __name__ == "__main__":
    main()

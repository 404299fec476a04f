"""The platform under load: games played through the HTTP API on loopback by
simulated players, against a real `bansha serve` subprocess.

    .venv/bin/python benchmarks/bench_serve.py                       # SQLite and PostgreSQL
    .venv/bin/python benchmarks/bench_serve.py --backends sqlite --games 14 --seconds 30

Each game is an M47 game (14 seats, so 14 games = 196 players); every player polls
its legal actions and submits one of them (a vote, a skill, a 改票) with a
command_id and the revision it saw; each game's director closes the window every
`--window` seconds. Reported per backend: accepted submissions, p50/p99 latency
of accepted submissions, refused ones (the engine's or the closed-window check),
errors (non-200 answers or failed requests) and lost inputs (accepted but absent
from the stored log afterwards). The client runs on the same machine as the
server, so its own CPU use is part of the latency measured.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.web import postgres  # noqa: E402
from tests.web.client import PASSWORD  # noqa: E402
from tests.web.server_process import ServerProcess, free_port  # noqa: E402

NAMES = list("甲乙丙丁戊己庚辛壬癸子丑寅卯")


async def player(c: httpx.AsyncClient, gid: str, seat: str, token: str, stop: float,
                 stats: dict[str, Any]) -> None:
    rng = random.Random(f"{gid}{seat}")
    h = {"Authorization": f"Bearer {token}"}
    n = 0
    while time.monotonic() < stop:
        await asyncio.sleep(rng.uniform(0.2, 0.6))  # a person (or bot) between clicks
        try:
            stats["requests"] += 1
            r = await c.get(f"/api/games/{gid}/legal", headers=h)
            if r.status_code != 200:
                stats["errors"] += 1
                continue
            legal = r.json()
            if not legal["legal"]:
                continue
            la = rng.choice(legal["legal"])
            n += 1
            body: dict[str, Any] = {"skill": la["skill"], "command_id": f"{seat}-{n}",
                                    "revision": legal["revision"]}
            if la["targets"] and la["n_targets"] == 1:
                body["target"] = rng.choice(la["targets"])
            elif la["n_targets"] > 1:
                body["targets"] = rng.sample(la["targets"], la["n_targets"])
            if la["choices"]:
                body["choice"] = rng.choice(la["choices"])
            if la["needs_text"]:
                body["text"] = "发言"
            t0 = time.perf_counter()
            stats["requests"] += 1
            r = await c.post(f"/api/games/{gid}/actions", headers=h, json=body)
            dt = time.perf_counter() - t0
        except httpx.HTTPError:
            stats["errors"] += 1
            continue
        if r.status_code != 200:
            stats["errors"] += 1
        elif r.json().get("accepted"):
            stats["latency"].append(dt)
            stats["accepted"].append((gid, body["command_id"]))
        else:
            stats["refused"] += 1


async def director(c: httpx.AsyncClient, gid: str, h: dict[str, str], window: float,
                   stop: float, stats: dict[str, Any]) -> None:
    while time.monotonic() < stop:
        await asyncio.sleep(window)
        r = await c.post(f"/api/games/{gid}/advance", headers=h)
        if r.status_code != 200:
            stats["errors"] += 1
        elif not r.json().get("accepted"):  # finished: start another game in its place
            return
        stats["advances"] += 1


async def run(base: str, games: int, seconds: float, window: float) -> dict[str, Any]:
    stats: dict[str, Any] = {"latency": [], "accepted": [], "refused": 0, "errors": 0,
                             "advances": 0, "requests": 0}
    limits = httpx.Limits(max_connections=300, max_keepalive_connections=300)
    async with httpx.AsyncClient(base_url=base, timeout=30, limits=limits) as c:
        r = await c.post("/api/login", json={"password": PASSWORD})
        h = {"Authorization": f"Bearer {r.json()['token']}"}
        tokens = []
        for g in range(games):
            r = await c.post("/api/games", headers=h,
                             json={"ruleset": "m47-yeliang", "players": NAMES, "seed": g})
            tokens.append((r.json()["id"], {s["name"]: s["token"] for s in r.json()["seats"]}))
        stop = time.monotonic() + seconds
        tasks = [director(c, gid, h, window, stop, stats) for gid, _ in tokens]
        tasks += [player(c, gid, seat, tok, stop, stats) for gid, seats in tokens
                  for seat, tok in seats.items()]
        await asyncio.gather(*tasks)
        lost = 0
        for gid, _ in tokens:
            doc = (await c.get(f"/api/games/{gid}/director", headers=h)).json()
            logged = {i["command_id"] for i in doc["inputs"]}
            lost += sum(1 for g, cid in stats["accepted"] if g == gid and cid not in logged)
        stats["lost"] = lost
        stats["players"] = sum(len(s) for _, s in tokens)
    return stats


def report(name: str, s: dict[str, Any], seconds: float) -> None:
    lat = sorted(s["latency"])
    if lat:
        p50 = statistics.median(lat) * 1000
        p99 = lat[min(len(lat) - 1, int(0.99 * len(lat)))] * 1000
    else:
        p50 = p99 = float("nan")
    print(f"{name:<11} players={s['players']} accepted={len(lat)} "
          f"({len(lat) / seconds:.0f}/s) p50={p50:.1f}ms p99={p99:.1f}ms "
          f"refused={s['refused']} advances={s['advances']} errors={s['errors']} "
          f"lost={s['lost']} server_cpu={s['cpu']:.1f}s "
          f"({1000 * s['cpu'] / max(1, s['requests']):.2f}ms per request, "
          f"{s['requests']} requests)")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--backends", default="sqlite,postgresql")
    ap.add_argument("--games", type=int, default=14)
    ap.add_argument("--seconds", type=float, default=30)
    ap.add_argument("--window", type=float, default=3.0, help="seconds between advances")
    args = ap.parse_args()
    for backend in args.backends.split(","):
        with tempfile.TemporaryDirectory() as tmp:
            if backend == "sqlite":
                url = str(Path(tmp) / "bench.db")
                stats = _bench(url, Path(tmp), args)
            else:
                why = postgres.unavailable()
                if why:
                    print(f"postgresql  跳过：{why}")
                    continue
                with postgres.postgres_cluster(fsync=True) as base:
                    url = postgres.fresh_database(base, "bench")
                    stats = _bench(url, Path(tmp), args)
            report(backend, stats, args.seconds)


def _bench(url: str, tmp: Path, args: argparse.Namespace) -> dict[str, Any]:
    srv = ServerProcess(url, free_port(), tmp / "serve.log")
    srv.start()
    try:
        assert srv.proc is not None
        cpu0 = _cpu_seconds(srv.proc.pid)
        stats = asyncio.run(run(srv.base, args.games, args.seconds, args.window))
        # the server's own CPU per request: on a machine shared with other work (and
        # with this client) latency swings with the load; CPU per request much less
        stats["cpu"] = _cpu_seconds(srv.proc.pid) - cpu0
        return stats
    finally:
        srv.stop()


def _cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


if __name__ == "__main__":
    main()

"""The platform under load: games played through the HTTP API on loopback by
simulated players, against a real `bansha serve` subprocess.

    .venv/bin/python benchmarks/bench_serve.py                       # SQLite and PostgreSQL
    .venv/bin/python benchmarks/bench_serve.py --backends sqlite --games 14 --seconds 30
    .venv/bin/python benchmarks/bench_serve.py --clients 2           # the load from 2 processes
    .venv/bin/python benchmarks/bench_serve.py --sse                 # every page's stream open

Each game is an M47 game (14 seats, so 14 games = 196 players); every player polls
its legal actions and submits one of them (a vote, a skill, a 改票) with a
command_id and the revision it saw; each game's director closes the window every
`--window` seconds. Reported per backend: accepted submissions, p50/p99 latency
of accepted submissions (as the client sees it, and the server's own part: the
`Server-Timing` header, from the request reaching the application to its answer),
refused ones (the engine's or the closed-window check), errors (non-200 answers or
failed requests) and lost inputs (accepted but absent from the stored log
afterwards), and the CPU the server and the load client used.

The client runs on the same 2 cores as the server: its CPU (`client_cpu`) is time
the server could not have, and a client process whose event loop is busy adds its
own wait to every latency it measures. `--clients N` spreads the same players over
N processes (the same request rate), which shows how much of the latency is the
client's own queue.
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import json
import multiprocessing
import os
import random
import resource
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
from tests.web.server_process import ports, running  # noqa: E402

NAMES = list("甲乙丙丁戊己庚辛壬癸子丑寅卯")


class Answer:
    """A response, as both clients give it."""

    def __init__(self, status: int, headers: dict[str, str], body: bytes) -> None:
        self.status_code, self.headers, self.body = status, headers, body

    def json(self) -> Any:
        return json.loads(self.body)


class RawConnection:
    """A lean HTTP/1.1 keep-alive client, one connection per simulated player: a few
    microseconds of CPU per request, so the latency it measures is the server's
    (httpx's shared pool spends milliseconds per request scanning its connections,
    and that queue on the client's own event loop was most of the latency measured
    before). Errors surface as httpx.HTTPError, as with httpx."""

    def __init__(self, host: str, port: int) -> None:
        self.host, self.port = host, port
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def request(self, method: str, path: str, headers: dict[str, str],
                      body: Any = None) -> Answer:
        data = b"" if body is None else json.dumps(body, ensure_ascii=False).encode()
        head = [f"{method} {path} HTTP/1.1", f"Host: {self.host}:{self.port}",
                f"Content-Length: {len(data)}"]
        if body is not None:
            head.append("Content-Type: application/json")
        head += [f"{k}: {v}" for k, v in headers.items()]
        raw = ("\r\n".join(head) + "\r\n\r\n").encode() + data
        for attempt in (1, 2):  # a keep-alive connection the server closed: once more
            try:
                if self.writer is None:
                    self.reader, self.writer = await asyncio.open_connection(self.host,
                                                                             self.port)
                assert self.reader is not None
                self.writer.write(raw)
                status_line = await self.reader.readuntil(b"\r\n")
                hdr = await self.reader.readuntil(b"\r\n\r\n")
                hs = {}
                for line in hdr.decode("latin-1").split("\r\n"):
                    k, _, v = line.partition(":")
                    if k:
                        hs[k.strip().lower()] = v.strip()
                content = await self.reader.readexactly(int(hs.get("content-length", "0")))
                return Answer(int(status_line.split()[1]), hs, content)
            except (OSError, asyncio.IncompleteReadError, ValueError, IndexError) as e:
                await self.close()
                if attempt == 2:
                    raise httpx.TransportError(str(e)) from e
        raise AssertionError("unreachable")

    async def get(self, path: str, headers: dict[str, str]) -> Answer:
        return await self.request("GET", path, headers)

    async def post(self, path: str, headers: dict[str, str], json: Any = None) -> Answer:
        return await self.request("POST", path, headers, json)

    async def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None


def _timings(r: Any) -> dict[str, float]:
    """The server's own time for a request and its parts (`Server-Timing: app;dur=…,
    queue;dur=…, lock;dur=…`: bansha/web/timing.py), in ms."""
    out: dict[str, float] = {}
    for part in r.headers.get("server-timing", "").split(","):
        name, _, rest = part.strip().partition(";")
        if rest.startswith("dur="):
            try:
                out[name] = float(rest[4:])
            except ValueError:
                pass
    return out


def _server_ms(r: Any) -> float | None:
    """The server's own time for a request (`Server-Timing: app;dur=…`), if it says."""
    return _timings(r).get("app")


async def player(c: Any, gid: str, seat: str, token: str, stop: float,
                 stats: dict[str, Any]) -> None:
    rng = random.Random(f"{gid}{seat}")
    h = {"Authorization": f"Bearer {token}"}
    n = 0
    while time.time() < stop:
        await asyncio.sleep(rng.uniform(0.2, 0.6))  # a person (or bot) between clicks
        try:
            stats["requests"] += 1
            r = await c.get(f"/api/games/{gid}/legal", headers=h)
            if r.status_code != 200:
                stats["errors"] += 1
                stats["error_kinds"].append(f"legal {r.status_code} {r.body[:200]!r}")
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
        except httpx.HTTPError as e:
            stats["errors"] += 1
            stats["error_kinds"].append(f"request {e}")
            continue
        if r.status_code != 200:
            stats["errors"] += 1
            stats["error_kinds"].append(f"actions {r.status_code} {r.body[:200]!r}")
        elif r.json().get("accepted"):
            stats["latency"].append(dt)
            parts = _timings(r)
            if "app" in parts:
                stats["server_ms"].append(parts["app"])
                stats["parts"].append(parts)
            stats["accepted"].append((gid, body["command_id"]))
        else:
            stats["refused"] += 1


async def listener(host: str, port: int, gid: str, token: str, stop: float,
                   stats: dict[str, Any]) -> None:
    """A player's page open: the game's event stream, read until the run ends."""
    try:
        reader, writer = await asyncio.open_connection(host, port)
    except OSError:
        stats["errors"] += 1
        return
    writer.write((f"GET /api/games/{gid}/events HTTP/1.1\r\nHost: {host}:{port}\r\n"
                  f"Authorization: Bearer {token}\r\n\r\n").encode())
    try:
        while True:
            left = stop - time.time()
            if left <= 0:
                break
            try:
                line = await asyncio.wait_for(reader.readline(), left)
            except TimeoutError:
                break
            if not line:
                stats["errors"] += 1  # the server closed a stream it should keep open
                break
            if line.startswith(b"event: revision"):
                stats["sse"] += 1
    finally:
        writer.close()


async def director(c: Any, gid: str, h: dict[str, str], window: float,
                   stop: float, stats: dict[str, Any]) -> None:
    while time.time() < stop:
        await asyncio.sleep(window)
        try:
            r = await c.post(f"/api/games/{gid}/advance", headers=h)
        except httpx.HTTPError as e:
            stats["errors"] += 1
            stats["error_kinds"].append(f"advance {e}")
            continue
        if r.status_code != 200:
            stats["errors"] += 1
            stats["error_kinds"].append(f"advance {r.status_code} {r.body[:200]!r}")
        elif not r.json().get("accepted"):  # finished
            return
        stats["advances"] += 1
        stats["advance_parts"].append(_timings(r))


def new_stats() -> dict[str, Any]:
    return {"latency": [], "server_ms": [], "parts": [], "advance_parts": [], "accepted": [],
            "error_kinds": [],
            "refused": 0, "errors": 0,
            "advances": 0, "requests": 0, "sse": 0}


async def load(base: str, games: list[tuple[str, dict[str, str]]], director_token: str,
               window: float, stop: float, http: str, sse: bool) -> dict[str, Any]:
    stats = new_stats()
    h = {"Authorization": f"Bearer {director_token}"}
    if http == "httpx":  # the first client: one httpx pool shared by every player
        limits = httpx.Limits(max_connections=300, max_keepalive_connections=300)
        async with httpx.AsyncClient(base_url=base, timeout=30, limits=limits) as c:
            tasks = [director(c, gid, h, window, stop, stats) for gid, _ in games]
            tasks += [player(c, gid, seat, tok, stop, stats) for gid, seats in games
                      for seat, tok in seats.items()]
            await asyncio.gather(*tasks)
        return stats
    host, port = base.removeprefix("http://").split(":")
    conns: list[RawConnection] = []

    def conn() -> RawConnection:
        conns.append(RawConnection(host, int(port)))
        return conns[-1]

    tasks = [director(conn(), gid, h, window, stop, stats) for gid, _ in games]
    tasks += [player(conn(), gid, seat, tok, stop, stats) for gid, seats in games
              for seat, tok in seats.items()]
    if sse:
        tasks += [listener(host, int(port), gid, tok, stop, stats) for gid, seats in games
                  for tok in seats.values()]
    await asyncio.gather(*tasks)
    for c in conns:
        await c.close()
    return stats


def client_process(base: str, games: list[tuple[str, dict[str, str]]], director_token: str,
                   window: float, stop: float, http: str, sse: bool) -> dict[str, Any]:
    """One load process: its games' players and directors on one event loop."""
    ru0 = resource.getrusage(resource.RUSAGE_SELF)
    stats = asyncio.run(load(base, games, director_token, window, stop, http, sse))
    ru1 = resource.getrusage(resource.RUSAGE_SELF)
    stats["client_cpu"] = (ru1.ru_utime - ru0.ru_utime) + (ru1.ru_stime - ru0.ru_stime)
    return stats


def run(base: str, games: int, seconds: float, window: float, clients: int,
        http: str, sse: bool) -> dict[str, Any]:
    with httpx.Client(base_url=base, timeout=30) as c:
        r = c.post("/api/login", json={"password": PASSWORD})
        token = r.json()["token"]
        h = {"Authorization": f"Bearer {token}"}
        made = []
        for g in range(games):
            r = c.post("/api/games", headers=h,
                       json={"ruleset": "m47-yeliang", "players": NAMES, "seed": g})
            assert r.status_code == 200, r.text
            made.append((r.json()["id"], {s["name"]: s["token"] for s in r.json()["seats"]}))
        stop = time.time() + seconds
        shares = [made[i::clients] for i in range(clients)]
        if clients == 1:
            parts = [client_process(base, made, token, window, stop, http, sse)]
        else:
            ctx = multiprocessing.get_context("spawn")
            with ctx.Pool(clients) as pool:
                # the processes start while the clock runs: give them a second
                stop += 1.0
                parts = pool.starmap(client_process,
                                     [(base, s, token, window, stop, http, sse)
                                      for s in shares])
        stats = new_stats()
        stats["client_cpu"] = 0.0
        for p in parts:
            for k in ("latency", "server_ms", "parts", "advance_parts", "accepted",
                      "error_kinds"):
                stats[k] += p[k]
            for k in ("refused", "errors", "advances", "requests", "client_cpu", "sse"):
                stats[k] += p[k]
        lost = 0
        for gid, _ in made:
            doc = c.get(f"/api/games/{gid}/director", headers=h).json()
            logged = {i["command_id"] for i in doc["inputs"]}
            lost += sum(1 for g, cid in stats["accepted"] if g == gid and cid not in logged)
        stats["lost"] = lost
        stats["players"] = sum(len(s) for _, s in made)
    return stats


def _pct(values: list[float], q: float) -> float:
    v = sorted(values)
    if not v:
        return float("nan")
    return v[min(len(v) - 1, int(q * len(v)))]


def report(name: str, s: dict[str, Any], seconds: float, clients: int, http: str,
           sse: bool) -> None:
    sse_tag = "+sse" if sse else ""
    lat = s["latency"]
    p50 = statistics.median(lat) * 1000 if lat else float("nan")
    p99 = _pct(lat, 0.99) * 1000
    srv = s["server_ms"]
    server = (f" server_p50={statistics.median(srv):.1f}ms server_p99={_pct(srv, 0.99):.1f}ms"
              if srv else "")
    print(f"{name:<11} players={s['players']} clients={clients}x{http}{sse_tag} "
          f"accepted={len(lat)} "
          f"({len(lat) / seconds:.0f}/s) p50={p50:.1f}ms p99={p99:.1f}ms{server} "
          f"refused={s['refused']} advances={s['advances']} errors={s['errors']} "
          f"lost={s['lost']} sse_messages={s['sse']} "
          f"requests={s['requests']} ({s['requests'] / seconds:.0f}/s) "
          f"server_cpu={s['cpu']:.1f}s "
          f"({1000 * s['cpu'] / max(1, s['requests']):.2f}ms per request) "
          f"client_cpu={s['client_cpu']:.1f}s "
          f"({100 * s['client_cpu'] / seconds:.0f}% of one core) "
          f"load={s['load'][0]:.1f}->{s['load'][1]:.1f}", flush=True)
    for kind, n in collections.Counter(s["error_kinds"]).most_common(5):
        print(f"  error ×{n}: {kind}")
    if s["errors"]:
        print("  the server's log:", *s["server_log"][-30:], sep="\n    ")
    breakdown("submissions", s["parts"])
    breakdown("advances", s["advance_parts"])


PARTS = ("app", "queue", "lock", "engine", "commit", "dbwait", "dbtx", "batch", "after",
         "back", "gc")


def breakdown(what: str, parts: list[dict[str, float]]) -> None:
    """Where the server's time went (timing.py): p50/p99 of each part over all of them,
    and the mean of each part over the slowest 1 % (by `app`): the tail's cause."""
    if not parts:
        return
    names = [n for n in PARTS if any(n in p for p in parts)]
    cols = "  ".join(f"{n:>7}" for n in names)
    print(f"  {what} (n={len(parts)}), ms   {cols}")
    for label, q in (("p50", 0.5), ("p99", 0.99), ("max", 1.0)):
        vals = "  ".join(f"{_pct([p.get(n, 0.0) for p in parts], q):7.1f}" for n in names)
        print(f"    {label:<22}{vals}")
    slow = sorted(parts, key=lambda p: p.get("app", 0.0))[-max(1, len(parts) // 100):]
    vals = "  ".join(f"{statistics.mean(p.get(n, 0.0) for p in slow):7.1f}" for n in names)
    print(f"    {'slowest 1% (mean)':<22}{vals}", flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--backends", default="sqlite,postgresql")
    ap.add_argument("--games", type=int, default=14)
    ap.add_argument("--seconds", type=float, default=30)
    ap.add_argument("--window", type=float, default=3.0, help="seconds between advances")
    ap.add_argument("--clients", type=int, default=1, help="load processes (same players)")
    ap.add_argument("--http", choices=("raw", "httpx"), default="raw",
                    help="raw: one lean keep-alive connection per player; httpx: one "
                         "shared httpx pool (the first version of this benchmark)")
    ap.add_argument("--sse", action="store_true",
                    help="every player also keeps its page's event stream open")
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
            report(backend, stats, args.seconds, args.clients, args.http, args.sse)


# the benchmark's own ports: the tests' servers use 8100-8199 (BANSHA_PORTS overrides both)
PORTS = ports(range(8300, 8400))


def _bench(url: str, tmp: Path, args: argparse.Namespace) -> dict[str, Any]:
    with running(url, tmp / "serve.log", PORTS) as srv:
        assert srv.proc is not None
        cpu0 = _cpu_seconds(srv.proc.pid)
        load0 = os.getloadavg()[0]
        stats = run(srv.base, args.games, args.seconds, args.window, args.clients, args.http,
                    args.sse)
        # the server's own CPU per request: on a machine shared with other work (and
        # with this client) latency swings with the load; CPU per request much less
        stats["cpu"] = _cpu_seconds(srv.proc.pid) - cpu0
        stats["server_log"] = (tmp / "serve.log").read_text(errors="replace").splitlines()
        stats["load"] = (load0, os.getloadavg()[0])  # the machine's 1-minute load average
        return stats


def _cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


if __name__ == "__main__":
    main()

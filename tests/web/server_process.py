"""`bansha serve` as a real subprocess on a loopback port, for the tests that need a
real server (SSE streams, kill -9, browsers) and for benchmarks/bench_serve.py: one
start-up helper for all of them (`running`, `free_port`).

Ports: the tests use 8100-8199 and the benchmark 8300-8399 unless BANSHA_PORTS
("8610-8629") confines every server started here to a range of its own (a machine
shared with other work)."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import httpx

from .client import PASSWORD


def ports(default: range) -> range:
    """`default`, or the range BANSHA_PORTS names ("LOW-HIGH", both included)."""
    given = os.environ.get("BANSHA_PORTS", "").strip()
    if not given:
        return default
    low, _, high = given.partition("-")
    try:
        return range(int(low), int(high or low) + 1)
    except ValueError:
        raise RuntimeError(f"BANSHA_PORTS 应写成 8610-8629，而不是 {given!r}") from None


PORTS = ports(range(8100, 8200))
STARTUP_SECONDS = 120


def free_port(candidates: range = PORTS) -> int:
    for port in candidates:
        with socket.socket() as s:
            try:
                s.bind(("127.0.0.1", port))
            except OSError:
                continue
            return port
    raise RuntimeError(f"{candidates.start}-{candidates.stop - 1} 没有空闲端口")


@dataclass
class ServerProcess:
    database: str
    port: int
    log: Path
    proc: subprocess.Popen[bytes] | None = None

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self, demo: bool = False) -> ServerProcess:
        env = {**os.environ, "BANSHA_DIRECTOR_PASSWORD": PASSWORD}
        cmd = [sys.executable, "-m", "bansha.cli", "serve", "--port", str(self.port),
               "--database", self.database, *(["--demo"] if demo else [])]
        out = self.log.open("ab")
        self.proc = subprocess.Popen(cmd, env=env, stdout=out, stderr=subprocess.STDOUT)
        # a start (imports, migrations) took 27 s under a load average of 18 on 2 cores
        deadline = time.monotonic() + STARTUP_SECONDS
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"bansha serve 退出了：{self.log.read_text()[-2000:]}")
            try:
                httpx.get(self.base + "/", timeout=1)
                return self
            except httpx.HTTPError:
                time.sleep(0.1)
        raise RuntimeError(f"bansha serve {STARTUP_SECONDS} 秒内没有启动")

    def kill9(self) -> None:
        assert self.proc is not None
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait()

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()

    def director_token(self) -> str:
        r = httpx.post(self.base + "/api/login", json={"password": PASSWORD}, timeout=10)
        r.raise_for_status()
        return str(r.json()["token"])


@contextmanager
def running(database: str, log: Path, candidates: range = PORTS,
            demo: bool = False) -> Iterator[ServerProcess]:
    """A started `bansha serve` on a free loopback port, stopped afterwards."""
    srv = ServerProcess(database, free_port(candidates), log).start(demo=demo)
    try:
        yield srv
    finally:
        srv.stop()

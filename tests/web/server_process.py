"""`bansha serve` as a real subprocess on a loopback port (8100-8199), for the tests
that need a real server: SSE streams, kill -9, browsers."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import httpx

from .client import PASSWORD

PORTS = range(8100, 8200)


def free_port() -> int:
    for port in PORTS:
        with socket.socket() as s:
            try:
                s.bind(("127.0.0.1", port))
            except OSError:
                continue
            return port
    raise RuntimeError("8100-8199 没有空闲端口")


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
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"bansha serve 退出了：{self.log.read_text()[-2000:]}")
            try:
                httpx.get(self.base + "/", timeout=1)
                return self
            except httpx.HTTPError:
                time.sleep(0.1)
        raise RuntimeError("bansha serve 30 秒内没有启动")

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

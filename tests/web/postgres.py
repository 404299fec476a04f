"""A real PostgreSQL 15 for the tests: initdb + pg_ctl into a temporary directory,
run as the unprivileged `postgres` user (PostgreSQL refuses to run as root)."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

BIN = Path("/usr/lib/postgresql/15/bin")
PORTS = range(55400, 55500)


def unavailable() -> str | None:
    """Why a PostgreSQL cannot be started here, or None."""
    if not (BIN / "initdb").exists():
        return f"没有 PostgreSQL 15（{BIN}/initdb 不存在；apt-get install postgresql-15）"
    if os.geteuid() == 0:
        try:
            subprocess.run(["id", "postgres"], check=True, capture_output=True)
        except (subprocess.CalledProcessError, FileNotFoundError):
            return "以 root 运行但没有 postgres 用户，无法启动 PostgreSQL"
    return None


def _free_port() -> int:
    for port in PORTS:
        with socket.socket() as s:
            try:
                s.bind(("127.0.0.1", port))
            except OSError:
                continue
            return port
    raise RuntimeError("55400-55499 没有空闲端口")


def _as_pg_user(cmd: list[str]) -> list[str]:
    return ["runuser", "-u", "postgres", "--", *cmd] if os.geteuid() == 0 else cmd


@contextmanager
def postgres_cluster(fsync: bool = False) -> Iterator[str]:
    """Start a throwaway cluster; yield a postgresql:// URL of its database. The tests
    run it with fsync off (they kill the platform, never PostgreSQL); benchmarks
    with fsync on, as a real installation runs."""
    root = Path(tempfile.mkdtemp(prefix="bansha-pg-"))
    data = root / "data"
    if os.geteuid() == 0:
        shutil.chown(root, "postgres", "postgres")
    port = _free_port()
    subprocess.run(_as_pg_user([str(BIN / "initdb"), "-D", str(data), "-U", "bansha",
                                "--auth=trust", "-E", "UTF8", "--no-sync"]),
                   check=True, capture_output=True)
    opts = f"-p {port} -k {root} -h 127.0.0.1 -c max_connections=200"
    if not fsync:
        opts += " -c fsync=off"
    # diagnosis: more settings (e.g. "-c log_min_duration_statement=20"), and a copy
    # of the cluster's log kept when it stops
    opts += " " + os.environ.get("BANSHA_PG_OPTS", "")
    subprocess.run(_as_pg_user([str(BIN / "pg_ctl"), "-D", str(data), "-o", opts,
                                "-l", str(root / "log"), "-w", "start"]),
                   check=True, capture_output=True)
    try:
        url = f"postgresql://bansha@127.0.0.1:{port}/postgres"
        yield url
    finally:
        subprocess.run(_as_pg_user([str(BIN / "pg_ctl"), "-D", str(data), "-m", "immediate",
                                    "-w", "stop"]), capture_output=True)
        keep = os.environ.get("BANSHA_PG_LOG")
        if keep:
            shutil.copy(root / "log", keep)
        time.sleep(0.1)
        shutil.rmtree(root, ignore_errors=True)


def fresh_database(base_url: str, name: str) -> str:
    """CREATE DATABASE name on the cluster at base_url; return its URL."""
    import psycopg

    with psycopg.connect(base_url.replace("postgresql://", "postgresql://", 1),
                         autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    return base_url.rsplit("/", 1)[0] + f"/{name}"

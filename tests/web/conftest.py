"""Fixtures of the platform's tests: a database URL for each backend (SQLite in a
temporary file and a real PostgreSQL 15 the tests start themselves)."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from pathlib import Path

import pytest

from . import postgres
from .client import Api
from .server_process import ServerProcess, running

_counter = itertools.count()


@pytest.fixture(scope="session")
def pg_cluster() -> Iterator[str]:
    why = postgres.unavailable()
    if why is not None:
        pytest.skip(why)
    with postgres.postgres_cluster() as url:
        yield url


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A fresh, empty database on each backend."""
    if request.param == "sqlite":
        return str(tmp_path / "bansha.db")
    base = request.getfixturevalue("pg_cluster")
    return postgres.fresh_database(base, f"t{next(_counter)}")


@pytest.fixture
def api(database_url: str) -> Iterator[Api]:
    """The platform on each backend, driven over HTTP (FastAPI's TestClient)."""
    a = Api.start(database_url)
    try:
        yield a
    finally:
        a.close()


@pytest.fixture
def sqlite_api(tmp_path: Path) -> Iterator[Api]:
    a = Api.start(str(tmp_path / "bansha.db"))
    try:
        yield a
    finally:
        a.close()


@pytest.fixture
def server(database_url: str, tmp_path: Path) -> Iterator[ServerProcess]:
    """`bansha serve` as a subprocess on each backend (server_process.running)."""
    with running(database_url, tmp_path / "serve.log") as srv:
        yield srv


@pytest.fixture
def sqlite_server(tmp_path: Path) -> Iterator[ServerProcess]:
    with running(str(tmp_path / "bansha.db"), tmp_path / "serve.log") as srv:
        yield srv

"""Opening the database and migrating it: SQLite (WAL) in a file by default,
PostgreSQL (psycopg 3) when the URL names one."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from sqlalchemy import Engine, create_engine, event

MIGRATIONS = Path(__file__).with_name("migrations")
DEFAULT_PATH = "bansha.db"


class DatabaseURLError(ValueError):
    """The database URL names no database this platform can use."""


def normalise_url(url: str | None) -> str:
    """A file path or a URL -> an SQLAlchemy URL (postgresql:// uses psycopg 3)."""
    if not url:
        url = DEFAULT_PATH
    if url.startswith(("postgres://", "postgresql://")):
        return "postgresql+psycopg://" + url.split("://", 1)[1]
    if url.startswith(("postgresql+psycopg://", "sqlite://")):
        return url
    if "://" in url:
        raise DatabaseURLError(f"不支持的数据库地址 {url}（应为 SQLite 文件路径、sqlite:/// 或 "
                               "postgresql:// 地址）")
    return f"sqlite:///{url}"


def open_engine(url: str | None) -> Engine:
    sa_url = normalise_url(url)
    if sa_url.startswith("sqlite"):
        eng = create_engine(sa_url, connect_args={"check_same_thread": False, "timeout": 30})
        event.listen(eng, "connect", _sqlite_pragmas)
        return eng
    return create_engine(sa_url, pool_size=10, max_overflow=20, pool_pre_ping=True)


def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
    cur = dbapi_conn.cursor()
    # WAL: readers never block the writer. synchronous=FULL: a commit is on disk
    # before it returns, so an acknowledged input survives a power cut, not only kill -9.
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute("PRAGMA synchronous=FULL")
    cur.execute("PRAGMA foreign_keys=ON")
    cur.execute("PRAGMA busy_timeout=30000")
    cur.close()


def migrate(engine: Engine) -> None:
    """Bring the schema to the newest Alembic revision (creates it on first start)."""
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "head")

"""The platform's storage: games as setup + append-only input log (SQLAlchemy 2,
Alembic migrations, SQLite or PostgreSQL)."""

from .db import DatabaseURLError, normalise_url
from .store import CommandRow, GameRow, InputRow, MessageRow, StaleRevision, Store, TokenRow

__all__ = ["CommandRow", "DatabaseURLError", "GameRow", "InputRow", "MessageRow",
           "StaleRevision", "Store", "TokenRow", "normalise_url"]

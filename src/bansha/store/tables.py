"""The platform's tables (SQLAlchemy Core). Alembic's migrations create them;
this module is what the code reads and writes through.

A game is its setup (ruleset, players as given to Game.new, options, seed) plus
an append-only input log. Nothing else about a game is stored: the live Game is
Game.replay of the log."""

from __future__ import annotations

from sqlalchemy import (
    JSON,
    Boolean,
    Column,
    DateTime,
    Float,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    Text,
)

metadata = MetaData()

# key/value settings of this installation (the secret that signs CSRF tokens, ...)
settings = Table(
    "settings", metadata,
    Column("key", String(64), primary_key=True),
    Column("value", Text, nullable=False),
)

directors = Table(
    "directors", metadata,
    Column("name", String(64), primary_key=True),
    Column("password_hash", Text, nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
)

# a director's login: the token is stored only as its SHA-256
director_sessions = Table(
    "director_sessions", metadata,
    Column("token_hash", String(64), primary_key=True),
    Column("director", String(64), ForeignKey("directors.name"), nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
)

games = Table(
    "games", metadata,
    Column("id", String(32), primary_key=True),
    Column("ruleset", String(64), nullable=False),
    Column("title", Text, nullable=False),
    Column("players", JSON, nullable=False),  # as given to Game.new (names or name->role)
    Column("options", JSON, nullable=False),
    Column("seed", Integer, nullable=False),
    # accepted inputs (and undos) so far; each bumps it by one
    Column("revision", Integer, nullable=False, default=0),
    # the revision at which the open window opened (the last advance or undo)
    Column("window_revision", Integer, nullable=False, default=0),
    Column("created_by", String(64), nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
    # the open window's deadline (for the window opened at deadline_window), or how
    # many seconds it had left when the director paused it
    Column("deadline_at", DateTime(timezone=True), nullable=True),
    Column("deadline_window", Integer, nullable=True),
    Column("paused_left", Float, nullable=True),
)

# seat links: a seat's token acts for it; a mentor token reads that seat's view.
# A substitute (替补) revokes the seat's token and adds a new one.
tokens = Table(
    "tokens", metadata,
    Column("token", String(64), primary_key=True),
    Column("game_id", String(32), ForeignKey("games.id"), nullable=False, index=True),
    Column("seat", Text, nullable=False),
    Column("kind", String(16), nullable=False),  # seat | mentor | spectator (seat = its name)
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("revoked_at", DateTime(timezone=True), nullable=True),
)

# the append-only input log; `undone_at` marks inputs an undo took back (kept, shown)
inputs = Table(
    "inputs", metadata,
    Column("game_id", String(32), ForeignKey("games.id"), primary_key=True),
    Column("seq", Integer, primary_key=True),
    Column("revision", Integer, nullable=False),  # the game's revision after this input
    Column("op", String(16), nullable=False),  # submit | advance
    Column("action", JSON, nullable=True),  # Action.as_dict() for a submit
    Column("actor", Text, nullable=False),  # the seat, or "导演:<name>" (代投 and advances)
    Column("proxy", Boolean, nullable=False, default=False),  # 代投: a director for a seat
    Column("note", Text, nullable=True),  # a card's reason, ...
    Column("command_id", Text, nullable=True),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("undone_at", Integer, nullable=True),  # the revision of the undo that took it back
)

# every answered command (accepted or refused): a retried command_id gets the first answer
commands = Table(
    "commands", metadata,
    Column("game_id", String(32), ForeignKey("games.id"), primary_key=True),
    Column("command_id", String(200), primary_key=True),
    Column("answer", JSON, nullable=False),
    Column("actor", Text, nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
)

# what directors did besides inputs (undo, substitute, ...): "the log says who did what"
audit = Table(
    "audit", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("game_id", String(32), ForeignKey("games.id"), nullable=False, index=True),
    Column("revision", Integer, nullable=False),
    Column("director", String(64), nullable=False),
    Column("what", Text, nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
)

# group chats (kind "chat", channel = the group's name) and diaries (kind "diary",
# channel = the author's seat): stored beside the game, never part of its input log
messages = Table(
    "messages", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("game_id", String(32), ForeignKey("games.id"), nullable=False, index=True),
    Column("kind", String(16), nullable=False),  # chat | diary
    Column("channel", Text, nullable=False),
    Column("author", Text, nullable=False),
    Column("at", String(32), nullable=False),  # the phase it was written in
    Column("text", Text, nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
)

__all__ = [
    "audit",
    "commands",
    "director_sessions",
    "directors",
    "games",
    "inputs",
    "messages",
    "metadata",
    "settings",
    "tokens",
]

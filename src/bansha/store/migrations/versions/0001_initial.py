"""The first schema: directors, games, seat tokens, the input log, commands, audit.

Revision ID: 0001
Revises:
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None

TS = sa.DateTime(timezone=True)


def upgrade() -> None:
    op.create_table(
        "settings",
        sa.Column("key", sa.String(64), primary_key=True),
        sa.Column("value", sa.Text, nullable=False),
    )
    op.create_table(
        "directors",
        sa.Column("name", sa.String(64), primary_key=True),
        sa.Column("password_hash", sa.Text, nullable=False),
        sa.Column("created_at", TS, nullable=False),
    )
    op.create_table(
        "director_sessions",
        sa.Column("token_hash", sa.String(64), primary_key=True),
        sa.Column("director", sa.String(64), sa.ForeignKey("directors.name"), nullable=False),
        sa.Column("created_at", TS, nullable=False),
    )
    op.create_table(
        "games",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("ruleset", sa.String(64), nullable=False),
        sa.Column("title", sa.Text, nullable=False),
        sa.Column("players", sa.JSON, nullable=False),
        sa.Column("options", sa.JSON, nullable=False),
        sa.Column("seed", sa.Integer, nullable=False),
        sa.Column("revision", sa.Integer, nullable=False),
        sa.Column("window_revision", sa.Integer, nullable=False),
        sa.Column("created_by", sa.String(64), nullable=False),
        sa.Column("created_at", TS, nullable=False),
    )
    op.create_table(
        "tokens",
        sa.Column("token", sa.String(64), primary_key=True),
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), nullable=False),
        sa.Column("seat", sa.Text, nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("created_at", TS, nullable=False),
        sa.Column("revoked_at", TS, nullable=True),
    )
    op.create_index("ix_tokens_game_id", "tokens", ["game_id"])
    op.create_table(
        "inputs",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), primary_key=True),
        sa.Column("seq", sa.Integer, primary_key=True),
        sa.Column("revision", sa.Integer, nullable=False),
        sa.Column("op", sa.String(16), nullable=False),
        sa.Column("action", sa.JSON, nullable=True),
        sa.Column("actor", sa.Text, nullable=False),
        sa.Column("proxy", sa.Boolean, nullable=False),
        sa.Column("note", sa.Text, nullable=True),
        sa.Column("command_id", sa.Text, nullable=True),
        sa.Column("created_at", TS, nullable=False),
        sa.Column("undone_at", sa.Integer, nullable=True),
    )
    op.create_table(
        "commands",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), primary_key=True),
        sa.Column("command_id", sa.String(200), primary_key=True),
        sa.Column("answer", sa.JSON, nullable=False),
        sa.Column("actor", sa.Text, nullable=False),
        sa.Column("created_at", TS, nullable=False),
    )
    op.create_table(
        "audit",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), nullable=False),
        sa.Column("revision", sa.Integer, nullable=False),
        sa.Column("director", sa.String(64), nullable=False),
        sa.Column("what", sa.Text, nullable=False),
        sa.Column("created_at", TS, nullable=False),
    )
    op.create_index("ix_audit_game_id", "audit", ["game_id"])


def downgrade() -> None:
    for name in ("audit", "commands", "inputs", "tokens", "games", "director_sessions",
                 "directors", "settings"):
        op.drop_table(name)

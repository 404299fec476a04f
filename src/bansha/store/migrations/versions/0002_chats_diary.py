"""Group chats (狼群, lovers, 共群) and diaries (树洞).

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "messages",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("channel", sa.Text, nullable=False),
        sa.Column("author", sa.Text, nullable=False),
        sa.Column("at", sa.String(32), nullable=False),
        sa.Column("text", sa.Text, nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_messages_game_id", "messages", ["game_id"])


def downgrade() -> None:
    op.drop_table("messages")

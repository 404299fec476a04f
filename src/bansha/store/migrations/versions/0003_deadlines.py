"""Window deadlines: when the open window closes by itself, or how long it had
left when the director paused it.

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("games") as b:
        b.add_column(sa.Column("deadline_at", sa.DateTime(timezone=True), nullable=True))
        b.add_column(sa.Column("deadline_window", sa.Integer, nullable=True))
        b.add_column(sa.Column("paused_left", sa.Float, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("games") as b:
        b.drop_column("paused_left")
        b.drop_column("deadline_window")
        b.drop_column("deadline_at")

"""`bansha roles R --json` lists every role's skills for every registered ruleset
(m125's 警长 once named a skill, 竞岗, that had no entry: a traceback)."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from bansha.cli import app
from bansha.engine import ruleset_ids


@pytest.mark.parametrize("rid", ruleset_ids())
def test_roles_json_names_every_skill_of_every_role(rid: str) -> None:
    r = CliRunner().invoke(app, ["roles", rid, "--json"])
    assert r.exit_code == 0, r.output
    doc = json.loads(r.stdout)
    for role in [*doc["roles"], *doc["other"]]:
        for sk in role["skills"]:
            assert sk["name"] and isinstance(sk["text"], str), (rid, role["name"], sk)

"""`bansha simulate R --bots random,heuristic,talk`: the kinds side by side."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from bansha.cli import app
from bansha.sim.compare import split_kinds

runner = CliRunner()


def test_kinds_are_split_in_order_once() -> None:
    assert split_kinds("random, heuristic,talk,random") == ["random", "heuristic", "talk"]
    assert split_kinds("talk") == ["talk"]


def test_json_holds_each_run_and_the_comparison() -> None:
    r = runner.invoke(app, ["simulate", "m47-yeliang", "-n", "24", "-w", "1", "--seed", "3",
                            "--bots", "random,heuristic,talk", "--json"])
    assert r.exit_code == 0, r.output
    doc = json.loads(r.stdout)
    assert doc["bots"] == ["random", "heuristic", "talk"]
    assert [d["bots"] for d in doc["runs"]] == ["random", "heuristic", "talk"]
    assert all(d["games"] == 24 and d["seed"] == 3 for d in doc["runs"])
    village = next(c for c in doc["comparison"] if c["faction"] == "村民阵营")
    for kind, run in zip(doc["bots"], doc["runs"], strict=True):
        own = next(f for f in run["factions"] if f["faction"] == "村民阵营")
        assert village["by_bots"][kind] == {"wins": own["wins"], "rate": own["rate"],
                                            "ci95": own["ci95"]}
    # each run is the same as running that kind alone
    alone = runner.invoke(app, ["simulate", "m47-yeliang", "-n", "24", "-w", "1", "--seed", "3",
                                "--bots", "talk", "--json"])
    talk = json.loads(alone.stdout)
    assert talk["factions"] == doc["runs"][2]["factions"]


def test_table_and_html_show_the_three_kinds(tmp_path: Path) -> None:
    page = tmp_path / "r.html"
    r = runner.invoke(app, ["simulate", "classic", "-n", "20", "-w", "1", "-o", "seer=1",
                            "--bots", "random,heuristic,talk", "--report", str(page)])
    assert r.exit_code == 0, r.output
    assert "阵营胜率对比" in r.stdout
    for name in ("随机", "启发式", "发言"):
        assert name in r.stdout
    text = page.read_text(encoding="utf-8")
    assert text.count("<svg") >= 3 and "bot 对比" in text
    for name in ("随机：完整报告", "启发式：完整报告", "发言：完整报告"):
        assert name in text
    assert "Traceback" not in text and "{'" not in text


def test_an_unknown_kind_in_the_list_is_refused() -> None:
    r = runner.invoke(app, ["simulate", "m47-yeliang", "-n", "5", "--bots", "random,bogus"])
    assert r.exit_code == 2
    assert "未知的 bot“bogus”" in r.output

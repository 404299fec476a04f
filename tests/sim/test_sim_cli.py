"""`bansha simulate`: JSON shape, HTML report, clear errors, Ctrl-C."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

import bansha
from bansha.cli import app

runner = CliRunner()


def _json(*args: str) -> dict[str, object]:
    r = runner.invoke(app, ["simulate", *args, "--json"])
    assert r.exit_code == 0, r.output
    doc: dict[str, object] = json.loads(r.stdout)
    return doc


def test_json_shape() -> None:
    doc = _json("classic", "--games", "200", "--bots", "uniform", "--workers", "1", "--seed", "5")
    for key in ("ruleset", "title", "bots", "players", "options", "seed", "games", "finished",
                "interrupted", "workers", "backend", "elapsed_s", "games_per_s",
                "peak_worker_rss_mb", "factions", "length", "endings", "roles", "errors",
                "reference", "compiled"):
        assert key in doc, key
    assert doc["compiled"] is bansha.compiled()  # which build played is reported
    assert doc["games"] == 200 and doc["players"] == 15 and doc["interrupted"] is False
    factions = doc["factions"]
    assert isinstance(factions, list)
    assert [f["faction"] for f in factions] == ["狼人阵营", "村民阵营"]
    assert sum(f["wins"] for f in factions) == 200
    for f in factions:
        lo, hi = f["ci95"]
        assert 0 <= lo <= f["rate"] <= hi <= 1
    length = doc["length"]
    assert isinstance(length, dict) and sum(length["histogram"].values()) == 200
    assert length["mean_days"] > 0
    roles = {r["role"]: r for r in doc["roles"]}  # type: ignore[attr-defined]
    assert roles["狼人"]["seats"] == 400 and roles["村民"]["seats"] == 2600
    assert sum(e["count"] for e in doc["endings"]) == 200  # type: ignore[attr-defined]
    ref = doc["reference"]
    assert isinstance(ref, dict) and ref["exact_fraction"] == "1093/3584"


def test_options_and_players_reach_the_game() -> None:
    doc = _json("classic", "-n", "50", "--bots", "uniform", "-w", "1", "-o", "wolves=1",
                "-o", "first=day", "--players", "9")
    assert doc["players"] == 9
    assert doc["options"] == {"wolves": 1, "villagers": None, "first": "day", "seer": 0}
    assert doc["reference"]["villagers"] == 8  # type: ignore[index]


def test_json_is_the_same_for_one_or_two_workers() -> None:
    a = _json("m47-yeliang", "-n", "60", "-w", "1", "--seed", "3")
    b = _json("m47-yeliang", "-n", "60", "-w", "2", "--seed", "3")
    for key in ("factions", "length", "endings", "roles"):
        assert a[key] == b[key]


def test_human_tables_and_html_report(tmp_path: Path) -> None:
    out = tmp_path / "report.html"
    r = runner.invoke(app, ["simulate", "m47-yeliang", "-n", "40", "-w", "1",
                            "--bots", "heuristic", "--report", str(out)])
    assert r.exit_code == 0, r.output
    assert "阵营胜率" in r.stdout and "野良阵营" in r.stdout and "平均游戏长度" in r.stdout
    page = out.read_text(encoding="utf-8")
    assert page.startswith("<!doctype html>")
    assert page.count("<svg") == 2 and "野良阵营" in page and "游戏长度" in page
    # self-contained: nothing fetched from elsewhere
    assert "<script" not in page and "src=" not in page and "href=" not in page


@pytest.mark.parametrize(("args", "message"), [
    (["nope"], "未知的规则"),
    (["classic", "--bots", "genius"], "未知的 bot"),
    (["classic", "--backend", "spark"], "未知的后端"),
    (["classic", "-o", "wolves"], "名称=值"),
    (["classic", "-o", "wolves=3", "--players", "6"], "须多于狼人"),
    (["m47-yeliang", "--players", "3"], "--players 应为 14"),
    (["classic", "--games", "0"], "--games 应为 1 到"),
])
def test_errors_exit_2_with_a_message(args: list[str], message: str) -> None:
    r = runner.invoke(app, ["simulate", *args])
    assert r.exit_code == 2, r.output
    assert message in r.stderr
    assert r.exception is None or isinstance(r.exception, SystemExit)


def test_unknown_ruleset_from_a_real_shell_has_no_traceback() -> None:
    p = subprocess.run([sys.executable, "-m", "bansha.cli", "simulate", "nope"],
                       capture_output=True, text=True, timeout=60)
    assert p.returncode == 2
    assert "未知的规则“nope”" in p.stderr and "Traceback" not in p.stderr + p.stdout


def test_ctrl_c_stops_cleanly_and_reports_what_finished() -> None:
    p = subprocess.Popen(
        [sys.executable, "-m", "bansha.cli", "simulate", "classic", "--bots", "uniform",
         "-n", "10000000", "-w", "2", "--batch", "20", "--json"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)
    try:
        # small batches and a generous start: on a loaded machine the workers may take
        # seconds to start, and the report must still hold whole batches
        time.sleep(8)
        os.killpg(p.pid, signal.SIGINT)  # as a terminal does: the whole process group
        out, err = p.communicate(timeout=60)
    finally:
        if p.poll() is None:  # never leave a runaway simulation behind
            os.killpg(p.pid, signal.SIGKILL)
            p.wait()
    assert p.returncode == 130, err
    assert "Traceback" not in err
    doc = json.loads(out)
    assert doc["interrupted"] is True
    assert 0 < doc["games"] < 10_000_000 and doc["games"] % 20 == 0
    assert sum(f["wins"] for f in doc["factions"]) == doc["games"]

"""`bansha forum …`: output and the --json contract; bad input gives exit 2 and a
Chinese message on stderr, never a traceback."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from bansha.cli import app

from .threads import CLOSE, DAY_THREAD, PLAYERS

runner = CliRunner()
SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios"


@pytest.fixture()
def thread(tmp_path: Path) -> Path:
    p = tmp_path / "day2.txt"
    p.write_text(DAY_THREAD, encoding="utf-8")
    return p


def _votes(*args: str) -> list[str]:
    return ["forum", "votes", *args]


def test_votes_json_contract(thread: Path) -> None:
    r = runner.invoke(app, _votes(str(thread), "--ruleset", "m47-yeliang", "--players",
                                  ",".join(PLAYERS), "--out", "油条", "--close", CLOSE, "--json"))
    assert r.exit_code == 0, r.output
    doc = json.loads(r.stdout)
    assert doc["votes"]["饺子"] == "馄饨" and doc["votes"]["阿狸"] == "弃权"
    assert doc["top"] == ["馄饨"]
    assert {p["status"] for p in doc["posts"]} == {"counted", "replaced", "ignored"}
    for p in doc["posts"]:
        assert isinstance(p["floor"], int) and p["author"] and p["reason"]


def test_votes_text_report(thread: Path) -> None:
    r = runner.invoke(app, _votes(str(thread), "--ruleset", "m47-yeliang", "--players",
                                  "，".join(PLAYERS), "--out", "油条", "--close", CLOSE))
    assert r.exit_code == 0, r.output
    assert "最高票：馄饨（2 票）" in r.stdout
    assert "#15 包子 不计：关门前一小时不允许改票" in r.stdout


def test_votes_accelerated_flag(thread: Path) -> None:
    r = runner.invoke(app, _votes(str(thread), "--ruleset", "m47-yeliang", "--players",
                                  ",".join(PLAYERS), "--accelerated", "--json"))
    doc = json.loads(r.stdout)
    assert doc["accelerated"] is True and doc["votes"]["饺子"] == "包子"


def test_noon_out_option(tmp_path: Path) -> None:
    from .test_forum_votes import M192_PLAYERS, M192_THREAD
    p = tmp_path / "m192.txt"
    p.write_text(M192_THREAD, encoding="utf-8")
    r = runner.invoke(app, _votes(str(p), "--ruleset", "m192-nata", "--players",
                                  ",".join(M192_PLAYERS), "--close", "2026-12-01 21:00",
                                  "--noon-out", "山纳@2026-12-01 14:00", "--json"))
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout)["votes"]["甲"] == "安德安纳"


@pytest.mark.parametrize(("args", "message"), [
    (["forum", "votes", "没有这个文件.txt", "--ruleset", "m47-yeliang", "--players", "甲,乙"],
     "找不到文件"),
    (["forum", "votes", "{thread}", "--ruleset", "m47-yeliang", "--players", "甲,乙",
      "--close", "2026-13-40 25:00"], "时间无效"),
    (["forum", "votes", "{thread}", "--ruleset", "m99", "--players", "甲,乙"], "未知的规则"),
    (["forum", "votes", "{thread}", "--ruleset", "m47-yeliang", "--players", " , "],
     "--players 不能为空"),
    (["forum", "votes", "{thread}", "--ruleset", "m47-yeliang"], "--players 不能为空"),
    (["forum", "votes", "{thread}", "--players", "甲"], "需要 --ruleset"),
    (["forum", "votes", "{thread}", "--ruleset", "m47-yeliang", "--players", "甲,甲"], "重复"),
    (["forum", "votes", "{thread}", "--ruleset", "m47-yeliang", "--players", "甲", "--out", "乙"],
     "不在 --players 中"),
    (["forum", "votes", "{empty}", "--ruleset", "m47-yeliang", "--players", "甲"],
     "没有读到任何帖子"),
    (["forum", "cards", "没有.txt", "--ruleset", "m47-yeliang", "--players", "甲"], "找不到文件"),
    (["forum", "cards", "{thread}", "--ruleset", "m47-yeliang", "--players", "甲",
      "--factions", "甲狼"], "角色=阵营"),
    (["forum", "bbcode", "没有.yaml"], "找不到文件"),
    (["forum", "bbcode", "{thread}"], "不是场景文件"),
    (["forum", "speed", "{thread}", "--ruleset", "m47-yeliang", "--players", "甲"], "需要 --close"),
    (["forum", "lurk", "{thread}", "--ruleset", "m47-yeliang", "--players", "甲"], "YAML"),
    (["forum", "check", "{thread}", "--ruleset", "nope"], "未知的规则"),
])
def test_bad_input_exit_2_in_chinese(tmp_path: Path, thread: Path, args: list[str],
                                     message: str) -> None:
    empty = tmp_path / "empty.txt"
    empty.write_text("这不是帖子\n", encoding="utf-8")
    argv = [a.replace("{thread}", str(thread)).replace("{empty}", str(empty)) for a in args]
    proc = subprocess.run([sys.executable, "-m", "bansha.cli", *argv], capture_output=True,
                          text=True, timeout=60)
    assert proc.returncode == 2, (proc.stdout, proc.stderr)
    assert message in proc.stderr
    assert "Traceback" not in proc.stderr and proc.stderr.startswith("错误：")


def test_cards_command(tmp_path: Path) -> None:
    p = tmp_path / "cards.txt"
    p.write_text("第1天 甲 红 场外\n第2天 乙 红 场外\n", encoding="utf-8")
    base = ["forum", "cards", str(p), "--ruleset", "m192-nata", "--players", "甲,乙,丙",
            "--factions", "甲=狼人阵营,乙=狼人阵营,丙=村民阵营"]
    r = runner.invoke(app, [*base, "--json"])
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout)["lost_factions"] == ["狼人阵营"]
    r = runner.invoke(app, [*base, "--bbcode"])
    assert r.stdout.startswith("[table]")


def test_bbcode_command_on_a_scenario() -> None:
    r = runner.invoke(app, ["forum", "bbcode", str(SCENARIOS / "m47-yeliang" / "lastwords.yaml"),
                            "--day", "2"])
    assert r.exit_code == 0, r.output
    assert "[quote]我是好人[/quote]" in r.stdout
    assert "[size=5][color=#FF0000]红牌罚下：寅[/color][/size]" in r.stdout
    assert "第3天" not in r.stdout


def test_bbcode_command_on_a_game_log(tmp_path: Path) -> None:
    r = runner.invoke(app, ["play", "classic", "--seed", "2", "--players", "15", "--json"])
    p = tmp_path / "game.json"
    p.write_text(r.stdout, encoding="utf-8")
    r = runner.invoke(app, ["forum", "bbcode", str(p)])
    assert r.exit_code == 0, r.output
    assert "游戏结束" in r.stdout and "[color=#FF0000]" in r.stdout


def test_lurk_and_speed_and_check_commands(tmp_path: Path) -> None:
    (tmp_path / "d1.txt").write_text("#1 甲 2026-12-01 10:00\n发言\n#2 乙 2026-12-01 10:00\n发言\n",
                                     encoding="utf-8")
    (tmp_path / "v1.txt").write_text("#1 甲 2026-12-01 10:00\n投票对象：乙\n", encoding="utf-8")
    days = tmp_path / "days.yaml"
    days.write_text("days:\n  - day: 1\n    thread: d1.txt\n    votes: v1.txt\n"
                    "  - day: 2\n    posts: {甲: 9, 乙: 3}\n    voted: [甲, 乙]\n"
                    "    accelerated: true\n", encoding="utf-8")
    r = runner.invoke(app, ["forum", "lurk", str(days), "--ruleset", "m47-yeliang",
                            "--players", "甲,乙", "--apply", "--json"])
    assert r.exit_code == 0, r.output
    cards = json.loads(r.stdout)["cards"]
    assert [(c["phase"], c["player"]) for c in cards] == [("day 1", "甲"), ("day 1", "乙"),
                                                        ("day 1", "乙")]
    proc = tmp_path / "p.txt"
    proc.write_text("#1 甲 2026-12-01 12:00\n申请加速\n", encoding="utf-8")
    r = runner.invoke(app, ["forum", "speed", str(proc), "--ruleset", "m47-yeliang",
                            "--players", "甲,乙", "--close", "2026-12-01 21:00"])
    assert r.exit_code == 0 and "结果：执行加速" in r.stdout
    red = tmp_path / "red.txt"
    red.write_text("#3 乙 2026-12-01 12:00\n[color=#ff0000]红字[/color]\n", encoding="utf-8")
    r = runner.invoke(app, ["forum", "check", str(red), "--ruleset", "m47-yeliang"])
    assert r.exit_code == 0 and "#3 乙：使用红色或相近颜色的字体" in r.stdout


def test_votes_from_a_game(tmp_path: Path) -> None:
    # the lastwords scenario ends on day 4: 子 丑 寅 癸 甲 戊 are out
    game = str(SCENARIOS / "m47-yeliang" / "lastwords.yaml")
    p = tmp_path / "d4.txt"
    p.write_text("#1 乙 2026-12-04 10:00\n投票对象：子\n#2 丙 2026-12-04 10:01\n投票对象：庚\n",
                 encoding="utf-8")
    r = runner.invoke(app, ["forum", "votes", str(p), "--game", game, "--json"])
    assert r.exit_code == 0, r.output
    doc = json.loads(r.stdout)
    assert doc["ruleset"] == "m47-yeliang" and "子" in doc["out"]
    assert doc["votes"] == {"丙": "庚"}
    assert "子 已出局" in doc["posts"][0]["reason"]
    r = runner.invoke(app, ["forum", "votes", str(p), "--game", game, "--ruleset", "classic"])
    assert r.exit_code == 2 and "不一致" in r.stderr

"""Bad command lines get one clear Chinese rule each (issue 9), and every screen a
person reads is Chinese: help, usage errors, phase labels, reports."""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from bansha.cli import app
from test_bad_inputs import PLAYERS  # the post's 14 seats (tests/ is on the path)

SCENARIOS = Path(__file__).parent / "scenarios"
ENGLISH_LABEL = re.compile(r"\b(day|night) \d+")
REPR = re.compile(r"\['|'\]|\bNone\b")


def invoke(*args: str) -> Any:
    return CliRunner().invoke(app, list(args))


def refused(r: Any, words: str) -> None:
    out = r.stdout + r.stderr
    assert r.exit_code == 2, f"exit {r.exit_code}\n{out}"
    assert r.exception is None or isinstance(r.exception, SystemExit), repr(r.exception)
    assert "Traceback" not in out
    message = " ".join(r.stderr.split())
    assert words in message, f"{words!r} not in {message!r}"
    assert not REPR.search(message), message


BAD = [
    (["simulate", "m47-yeliang", "--players", "0"], "--players 应为 14"),
    (["simulate", "m47-yeliang", "--players", "-5"], "--players 应为 14"),
    (["simulate", "classic", "--players", "2"], "--players 应为 3–32"[:13]),
    (["simulate", "classic", "--workers", "0"], "--workers 应为 1 到"),
    (["simulate", "classic", "--workers", "-1"], "--workers 应为 1 到"),
    (["simulate", "classic", "--workers", "100000"], "--workers 应为 1 到"),
    (["simulate", "classic", "--games", "0"], "--games 应为 1 到 10,000,000"),
    (["simulate", "classic", "--games", "-3"], "--games 应为 1 到"),
    (["simulate", "classic", "--games", "1000000000000"], "--games 应为 1 到"),
    (["simulate", "classic", "--games", "abc"], "应为整数"),
    (["simulate", "classic", "--batch", "0"], "--batch 至少为 1"),
    (["simulate", "classic", "--bots", "genius"], "未知的 bot“genius”"),
    (["simulate", "classic", "--backend", "spark"], "未知的后端“spark”"),
    (["simulate", "classic", "-o", "wolves"], "名称=值"),
    (["simulate", "classic", "-o", "colour=red"], "未知的选项“colour”"),
    (["simulate", "nope"], "未知的规则“nope”"),
    (["simulate", "classic", "--report", "/nowhere/at/all/r.html"], "不存在"),
    (["simulate", "classic", "--report", "."], "文件夹"),
    (["play", "nope"], "未知的规则“nope”"),
    (["play", "classic", "--players", "0"], "--players 应为"),
    (["play", "m47-yeliang", "--players", "13"], "--players 应为 14"),
    (["play", "classic", "--players", "3"], "wolves"),
    (["play", "classic", "-o", "first=noon"], "可选：night、day"),
    (["play", "classic", "--bots", "genius"], "未知的 bot“genius”"),
    (["play", "classic", "--seed", "x"], "应为整数"),
    (["play", "classic", "--nope"], "没有选项 --nope"),
    (["roles", "nope"], "未知的规则“nope”"),
    (["nope"], "没有命令 nope"),
    (["play"], "缺少参数"),
]


@pytest.mark.parametrize(("args", "words"), BAD, ids=[" ".join(a) for a, _ in BAD])
def test_bad_command_line_is_refused(args: list[str], words: str) -> None:
    refused(invoke(*args), words)


def test_the_advice_for_a_too_small_classic_table_can_be_followed() -> None:
    # "请调整人数或选项 wolves/villagers": play has -o for it
    r = invoke("play", "classic", "--players", "3", "-o", "wolves=1")
    assert r.exit_code == 0, r.output


def test_negative_seeds_work_and_repeat() -> None:
    a = invoke("simulate", "classic", "-n", "40", "-w", "1", "--seed", "-1", "--json")
    b = invoke("simulate", "classic", "-n", "40", "-w", "1", "--seed", "-1", "--json")
    c = invoke("simulate", "classic", "-n", "40", "-w", "1", "--seed", "1", "--json")
    assert a.exit_code == 0, a.output
    strip = re.compile(r'"(elapsed_s|games_per_s|peak_worker_rss_mb)": [^,\n]+')
    assert strip.sub("", a.stdout) == strip.sub("", b.stdout)
    assert strip.sub("", a.stdout).replace('"seed": -1', "") != strip.sub(
        "", c.stdout).replace('"seed": 1', "")
    assert invoke("play", "classic", "--seed", "-7").exit_code == 0


def test_the_ray_hint_keeps_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # as if ray were not installed
    r = invoke("simulate", "classic", "-n", "20", "--backend", "ray")
    refused(r, "pip install 'bansha[ray]'")


def test_a_report_that_fails_after_the_run_loses_nothing(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def fail(doc: Any, path: str) -> None:
        raise PermissionError(13, "只读文件系统")

    monkeypatch.setattr("bansha.sim.report.write_html", fail)
    r = invoke("simulate", "classic", "-n", "30", "-w", "1", "--report", str(tmp_path / "r.html"))
    assert r.exit_code == 1
    assert "阵营胜率" in r.stdout  # the tables came first
    assert "HTML 报告未能写入" in r.stderr and "统计是完整的" in r.stderr
    assert "Traceback" not in r.output


def test_a_report_is_written(tmp_path: Path) -> None:
    path = tmp_path / "r.html"
    r = invoke("simulate", "classic", "-n", "30", "-w", "1", "--report", str(path))
    assert r.exit_code == 0, r.output
    page = path.read_text(encoding="utf-8")
    assert "Wilson 方法" in page and ">局数</text>" in page and "随机 bot" in page
    assert "Wilson 方法" in r.stdout and "不等于真人对局的胜率" in r.stdout


# ----------------------------------------------------------------------------- help

COMMANDS = [[], ["rulesets"], ["roles"], ["play"], ["simulate"], ["scenario"],
            ["scenario", "run"]]


@pytest.mark.parametrize("cmd", COMMANDS, ids=[" ".join(c) or "bansha" for c in COMMANDS])
@pytest.mark.parametrize("flag", ["-h", "--help"])
def test_help_is_chinese(cmd: list[str], flag: str) -> None:
    r = invoke(*cmd, flag)
    assert r.exit_code == 0, r.output
    assert "用法：" in r.stdout and "显示本帮助并退出" in r.stdout
    for english in ("Usage", "Show this message", "Options", "Arguments", "Commands",
                    "[default", "<bool>", "<int>", "<str>", "[OPTIONS]"):
        assert english not in r.stdout, f"{english!r} in help of {cmd}"
    # every option and command line says what it does in Chinese
    for line in r.stdout.splitlines():
        m = re.match(r"^│\s+(--?[\w-]+|[a-z]+ )", line)
        if m:
            assert re.search(r"[\u4e00-\u9fff]", line), f"no Chinese in {line!r}"


def test_version() -> None:
    for flag in ("--version", "-V"):
        r = invoke(flag)
        assert r.exit_code == 0 and re.fullmatch(r"bansha \d+\.\d+\.\d+\n", r.stdout), r.stdout


# ------------------------------------------------------------------ what people read

def test_play_screen_has_chinese_phase_labels_and_no_doubled_refusals() -> None:
    r = invoke("play", "m47-yeliang", "--seed", "3", "--reveal")
    assert r.exit_code == 0
    assert "══ 第1天 ══" in r.stdout and "══ 第1夜 ══" in r.stdout
    assert not ENGLISH_LABEL.search(r.stdout), ENGLISH_LABEL.search(r.stdout)
    for line in r.stdout.splitlines():
        assert not ("拒绝" in line and "被拒绝" in line), line
        assert "出局出局" not in line


def test_scenario_screen_has_chinese_phase_labels() -> None:
    for path in sorted(SCENARIOS.glob("*/*.yaml"))[::7]:
        r = invoke("scenario", "run", str(path))
        assert r.exit_code == 0, r.output
        # an entry is named as the file writes it ("expect[2] (at: night 1)")
        text = re.sub(r"\(at: [^)]*\)", "", r.stdout)
        assert not ENGLISH_LABEL.search(text), (path.name, ENGLISH_LABEL.search(text))
        assert not REPR.search(text), (path.name, REPR.search(text))


M47 = "ruleset: m47-yeliang\n" + PLAYERS + """\
script:
  - at: night 1
    actions:
      - {by: 甲, skill: 杀人, target: 辛}
expect:
  - {at: night 1, out: [子, 甲]}
  - {at: night 1, sheriff: 壬}
  - {at: night 1, notify: {to: 庚, skill: 通灵, absent: true}}
  - {at: night 1, notify: {to: 甲, skill: 通灵}}
  - {winner: 村民阵营}
  - {at: day 5, out: []}
"""


def test_failed_checks_show_names_not_reprs(tmp_path: Path) -> None:
    path = tmp_path / "checks.yaml"
    path.write_text(M47, encoding="utf-8")
    r = invoke("scenario", "run", str(path))
    assert r.exit_code == 1, r.output
    out = r.stdout
    assert "出局：期望 子、甲，实际 （无人）" in out
    assert "警长：期望 壬，实际 （无）" in out
    # absent: true without `contains`: no empty quotes
    assert "庚 收到：" in out and "“”" not in out
    assert "甲 没有收到通灵通知；收到：" in out
    assert "胜者：期望 村民阵营，实际 尚无胜者" in out
    assert "游戏没有进行到第5天（停在第2天）" in out
    assert not REPR.search(re.sub(r"\(at: [^)]*\)", "", out))


def test_roles_lists_no_empty_counts() -> None:
    r = invoke("roles", "s15-official")
    assert r.exit_code == 0
    assert not re.search(r"×\s*$", r.stdout, re.M)
    assert "警长（非身份）" in r.stdout and "出局角色（非身份）" in r.stdout

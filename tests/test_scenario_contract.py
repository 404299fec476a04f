"""The scenario contract (../shared/docs/scenario-format.md) as tests of `bansha scenario run`:
exit 2 for an invalid file (the message names the file and the entry, nothing runs),
exit 1 when an `expect` entry fails, exit 0 when all hold, and the `--json` document's
keys and shapes."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from bansha.cli import app

SCENARIOS = Path(__file__).parent / "scenarios" / "m47-yeliang"

PLAYERS = """\
players:
  - 甲: 狼人
  - 乙: 狼人
  - 丙: 狼人
  - 丁: 野良
  - 戊: 神明
  - 己: 祝器
  - 庚: 女巫
  - 辛: 村长
  - 壬: 村民
  - 癸: 村民
  - 子: 村民
  - 丑: 村民
  - 寅: 村民
  - 卯: 伤心的村民
"""

# A valid scenario: the contract's own example, in M47.
VALID = f"""\
ruleset: m47-yeliang
seed: 7
{PLAYERS}script:
  - at: day 1
    votes: {{甲: 壬, 乙: 壬, 丙: 癸}}
  - at: night 1
    actions:
      - {{by: 甲, skill: 杀人, target: 辛}}
      - {{by: 庚, skill: 毒药, target: 甲}}
      - {{by: 庚, skill: 救药, target: 辛, expect: rejected}}
expect:
  - {{at: night 1, out: [甲]}}
  - {{at: day 1, sheriff: 壬}}
  - {{at: night 1, notify: {{to: 庚, skill: 通灵, contains: 今晚被指杀的是：辛}}}}
  - {{winner: null}}
"""


def cli(path: Path, *extra: str) -> Any:
    return CliRunner().invoke(app, ["scenario", "run", str(path), *extra])


def write(tmp_path: Path, text: str, name: str = "case.yaml") -> Path:
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return p


def replace(old: str, new: str) -> str:
    assert old in VALID, old
    return VALID.replace(old, new, 1)


# ---------------------------------------------------------------------------- exit 0 / 1


def test_valid_file_exits_0(tmp_path: Path) -> None:
    r = cli(write(tmp_path, VALID))
    assert r.exit_code == 0, r.output
    assert "全部通过" in r.output


def test_failed_expect_exits_1_and_names_the_entry(tmp_path: Path) -> None:
    text = replace("{at: night 1, out: [甲]}", "{at: night 1, out: [乙]}")
    r = cli(write(tmp_path, text))
    assert r.exit_code == 1, r.output
    assert "expect[0]" in r.output
    assert "有检查未通过" in r.output


def test_failed_expect_exits_1_with_json(tmp_path: Path) -> None:
    text = replace("{winner: null}", "{winner: 野良阵营}")
    r = cli(write(tmp_path, text), "--json")
    assert r.exit_code == 1
    doc = json.loads(r.stdout)
    failed = [e for e in doc["expect"] if not e["ok"]]
    assert [e["entry"] for e in failed] == ["expect[3]"]


def test_action_that_should_be_refused_but_is_accepted_exits_1(tmp_path: Path) -> None:
    # 救药 on another player, alone that night, is legal: `expect: rejected` must fail
    text = replace("      - {by: 庚, skill: 毒药, target: 甲}\n", "")
    text = text.replace("{at: night 1, out: [甲]}", "{at: night 1, out: []}")
    r = cli(write(tmp_path, text))
    assert r.exit_code == 1, r.output
    assert "actions[1]" in r.output


def test_every_stored_scenario_exits_0() -> None:
    files = sorted(SCENARIOS.glob("*.yaml"))
    assert files
    for f in files:
        r = cli(f)
        assert r.exit_code == 0, f"{f.name}\n{r.output}"


# -------------------------------------------------------------------------------- exit 2

INVALID = {
    "unknown ruleset": (
        replace("ruleset: m47-yeliang", "ruleset: m99-nothing"), "ruleset"),
    "unknown role": (
        replace("  - 甲: 狼人", "  - 甲: 预言家"), "players[0]"),
    "unknown player in votes": (
        replace("{甲: 壬, 乙: 壬, 丙: 癸}", "{甲: 壬, 乙: 路人, 丙: 癸}"),
        "script[0] (at: day 1) votes.乙"),
    "unknown voter": (
        replace("{甲: 壬, 乙: 壬, 丙: 癸}", "{甲: 壬, 路人: 壬}"), "script[0] (at: day 1) votes"),
    "unknown player as actor": (
        replace("{by: 甲, skill: 杀人", "{by: 路人, skill: 杀人"),
        "script[1] (at: night 1) actions[0]"),
    "unknown player as target": (
        replace("skill: 杀人, target: 辛}", "skill: 杀人, target: 路人}"),
        "script[1] (at: night 1) actions[0]"),
    "unknown skill": (
        replace("skill: 毒药", "skill: 查验"), "script[1] (at: night 1) actions[1]"),
    "bad phase label": (
        replace("at: night 1\n    actions", "at: evening 1\n    actions"), "script[1]"),
    "phase before the ruleset starts": (
        replace("at: day 1\n    votes", "at: night 0\n    votes"), "script[0]"),
    "blocks out of order": (
        replace("at: day 1\n    votes", "at: day 2\n    votes"), "script[1]"),
    "two blocks for one phase": (
        replace("at: night 1\n    actions", "at: day 1\n    actions"), "script[1]"),
    "votes at night": (
        replace("    actions:\n", "    votes: {甲: 壬}\n    actions:\n"), "script[1]"),
    "unknown card": (
        replace("    actions:\n", "    cards: {甲: 绿}\n    actions:\n"), "cards.甲"),
    "action expect other than rejected": (
        replace("target: 辛, expect: rejected", "target: 辛, expect: accepted"),
        "script[1] (at: night 1) actions[2]"),
    "unknown action field": (
        replace("{by: 庚, skill: 毒药, target: 甲}", "{by: 庚, skill: 毒药, who: 甲}"),
        "script[1] (at: night 1) actions[1]"),
    "expect with two checks": (
        replace("{at: night 1, out: [甲]}", "{at: night 1, out: [甲], alive: [乙]}"),
        "expect[0]"),
    "expect with no check": (
        replace("{at: night 1, out: [甲]}", "{at: night 1}"), "expect[0]"),
    "expect without at": (
        replace("{at: day 1, sheriff: 壬}", "{sheriff: 壬}"), "expect[1]"),
    "expect naming an unknown player": (
        replace("{at: night 1, out: [甲]}", "{at: night 1, out: [路人]}"), "expect[0]"),
    "expect with a bad phase": (
        replace("{at: night 1, out: [甲]}", "{at: noon 1, out: [甲]}"), "expect[0]"),
    "expect with an unknown faction": (
        replace("{winner: null}", "{winner: 狼人阵营}"), "expect[3]"),
    "expect notify with an unknown skill": (
        replace("skill: 通灵, contains", "skill: 预言, contains"), "expect[2]"),
    "expect notify with an unknown field": (
        replace("contains: 今晚被指杀的是：辛", "contains: 辛, text: 辛"), "expect[2]"),
    "expect out not a list": (
        replace("{at: night 1, out: [甲]}", "{at: night 1, out: 甲}"), "expect[0]"),
    "unknown top-level field": (VALID + "rules: none\n", "文件"),
    "unknown option": (
        replace("seed: 7", "seed: 7\noptions: {fast: true}"), "options"),
    "too few players": (
        replace("  - 卯: 伤心的村民\n", ""), "players"),
    "duplicate player": (
        replace("  - 卯: 伤心的村民", "  - 甲: 伤心的村民"), "players[13]"),
}


@pytest.mark.parametrize("case", list(INVALID))
def test_invalid_file_exits_2_naming_file_and_entry(tmp_path: Path, case: str) -> None:
    text, entry = INVALID[case]
    path = write(tmp_path, text)
    r = cli(path, "--json")
    assert r.exit_code == 2, f"{case}: exit {r.exit_code}\n{r.output}"
    assert r.stdout == "", "nothing runs: no result document"
    message = " ".join(r.stderr.split())  # Rich may wrap long lines
    assert str(path.name) in message, message
    assert entry in message, f"{case}: {entry!r} not in {message!r}"


def test_malformed_yaml_exits_2(tmp_path: Path) -> None:
    path = write(tmp_path, VALID.replace("votes: {甲: 壬, 乙: 壬, 丙: 癸}", "votes: {甲: 壬,"))
    r = cli(path)
    assert r.exit_code == 2
    message = " ".join(r.stderr.split())
    assert path.name in message and "YAML" in message


def test_missing_file_exits_2(tmp_path: Path) -> None:
    r = cli(tmp_path / "nowhere.yaml")
    assert r.exit_code == 2
    assert "nowhere.yaml" in " ".join(r.stderr.split())


# ----------------------------------------------------------------------- the JSON document

CONTRACT_KEYS = {"ruleset", "finished", "winner", "at", "sheriff", "players", "phases", "events"}
RUNNER_KEYS = {"expect", "warnings"}  # added by the runner ("Add fields freely")


def document(path: Path) -> dict[str, Any]:
    r = cli(path, "--json")
    assert r.exit_code == 0, r.output
    doc = json.loads(r.stdout)
    assert isinstance(doc, dict)
    return doc


def check_shapes(doc: dict[str, Any]) -> None:
    assert CONTRACT_KEYS <= set(doc), set(doc)
    assert set(doc) - CONTRACT_KEYS <= RUNNER_KEYS, set(doc) - CONTRACT_KEYS
    assert doc["ruleset"] == "m47-yeliang"
    assert isinstance(doc["finished"], bool)
    assert doc["winner"] is None or isinstance(doc["winner"], str)
    assert isinstance(doc["at"], str)
    assert doc["sheriff"] is None or isinstance(doc["sheriff"], str)
    names = []
    for p in doc["players"]:
        assert set(p) == {"name", "roles", "faction", "alive"}, p
        assert isinstance(p["name"], str) and isinstance(p["faction"], str)
        assert isinstance(p["roles"], list) and all(isinstance(r, str) for r in p["roles"])
        assert isinstance(p["alive"], bool)
        names.append(p["name"])
    for ph in doc["phases"]:
        assert set(ph) == {"at", "outs", "sheriff"}, ph
        assert ph["sheriff"] is None or ph["sheriff"] in names
        for o in ph["outs"]:
            assert set(o) == {"name", "cause"}, o
            assert o["name"] in names and isinstance(o["cause"], str)
    labels = [ph["at"] for ph in doc["phases"]]
    for e in doc["events"]:
        assert {"at", "kind"} <= set(e), e
        assert e["at"] in labels, e
        if e["kind"] == "notify":
            assert isinstance(e["to"], list) and set(e["to"]) <= set(names), e
            assert isinstance(e["text"], str)
        elif e["kind"] == "announce":
            assert isinstance(e["text"], str) and "to" not in e, e
        elif e["kind"] == "rejected":
            assert {"by", "skill", "reason"} <= set(e), e
    for key in RUNNER_KEYS & set(doc):
        assert isinstance(doc[key], list)


def test_json_document_shapes(tmp_path: Path) -> None:
    doc = document(write(tmp_path, VALID))
    check_shapes(doc)
    assert doc["finished"] is False and doc["winner"] is None
    assert doc["at"] == "day 2"
    assert doc["sheriff"] == "壬"
    # one phase entry for every day and night passed through, in order
    assert [ph["at"] for ph in doc["phases"]] == ["day 1", "night 1", "day 2"]
    assert doc["phases"][1]["outs"] == [{"name": "甲", "cause": "毒药"}]
    players = {p["name"]: p for p in doc["players"]}
    assert list(players) == ["甲", "乙", "丙", "丁", "戊", "己", "庚", "辛", "壬", "癸",
                             "子", "丑", "寅", "卯"]
    assert players["甲"] == {"name": "甲", "roles": ["狼人"], "faction": "野良阵营",
                            "alive": False}
    # faction at the end, after 依靠
    assert players["卯"]["faction"] == "村民阵营"
    kinds = {e["kind"] for e in doc["events"]}
    assert {"announce", "notify", "rejected"} <= kinds
    assert {"at": "night 1", "kind": "notify", "to": ["庚"], "skill": "通灵",
            "text": "今晚被指杀的是：辛"} in doc["events"]
    refused = [e for e in doc["events"] if e["kind"] == "rejected"]
    assert [(e["at"], e["by"], e["skill"], e["reason"]) for e in refused] == [
        ("night 1", "庚", "救药", "本夜已使用毒药（裁定27：女巫每晚只能使用一瓶药）")]
    assert any(e["kind"] == "announce" and e["text"] == "昨夜出局：甲" for e in doc["events"])


def test_json_document_of_a_finished_game() -> None:
    doc = document(SCENARIOS / "game-wolves-win.yaml")
    check_shapes(doc)
    assert doc["finished"] is True
    assert doc["winner"] == "野良阵营"
    assert doc["at"] == "night 3"
    last = doc["phases"][-1]
    assert last["at"] == "night 3"
    # in the order they went out, with the rule's cause
    assert last["outs"] == [{"name": "戊", "cause": "指杀"}, {"name": "己", "cause": "指杀"}]


def test_json_outs_keep_order_and_causes() -> None:
    doc = document(SCENARIOS / "god.yaml")
    check_shapes(doc)
    day6 = next(ph for ph in doc["phases"] if ph["at"] == "day 6")
    assert day6["outs"] == [{"name": "甲", "cause": "神堕"}, {"name": "戊", "cause": "投票出局"}]
    assert day6["sheriff"] == "癸"


def test_every_stored_scenario_document_has_the_contract_shape() -> None:
    for f in sorted(SCENARIOS.glob("*.yaml")):
        check_shapes(document(f))

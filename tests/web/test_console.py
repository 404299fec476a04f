"""The director's console beyond the basics: a pasted vote thread previewed with the
forum tools' tally and then applied (each vote stored, marked as the director's,
idempotent), the rulings only a director makes (forms for whatever the ruleset
offers), each announcement as the forum tools' BBCode, and a ruleset without
deadline data."""

from __future__ import annotations

import re
from typing import Any

import pytest

from bansha.engine import LegalAction, get_ruleset

from .client import PASSWORD, Api

THREAD = """#2 甲 2026-12-01 09:10
投票对象：乙
投票理由：发言很水

#3 丙 2026-12-01 09:12
投票对象:乙 投票理由:划水

#4 丁 2026-12-01 09:20
投票对象：甲

#5 路人 2026-12-01 09:30
投票对象：甲

#9 甲 2026-12-01 10:00 回复 #2
改票对象：丁
改票理由：改主意了

#10 戊 2026-12-01 10:05
投票对象：张三
"""


def _login(api: Api) -> str:
    page = api.client.get("/login")
    csrf = re.search(r'name="csrf" value="([^"]+)"', page.text)
    assert csrf is not None
    api.client.post("/login", data={"csrf": csrf.group(1), "password": PASSWORD})
    return _csrf(api.client.get("/director").text)


def _csrf(html: str) -> str:
    m = re.search(r'name="csrf" value="([^"]+)"', html)
    assert m is not None
    return m.group(1)


def _votes(api: Api, gid: str) -> list[dict[str, Any]]:
    doc = api.get(f"/api/games/{gid}/director", api.director).json()
    return [i for i in doc["inputs"] if i["op"] == "submit"]


def test_vote_thread_preview_changes_nothing_then_apply_submits_once(sqlite_api: Api) -> None:
    api = sqlite_api
    gid, _ = api.create(seed=3)
    csrf = _login(api)
    r = api.client.post(f"/director/g/{gid}/thread-preview",
                        data={"csrf": csrf, "thread": THREAD, "close": "2026-12-01 21:00"})
    html = r.text
    assert "投票贴统计预览（尚未提交）" in html
    assert "得票：甲 1票、乙 1票、丁 1票" in html  # 甲's vote for 乙 was replaced by his 改票
    assert "最高票：甲、乙、丁（平票）" in html
    assert "最终投票：甲→丁；丙→乙；丁→甲" in html
    assert "<td>#2</td><td>甲</td><td>已被取代</td><td>已被 #9 的改票取代（原为 乙）</td>" in html
    assert "<td>#5</td><td>路人</td><td>不计</td><td>路人 不是本局角色</td>" in html
    assert "投票对象“张三”不是本局角色" in html  # an unknown name is invalid
    assert 'id="thread-apply"' in html
    assert api.server.games.get(gid).revision == 0  # type: ignore[union-attr]
    assert _votes(api, gid) == []

    r = api.client.post(f"/director/g/{gid}/thread-apply",
                        data={"csrf": csrf, "thread": THREAD, "close": "2026-12-01 21:00"})
    assert "已按投票贴提交 4 条投票/改票" in r.text
    stored = _votes(api, gid)
    got = [(i["action"]["seat"], i["action"]["skill"], i["action"]["target"], i["note"],
            i["proxy"]) for i in stored]
    assert got == [("甲", "投票", "乙", "投票帖 #2", True), ("丙", "投票", "乙", "投票帖 #3", True),
                   ("丁", "投票", "甲", "投票帖 #4", True), ("甲", "改票", "丁", "投票帖 #9", True)]
    assert all(i["actor"] == "导演:导演" for i in stored)
    rev = api.server.games.get(gid).revision  # type: ignore[union-attr]
    # the same paste again: every vote gets its first answer, nothing changes
    api.client.post(f"/director/g/{gid}/thread-apply",
                    data={"csrf": csrf, "thread": THREAD, "close": "2026-12-01 21:00"})
    assert api.server.games.get(gid).revision == rev  # type: ignore[union-attr]
    assert len(_votes(api, gid)) == 4


def test_vote_thread_api_and_its_refusals(api: Api) -> None:
    gid, seats = api.create(seed=3)
    r = api.post(f"/api/games/{gid}/vote-thread", {"thread": THREAD}, api.director)
    assert r.status_code == 200
    doc = r.json()
    assert doc["applied"] == [] and doc["tally"]["votes"]["丙"] == "乙"
    assert [p["status"] for p in doc["tally"]["posts"]] == [
        "replaced", "counted", "counted", "ignored", "counted", "ignored"]
    # a seat may not; a bad close time and an empty paste name their field
    assert api.post(f"/api/games/{gid}/vote-thread", {"thread": THREAD},
                    seats["甲"]).status_code == 403
    r = api.post(f"/api/games/{gid}/vote-thread", {"thread": THREAD, "close": "明天"},
                 api.director)
    assert r.status_code == 422 and r.json()["detail"][0]["loc"] == ["body", "close"]
    assert "YYYY-MM-DD HH:MM" in r.json()["message"]
    r = api.post(f"/api/games/{gid}/vote-thread", {"thread": "  "}, api.director)
    assert r.status_code == 422 and r.json()["detail"][0]["loc"] == ["body", "thread"]
    r = api.post(f"/api/games/{gid}/vote-thread", {"thread": THREAD, "apply": True},
                 api.director)
    applied = r.json()["applied"]
    assert [(a["voter"], a["skill"], a["accepted"]) for a in applied] == [
        ("甲", "投票", True), ("丙", "投票", True), ("丁", "投票", True), ("甲", "改票", True)]
    # at night there is no vote to count
    api.post(f"/api/games/{gid}/advance", None, api.director)
    r = api.post(f"/api/games/{gid}/vote-thread", {"thread": THREAD}, api.director)
    assert r.status_code == 422 and "不是讨论日" in r.json()["message"]


def test_speedup_is_a_director_ruling_on_the_console(sqlite_api: Api) -> None:
    api = sqlite_api
    gid, seats = api.create(seed=3)
    csrf = _login(api)
    page = api.client.get(f"/director/g/{gid}").text
    assert "导演裁定（只有导演能做的判断）" in page and "<b>加速</b>" in page
    r = api.client.post(f"/director/g/{gid}/ruling", data={"csrf": csrf, "skill": "加速",
                                                          "command_id": "s1"})
    assert "已裁定：加速" in r.text
    assert "本讨论日执行加速" in r.text  # the engine's announcement, on the console
    assert "<b>加速</b>" not in r.text.split("导演裁定")[1].split("<h2>")[0]  # entered once
    # a 改票 is now refused with the post's rule
    api.post(f"/api/games/{gid}/votes", {"target": "乙", "command_id": "v1"}, seats["甲"])
    r = api.post(f"/api/games/{gid}/votes", {"target": "丙", "kind": "revote",
                                              "command_id": "v2"}, seats["甲"])
    assert r.json()["accepted"] is False and "加速" in r.json()["reason"]
    # through the API: a ruling not open now is refused with what is open
    r = api.post(f"/api/games/{gid}/rulings", {"skill": "加速"}, api.director)
    assert r.json() == {"accepted": False, "reason": "本窗口没有导演裁定“加速”"}
    assert api.post(f"/api/games/{gid}/rulings", {"skill": "加速"},
                    seats["甲"]).status_code == 403


def test_a_rulesets_own_director_inputs_get_forms(sqlite_api: Api,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """A ruleset offering director inputs (as m192's 审讯 correctness will) gets a form
    for each, with its targets and choices; the input reaches the engine as the
    director's own, and the engine's answer is shown."""
    api = sqlite_api
    cls = get_ruleset("m47-yeliang")

    def offered(self: Any, game: Any) -> list[LegalAction]:
        return [LegalAction("导演", "审讯判定", ("甲", "乙"), choices=("正确", "错误")),
                LegalAction("导演", "寡言违规", ("丙", "丁"), needs_text=True)]

    monkeypatch.setattr(cls, "director_inputs", offered, raising=False)
    gid, _ = api.create(seed=3)
    csrf = _login(api)
    page = api.client.get(f"/director/g/{gid}").text
    section = page.split("导演裁定（只有导演能做的判断）")[1].split("<h2>")[0]
    assert "<b>审讯判定</b>" in section  # a verdict: one radio button per choice
    assert '<input type="radio" name="choice" value="正确" required> 正确' in section
    assert "<b>寡言违规</b>" in section  # a reason: a text the form requires
    assert ('<textarea name="text" rows="3" cols="40" placeholder="理由（必填）" required>'
            in section)
    assert "<b>加速</b>" in section  # the engine's own comes after the ruleset's
    doc = api.get(f"/api/games/{gid}/rulings", api.director).json()
    assert [x["skill"] for x in doc["rulings"]] == ["审讯判定", "寡言违规", "加速"]
    r = api.client.post(f"/director/g/{gid}/ruling", data={
        "csrf": csrf, "skill": "审讯判定", "target": "甲", "choice": "正确", "command_id": "r1"})
    # M47's engine has no such input: its refusal is the answer, nothing is applied
    assert "未生效：" in r.text
    assert api.server.games.get(gid).revision == 0  # type: ignore[union-attr]
    # an input that fits none of the offered forms is refused before the engine, saying
    # what does not fit: a target not offered, a missing verdict, a missing reason
    for body, reason in [
        ({"skill": "审讯判定", "target": "丙", "choice": "正确"},
         "丙 不是 审讯判定 可选的目标（可选：甲、乙）"),
        ({"skill": "审讯判定", "target": "甲"}, "审讯判定 需要裁定为 正确、错误 之一"),
        ({"skill": "审讯判定", "target": "甲", "choice": "也许"},
         "审讯判定 需要裁定为 正确、错误 之一"),
        ({"skill": "审讯判定", "choice": "正确"}, "审讯判定 需要选择 1 个目标"),
        ({"skill": "寡言违规", "target": "丙", "text": "  "}, "寡言违规 需要写明理由"),
        ({"skill": "加速", "target": "甲"}, "加速 不需要目标"),
        ({"skill": "投降"}, "本窗口没有导演裁定“投降”（现在可裁定：审讯判定、寡言违规、加速）"),
    ]:
        r = api.post(f"/api/games/{gid}/rulings", body, api.director)
        assert r.json() == {"accepted": False, "reason": reason}, body
    r = api.client.post(f"/director/g/{gid}/ruling", data={
        "csrf": csrf, "skill": "寡言违规", "target": "丁", "command_id": "r2"})
    assert "未生效：寡言违规 需要写明理由" in r.text
    live = api.server.games.get(gid)
    assert live is not None and live.revision == 0 and len(live.inputs) == 1  # r1's refusal
    # a reason-and-target ruling that fits reaches the engine with both
    api.post(f"/api/games/{gid}/rulings", {"skill": "寡言违规", "target": "丁",
                                           "text": "正午发言超过三句", "command_id": "r3"},
             api.director)
    assert live.inputs[-1].action == {"seat": "导演", "skill": "寡言违规", "target": "丁",
                                      "text": "正午发言超过三句"}


def test_each_announcement_as_forum_bbcode_and_no_deadline_data(sqlite_api: Api) -> None:
    api = sqlite_api
    gid, _ = api.create(seed=3)
    csrf = _login(api)
    r = api.client.post(f"/director/g/{gid}/advance", data={"csrf": csrf, "command_id": "a"})
    assert "[size=5][color=#FF0000]" in r.text  # the forum tools' director style
    # a ruleset the deadline table does not name: the window shows no countdown
    gid2, _ = api.create("classic", [f"玩家{i}" for i in range(8)], seed=1)
    page = api.client.get(f"/director/g/{gid2}").text
    assert "本窗口未设关门时限" in page
    api.client.post(f"/director/g/{gid2}/advance", data={"csrf": csrf, "command_id": "b"})
    assert "本窗口未设关门时限" in api.client.get(f"/director/g/{gid2}").text

"""Every route of the API contract with each kind of token, and what each answers:
the director, a seat, a mentor (read-only), a seat of another game, a substituted
(revoked) seat, a wrong token and none."""

from __future__ import annotations

from typing import Any

import pytest

from .client import PASSWORD, Api

NAMES = list("甲乙丙丁戊己庚辛壬癸子丑寅卯")


@pytest.fixture
def world(api: Api) -> dict[str, Any]:
    gid, seats = api.create(seed=1)
    _, other = api.create(seed=2)
    mentor = api.post(f"/api/games/{gid}/mentors", {"seat": "乙"}, api.director).json()["token"]
    revoked = seats["丙"]
    r = api.post(f"/api/games/{gid}/substitute", {"seat": "丙"}, api.director)
    assert r.status_code == 200
    seats["丙"] = r.json()["token"]
    return {"gid": gid, "seats": seats, "tokens": {
        "none": None, "wrong": "not-a-token", "director": api.director,
        "seat": seats["甲"], "mentor": mentor, "other_game": other["甲"], "revoked": revoked}}


# route -> the status each kind of token gets
GETS = {
    "": {"director": 200, "seat": 200, "mentor": 200},
    "/view": {"director": 403, "seat": 200, "mentor": 200},
    "/legal": {"director": 403, "seat": 200, "mentor": 200},
    "/public": {"director": 200, "seat": 200, "mentor": 200},
    "/director": {"director": 200, "seat": 403, "mentor": 403},
}
UNAUTHORISED = {"none": 401, "wrong": 401, "other_game": 401, "revoked": 401}


@pytest.mark.parametrize("route", list(GETS))
def test_get_routes_with_each_kind_of_token(api: Api, world: dict[str, Any], route: str) -> None:
    for kind, token in world["tokens"].items():
        want = {**UNAUTHORISED, **GETS[route]}[kind]
        r = api.get(f"/api/games/{world['gid']}{route}", token)
        assert r.status_code == want, (route, kind, r.text)
        if want >= 400:
            assert isinstance(r.json()["detail"], str) and r.json()["detail"]


def test_get_game_answers_the_contract_fields(api: Api, world: dict[str, Any]) -> None:
    doc = api.get(f"/api/games/{world['gid']}", world["seats"]["甲"]).json()
    assert doc == {"id": world["gid"], "ruleset": "m47-yeliang", "title": "[M47]『野良神』",
                   "at": "day 1", "revision": 0, "finished": False, "winner": None,
                   "deadline": None}


def test_a_seat_view_is_game_view_of_that_seat(api: Api, world: dict[str, Any]) -> None:
    live = api.server.games.get(world["gid"])
    assert live is not None
    doc = api.get(f"/api/games/{world['gid']}/view", world["seats"]["甲"]).json()
    own = live.game.view("甲")
    assert doc["seat"] == "甲" and doc["roles"] == own["roles"]
    assert doc["events"] == [e.as_dict() for e in own["events"]]
    assert doc["legal"][0]["skill"] == "投票"
    mentor = api.get(f"/api/games/{world['gid']}/view", world["tokens"]["mentor"]).json()
    assert mentor["seat"] == "乙" and mentor["mentor"] is True


def test_wrong_password_and_login_names_why(api: Api) -> None:
    r = api.post("/api/login", {"password": "错"})
    assert r.status_code == 401 and r.json()["detail"] == "导演密码错误"
    r = api.post("/api/login", {"password": PASSWORD})
    assert r.status_code == 200 and len(r.json()["token"]) >= 40
    r = api.post("/api/login", {})
    assert r.status_code == 422 and r.json()["detail"][0]["loc"] == ["body", "password"]


def test_create_game_answers_seats_with_links(api: Api) -> None:
    r = api.post("/api/games", {"ruleset": "m47-yeliang", "players": NAMES, "seed": 3},
                 api.director)
    doc = r.json()
    assert [s["name"] for s in doc["seats"]] == NAMES
    assert all(s["link"].endswith("/s/" + s["token"]) for s in doc["seats"])
    assert len({s["token"] for s in doc["seats"]}) == 14
    # seat tokens cannot create games
    r = api.post("/api/games", {"ruleset": "m47-yeliang", "players": NAMES},
                 doc["seats"][0]["token"])
    assert r.status_code == 403


def test_create_with_a_fixed_deal(api: Api) -> None:
    roles = ["狼人"] * 3 + ["村民"] * 11
    r = api.post("/api/games", {"ruleset": "m47-yeliang", "players": NAMES,
                                "roles": [{n: ro} for n, ro in zip(NAMES, roles, strict=True)]},
                 api.director)
    gid = r.json()["id"]
    d = api.get(f"/api/games/{gid}/director", api.director).json()
    assert [s["roles"] for s in d["seats"]][:4] == [["狼人"], ["狼人"], ["狼人"], ["村民"]]


@pytest.mark.parametrize(("body", "field", "says"), [
    ({"ruleset": "无此规则", "players": NAMES}, "ruleset", "未知的规则"),
    ({"ruleset": "m47-yeliang", "players": NAMES[:3]}, "players", "需要 14 名玩家"),
    ({"ruleset": "m47-yeliang", "players": NAMES, "roles": ["神仙"] * 14}, "roles", "未知的身份"),
    ({"ruleset": "m47-yeliang", "players": NAMES, "roles": ["狼人"]}, "roles", "roles 有 1 项"),
    ({"ruleset": "m47-yeliang", "players": NAMES, "seed": -1}, "seed", ""),
    ({"ruleset": "m47-yeliang"}, "players", "缺少该字段"),
])
def test_create_refuses_a_bad_setup_naming_the_field(api: Api, body: dict[str, Any], field: str,
                                                     says: str) -> None:
    r = api.post("/api/games", body, api.director)
    assert r.status_code == 422
    assert r.json()["detail"][0]["loc"][:2] == ["body", field]
    assert says in r.json()["detail"][0]["msg"]
    assert api.get("/api/games", api.director).json() == []



def test_post_routes_with_each_kind_of_token(api: Api, world: dict[str, Any]) -> None:
    gid, t = world["gid"], world["tokens"]
    vote = {"target": "乙", "command_id": "v"}
    for kind in ("none", "wrong", "other_game", "revoked"):
        for route, body in (("votes", vote), ("actions", {"skill": "投票", "target": "乙",
                                                         "command_id": "a"}),
                            ("advance", {}), ("cards", {"name": "甲", "card": "黄",
                                                        "reason": "x"})):
            r = api.post(f"/api/games/{gid}/{route}", body, t[kind])
            assert r.status_code == 401, (kind, route, r.text)
    for route in ("advance", "cards"):
        body = {} if route == "advance" else {"name": "甲", "card": "黄", "reason": "x"}
        for kind in ("seat", "mentor"):
            assert api.post(f"/api/games/{gid}/{route}", body, t[kind]).status_code == 403
    assert api.post(f"/api/games/{gid}/votes", vote, t["mentor"]).status_code == 403
    # a seat may not act for another seat; the director must say for whom
    r = api.post(f"/api/games/{gid}/votes", {**vote, "by": "乙"}, t["seat"])
    assert r.status_code == 403 and "不能替 乙 行动" in r.json()["detail"]
    r = api.post(f"/api/games/{gid}/votes", vote, t["director"])
    assert r.status_code == 422 and r.json()["detail"][0]["loc"] == ["body", "by"]
    assert api.get(f"/api/games/{gid}", t["director"]).json()["revision"] == 0
    r = api.post(f"/api/games/{gid}/votes", vote, t["seat"])
    assert r.json() == {"accepted": True, "revision": 1}


def test_proxy_vote_is_marked_as_such(api: Api, world: dict[str, Any]) -> None:
    gid = world["gid"]
    r = api.post(f"/api/games/{gid}/votes", {"target": "甲", "command_id": "p", "by": "丁"},
                 api.director)
    assert r.json()["accepted"] is True
    d = api.get(f"/api/games/{gid}/director", api.director).json()
    row = d["inputs"][-1]
    assert row["proxy"] is True and row["actor"] == "导演:导演"
    assert row["action"] == {"seat": "丁", "skill": "投票", "target": "甲"}
    assert d["acted"] == {"丁": ["投票"]}


def test_command_id_makes_a_retry_safe(api: Api, world: dict[str, Any]) -> None:
    gid, me = world["gid"], world["seats"]["甲"]
    body = {"target": "乙", "command_id": "once"}
    first = api.post(f"/api/games/{gid}/votes", body, me).json()
    again = api.post(f"/api/games/{gid}/votes", {**body, "target": "丁"}, me).json()
    assert first == again == {"accepted": True, "revision": 1}
    events = api.get(f"/api/games/{gid}/director", api.director).json()["events"]
    assert [e["text"] for e in events if e["kind"] == "vote"] == ["甲 投票：乙"]


def test_refused_input_gives_the_engine_reason_and_changes_nothing(api: Api,
                                                                  world: dict[str, Any]) -> None:
    gid, me = world["gid"], world["seats"]["甲"]
    before = api.get(f"/api/games/{gid}/view", me).json()
    r = api.post(f"/api/games/{gid}/actions", {"skill": "没有的技能", "command_id": "n"}, me)
    assert r.json() == {"accepted": False, "reason": "本规则没有技能 没有的技能"}
    r = api.post(f"/api/games/{gid}/votes", {"target": "外人", "command_id": "m"}, me)
    assert r.json()["accepted"] is False and "外人" in r.json()["reason"]
    assert api.get(f"/api/games/{gid}/view", me).json() == before
    d = api.get(f"/api/games/{gid}/director", api.director).json()
    assert d["revision"] == 0
    assert {x["reason"] for x in d["refusals"]} >= {"本规则没有技能 没有的技能"}


def test_input_against_a_closed_phase_is_refused(api: Api, world: dict[str, Any]) -> None:
    gid, me = world["gid"], world["seats"]["甲"]
    rev = api.get(f"/api/games/{gid}", me).json()["revision"]
    r = api.post(f"/api/games/{gid}/advance", {"command_id": "adv"}, api.director)
    assert r.json()["accepted"] is True and r.json()["at"] == "night 1"
    # a vote made while day 1 was open arrives after the window closed
    r = api.post(f"/api/games/{gid}/votes", {"target": "乙", "command_id": "late",
                                             "revision": rev}, me)
    assert r.json()["accepted"] is False and "已经关闭" in r.json()["reason"]
    r = api.post(f"/api/games/{gid}/actions", {"skill": "投票", "target": "乙", "phase": "day 1",
                                               "command_id": "late2"}, me)
    assert r.json()["accepted"] is False and "第1天白天 已关门" in r.json()["reason"]
    assert api.get(f"/api/games/{gid}", me).json()["revision"] == 1


def test_cards_are_given_with_their_reason(api: Api, world: dict[str, Any]) -> None:
    gid = world["gid"]
    r = api.post(f"/api/games/{gid}/cards", {"name": "戊", "card": "黄", "reason": "发言涉及场外"},
                 api.director)
    assert r.json() == {"accepted": True, "revision": 1}
    public = api.get(f"/api/games/{gid}/public", world["seats"]["甲"]).json()
    assert any("判罚：戊 黄牌" in e["text"] for e in public["events"])
    d = api.get(f"/api/games/{gid}/director", api.director).json()
    assert d["inputs"][-1]["note"] == "发言涉及场外"
    r = api.post(f"/api/games/{gid}/cards", {"name": "戊", "card": "绿", "reason": "x"},
                 api.director)
    assert r.status_code == 422 and r.json()["detail"][0]["loc"] == ["body", "card"]
    r = api.post(f"/api/games/{gid}/actions", {"skill": "判罚", "choice": "红",
                                               "command_id": "self"}, world["seats"]["甲"])
    assert r.json()["accepted"] is False


def test_undo_last_advance_shows_what_was_undone(api: Api, world: dict[str, Any]) -> None:
    gid, seats = world["gid"], world["seats"]
    before = api.get(f"/api/games/{gid}/director", api.director).json()
    api.post(f"/api/games/{gid}/votes", {"target": "乙", "command_id": "1"}, seats["甲"])
    mid = api.get(f"/api/games/{gid}/director", api.director).json()
    api.post(f"/api/games/{gid}/advance", None, api.director)
    r = api.post(f"/api/games/{gid}/undo", None, api.director).json()
    assert r["accepted"] is True and r["at"] == "day 1" and r["undone"] == ["导演 推进阶段"]
    after = api.get(f"/api/games/{gid}/director", api.director).json()
    assert after["events"] == mid["events"] != before["events"]
    assert [i["undone_at"] for i in after["inputs"]] == [None, r["revision"]]
    assert any("撤销最近一次推进" in a["what"] for a in after["audit"])
    r2 = api.post(f"/api/games/{gid}/undo", None, api.director).json()
    assert r2["accepted"] is False


def test_substitute_old_link_stops_new_one_works(api: Api, world: dict[str, Any]) -> None:
    gid = world["gid"]
    old = world["tokens"]["revoked"]
    r = api.get(f"/api/games/{gid}/view", old)
    assert r.status_code == 401 and "替补" in r.json()["detail"]
    doc = api.get(f"/api/games/{gid}/view", world["seats"]["丙"]).json()
    assert doc["seat"] == "丙"


def test_unknown_game_for_the_director_is_404(api: Api) -> None:
    r = api.get("/api/games/nope", api.director)
    assert r.status_code == 404 and "nope" in r.json()["detail"]


def test_a_second_director_logs_in_and_the_log_names_who_did_what(api: Api,
                                                                   world: dict[str, Any]) -> None:
    r = api.post("/api/directors", {"name": "副导演", "password": "另一个密码"}, api.director)
    assert r.status_code == 200
    r = api.post("/api/directors", {"name": "副导演", "password": "x"}, api.director)
    assert r.status_code == 422 and "已有名为 副导演" in r.json()["detail"][0]["msg"]
    assert api.post("/api/directors", {"name": "x", "password": "y"},
                    world["seats"]["甲"]).status_code == 403
    r = api.post("/api/login", {"name": "副导演", "password": "另一个密码"})
    second = {"Authorization": f"Bearer {r.json()['token']}"}
    gid = world["gid"]
    api.post(f"/api/games/{gid}/advance", None, second)
    api.post(f"/api/games/{gid}/undo", None, api.director)
    d = api.get(f"/api/games/{gid}/director", second).json()
    assert d["inputs"][-1]["actor"] == "导演:副导演"
    assert d["audit"][-1]["director"] == "导演"
    assert sorted(api.get("/api/directors", second).json()) == ["副导演", "导演"]


def test_group_chat_is_for_members_and_the_director_only(api: Api) -> None:
    roles = ["狼人"] * 3 + ["村民"] * 11
    r = api.post("/api/games", {"ruleset": "m47-yeliang", "players": NAMES,
                                "roles": roles}, api.director)
    gid, seats = r.json()["id"], {s["name"]: s["token"] for s in r.json()["seats"]}
    live = api.server.games.get(gid)
    assert live is not None
    pack = next(iter(live.game.view("甲").get("group", {}).items()), None)
    assert pack is not None, "M47's wolves share a group in their view"
    group, members = pack
    assert "丁" not in members
    r = api.post(f"/api/games/{gid}/chats", {"group": group, "text": "今晚刀谁"}, seats["甲"])
    assert r.json() == {"accepted": True}
    r = api.post(f"/api/games/{gid}/chats", {"group": group, "text": "我也要"}, seats["丁"])
    assert r.json()["accepted"] is False and f"你不在 {group} 中" in r.json()["reason"]
    assert api.get(f"/api/games/{gid}/chats", seats["乙"]).json()["chats"][group][0] == {
        "author": "甲", "at": "day 1", "text": "今晚刀谁"}
    assert api.get(f"/api/games/{gid}/chats", seats["丁"]).json()["chats"] == {}
    assert group in api.get(f"/api/games/{gid}/chats", api.director).json()["chats"]
    mentor = api.post(f"/api/games/{gid}/mentors", {"seat": "甲"}, api.director).json()["token"]
    assert api.get(f"/api/games/{gid}/chats", mentor).status_code == 403
    # the chat is not part of the game's input log
    assert live.revision == 0


def test_diary_is_private_until_the_game_ends(api: Api, world: dict[str, Any]) -> None:
    gid, seats = world["gid"], world["seats"]
    assert api.post(f"/api/games/{gid}/diary", {"text": "我怀疑乙"}, seats["甲"]).json() == {
        "accepted": True}
    assert [e["text"] for e in api.get(f"/api/games/{gid}/diary", seats["甲"]).json()[
        "entries"]] == ["我怀疑乙"]
    assert api.get(f"/api/games/{gid}/diary", seats["乙"]).json()["entries"] == []
    assert api.get(f"/api/games/{gid}/diary", api.director).json()["entries"] == []
    assert api.post(f"/api/games/{gid}/diary", {"text": "x"}, api.director).status_code == 403


def test_deadline_closes_the_window_unless_paused(api: Api, world: dict[str, Any]) -> None:
    import datetime as dt

    from bansha.web.deadlines import close_due
    gid = world["gid"]
    live = api.server.games.get(gid)
    assert live is not None
    assert api.post(f"/api/games/{gid}/deadline", {"action": "set", "minutes": 30},
                    world["seats"]["甲"]).status_code == 403
    r = api.post(f"/api/games/{gid}/deadline", {"action": "set", "minutes": 30}, api.director)
    assert r.json()["accepted"] is True and 1790 <= r.json()["deadline"]["left"] <= 1800
    assert api.get(f"/api/games/{gid}", world["seats"]["甲"]).json()["deadline"]["paused"] is False
    later = dt.datetime.now(dt.UTC) + dt.timedelta(minutes=31)
    api.post(f"/api/games/{gid}/deadline", {"action": "pause"}, api.director)
    assert close_due(api.server, later) == []  # paused: nothing closes
    api.post(f"/api/games/{gid}/deadline", {"action": "resume"}, api.director)
    r = api.post(f"/api/games/{gid}/deadline", {"action": "extend", "minutes": 10}, api.director)
    assert r.json()["deadline"]["left"] > 2300
    assert close_due(api.server, later) == []  # extended past `later`
    much_later = later + dt.timedelta(minutes=15)
    answers = close_due(api.server, much_later)
    assert [a["at"] for a in answers] == ["night 1"]
    d = api.get(f"/api/games/{gid}/director", api.director).json()
    assert d["inputs"][-1]["actor"] == "导演:自动关门"
    # the night opens with M47's own countdown: 狼队在关门一个小时后仍未提交<杀人>目标
    assert d["deadline"]["paused"] is False and 3590 <= d["deadline"]["left"] <= 3600
    assert d["audit"][-1]["director"] == "规则时限" and "60 分钟" in d["audit"][-1]["what"]
    assert any(a["what"] == "延时 10 分钟" for a in d["audit"])
    r = api.post(f"/api/games/{gid}/deadline", {"action": "set", "minutes": -1}, api.director)
    assert r.status_code == 422 and r.json()["detail"][0]["loc"] == ["body", "minutes"]

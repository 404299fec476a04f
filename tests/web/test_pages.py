"""The pages over HTTP: login with CSRF, the director's console, a seat's page
offering exactly legal(seat) as forms, refusals shown with the engine's reason,
CSRF refusals changing nothing, revoked links, the public page and the reveal."""

from __future__ import annotations

import random
import re

from .client import PASSWORD, Api
from .play import pick, to_action


def _login(api: Api) -> None:
    c = api.client
    page = c.get("/login")
    csrf = re.search(r'name="csrf" value="([^"]+)"', page.text)
    assert csrf is not None
    r = c.post("/login", data={"csrf": "wrong", "password": PASSWORD}, follow_redirects=False)
    assert "表单已过期" in r.text
    page = c.get("/login")
    csrf = re.search(r'name="csrf" value="([^"]+)"', page.text)
    assert csrf is not None
    r = c.post("/login", data={"csrf": csrf.group(1), "password": "错的"})
    assert "导演密码错误" in r.text
    page = c.get("/login")
    csrf = re.search(r'name="csrf" value="([^"]+)"', page.text)
    assert csrf is not None
    r = c.post("/login", data={"csrf": csrf.group(1), "password": PASSWORD},
               follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"] == "/director"


def _csrf(html: str) -> str:
    m = re.search(r'name="csrf" value="([^"]+)"', html)
    assert m is not None
    return m.group(1)


def test_director_creates_a_game_and_sees_every_role(sqlite_api: Api) -> None:
    api = sqlite_api
    assert api.client.get("/director", follow_redirects=False).status_code == 303
    _login(api)
    home = api.client.get("/director")
    assert "新建游戏" in home.text
    names = "\n".join("甲乙丙丁戊己庚辛壬癸子丑寅卯")
    r = api.client.post("/director/games", data={"csrf": _csrf(home.text), "ruleset": "m47-yeliang",
                                                 "players": names, "seed": "7"})
    assert r.status_code == 200 and "现在：<b>第1天白天</b>" in r.text
    gid = r.url.path.rsplit("/", 1)[1]
    live = api.server.games.get(gid)
    assert live is not None
    for s in live.game.director_view()["seats"]:
        assert f"<td>{' + '.join(s['roles'])}</td>" in r.text
    # a bad setup is refused on the page with the reason, and no game is made
    r = api.client.post("/director/games", data={"csrf": _csrf(home.text),
                                                 "ruleset": "m47-yeliang", "players": "甲\n乙"})
    assert "无法创建" in r.text and "需要 14 名玩家" in r.text
    assert len(api.server.games.games) == 1


def test_console_forms_need_csrf_and_advance_works(sqlite_api: Api) -> None:
    api = sqlite_api
    gid, _ = api.create(seed=3)
    _login(api)
    page = api.client.get(f"/director/g/{gid}")
    r = api.client.post(f"/director/g/{gid}/advance", data={"csrf": "forged"})
    assert r.status_code == 403 and "CSRF" in r.text
    assert api.server.games.get(gid).revision == 0  # type: ignore[union-attr]
    r = api.client.post(f"/director/g/{gid}/advance", data={"csrf": _csrf(page.text),
                                                            "command_id": "a1"})
    assert "已结算，现在是 第1天夜晚" in r.text
    r = api.client.post(f"/director/g/{gid}/card", data={"csrf": _csrf(page.text), "name": "乙",
                                                         "card": "黄", "reason": "发言违规"})
    assert "已判罚：乙 黄牌（发言违规）" in r.text
    assert "[size=5][color=#FF0000]" in r.text  # the BBCode export holds the announcements
    r = api.client.post(f"/director/g/{gid}/undo", data={"csrf": _csrf(page.text)})
    assert "已撤销，回到 第1天白天" in r.text and "撤回的输入：导演 推进阶段" in r.text


def test_proxy_vote_is_marked_on_the_console(sqlite_api: Api) -> None:
    api = sqlite_api
    gid, _ = api.create(seed=3)
    _login(api)
    page = api.client.get(f"/director/g/{gid}")
    r = api.client.post(f"/director/g/{gid}/proxy", data={
        "csrf": _csrf(page.text), "by": "丙", "skill": "投票", "target": "甲", "command_id": "p"})
    assert "已代 丙 提交：投票 甲" in r.text
    assert '<span class="proxy">导演代投</span>' in r.text


def test_seat_page_offers_exactly_legal_and_shows_refusals(sqlite_api: Api) -> None:
    api = sqlite_api
    gid, seats = api.create(seed=3)
    live = api.server.games.get(gid)
    assert live is not None
    page = api.client.get(f"/s/{seats['甲']}")
    forms = re.findall(r'name="skill" value="([^"]+)"', page.text)
    assert forms == [la.skill for la in live.game.legal("甲")]
    role = live.game.view("甲")["roles"][0]
    assert f'<div class="role">{role}</div>' in page.text
    csrf = _csrf(page.text)
    r = api.client.post(f"/s/{seats['甲']}/act", data={"csrf": csrf, "skill": "投票",
                                                        "target": "外人", "command_id": "x"})
    assert "未生效：目标 外人 不是本局玩家" in r.text
    r = api.client.post(f"/s/{seats['甲']}/act", data={"csrf": csrf, "skill": "投票",
                                                        "target": "乙", "command_id": "y"})
    assert "已提交：投票 乙" in r.text and "本窗口我已提交" in r.text
    # another seat's CSRF token does not fit this seat's link
    r = api.client.post(f"/s/{seats['乙']}/act", data={"csrf": csrf, "skill": "投票",
                                                        "target": "甲", "command_id": "z"})
    assert r.status_code == 403
    assert live.revision == 1


def test_revoked_link_page_and_mentor_page(sqlite_api: Api) -> None:
    api = sqlite_api
    gid, seats = api.create(seed=3)
    api.post(f"/api/games/{gid}/substitute", {"seat": "甲"}, api.director)
    r = api.client.get(f"/s/{seats['甲']}")
    assert r.status_code == 401 and "替补" in r.text
    mentor = api.post(f"/api/games/{gid}/mentors", {"seat": "乙"}, api.director).json()["token"]
    r = api.client.get(f"/s/{mentor}")
    assert "场外助理链接：只读" in r.text and 'name="skill"' not in r.text


def test_public_page_then_the_reveal(sqlite_api: Api) -> None:
    api = sqlite_api
    gid, seats = api.create(seed=3)
    live = api.server.games.get(gid)
    assert live is not None
    page = api.client.get(f"/s/{seats['甲']}")
    r = api.client.post(f"/s/{seats['甲']}/diary", data={"csrf": _csrf(page.text),
                                                          "text": "乙的发言很可疑"})
    assert "已记入树洞" in r.text and "乙的发言很可疑" in r.text
    assert "乙的发言很可疑" not in api.client.get(f"/s/{seats['乙']}").text
    r = api.client.get(f"/g/{gid}")
    assert "乙的发言很可疑" not in r.text
    assert api.client.get(f"/g/{gid}/replay").status_code == 403  # not before the end
    assert "讨论日开始" in r.text and "全部揭晓" not in r.text
    secret = next(e.text for e in live.game.director_view()["events"] if e.kind == "notify")
    assert secret not in r.text
    rng = random.Random(1)
    for w in range(200):
        if live.game.finished:
            break
        for i, (seat, body) in enumerate(pick(live.game, rng)):
            api.server.games.submit(live, to_action(seat, body), seat, f"{w}-{i}")
        api.post(f"/api/games/{gid}/advance", None, api.director)
    assert live.game.finished
    r = api.client.get(f"/g/{gid}")
    assert "全部揭晓" in r.text and secret in r.text and "游戏结束" in r.text
    assert "乙的发言很可疑" in r.text  # diaries are public once the game has ended
    # the step-through replay: step 0 is the deal, the last step is the end
    r = api.client.get(f"/g/{gid}/replay?step=0")
    assert "第 <b>0</b>" in r.text and "你的身份是" in r.text
    total = len(live.inputs)
    r = api.client.get(f"/g/{gid}/replay?step={total}")
    assert "游戏结束" in r.text and 'id="next"' not in r.text
    r = api.client.get(f"/g/{gid}/replay?step=1")
    assert "这一步：" in r.text

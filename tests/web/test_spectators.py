"""树洞 for spectators ("Each player and spectator may keep a diary, visible only to its
author until the game ends and public after"): a spectator takes a link on the
public page (CSRF-checked, a name unique in the game), sees the public view only,
writes a diary nobody else reads until the end, and it is public after."""

from __future__ import annotations

import random
import re

from .client import Api
from .play import pick, to_action


def _csrf(html: str) -> str:
    m = re.search(r'name="csrf" value="([^"]+)"', html)
    assert m is not None
    return m.group(1)


def _spectate(api: Api, gid: str, name: str) -> str:
    page = api.client.get(f"/g/{gid}")
    r = api.client.post(f"/g/{gid}/spectate", data={"csrf": _csrf(page.text), "name": name},
                        follow_redirects=False)
    assert r.status_code == 303, r.text
    return str(r.headers["location"]).removeprefix("/s/")


def test_a_spectators_diary_is_its_own_until_the_end(sqlite_api: Api) -> None:
    api = sqlite_api
    gid, seats = api.create(seed=3)
    live = api.server.games.get(gid)
    assert live is not None
    page = api.client.get(f"/g/{gid}")
    assert 'id="spectate"' in page.text
    r = api.client.post(f"/g/{gid}/spectate", data={"csrf": "forged", "name": "小明"})
    assert r.status_code == 403 and "表单已过期" in r.text
    token = _spectate(api, gid, "小明")
    # a seat's name, or a spectator's, is taken
    r = api.client.post(f"/g/{gid}/spectate", data={"csrf": _csrf(page.text), "name": "甲"})
    assert r.status_code == 422 and "已被座位或其他观众使用" in r.text
    r = api.client.post(f"/g/{gid}/spectate", data={"csrf": _csrf(page.text), "name": "小明"})
    assert r.status_code == 422

    mine = api.client.get(f"/s/{token}")
    assert "观众：小明" in mine.text and "讨论日开始" in mine.text
    secret = next(e.text for e in live.game.director_view()["events"] if e.kind == "notify")
    assert secret not in mine.text  # the public view only
    r = api.client.post(f"/s/{token}/diary", data={"csrf": _csrf(mine.text),
                                                   "text": "我猜甲是狼"})
    assert "已记入树洞" in r.text and "我猜甲是狼" in r.text
    r = api.client.post(f"/s/{token}/act", data={"csrf": _csrf(mine.text), "skill": "投票",
                                                 "target": "乙"})
    assert "观众不能行动" in r.text and live.revision == 0
    seat_page = api.client.get(f"/s/{seats['甲']}").text
    api.client.post(f"/s/{seats['甲']}/diary", data={"csrf": _csrf(seat_page),
                                                      "text": "丙在装村民"})
    assert "我猜甲是狼" not in api.client.get(f"/s/{seats['甲']}").text
    assert "丙在装村民" not in api.client.get(f"/s/{token}").text
    assert "我猜甲是狼" not in api.client.get(f"/g/{gid}").text
    # the API: the spectator reads its own diary and the public view, nothing a seat has
    assert [e["text"] for e in api.get(f"/api/games/{gid}/diary", token).json()["entries"]] \
        == ["我猜甲是狼"]
    assert api.get(f"/api/games/{gid}/public", token).status_code == 200
    for path in ("view", "legal", "chats"):
        r = api.get(f"/api/games/{gid}/{path}", token)
        assert r.status_code == 403 and "观众" in r.json()["detail"], path
    r = api.post(f"/api/games/{gid}/votes", {"target": "乙", "command_id": "x"}, token)
    assert r.status_code == 403
    r = api.post(f"/api/games/{gid}/diary", {"text": "第二条"}, token)
    assert r.json() == {"accepted": True}
    # the director may hand out spectator links too
    r = api.post(f"/api/games/{gid}/spectators", {"name": "小红"}, api.director)
    assert r.status_code == 200 and r.json()["link"].endswith(r.json()["token"])
    r = api.post(f"/api/games/{gid}/spectators", {"name": "小明"}, api.director)
    assert r.status_code == 422 and r.json()["detail"][0]["loc"] == ["body", "name"]
    assert api.post(f"/api/games/{gid}/spectators", {"name": "小刚"},
                    seats["甲"]).status_code == 403

    rng = random.Random(1)
    for w in range(200):
        if live.game.finished:
            break
        for i, (seat, body) in enumerate(pick(live.game, rng)):
            api.server.games.submit(live, to_action(seat, body), seat, f"{w}-{i}")
        api.post(f"/api/games/{gid}/advance", None, api.director)
    assert live.game.finished
    public = api.client.get(f"/g/{gid}").text
    assert "<b>小明</b>（观众）：我猜甲是狼" in public and "<b>甲</b>：丙在装村民" in public
    entries = api.get(f"/api/games/{gid}/diary", token).json()["entries"]
    assert [(e["author"], e["spectator"]) for e in entries] == [
        ("小明", True), ("甲", False), ("小明", True)]

"""A whole M47 game clicked through in a real headless Chromium (Debian's `chromium`,
driven by Playwright by its executable path): the director in one browser context
runs the console, three players in their own contexts play from their seat links
(their pages update live over SSE), the other seats act through the API as a relay
bot would. Screenshots are kept under tests/artifacts/browser/."""

from __future__ import annotations

import os
import random
import time
from pathlib import Path
from typing import Any

import httpx
import pytest

from .client import PASSWORD
from .server_process import ServerProcess

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts" / "browser"
NAMES = list("甲乙丙丁戊己庚辛壬癸子丑寅卯")
BROWSER_SEATS = ["甲", "乙", "丙"]

try:
    from playwright.sync_api import Page, sync_playwright
except ImportError:  # pragma: no cover - the dev extra installs it
    sync_playwright = None  # type: ignore[assignment]

pytestmark = pytest.mark.skipif(
    sync_playwright is None or not os.path.exists(CHROMIUM),
    reason=f"没有 Playwright 或 {CHROMIUM}（apt-get install chromium；pip install playwright）")


def _bot_turn(c: httpx.Client, gid: str, tokens: dict[str, str], rng: random.Random) -> None:
    for seat, tok in tokens.items():
        if seat in BROWSER_SEATS:
            continue
        h = {"Authorization": f"Bearer {tok}"}
        legal = c.get(f"/api/games/{gid}/legal", headers=h).json()
        if not legal["legal"]:
            continue
        la = rng.choice(legal["legal"])
        body: dict[str, Any] = {"skill": la["skill"], "command_id": f"{seat}-{rng.random()}",
                                "revision": legal["revision"]}
        if la["targets"] and la["n_targets"] == 1:
            body["target"] = rng.choice(la["targets"])
        elif la["n_targets"] > 1:
            body["targets"] = rng.sample(la["targets"], la["n_targets"])
        if la["choices"]:
            body["choice"] = rng.choice(la["choices"])
        if la["needs_text"]:
            body["text"] = "机器人的发言"
        c.post(f"/api/games/{gid}/actions", headers=h, json=body)


def _player_turn(page: Page, rng: random.Random) -> str | None:
    """Use one of the forms the page offers (a random choice in each select)."""
    forms = page.locator("#legal form")
    n = forms.count()
    if n == 0:
        return None
    form = forms.nth(rng.randrange(n))
    skill = form.locator("input[name=skill]").get_attribute("value")
    for i in range(form.locator("select").count()):
        sel = form.locator("select").nth(i)
        options = sel.locator("option").all_inner_texts()
        sel.select_option(label=rng.choice(options))
    if form.locator("textarea").count():
        form.locator("textarea").fill("我是好人，请相信我")
    form.locator("button[type=submit]").click()
    page.locator(".flash").first.wait_for(timeout=10_000)
    flash = page.locator(".flash").first.inner_text()
    assert flash.startswith(("已提交", "未生效")), flash
    return f"{skill}: {flash}"


def test_director_and_players_play_an_m47_game_to_its_end(server: ServerProcess) -> None:
    assert sync_playwright is not None
    art = ARTIFACTS / ("postgresql" if server.database.startswith("postgresql") else "sqlite")
    art.mkdir(parents=True, exist_ok=True)
    rng = random.Random(47)
    d = {"Authorization": f"Bearer {server.director_token()}"}
    with httpx.Client(base_url=server.base, timeout=20) as c, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        director = browser.new_context(viewport={"width": 1200, "height": 900}).new_page()
        director.on("dialog", lambda dialog: dialog.accept())
        # the director logs in and creates the game from the console
        director.goto(server.base + "/login")
        director.fill("input[name=password]", PASSWORD)
        director.click("button[type=submit]")
        director.wait_for_url("**/director")
        director.select_option("select[name=ruleset]", "m47-yeliang")
        director.fill("textarea[name=players]", "\n".join(NAMES))
        director.fill("input[name=seed]", "2026")
        director.click("text=创建并发牌")
        director.wait_for_url("**/director/g/*")
        gid = director.url.rsplit("/", 1)[1]
        links = {s["seat"]: s["link"] for s in c.get(f"/api/games/{gid}/director",
                                                     headers=d).json()["links"]}
        tokens = {seat: link.rsplit("/", 1)[1] for seat, link in links.items()}
        players: dict[str, Page] = {}
        for seat in BROWSER_SEATS:  # phones: a narrow viewport each, own context
            page = browser.new_context(viewport={"width": 400, "height": 800}).new_page()
            page.goto(links[seat])
            assert page.locator("#role .role").inner_text()
            players[seat] = page
        players["甲"].screenshot(path=str(art / "player-day1.png"), full_page=True)
        director.screenshot(path=str(art / "console-day1.png"), full_page=True)

        for window in range(60):
            state = c.get(f"/api/games/{gid}", headers=d).json()
            if state["finished"]:
                break
            for page in players.values():
                _player_turn(page, rng)
            _bot_turn(c, gid, tokens, rng)
            if c.get(f"/api/games/{gid}", headers=d).json()["finished"]:
                break  # an action that resolves at once can end the game
            director.reload()
            director.click("#advance")
            director.locator(".flash").first.wait_for(timeout=10_000)
            assert "已结算" in director.locator(".flash").first.inner_text()
            rev = c.get(f"/api/games/{gid}", headers=d).json()["revision"]
            for page in players.values():  # live over SSE: no reload
                page.wait_for_selector(f"#main[data-revision='{rev}']", timeout=15_000)
            if window == 2:
                players["乙"].screenshot(path=str(art / "player-live.png"),
                                         full_page=True)
                director.screenshot(path=str(art / "console-mid.png"), full_page=True)
        state = c.get(f"/api/games/{gid}", headers=d).json()
        assert state["finished"], state
        winner = state["winner"] or "无人"
        for page in players.values():  # the end arrives live too
            page.wait_for_selector(f"#main[data-revision='{state['revision']}']",
                                   timeout=15_000)
            assert f"游戏结束：{winner}胜利" in page.locator("#main").inner_text()
        public = browser.new_context().new_page()
        public.goto(server.base + f"/g/{gid}")
        assert "全部揭晓" in public.inner_text("body")
        roles = c.get(f"/api/games/{gid}/director", headers=d).json()["seats"]
        table = public.inner_text("#reveal")
        for s in roles:
            assert s["name"] in table and s["roles"][0] in table
        public.screenshot(path=str(art / "reveal.png"), full_page=True)
        players["甲"].screenshot(path=str(art / "player-end.png"), full_page=True)
        browser.close()


def _first_action(c: httpx.Client, gid: str, token: str, not_seat: str) -> dict[str, Any]:
    legal = c.get(f"/api/games/{gid}/legal", headers={"Authorization": f"Bearer {token}"}).json()
    la = legal["legal"][0]
    body: dict[str, Any] = {"skill": la["skill"], "revision": legal["revision"],
                            "command_id": f"api-{not_seat}-{la['skill']}"}
    if la["targets"]:
        body["target"] = next(t for t in la["targets"] if t != not_seat)
    return body


def test_a_live_refresh_keeps_the_players_answer_and_a_half_written_text(
        sqlite_server: ServerProcess) -> None:
    """Someone else's action refreshes a player's page live. The answer to the player's
    own submission stays on screen, and a text being written is not wiped."""
    server = sqlite_server
    assert sync_playwright is not None
    d = {"Authorization": f"Bearer {server.director_token()}"}
    with httpx.Client(base_url=server.base, timeout=20) as c, sync_playwright() as pw:
        made = c.post("/api/games", headers=d, json={"ruleset": "m47-yeliang",
                                                    "players": NAMES, "seed": 7}).json()
        gid = made["id"]
        links = {s["name"]: s["link"] for s in made["seats"]}
        tokens = {s["name"]: s["token"] for s in made["seats"]}
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        page = browser.new_context(viewport={"width": 400, "height": 800}).new_page()
        page.goto(links["甲"] if links["甲"].startswith("http") else server.base + links["甲"])
        page.locator("#legal form button[type=submit]").first.click()
        page.locator(".flash[role=status]").wait_for(timeout=10_000)
        answer = page.locator(".flash[role=status]").inner_text()
        assert answer.startswith(("已提交", "未生效")), answer
        # 乙 acts through the API: 甲's page follows live and keeps its answer
        ans = c.post(f"/api/games/{gid}/actions",
                     headers={"Authorization": f"Bearer {tokens['乙']}"},
                     json=_first_action(c, gid, tokens["乙"], "乙")).json()
        assert ans["accepted"], ans
        page.wait_for_selector(f"#main[data-revision='{ans['revision']}']", timeout=15_000)
        assert page.locator(".flash[role=status]").inner_text() == answer
        # 甲 is writing in the 树洞 when 丙 acts: the text stays until 甲 leaves the field
        page.fill(".diary textarea", "丙的发言很可疑")
        ans = c.post(f"/api/games/{gid}/actions",
                     headers={"Authorization": f"Bearer {tokens['丙']}"},
                     json=_first_action(c, gid, tokens["丙"], "丙")).json()
        assert ans["accepted"], ans
        page.wait_for_timeout(1500)
        assert page.input_value(".diary textarea") == "丙的发言很可疑"
        page.locator("h1").click()  # leaves the field: the refresh goes ahead
        page.wait_for_selector(f"#main[data-revision='{ans['revision']}']", timeout=15_000)
        browser.close()


def _console_click(director: Page, selector: str, says: str) -> None:
    """Click a console form's button and wait for its answer: the game's revision
    moves on, and the flash says `says`."""
    before = director.get_attribute("#main", "data-revision")
    director.click(selector)
    director.wait_for_selector(f"#main:not([data-revision='{before}'])", timeout=10_000)
    director.locator(".flash", has_text=says).first.wait_for(timeout=10_000)


def _console_advance(director: Page) -> None:
    _console_click(director, "#advance", "已结算")


def _short_deadline(director: Page) -> None:
    """The director sets the open window's countdown to 3 seconds from the console;
    the server's ticker closes it (the real clock, not a test's)."""
    director.fill("#deadline input[name=minutes]", "0.05")
    director.select_option("#deadline select[name=action]", "set")
    director.click("#deadline button[type=submit]")
    director.locator(".flash", has_text="时限已更新").first.wait_for(timeout=10_000)


def _wait_for_rule(c: httpx.Client, gid: str, d: dict[str, str], starts: str) -> dict[str, Any]:
    for _ in range(100):
        doc: dict[str, Any] = c.get(f"/api/games/{gid}/director", headers=d).json()
        rule = (doc["deadline"] or {}).get("rule") or ""
        if rule.startswith(starts):
            return doc
        time.sleep(0.2)
    raise AssertionError(f"no window timed by {starts!r}: {doc['deadline']}")


def test_m192_and_m125_on_the_console_rulings_and_the_posts_clock(
        sqlite_server: ServerProcess) -> None:
    """The director runs an m192 game and an m125 game from the console in Chromium:
    the 加速 ruling form and a card with its reason, the sub-phase countdowns with the
    post's words, and a countdown that runs out closing the window by itself; the m125
    witch sees her prompt's rule on her own page."""
    server = sqlite_server
    assert sync_playwright is not None
    art = ARTIFACTS
    art.mkdir(parents=True, exist_ok=True)
    d = {"Authorization": f"Bearer {server.director_token()}"}
    m192 = [chr(0x4E00 + i) for i in range(14)]
    m125 = [chr(0x4E00 + i) for i in range(10)]
    with httpx.Client(base_url=server.base, timeout=20) as c, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        director = browser.new_context(viewport={"width": 1200, "height": 900}).new_page()
        director.on("dialog", lambda dialog: dialog.accept())
        director.goto(server.base + "/login")
        director.fill("input[name=password]", PASSWORD)
        director.click("button[type=submit]")
        director.wait_for_url("**/director")

        # ---- m192: 开局 -> 晨曦 -> 正午; the rulings; 黄昏's ten minutes
        gid = c.post("/api/games", headers=d, json={"ruleset": "m192-nata", "players": m192,
                                                    "seed": 1}).json()["id"]
        director.goto(server.base + f"/director/g/{gid}")
        assert "本窗口未设关门时限" in director.inner_text("#deadline")  # 开局
        _console_advance(director)
        _console_advance(director)  # 正午
        # m192 offers other rulings too (审讯判定, 寡言违规, 离开游戏): pick the 加速 form
        _console_click(director, "form[action$='/ruling']:has(input[name=skill][value='加速'])"
                       " button[type=submit]", "已裁定：加速")
        assert "本讨论日执行加速" in director.inner_text("#main")
        director.select_option("form[action$='/card'] select[name=name]", m192[4])
        director.fill("form[action$='/card'] input[name=reason]", "发言不足五帖")
        _console_click(director, "form[action$='/card'] button[type=submit]",
                       f"已判罚：{m192[4]} 蓝牌（发言不足五帖）")
        _console_advance(director)  # 关门: 黄昏
        box = director.inner_text("#deadline")
        assert "规则：黄昏2，关门10分钟内，公告出局名单和警长情况，有先后顺序" in box
        assert "剩余 9:5" in box or "剩余 10:00" in box
        director.screenshot(path=str(art / "m192-dusk.png"), full_page=True)
        _short_deadline(director)
        doc = _wait_for_rule(c, gid, d, "早夜2")  # closed by the ticker: 早夜 opened
        assert doc["at"] == "night 1" and doc["inputs"][-1]["actor"] == "导演:自动关门"
        director.reload()
        assert "规则：早夜2，关门30分钟内，有先后顺序" in director.inner_text("#deadline")
        director.screenshot(path=str(art / "m192-early-night.png"), full_page=True)

        # ---- m125: the night's 30 minutes run out (3 s here): 空刀, the witch's prompt
        made = c.post("/api/games", headers=d, json={"ruleset": "m125-hongmao",
                                                     "players": m125, "seed": 1}).json()
        gid = made["id"]
        links = {s["name"]: s["link"] for s in made["seats"]}
        director.goto(server.base + f"/director/g/{gid}")
        _console_advance(director)  # 关门 -> night 1
        assert "则视为空刀" in director.inner_text("#deadline")
        _short_deadline(director)
        doc = _wait_for_rule(c, gid, d, "关门后45分钟内")
        witch = doc["prompt"]["seat"]
        page = browser.new_context(viewport={"width": 400, "height": 800}).new_page()
        link = links[witch]
        page.goto(link if link.startswith("http") else server.base + link)
        mine = page.inner_text("#deadline")
        assert "规则：关门后45分钟内，收到反馈的女巫" in mine and "到时：视为放弃发动技能" in mine
        page.screenshot(path=str(art / "m125-witch.png"), full_page=True)
        director.reload()
        assert "结束等待" in director.inner_text("#advance")
        director.screenshot(path=str(art / "m125-witch-console.png"), full_page=True)
        browser.close()

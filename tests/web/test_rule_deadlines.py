"""The posts' 行动时限 / 关门 rules (each ruleset's `deadlines`) as the countdown a
window opens with, still the director's to change."""

from __future__ import annotations

import random
from pathlib import Path

from bansha.engine import Action, get_ruleset
from bansha.store import Store
from bansha.web import deadlines
from bansha.web.live import LiveGame, LiveGames
from bansha.web.server import Server

M47 = list("甲乙丙丁戊己庚辛壬癸子丑寅卯")
S15 = [chr(0x4E00 + i) for i in range(20)]


def _left(live: LiveGame) -> float | None:
    s = deadlines.state(live)
    return None if s is None else s["left"]


def _random_inputs(lg: LiveGames, live: LiveGame, rng: random.Random) -> None:
    for seat, acts in live.game.pending().items():
        if acts and rng.random() < 0.8:
            la = rng.choice(acts)
            lg.submit(live, Action(
                seat, la.skill,
                target=rng.choice(la.targets) if la.targets and la.n_targets == 1 else None,
                targets=tuple(la.targets[:la.n_targets]) if la.n_targets > 1 else (),
                choice=la.choices[0] if la.choices else None,
                text="遗言" if la.needs_text else None), seat, f"c{rng.random()}")


def test_m47_night_opens_with_the_wolves_hour_and_the_director_can_change_it(
        tmp_path: Path) -> None:
    lg = LiveGames(Store(str(tmp_path / "g.db")))
    live, _ = lg.create("导演", "m47-yeliang", M47, seed=3)
    assert _left(live) is None  # day 1: the post gives the discussion day no minutes
    lg.advance(live, "导演")
    assert live.game.outcome().at == "night 1"
    left = _left(live)
    assert left is not None and 3590 <= left <= 3600  # 狼队在关门一个小时后仍未提交<杀人>目标
    srv = Server(lg.store, lg, "s")
    assert deadlines.change(srv, live, "导演", "extend", 10)["accepted"] is True
    left = _left(live)
    assert left is not None and left > 4190
    assert deadlines.change(srv, live, "导演", "clear", None)["accepted"] is True
    assert _left(live) is None
    audit = [(d, w) for _, d, w, _ in lg.store.audit(live.id)]
    assert ("规则时限", "按规则设定关门时限：60 分钟后（狼队在关门一个小时后仍未提交<杀人>目标，"
                        "视为放弃技能行使。）") in audit


def test_m47_witch_and_sheriff_prompts_get_the_posts_minutes(tmp_path: Path) -> None:
    lg = LiveGames(Store(str(tmp_path / "g.db")))
    seen: dict[str, float | None] = {}
    for seed in range(12):
        live, _ = lg.create("导演", "m47-yeliang", M47, seed=seed)
        rng = random.Random(seed)
        for _ in range(40):
            if live.game.finished:
                break
            _random_inputs(lg, live, rng)
            lg.advance(live, "导演")
            p = live.game.prompt
            if p is not None:
                seen[p.skills()[0]] = _left(live)
    # 女巫<通灵>收到反馈后半小时; 警长被投票出局者关门十分钟内
    assert "救药" in seen or "毒药" in seen
    for skill, left in seen.items():
        want = {"救药": 1800, "毒药": 1800, "神堕": 1800, "殉职": 600}[skill]
        assert left is not None and want - 10 <= left <= want, (skill, left)


def test_s15_night_and_hunter_get_fifteen_minutes(tmp_path: Path) -> None:
    lg = LiveGames(Store(str(tmp_path / "g.db")))
    live, _ = lg.create("导演", "s15-official", S15, seed=1)
    lg.advance(live, "导演")  # 第零晚 -> day 1, or day 1 -> night 1
    while not live.game.outcome().at.startswith("night") or live.game.prompt is not None:
        lg.advance(live, "导演")
    left = _left(live)
    assert left is not None and 890 <= left <= 900  # 进入第N天夜晚1，持续15分钟
    s15 = get_ruleset("s15-official").deadlines

    def minutes(kind: str, n: int, skills: tuple[str, ...] | None) -> float | None:
        t = s15.find(kind, n, "", skills)
        return None if t is None else t.minutes

    assert minutes("night", 2, ("流弹",)) == 15
    assert minutes("day", 3, ("流弹",)) == 15  # 猎人出局时，可在15分钟内
    assert minutes("night", 2, ("解药", "毒药")) == 15
    assert minutes("day", 3, None) is None
    assert minutes("night", 0, None) is None  # 07.第零晚行动: no minutes
    assert get_ruleset("classic").deadlines.find("night", 1) is None  # no rule: no countdown

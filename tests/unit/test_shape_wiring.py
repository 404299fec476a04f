"""What of the shape is wired into Game and the registry (toy rulesets only)."""

from __future__ import annotations

import ast
from importlib.metadata import entry_points
from pathlib import Path
from typing import ClassVar

from bansha.engine import Action, Game, Phase, RoleSpec, Ruleset, get_ruleset, ruleset_ids
from bansha.engine.abilities import Resolution
from bansha.engine.registry import GROUP
from bansha.engine.schedule import ORDERED, Schedule, Window
from bansha.engine.statuses import StatusKind

ENGINE = Path(__file__).resolve().parents[2] / "src" / "bansha" / "engine"


class Subs(Ruleset):
    """Toy: a night of two sub-phases; news made in 午夜 is held until 午夜 ends."""

    id = "toy-subs"
    title = "玩具"
    min_players = 2
    max_players = 2
    first_phase = Phase("night", 1)
    roles: ClassVar[dict[str, RoleSpec]] = {"民": RoleSpec("民", "好人", 2)}
    schedule = Schedule(night=(Window("午夜", "午夜", ORDERED, ()),
                               Window("深夜", "深夜", ORDERED, ())))
    status_kinds: ClassVar[dict[str, StatusKind]] = {"冰冻": StatusKind("冰冻", negative=True)}

    def resolve(self, game: Game) -> Resolution:
        game.sub = "午夜"
        game.statuses.add("冰冻", "乙", game.moment)
        game.news.hold(("乙",), "你被冰冻", game.moment)
        game.trace(f"{game.calendar.label(game.moment)} 结束前：{self._told(game)}")
        game.release_news(game.moment)
        game.sub = "深夜"
        game.trace(f"{game.calendar.chinese(game.moment)}：{self._told(game)}")
        return
        yield

    @staticmethod
    def _told(game: Game) -> str:
        return "、".join(e.text for e in game.events if e.kind == "notify") or "无"


def test_sub_phases_moment_statuses_and_news_in_a_game() -> None:
    g = Game.new(Subs, ["甲", "乙"], seed=1)
    assert g.moment.phase == Phase("night", 1) and g.state is None
    g.advance()
    traces = [e.text for e in g.events if e.kind == "trace"]
    assert traces == ["night 1 午夜 结束前：无", "第1天深夜：你被冰冻"]
    assert g.statuses.has("乙", "冰冻")
    assert g.phase == Phase("day", 2)


def test_rulesets_are_found_through_entry_points() -> None:
    names = {ep.name for ep in entry_points(group=GROUP)}
    assert {"m47-yeliang", "s15-official", "classic"} <= names
    assert {"m47-yeliang", "s15-official", "classic"} <= set(ruleset_ids())
    assert get_ruleset("m47-yeliang").id == "m47-yeliang"


def test_no_engine_module_imports_a_ruleset() -> None:
    for path in sorted(ENGINE.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
            elif isinstance(node, ast.Call) and getattr(node.func, "attr", "") == "import_module":
                names = [getattr(a, "value", "") for a in node.args]
            assert not any(str(n).startswith("bansha.rulesets") for n in names), path.name


class Windows(Ruleset):
    """Toy: a day of two sub-phase windows (晨曦, 黄昏) that close one advance each."""

    id = "toy-windows"
    title = "玩具"
    min_players = 2
    max_players = 2
    roles: ClassVar[dict[str, RoleSpec]] = {"民": RoleSpec("民", "好人", 2)}
    schedule = Schedule(day=(Window("晨曦", "晨曦", ORDERED, ()),
                             Window("黄昏", "黄昏", ORDERED, ())))

    def on_phase_start(self, game: Game) -> None:
        game.sub = game.calendar.subs(game.phase.kind)[0] if game.phase.kind == "day" else ""

    def next_sub(self, game: Game) -> bool:
        subs = game.calendar.subs(game.phase.kind)
        if game.sub in subs and subs.index(game.sub) + 1 < len(subs):
            game.sub = subs[subs.index(game.sub) + 1]
            return True
        return False

    def resolve(self, game: Game) -> Resolution:
        game.trace(f"关闭 {game.calendar.label(game.moment)}")
        return
        yield


def test_a_ruleset_may_keep_its_phase_open_for_the_next_sub_phase_window() -> None:
    g = Game.new(Windows, ["甲", "乙"], seed=1)
    assert (g.phase, g.sub) == (Phase("day", 1), "晨曦")
    g.submit(Action("甲", "投票", target="乙"))
    g.advance()
    assert (g.phase, g.sub) == (Phase("day", 1), "黄昏")
    assert g.votes.current == {"甲": "乙"}  # the vote box stays with the phase
    g.advance()
    assert g.phase == Phase("night", 1)
    assert [e.text for e in g.events if e.kind == "trace"] == ["关闭 day 1 晨曦", "关闭 day 1 黄昏"]
    assert Windows().input_sub(g, Action("甲", "投票")) == ""

"""A game's announcements in BBCode, and player posts that break the forum rules."""

from __future__ import annotations

from pathlib import Path

from bansha.forum import announcement_posts, bbcode_announcements, check_posts, forum_rules_for
from bansha.forum.colours import is_near_red
from bansha.scenario.loader import load
from bansha.scenario.runner import run

SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios"


def _lastwords_game():  # type: ignore[no-untyped-def]
    return run(load(SCENARIOS / "m47-yeliang" / "lastwords.yaml")).game


def test_every_public_announcement_is_exported() -> None:
    game = _lastwords_game()
    text = bbcode_announcements(game)
    public = [e.text for e in game.public_view()["events"] if e.to is None]
    for t in public:
        if " 的遗言：" in t:
            _who, _, words = t.partition(" 的遗言：")
            assert f"[quote]{words}[/quote]" in text
        else:
            assert f"[size=5][color=#FF0000]{t}[/color][/size]" in text


def test_day_start_in_the_posts_order_with_last_words_quoted() -> None:
    posts = announcement_posts(_lastwords_game())
    day3 = next(p for p in posts if p.at == "day 3" and p.kind == "day_start")
    code = day3.bbcode().splitlines()
    assert code == [
        "[size=5][color=#FF0000][b]第3天白天[/b][/color][/size]",
        "[size=5][color=#FF0000]昨夜出局：癸、甲[/color][/size]",
        "[size=5][color=#FF0000]丑 的遗言：[/color][/size]",
        "[quote]投票错了[/quote]",
        "[size=5][color=#FF0000]甲 的遗言：[/color][/size]",
        "[quote]狼人的遗言[/quote]",
        "[size=5][color=#FF0000]第3天白天：讨论日开始，请投票[/color][/size]",
    ]
    vote = [p for p in posts if p.at == "day 2" and p.kind == "day"]
    assert any("丑 被投票出局" in p.lines for p in vote)


THREAD = """\
#1 甲 2026-12-01 10:00
[color=Red]我是预言家[/color]
#2 乙 2026-12-01 10:01
[color=#FF0000]红字[/color] [color=#e01010]近红[/color] [color=#ff69b4]粉色[/color]
#3 丙 2026-12-01 10:02
[size=5]大字[/size] [size=2]小字[/size] [size=18px]像素大字[/size]
#4 丁 2026-12-01 10:03
[quote][color=red]引用别人的红字[/color][/quote]普通发言
#5 戊 2026-12-01 10:04
我出局了还要说话
"""


def test_flags_red_large_and_out_posts() -> None:
    flags = check_posts(THREAD, forum_rules_for("m47-yeliang"), out=["戊"])
    got = [(f.floor, f.rule) for f in flags]
    assert got == [(1, "red_font"), (2, "red_font"), (2, "red_font"), (3, "large_font"),
                   (3, "large_font"), (5, "out_post")]
    assert "#FF0000 相近的颜色" in flags[0].quote


def test_flags_discuz_code_in_last_words() -> None:
    words = "#1 甲 2026-12-01 22:00\n[b]我是好人[/b]\n#2 乙 2026-12-01 22:01\n我是好人\n"
    flags = check_posts(words, forum_rules_for("m192-nata"), lastwords=True)
    assert [(f.floor, f.rule) for f in flags] == [(1, "code_in_lastwords")]
    assert "遗言中禁止使用Discuz!代码" in flags[0].quote


def test_near_red() -> None:
    for c in ("red", "#FF0000", "#f00", "#E01010", "#cc0000", "crimson", "rgb(250, 10, 10)",
              "darkred"):
        assert is_near_red(c), c
    for c in ("#0000FF", "pink", "#FFA500", "#999999", "#ff69b4", "black", "nonsense", ""):
        assert not is_near_red(c), c


def test_out_list_in_seat_order_where_the_post_says_so() -> None:
    from bansha.forum.bbcode import _seat_order
    seats = ("甲", "乙", "丙", "丁")
    # m192: "公示出局名单顺序改为按角色电梯楼顺序排序"
    assert forum_rules_for("m192-nata").out_order == "seat"
    assert _seat_order("昨夜出局：丁、乙", seats) == "昨夜出局：乙、丁"
    assert _seat_order("投票结果：丁 2票", seats) == "投票结果：丁 2票"
    assert forum_rules_for("m47-yeliang").out_order == "out"


def test_bbcode_of_a_game_of_an_unregistered_ruleset() -> None:
    from bansha.engine import Game, RoleSpec, Ruleset

    # subclasses Ruleset itself: the compiled build lets only Ruleset be subclassed
    class Toy(Ruleset):
        id = "toy-forum"
        title = "玩具规则"
        min_players = 3
        max_players = 3
        roles = {"村民": RoleSpec("村民", "村民阵营", 3)}  # noqa: RUF012
        factions = ("村民阵营",)

        def on_phase_start(self, game: Game) -> None:
            game.announce(f"{game.phase.label} 开始")

    game = Game.new(Toy, 3, seed=4)
    game.advance()
    game.advance()
    posts = announcement_posts(game)
    assert [(p.at, p.kind, p.lines) for p in posts] == [
        ("day 1", "day_start", ["day 1 开始"]), ("night 1", "night_start", ["night 1 开始"]),
        ("day 2", "day_start", ["day 2 开始"])]

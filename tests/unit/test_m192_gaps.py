"""m192: what the scenarios' `announce`/`notify` checks cannot pin — the order of the
day-opening lines (御主's 翻牌, 殉职 and 日不落 after "昨夜出局"), and what legal()
offers for the [强制] settings and the 审讯 declaration."""

from __future__ import annotations

from pathlib import Path

from bansha.engine import Action, Game, LegalAction
from bansha.scenario.loader import load
from bansha.scenario.runner import run

SCENARIOS = Path(__file__).parent.parent / "scenarios" / "m192-nata"


def _announced(name: str, at: str) -> list[str]:
    doc = run(load(str(SCENARIOS / name))).document()
    return [e["text"] for e in doc["events"] if e["kind"] == "announce" and e["at"] == at]


def test_a_night_outs_reveal_follows_the_out_list() -> None:
    """"有角色出局时触发此效果：出局的角色[翻牌]": the out first, then its 翻牌."""
    lines = _announced("yangzhi-watch-late.yaml", "day 3")
    assert lines.index("昨夜出局：丁") + 1 == lines.index("丁 翻牌：实际身份是白狼王")



def test_a_night_outs_own_announcements_follow_the_out_list() -> None:
    """殉职 ("警徽移交"/撕掉) and 太阳's "公示[日不落]" are set off by a night out: the
    day opens with "昨夜出局" and then what those outs did, never the other way round."""
    lines = _announced("taiyang-night-sheriff.yaml", "day 3")
    assert lines[:3] == ["昨夜出局：壬", "日不落", "警长撕掉了警徽，没有警长"]


TABLE = ["审讯官", "渊狼", "死神", "白狼王", "赤狼", "通灵师", "朱雀", "魔术师", "毒士", "厚皮肉猪",
         "猎人", "禁言长老", "愚者", "宗教老爷爷"]
NAMES = "甲乙丙丁戊己庚辛壬癸子丑寅卯"


def _at(label: str, sub: str, table: list[str] = TABLE) -> Game:
    game = Game.new("m192-nata", [{n: r} for n, r in zip(NAMES, table, strict=True)], seed=1)
    while not (game.phase.label == label and game.sub == sub):
        game.advance()
    return game


def _offer(game: Game, seat: str, skill: str) -> list[LegalAction]:
    return [la for la in game.legal(seat) if la.skill == skill]


def test_every_seat_is_offered_the_same_declaration_form() -> None:
    """"任何人均可进行宣言": the form does not tell the 审讯官 from anyone else."""
    game = _at("day 2", "正午")
    forms = {s: [(la.n_targets, la.needs_text, la.choices) for la in _offer(game, s, "审讯")]
             for s in NAMES}
    assert set(map(tuple, forms.values())) == {((1, True, ()),)}
    assert "乙" not in _offer(game, "乙", "审讯")[0].targets  # 一位其他角色
    # a non-holder's declaration is taken and published, void; the holder's works
    assert game.submit(Action("乙", "审讯", target="丙", text="你是死神吗"))
    assert game.submit(Action("甲", "审讯", target="丁", text="你是白狼王吗"))
    said = [e.text for e in game.events if e.kind == "announce"][-2:]
    assert said == ["乙 宣言：审讯 丙：你是死神吗（被审讯者可回复 是/否/无法回答）",
                    "甲 宣言：审讯 丁：你是白狼王吗（被审讯者可回复 是/否/无法回答）"]
    # both questioned are offered the reply, beside their own declaration form
    for s in ("丙", "丁"):
        assert [la.choices for la in _offer(game, s, "审讯")] == [(), ("是", "否", "无法回答")]
    game.advance()  # 黄昏 begins: neither replied — only the working one harms
    assert game.seats["丙"].alive
    assert not game.seats["丁"].alive and game.seats["丁"].out_cause == "致死伤害"
    assert not _offer(game, "乙", "审讯")  # 黄昏: no 宣言贴


WILD = ["野人", "狼外婆", "狼弟", "狼兄", "死神", "通灵师", "厚皮肉猪", "朱雀", "魔术师", "毒士",
        "隐者", "纵火犯", "愚者", "宗教老爷爷"]


def test_the_forced_settings_are_offered_at_kaiju_with_their_choices() -> None:
    """野性伙伴, 装模作样 (must be made) and 潜藏 (may be) are offered at 开局 as forms."""
    game = _at("day 1", "开局", WILD)
    wild = _offer(game, "甲", "野性伙伴")[0]
    assert not wild.optional and wild.n_targets == 0 and wild.choices[0] == "骑乘"
    assert "跟随：通灵、杀人" in wild.choices and "跟随：福祸相依、通灵" not in wild.choices
    assert len(wild.choices) == 1 + 30 * 29 // 2  # every two [指定] skills of the post
    pretend = _offer(game, "乙", "装模作样")[0]
    hide = _offer(game, "丙", "潜藏")[0]
    assert not pretend.optional and hide.optional
    assert pretend.choices == hide.choices
    assert "身份=通灵师；阵营=村民阵营；带刀=否" in pretend.choices
    assert len(pretend.choices) == len({*pretend.choices})
    # an offered choice is taken as it is
    assert game.submit(Action("甲", "野性伙伴", choice="跟随：通灵、杀人"))
    assert game.submit(Action("乙", "装模作样", choice="身份=通灵师；阵营=村民阵营；带刀=否"))
    game.advance()  # 开局 closes
    said = [e.text for e in game.events if e.kind == "announce"]
    assert "野人嚎叫：通灵、杀人 这些技能被野猪骑士干扰" in said
    assert not _offer(game, "甲", "野性伙伴") and not _offer(game, "乙", "装模作样")


def test_the_dawn_switch_to_follow_offers_the_two_skills() -> None:
    game = _at("day 1", "开局", WILD)
    assert game.submit(Action("甲", "野性伙伴", choice="骑乘"))
    while not (game.phase.label == "day 2" and game.sub == "晨曦"):
        game.advance()
    offer = _offer(game, "甲", "野性伙伴")[0]
    assert "骑乘" not in offer.choices and "跟随：通灵、杀人" in offer.choices
    assert game.submit(Action("甲", "野性伙伴", choice="跟随：深渊、通灵"))
    game.advance()
    said = [e.text for e in game.events if e.kind == "announce"]
    assert "野人嚎叫：深渊、通灵 这些技能被野猪骑士干扰" in said


def test_fraud_asks_each_side_at_her_out() -> None:
    """欺诈天下: two prompts at her out (狼人阵营's setting, then the others'), each with
    every full setting; an unanswered side is not set."""
    game = _at("day 2", "正午", WILD)
    for voter in ("甲", "丙", "丁", "戊"):
        assert game.submit(Action(voter, "投票", target="乙"))
    game.advance()  # the vote is counted: 乙 (狼外婆) is out, asked
    first = game.legal("乙")
    assert [la.skill for la in first] == ["欺诈天下"] and not first[0].optional
    assert "狼身份=通灵师；狼阵营=村民阵营；狼带刀=否" in first[0].choices
    assert game.submit(Action("乙", "欺诈天下", choice="狼身份=通灵师；狼阵营=村民阵营；狼带刀=否"))
    second = game.legal("乙")
    assert "非狼身份=白狼王；非狼阵营=狼人阵营；非狼带刀=是" in second[0].choices
    game.advance()  # no answer for the others: only the wolves' disguise is set
    while not (game.phase.label == "night 2" and game.sub == "深夜"):
        game.advance()
    assert game.submit(Action("己", "通灵", target="丁"))  # 狼兄, a wolf: disguised
    game.advance()
    told = [e.text for e in game.events if e.kind == "notify" and e.skill == "通灵"]
    assert told[-1] == "丁是通灵师"

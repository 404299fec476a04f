from bansha.engine.penalties import CardLedger, normalise_colour


def test_three_blue_make_a_yellow_three_yellow_a_red() -> None:
    led = CardLedger()
    assert led.give("甲", "蓝") == ["蓝"]
    assert led.give("甲", "蓝") == ["蓝"]
    assert led.give("甲", "蓝") == ["蓝", "黄"]
    assert led.give("甲", "黄") == ["黄"]
    assert led.give("甲", "黄") == ["黄", "红"]
    assert led.summary("甲") == "蓝牌0 黄牌0 红牌1"


def test_colour_names() -> None:
    assert normalise_colour("红牌") == "红"
    assert normalise_colour("yellow") == "黄"
    assert normalise_colour("紫") is None

from __future__ import annotations

import pytest

from bansha.engine.damage import (
    ANY_KIND,
    ChainedOut,
    Damage,
    DyingTracker,
    Protection,
    order_outs,
    resolve_damage,
)


def shield(name: str, *kinds: str, uses: int | None = None, pierceable: bool = True) -> Protection:
    return Protection(name, frozenset(kinds), target="辛", uses=uses, pierceable=pierceable)


def test_unprotected_damage_goes_out() -> None:
    result = resolve_damage(Damage("指杀", "狼", "辛"), [])
    assert result.goes_out and result.blocked_by is None
    assert result.explain() == "辛 goes out to 指杀"


def test_first_matching_protection_in_post_order_blocks_and_spends_a_use() -> None:
    guard = shield("守护", "指杀", uses=1)
    life = shield("长寿之命", "指杀", "毒药")
    result = resolve_damage(Damage("指杀", "狼", "辛"), [guard, life])
    assert result.blocked_by == "守护"
    assert guard.uses == 0 and guard.exhausted
    # The spent guard no longer applies; the next protection in order does.
    again = resolve_damage(Damage("指杀", "狼", "辛"), [guard, life])
    assert again.blocked_by == "长寿之命"
    assert again.explain() == "辛 survived 指杀: 长寿之命"
    assert life.uses is None


def test_protection_only_blocks_its_kinds_and_its_target() -> None:
    antidote = shield("解药", "毒药")
    assert resolve_damage(Damage("撕咬", "狼", "辛"), [antidote]).goes_out
    other = Protection("守护", frozenset({"撕咬"}), target="庚")
    assert resolve_damage(Damage("撕咬", "狼", "辛"), [other]).goes_out
    anything = shield("金身", ANY_KIND)
    assert resolve_damage(Damage("致死伤害", "x", "辛"), [anything]).blocked_by == "金身"


def test_pierce_ignores_artifact_like_protection_but_not_unpierceable_ones() -> None:
    artifact = shield("神器", "指杀", pierceable=True)
    fate = shield("天命", "指杀", pierceable=False)
    pierce = Damage("指杀", "猎", "辛", pierce=True)
    assert resolve_damage(pierce, [artifact]).goes_out
    assert resolve_damage(pierce, [artifact, fate]).blocked_by == "天命"
    assert resolve_damage(Damage("指杀", "猎", "辛"), [artifact, fate]).blocked_by == "神器"


def test_dying_state_instead_of_out() -> None:
    result = resolve_damage(Damage("指杀", "狼", "辛"), [], dying_state=True)
    assert result.dying and not result.goes_out
    assert result.explain() == "辛 is dying from 指杀"


def test_dying_tracker_settles_at_nights_end_with_exceptions() -> None:
    tracker = DyingTracker()
    tracker.mark(Damage("指杀", "狼", "甲"))
    tracker.mark(Damage("毒药", "巫", "长老"))
    tracker.mark(Damage("指杀", "狼", "乙"))
    tracker.mark(Damage("毒药", "巫", "甲"))
    assert tracker.is_dying("乙")
    assert tracker.save("乙")
    assert not tracker.save("乙")

    def elder_unmarked(seat: str, causes: tuple[Damage, ...]) -> bool:
        return seat == "长老"

    settled = tracker.settle(elder_unmarked)
    assert settled.out == ("甲",)
    assert settled.spared == ("长老",)
    assert not tracker.is_dying("甲")
    assert tracker.settle().out == ()


def test_shendu_target_ordered_before_its_owner() -> None:
    chains = [ChainedOut("目标", "before", "神堕", reason="神堕")]
    assert order_outs(["神堕", "路人", "目标"], chains) == ["路人", "目标", "神堕"]


def test_lover_goes_out_after_partner_and_unrelated_order_is_kept() -> None:
    chains = [ChainedOut("情侣乙", "after", "情侣甲", reason="殉情")]
    assert order_outs(["情侣乙", "丙", "情侣甲"], chains) == ["丙", "情侣甲", "情侣乙"]
    # Chains naming seats that are not going out are ignored.
    assert order_outs(["丙"], chains) == ["丙"]


def test_order_outs_is_deterministic_and_dedupes() -> None:
    chains = [ChainedOut("c", "before", "a"), ChainedOut("b", "after", "a")]
    first = order_outs(["a", "b", "c", "a"], chains)
    assert first == ["c", "a", "b"]
    assert order_outs(["a", "b", "c"], list(reversed(chains))) == first


def test_order_outs_cycle_raises() -> None:
    chains = [ChainedOut("a", "before", "b"), ChainedOut("b", "before", "a")]
    with pytest.raises(ValueError, match="cycle"):
        order_outs(["a", "b"], chains)


def test_chained_out_relation_is_checked() -> None:
    with pytest.raises(ValueError, match="relation"):
        ChainedOut("a", "during", "b")  # type: ignore[arg-type]

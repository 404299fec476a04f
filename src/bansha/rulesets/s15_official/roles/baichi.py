"""白痴（普通）【若愚】: asked when he is to be voted out (20.计票确定出局者)."""

from __future__ import annotations

from collections.abc import Generator

from bansha.engine import Action, Game, LegalAction, Prompt

from ..identity import fake_dead, sent_off
from ..names import VILLAGE
from ..skill import Role, Skill, role, skill
from ..state import notes


def escapes(game: Game, loser: str) -> Generator[Prompt, Action | None, bool]:
    """"白痴可发动技能免于投票出局，若白痴发动此技能，则此后白痴投票不计入总票数"."""
    if not game.held.has(loser, "若愚") or fake_dead(game, loser) \
            or sent_off(game, loser):
        return False
    answer = yield Prompt(loser, (LegalAction(loser, "若愚", n_targets=0),),
                          default="不发动若愚", context=f"{loser} 将被投票出局")
    if answer is None:
        return False
    notes(game, loser).fool_used = True
    game.announce(f"{loser} 发动【若愚】（白痴），免于投票出局；此后其投票不计入总票数")
    game.trace(f"若愚：{loser} 免于投票出局", skill="若愚")
    return True


FOOLISHNESS: Skill = skill(
    "若愚", "白痴可发动技能免于投票出局，若白痴发动此技能，则此后白痴投票不计入"
    "总票数，但仍须投票。失去此技能时，白痴出局。",
    window="prompt", target="none")

ROLE: Role = role("白痴", VILLAGE, "普通", (FOOLISHNESS,), note="普通（随机抽取）")

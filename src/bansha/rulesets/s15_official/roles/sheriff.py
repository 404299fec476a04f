"""附加身份：警长【领导】【殉职】 (elected on day 1: day.py)."""

from __future__ import annotations

from bansha.engine import Game, LegalAction, Prompt
from bansha.engine.ruleset import Resolution

from ..identity import sent_off
from ..outs import others_alive
from ..skill import LOCKED, Skill, skill


def pass_badge(game: Game, seat: str, cause: str) -> Resolution:
    """殉职: 警长出局后，须选择一名未出局的角色来继任警长."""
    if game.sheriff != seat:
        return
    options = others_alive(game, seat)
    if not options:
        game.set_sheriff(None)
        return
    heir: str | None = None
    if not sent_off(game, seat):  # a sent-off sheriff chooses nothing: random
        answer = yield Prompt(seat, (LegalAction(seat, "殉职", options, optional=False),),
                              default="随机选择继任警长", context="警长出局，须选择继任警长")
        heir = answer.target if answer is not None and answer.target in options else None
    if heir is None:
        heir = options[game.rng.randrange(len(options))]
        game.trace(f"殉职：继任警长随机决定为 {heir}", skill="殉职")
    game.set_sheriff(heir)
    game.announce(f"警长 {seat} 出局，{heir} 继任警长", later=game.phase.is_night)
    game.notify(heir, "你继任警长（领导：你的票计为两票）", skill="殉职")


LEAD: Skill = skill("领导", "计算投票数量时警长投出的票计为两票，"
                     "如出现警长投票对象与其他对象得票数相同且为最高，则警长投票对象出局。"
                     "否则得票数同为最高的两名角色均不出局，即无人出局。",
             window="passive", target="none", tags=LOCKED)
DUTY: Skill = skill("殉职", "警长出局后，须选择一名未出局的角色来继任警长。",
             window="prompt", target="alive_other", tags=LOCKED)

SHERIFF_SKILLS: tuple[Skill, ...] = (LEAD, DUTY)

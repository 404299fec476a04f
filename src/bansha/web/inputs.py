"""A request body as the engine's Action: shared by the API routes and the fast path
(fastpath.py), so both hand the engine the same input."""

from __future__ import annotations

from bansha.engine import Action

from .bodies import ActionBody, VoteBody


def seat_action(body: ActionBody, seat: str) -> Action:
    return Action(seat, body.skill, target=body.target, targets=tuple(body.targets or ()),
                  choice=body.choice, text=body.text)


def seat_vote(body: VoteBody, seat: str) -> Action:
    return Action(seat, "投票" if body.kind == "vote" else "改票", target=body.target)

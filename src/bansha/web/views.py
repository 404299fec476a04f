"""The documents the API answers with, each built from one engine view only:
a seat's from Game.view(seat), the public one from public_view(), the director's
from director_view() (plus the platform's own log and audit)."""

from __future__ import annotations

from typing import Any

from bansha.store import Store

from .auth import Who
from .deadlines import seen_by
from .deadlines import state as deadline_state
from .jsonable import jsonable, legal_dict
from .live import LiveGame
from .rulings import director_inputs


def game_doc(live: LiveGame) -> dict[str, Any]:
    oc = live.game.outcome()
    return {"id": live.id, "ruleset": live.row.ruleset, "title": live.row.title, "at": oc.at,
            "revision": live.revision, "finished": oc.finished, "winner": oc.winner,
            "deadline": seen_by(live, None)}


def legal_doc(live: LiveGame, seat: str) -> dict[str, Any]:
    """`legal(seat)` with the phase and revision it was read at (the caller holds the
    game's lock)."""
    return {"seat": seat, "at": live.game.outcome().at, "revision": live.revision,
            "legal": [legal_dict(la) for la in live.game.legal(seat)]}


def seat_doc(live: LiveGame, seat: str, mentor: bool = False) -> dict[str, Any]:
    doc: dict[str, Any] = jsonable(live.view(seat))
    doc.update(game=live.id, title=live.row.title, revision=live.revision,
               window_revision=live.window_revision, mentor=mentor,
               deadline=seen_by(live, seat))
    return doc


def public_doc(live: LiveGame) -> dict[str, Any]:
    doc: dict[str, Any] = jsonable(live.game.public_view())
    doc.update(game=live.id, title=live.row.title, revision=live.revision)
    return doc


def director_doc(live: LiveGame, store: Store) -> dict[str, Any]:
    g = live.game
    doc: dict[str, Any] = jsonable(live.director_view())
    p = g.prompt
    doc.update(
        deadline=deadline_state(live),
        game=live.id, title=live.row.title, ruleset=live.row.ruleset, seed=live.row.seed,
        options=live.row.options, revision=live.revision, window_revision=live.window_revision,
        pending={s: [legal_dict(la) for la in acts] for s, acts in g.pending().items()},
        acted=live.acted(),
        director_inputs=[legal_dict(la) for la in director_inputs(g)],
        prompt=None if p is None else {"seat": p.seat, "options": [legal_dict(o) for o in
                                                                   p.options],
                                       "default": p.default, "context": p.context},
        inputs=[{"seq": r.seq, "revision": r.revision, "op": r.op, "action": r.action,
                 "actor": r.actor, "proxy": r.proxy, "note": r.note,
                 "command_id": r.command_id, "undone_at": r.undone_at}
                for r in store.inputs(live.id, include_undone=True)
                if r.op != "refused"],  # refusals are listed under `refusals`
        refusals=[{"command_id": c.command_id, "actor": c.actor,
                   "reason": c.answer.get("reason")} for c in store.refusals(live.id)],
        audit=[{"revision": rev, "director": d, "what": what}
               for rev, d, what, _ in store.audit(live.id)],
    )
    return doc


def visible_events(live: LiveGame, w: Who) -> list[Any]:
    return [jsonable(e) for e in _visible(live, w)]


def _visible(live: LiveGame, w: Who) -> list[Any]:
    if w.is_director:
        events = live.director_view()["events"]
    elif w.kind in ("public", "spectator"):
        events = live.game.public_view()["events"]
    else:
        events = live.view(w.name)["events"]
    return list(events)


def stream_doc(live: LiveGame, w: Who,
               sent: tuple[int, int] | None) -> tuple[dict[str, Any], tuple[int, int]]:
    """The next SSE message for `w`: the events it may see that it was not sent yet
    (all of them, with reset, when an undo took some back). `sent` is (epoch, count)
    of what this stream has sent: within an epoch a view's events only grow, so only
    the new ones are converted (with a player's page open on every seat, each
    revision wakes every stream of the game; converting each seat's whole history
    every time was O(events) per stream per revision)."""
    with live.lock:
        oc = live.game.outcome()
        events = _visible(live, w)
        rev, chat, epoch = live.revision, live.chatter, live.epoch
    reset = sent is None or sent[0] != epoch or sent[1] > len(events)
    start = 0 if reset or sent is None else sent[1]
    new = [jsonable(e) for e in events[start:]]
    doc = {"game": live.id, "revision": rev, "at": oc.at, "finished": oc.finished,
           "winner": oc.winner, "chat": chat, "reset": reset and sent is not None,
           "events": new}
    return doc, (epoch, len(events))

"""Run a scenario through the engine's public API and check its `expect` entries."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from bansha.engine import Action, Game, Rejected, SetupError
from bansha.engine.phase import chinese_label

from .loader import MAX_DAY, Block, Expect, Scenario, ScenarioError, sub_key
from .result import result_document


@dataclass
class Check:
    where: str
    ok: bool
    message: str


@dataclass
class RunResult:
    game: Game
    checks: list[Check] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    # why the table is not the post's setup, or None (loader.py: 自定义配置)
    off_book: str | None = None

    @property
    def ok(self) -> bool:
        return all(c.ok for c in self.checks)

    def document(self) -> dict[str, Any]:
        doc = result_document(self.game)
        doc["expect"] = [{"entry": c.where, "ok": c.ok, "message": c.message} for c in self.checks]
        doc["warnings"] = list(self.warnings)
        if self.off_book is not None:
            doc["off_book"] = self.off_book
        return doc


def run(sc: Scenario) -> RunResult:
    try:
        game = Game.new(sc.ruleset, sc.players, seed=sc.seed, options=sc.options)
    except SetupError as e:
        raise ScenarioError(f"{sc.path}: players: {e}") from None
    res = RunResult(game, off_book=sc.off_book)
    if sc.off_book is not None and not sc.off_book_declared:
        res.warnings.append(f"players: 本局配置不在规则贴之内（{sc.off_book}）；若是有意为之，"
                            "请在 options 中写 自定义配置: true；写 自定义配置: false 则只接受"
                            "规则贴的配置")
    for i, blk in enumerate(sc.script):
        while not game.finished and (game.round, game.phase) < (blk.round, blk.at):
            if game.round < blk.round and game.phase.n > MAX_DAY:
                break  # m125: a history round that never ends never reaches the reversal
            game.advance()
        if game.round < blk.round:
            res.warnings.append(f"{blk.where}: 历史轮在第 {MAX_DAY} 天内没有结束，"
                                "无法到达逆转轮，此块及之后的块未执行")
            break
        if game.round > blk.round:
            res.warnings.append(f"{blk.where}: 历史轮已在{sc_end(game)}结束，此块未执行")
            continue
        if game.finished:
            res.warnings.append(f"{blk.where}: 游戏已在{chinese_label(game.phase.label)}结束，"
                                "此块未执行")
            break
        nxt = sc.script[i + 1] if i + 1 < len(sc.script) else None
        # another block of the same day or night follows (m192 sub-phase pins): leave
        # the phase open for it
        same = nxt is not None and (nxt.round, nxt.at) == (blk.round, blk.at)
        _play_block(game, blk, res, stay=same)
    for exp in sc.expect:
        res.checks.append(_check(game, sc, exp))
    return res


def sc_end(game: Game) -> str:
    """Where the first round ended (m125 history_end), for a message."""
    end = game.ruleset.result_extra(game).get("history_end")
    return str(end["at"]) if isinstance(end, dict) else "前一轮"


def _play_block(game: Game, blk: Block, res: RunResult, stay: bool = False) -> None:
    start = len(game.director_view()["events"])
    expected: list[tuple[str, str, str]] = []  # still waiting for their refusal
    expected_all: list[tuple[str, str, str]] = []
    inputs: list[tuple[Action, str, bool]] = []
    pins: list[str | None] = []  # each input's sub-phase pin (m192), or None
    if blk.accelerate:
        inputs.append((Action("导演", "加速"), f"{blk.where} accelerate", False))
    for who in blk.candidates:
        inputs.append((Action(who, "上警"), f"{blk.where} candidates.{who}", False))
    for voter, target in blk.votes:
        inputs.append((Action(voter, "投票", target=target), f"{blk.where} votes.{voter}", False))
    for voter, target in blk.revotes:
        inputs.append((Action(voter, "改票", target=target), f"{blk.where} revotes.{voter}", False))
    pins = [blk.phase] * len(inputs)
    for st in blk.actions:
        a = Action(st.by, st.skill, target=st.target, targets=st.targets, choice=st.choice,
                   text=st.text)
        inputs.append((a, st.where, st.expect_rejected))
        pins.append(st.phase or blk.phase)
    for who, colour in blk.cards:
        inputs.append((Action(who, "判罚", choice=colour), f"{blk.where} cards.{who}", False))
        pins.append(blk.phase)
    rs = type(game.ruleset)
    if rs.sub_phases:  # each input in its sub-phase window, in window order
        for k, (a, _, _) in enumerate(inputs):
            if pins[k] is None:
                pins[k] = game.ruleset.input_sub(game, a) or None
        order = sorted(range(len(inputs)), key=lambda k: _window_key(rs, pins[k], game))
        inputs = [inputs[k] for k in order]
        pins = [pins[k] for k in order]
    for k, (a, where, want_reject) in enumerate(inputs):
        if game.finished:
            break
        pin = pins[k]
        if pin is not None:
            _advance_to(game, blk, rs, pin)
            if game.finished:
                break
        # the name its refusal carries: a card ruleset's bare name means a card (甲 → 甲:1)
        by = game.ruleset.canonical(game, a).seat if game.ruleset.card_targets else a.seat
        answer = game.submit(a)
        if want_reject:
            expected_all.append((by, a.skill, where))
            expected.append((by, a.skill, where))
            if isinstance(answer, Rejected):
                res.checks.append(Check(where, True, f"被拒绝：{answer.reason}"))
                expected.pop()
    phase, rnd = game.phase, game.round
    guard = 0
    if stay and blk.phase is not None:  # the next block goes on in this phase: close
        while (not game.finished and game.phase == phase and guard < 1000  # this window
               and _here(rs, game) <= sub_key(rs, blk.phase)):
            game.advance()
            guard += 1
    while (not stay and not game.finished and game.phase == phase and game.round == rnd
           and guard < 1000):
        game.advance()
        guard += 1
    # refusals that happened during resolution (an action voided at its step)
    later = [e for e in game.director_view()["events"][start:] if e.kind == "rejected"]
    for by, skill, where in expected:
        hit = next((e for e in later if e.by == by and e.skill == skill), None)
        if hit is not None:
            res.checks.append(Check(where, True, f"被拒绝：{hit.reason}"))
        else:
            res.checks.append(Check(where, False, f"{by} 的 {skill} 应被拒绝，但被接受了"))
    # any other refusal (at submission or at resolution) is reported as a warning
    for e in later:
        if not any(e.by == by and e.skill == skill for by, skill, _ in expected_all):
            res.warnings.append(f"{blk.where}: {e.by} 的 {e.skill} 被拒绝：{e.reason}")


def _here(rs: type[Any], game: Game) -> tuple[int, int]:
    """The open window as an order key (the ruleset's sub-phases, then the count)."""
    sub = game.moment.sub
    return (rs.sub_phases.index(sub) if sub in rs.sub_phases else -1, game.moment.nth)


def _window_key(rs: type[Any], pin: str | None, game: Game) -> tuple[int, int]:
    return sub_key(rs, pin) if pin is not None else _here(rs, game)


def _advance_to(game: Game, blk: Block, rs: type[Any], pin: str) -> None:
    """Close windows of this phase until the pinned sub-phase's is open (a pin already
    past is left to the rules: the input is refused as out of its time)."""
    want = sub_key(rs, pin)
    guard = 0
    while (not game.finished and game.phase == blk.at and _here(rs, game) < want
           and guard < 1000):
        game.advance()
        guard += 1


def _phase_record(record: dict[str, Any], label: str) -> dict[str, Any] | None:
    return next((p for p in record["phases"] if p["at"] == label), None)


def _names(names: Any) -> str:
    """A list of players as a message shows it."""
    got = [str(n) for n in names]
    return "、".join(got) if got else "（无人）"


def _who(name: Any) -> str:
    return "（无）" if name is None else str(name)


def _check(game: Game, sc: Scenario, e: Expect) -> Check:
    raw = e.raw
    where = e.where + (f" (at: {e.label})" if e.at else "")
    if "winner" in raw:
        want = raw["winner"]
        want_name = sc.ruleset.faction_name(str(want)) if want is not None else None
        ok = game.winner == want_name
        return Check(where, ok, f"胜者：期望 {want_name or '尚无胜者'}，"
                                f"实际 {game.winner or '尚无胜者'}")
    assert e.at is not None
    record = game.director_view()
    events = record["events"]
    rec = _phase_record(record, e.label)
    if rec is None:
        return Check(where, False, f"游戏没有进行到{chinese_label(e.label)}"
                                   f"（停在{chinese_label(game.phase.label)}）")
    if "out" in raw:
        got = [n for n, _ in rec["outs"]]
        ok = sorted(got) == sorted(str(x) for x in raw["out"])
        return Check(where, ok, f"出局：期望 {_names(raw['out'])}，实际 {_names(got)}")
    if "alive" in raw:
        alive = rec["alive"]
        ok = sorted(alive) == sorted(str(x) for x in raw["alive"])
        return Check(where, ok, f"存活：期望 {_names(raw['alive'])}，实际 {_names(alive)}")
    if "sheriff" in raw:
        want = raw["sheriff"]
        ok = rec["sheriff"] == (str(want) if want is not None else None)
        return Check(where, ok, f"警长：期望 {_who(want)}，实际 {_who(rec['sheriff'])}")
    if "announce" in raw:
        contains = str(raw["announce"]["contains"])
        absent = bool(raw["announce"].get("absent", False))
        hit = next((ev for ev in events if ev.kind == "announce" and ev.at == e.label
                    and contains in ev.text), None)
        if hit is not None:
            return Check(where, not absent, f"公示：{hit.text}")
        return Check(where, absent, f"没有含“{contains}”的公示" if contains else "没有公示")
    n = raw["notify"]
    to, skill = str(n["to"]), n.get("skill")
    contains = "" if n.get("contains") is None else str(n["contains"])
    absent = bool(n.get("absent", False))
    for ev in events:
        if ev.kind != "notify" or ev.at != e.label or ev.to is None or to not in ev.to:
            continue
        if skill is not None and ev.skill != skill:
            continue
        if contains in ev.text:
            return Check(where, not absent, f"{to} 收到：{ev.text}")
    what = (f"含“{contains}”的" if contains else "") + (f"{skill}" if skill else "") + "通知"
    if absent:
        return Check(where, True, f"{to} 没有收到{what}")
    got = [ev.text for ev in events
           if ev.kind == "notify" and ev.at == e.label and ev.to and to in ev.to]
    seen = "；".join(f"“{t}”" for t in got) if got else "（没有私信）"
    return Check(where, False, f"{to} 没有收到{what}；收到：{seen}")

"""The claims protocol: a small typed talk language for bots.

Anchored on the AIWolf contest's protocol (COMINGOUT, DIVINED, IDENTIFIED,
GUARDED, VOTE, ESTIMATE, ...), reduced to what a forum 版杀 village says before
it votes, and typed so a bot reasons on fields, never on prose:

| kind        | AIWolf      | says                                         |
|-------------|-------------|----------------------------------------------|
| CO          | COMINGOUT   | 跳身份: "I am <role>"                          |
| DIVINED     | DIVINED     | 查验: "<night> I checked <target>: <faction>"  |
| IDENTIFIED  | IDENTIFIED  | 验尸: "dead <target> was <faction>"            |
| ATTACKED    | (witch)     | 通灵: "<night> the kill fell on <target>"      |
| SAVED       | (witch)     | "<night> I saved <target>"                     |
| POISONED    | (witch)     | "<night> I poisoned <target>"                  |
| GUARDED     | GUARDED     | 守护: "<night> I protected <target>"           |
| VOTE        | VOTE        | "I will vote <target>"                         |
| ESTIMATE    | ESTIMATE    | 怀疑: "I think <target> is <faction>"          |
| COUNTER     | (对跳)       | "<target>'s claim of <role> is false"          |

Every claim is public: the board shows it to every bot. A claim may be a lie.
A claim of fact (DIVINED ... GUARDED) carries `basis`: the index, in the
speaker's own view's event list, of the event it was read from, or the
speaker's own submitted action (`basis = OWN_ACTION`), or `None` for an
invention. `basis` is bookkeeping for tests (a talking bot never states a true
fact it could not see); no bot reads another's `basis`.
"""

from __future__ import annotations

CO = "CO"
DIVINED = "DIVINED"
IDENTIFIED = "IDENTIFIED"
ATTACKED = "ATTACKED"
SAVED = "SAVED"
POISONED = "POISONED"
GUARDED = "GUARDED"
VOTE = "VOTE"
ESTIMATE = "ESTIMATE"
COUNTER = "COUNTER"

KINDS = (CO, DIVINED, IDENTIFIED, ATTACKED, SAVED, POISONED, GUARDED, VOTE, ESTIMATE, COUNTER)
# kinds that state a fact of the game (as opposed to an intention or an opinion)
FACTS = (DIVINED, IDENTIFIED, ATTACKED, SAVED, POISONED, GUARDED)

OWN_ACTION = -1  # basis: the speaker's own submitted action (it knows what it did)


class Claim:
    """One public utterance. Immutable by convention (never changed once posted)."""

    __slots__ = ("at", "basis", "faction", "kind", "night", "role", "round", "speaker", "target")

    def __init__(self, speaker: str, kind: str, *, target: str | None = None,
                 role: str | None = None, faction: str | None = None, night: str | None = None,
                 basis: int | None = None, at: str = "", round: int = 0) -> None:
        if kind not in KINDS:
            raise ValueError(f"unknown claim kind {kind!r}")
        self.speaker = speaker
        self.kind = kind
        self.target = target
        self.role = role
        self.faction = faction
        self.night = night
        self.basis = basis
        self.at = at  # the day it was said (the board stamps it)
        self.round = round

    def __repr__(self) -> str:
        return f"Claim({self.speaker} {self.kind} {self.target or ''} {self.role or ''}" \
               f"{self.faction or ''} @{self.at}#{self.round})"

    def text(self) -> str:
        """The claim as a forum post would say it (Chinese, for transcripts)."""
        t, night = self.target or "", _night(self.night)
        said = {
            CO: f"我是{self.role}",
            DIVINED: f"{night}查验 {t}：{self.faction}",
            IDENTIFIED: f"{night}验得已出局的 {t}：{self.faction or self.role}",
            ATTACKED: f"{night}被指杀的是 {t}",
            SAVED: f"{night}我救了 {t}",
            POISONED: f"{night}我毒了 {t}",
            GUARDED: f"{night}我守护了 {t}",
            VOTE: f"我投 {t}",
            ESTIMATE: f"我认为 {t} 是{self.faction}",
            COUNTER: f"{t} 不是{self.role}，是假跳",
        }[self.kind]
        return f"{self.speaker}：{said}"


def _night(label: str | None) -> str:
    if not label:
        return ""
    kind, _, n = label.partition(" ")
    return f"第{n}夜" if kind == "night" else f"第{n}天"

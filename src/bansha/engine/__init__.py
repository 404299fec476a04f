"""bansha's rules-agnostic engine. Public API: Game and the input/answer types."""

from .actions import Accepted, Action, LegalAction, Prompt, Rejected
from .events import Event
from .game import Game, GameOver, Outcome, SetupError
from .log import GameLog
from .phase import Phase
from .registry import get_ruleset, register, ruleset_ids
from .ruleset import OptionSpec, RoleSpec, Ruleset
from .skills import SkillSpec

__all__ = [
    "Accepted",
    "Action",
    "Event",
    "Game",
    "GameLog",
    "GameOver",
    "LegalAction",
    "OptionSpec",
    "Outcome",
    "Phase",
    "Prompt",
    "Rejected",
    "RoleSpec",
    "Ruleset",
    "SetupError",
    "SkillSpec",
    "get_ruleset",
    "register",
    "ruleset_ids",
]

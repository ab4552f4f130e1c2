"""The shared game contract: protocol, registry, seeded Rng, errors, text, and data types."""

from .errors import CannotParse, NotLegalNow, NotYourDecision, RulesError, cannot_parse, not_legal
from .game import Game, normalise
from .options import defaults, parse_options, start_seat
from .registry import all_games, get_game
from .rng import Rng
from .text import Msg, translate
from .types import Action, Event, OptionSpec, ScoreLine, View

__all__ = [
    "Action", "CannotParse", "Event", "Game", "Msg", "NotLegalNow", "NotYourDecision",
    "OptionSpec", "Rng", "RulesError", "ScoreLine", "View", "all_games", "cannot_parse",
    "defaults", "get_game", "normalise", "not_legal", "parse_options",
    "start_seat", "translate",
]

"""Game sessions: lobby, seats, moves, undo, views. No Discord here.

The Discord layer and the terminal table both drive games only through :class:`Service`,
the only way into the store. Every call takes the channel (``Place``) and the acting user
(``Player``), loads the game from the store, checks who may do what, and saves each accepted
move in one transaction. Every refusal is a :class:`bot.errors.UserError` and changes nothing.

One module per concern: ``tables`` (the types callers hold), ``lookup`` (finding and loading
tables), ``lobby``, ``play``, ``seats`` (computer players), ``information``, ``clocks``,
``settings`` and ``history``.
"""

from __future__ import annotations

from .history import HISTORY_LENGTH
from .information import MAX_CHOICES, Information, suggest_actions
from .lobby import Lobby
from .seats import Handover, Seats, computer_turns
from .settings import Settings
from .tables import (
    LANGUAGES,
    MESSAGE_MODES,
    NO_DECISION,
    Due,
    Finished,
    GameRecord,
    MoveOutcome,
    MoveRecord,
    Place,
    Player,
    Rating,
    Seat,
    ServerSettings,
    Table,
    VoteResult,
)

__all__ = ["HISTORY_LENGTH", "LANGUAGES", "MAX_CHOICES", "MESSAGE_MODES", "NO_DECISION", "Due",
           "Finished", "GameRecord", "Handover", "MoveOutcome", "MoveRecord", "Place", "Player",
           "Rating", "Seat", "ServerSettings", "Service", "Table", "VoteResult",
           "computer_turns", "suggest_actions"]


class Service(Seats, Lobby, Information, Settings):
    """Lobby and play for every registered game, on top of a :class:`Store`.

    Each concern lives in its own module (the clocks and history come in through lobby and
    play, which use them); this class joins them into the one entry point.
    """

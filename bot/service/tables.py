"""What the service hands its callers: a place, a player, a loaded table, a move's outcome.

A leaf of the service package: it imports the store's record types (re-exported here, so no
caller outside the service needs ``bot.store``) and nothing else of the bot but the clock.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from typing import Any

from rules.core import Action, Event, Game, Msg, View

from .. import clock
from ..store import GameRecord, MoveRecord, Seat
from ..store.results import Finished, Rating
from ..store.servers import LANGUAGES, MESSAGE_MODES, ServerSettings

__all__ = ["NO_DECISION", "Due", "Finished", "GameRecord", "LANGUAGES", "MESSAGE_MODES",
           "MoveOutcome", "MoveRecord", "Place", "Player", "Rating", "Seat", "ServerSettings",
           "Table", "VoteResult"]

NO_DECISION = "-"  # the stamp of a seat that owes no decision


@dataclass(frozen=True)
class Place:
    """Where a game lives: a guild (server) and a channel or thread in it."""

    guild: str
    channel: str


# Who is asking: a platform user id and display name, the same record a seat keeps.
Player = Seat


@dataclass
class Table:
    """A game as loaded: its record, its rules, and its state once started."""

    record: GameRecord
    game: Game
    state: Any | None
    _actions: dict[int, list[Action]] = field(default_factory=dict, repr=False, compare=False)
    _stamps: dict[int, str] = field(default_factory=dict, repr=False, compare=False)

    @property
    def names(self) -> list[str]:
        """Display names by seat."""
        return self.record.names

    @property
    def settings(self) -> clock.Settings:
        """The table's reminder and time limits."""
        return clock.Settings.from_json(self.record.settings)

    @property
    def started(self) -> bool:
        """True once the game has a state (active or over)."""
        return self.state is not None

    @property
    def finished(self) -> bool:
        """True once the game is over or was aborted (shown as the channel's last game)."""
        return self.record.status in ("over", "aborted")

    def to_act(self) -> frozenset[int]:
        """Seats owing a decision now (empty in the lobby, when over, or once aborted)."""
        if self.state is None or self.record.status == "aborted":
            return frozenset()
        return self.game.to_act(self.state)

    def may_act(self, seat: int) -> bool:
        """True if ``seat`` may send a move now (it owes a decision, or the game lets it act
        outside one, like a ready player taking it back: ``Game.may_act``)."""
        return (self.started and not self.is_over() and self.record.status != "aborted"
                and self.game.may_act(self.state, seat))

    def is_over(self) -> bool:
        """True when the game has ended."""
        return self.state is not None and self.game.is_over(self.state)

    def view(self, seat: int | None) -> View:
        """What ``seat`` (None: the public) may see."""
        return self.game.view(self.state, seat)

    def lobby_players(self) -> int:
        """The player count the lobby's options are checked for: those seated, within limits."""
        record = self.record
        return min(max(len(record.seats), record.min_players), record.max_players)

    def option_problem(self) -> Msg | None:
        """Why the lobby's options cannot start a game with the players seated now (or None).

        Below the minimum, the options are checked for the smallest game allowed.
        """
        return self.game.check_options(self.record.options, self.lobby_players())

    def actions(self, seat: int) -> list[Action]:
        """The options of ``seat``'s decision now (none if it owes none), computed once."""
        if seat not in self._actions:
            acts = self.may_act(seat)
            self._actions[seat] = list(self.game.legal_actions(self.state, seat)) if acts else []
        return self._actions[seat]

    def stamp(self, seat: int) -> str:
        """A short fingerprint of ``seat``'s own decision, carried by its buttons and menus.

        It changes when that seat's prompt or options change or when the seat has moved
        since, and not when other seats decide, so one player's choice in a simultaneous
        phase leaves the others' buttons valid.
        """
        if seat not in self._stamps:
            self._stamps[seat] = self._decision_stamp(seat)
        return self._stamps[seat]

    def _decision_stamp(self, seat: int) -> str:
        if not self.actions(seat):
            return NO_DECISION
        prompt = self.game.prompt(self.state, seat)
        content = [self.record.turns_of(seat), prompt.to_json(),
                   [action.text for action in self.actions(seat)]]
        data = json.dumps(content, sort_keys=True, default=str).encode()
        return hashlib.blake2b(data, digest_size=5).hexdigest()


@dataclass
class MoveOutcome:
    """The result of an accepted move: the table after it and what happened."""

    table: Table
    seat: int
    action: Action
    events: list[Event]
    secret: bool = False  # other seats must not see ``action.text`` (Game.action_is_secret)
    newly_to_act: frozenset[int] = frozenset()  # seats that owe a decision and did not before
    conceded: bool = False  # the move was the seat's concession (announced as such)


@dataclass(frozen=True)
class Due:
    """What the scheduler must tell a table now: players to remind, players out of time."""

    table: Table
    remind: list[int]
    expired: list[int]


@dataclass(frozen=True)
class VoteResult:
    """A vote to end a game whose player ran out of time, and whether it ended the game."""

    table: Table
    target: int
    votes: int
    needed: int
    ended: bool

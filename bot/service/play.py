"""Play: typed moves, clicked options, concessions and undo, each saved at once.

The rules work of a move (parse, legal actions, apply, dump) runs in a worker thread, so the
event loop keeps acknowledging other interactions meanwhile.
"""

from __future__ import annotations

import asyncio
from typing import Any, Callable, Sequence

from rules.core import Action, Event, Game, RulesError

from ..errors import UserError
from .clocks import Clocks
from .history import History
from .tables import MoveOutcome, Place, Player, Table


class Unconfirmed(Exception):
    """A chosen option that asks for confirmation first: nothing was played.

    ``index`` is the option's place among ``seat``'s actions (what a confirmation plays).
    """

    def __init__(self, table: Table, seat: int, action: Action, index: int):
        super().__init__(action.text)
        self.table, self.seat, self.action, self.index = table, seat, action, index


class Play(Clocks, History):
    """Moves of seated players: check, apply, save, and the clocks and results after them."""

    async def act(self, place: Place, player: Player, text: str,
                  expected_version: int | None = None, seat: int | None = None) -> MoveOutcome:
        """Play typed ``text`` for ``player`` (or their ``seat``): check, apply, save at once.

        With ``expected_version``, a game that moved on since is refused as stale. A typed
        move that loses a race with another write is refused with its own message.
        """
        async with self._lock(place):
            table = await self._active(place)
            seat = self._acting_seat(table, player, seat)
            if expected_version is not None and expected_version != table.record.version:
                raise UserError("stale")
            action = await asyncio.to_thread(self._parse, table, seat, text)
            return await self._apply(table, seat, action,
                                     "stale_typed" if expected_version is None else "stale",
                                     table.game.is_concession(table.state, seat, action))

    async def concede(self, place: Place, player: Player, seat: int | None = None,
                      game_id: int | None = None) -> MoveOutcome:
        """Play ``player``'s concession now, whether or not they owe a decision.

        Refused with a clear message when the game has no concession, or when the seat
        cannot concede now (already out). With ``game_id``, a channel whose game changed
        since the question was asked is refused as stale.
        """
        async with self._lock(place):
            table = await self._active(place)
            if game_id is not None and game_id != table.record.id:
                raise UserError("stale")
            seat = self._acting_seat(table, player, seat)
            action = self.concession_of(table, seat)
            return await self._apply(table, seat, action, "stale", conceded=True)

    @staticmethod
    def concession_of(table: Table, seat: int) -> Action:
        """The move by which ``seat`` concedes now, or refuse (no concession, or already out)."""
        if not table.game.has_concession():
            raise UserError("no_concession")
        action = table.game.concession(table.state, seat)
        if action is None:
            raise UserError("cannot_concede")
        return action

    async def check_concession(self, place: Place, player: Player) -> Table:
        """Refuse unless ``player`` could concede at this channel's game now (before asking)."""
        table = await self._active(place)
        self.concession_of(table, self.seat_of(table, player))
        return table

    async def choose(self, place: Place, player: Player, seat: int, stamp: str,
                     index: int | None = None, text: str | None = None,
                     game_id: int | None = None,
                     ask: Callable[[Action], bool] | None = None) -> MoveOutcome:
        """Play the option a button (``index``) or menu entry (``text``) of ``seat`` names.

        ``stamp`` is the seat's decision stamp when the component was posted: if that seat's
        own decision changed since, the click is stale, and so is a click on a message of
        another game than the channel's (``game_id``). The option is looked up among the
        seat's legal actions and played as it is, never re-parsed from text. An option for
        which ``ask`` is true is not played: :class:`Unconfirmed` is raised instead.
        """
        async with self._lock(place):
            table = await self._active(place, game_id)
            seat = self._acting_seat(table, player, seat)
            action = await asyncio.to_thread(_picked, table, seat, stamp, index, text)
            if ask is not None and ask(action):
                raise Unconfirmed(table, seat, action, table.actions(seat).index(action))
            return await self._apply(table, seat, action, "stale")

    def _acting_seat(self, table: Table, player: Player, seat: int | None) -> int:
        own = self.seat_of(table, player)
        if seat is None or seat == own:
            return own
        raise UserError("not_your_seat")

    @staticmethod
    def _parse(table: Table, seat: int, text: str) -> Action:
        """Read typed text as an action of ``seat``'s current decision, or refuse.

        A seat that may not act now may still type its concession (``Game.concession``).
        """
        if not table.may_act(seat) and not table.game.is_concession(
                table.state, seat, Action(text)):
            raise UserError("not_your_turn")
        try:
            return table.game.parse_action(table.state, seat, text)
        except RulesError as error:
            raise UserError(error.msg) from None

    async def _apply(self, table: Table, seat: int, action: Action, stale: str,
                     conceded: bool = False) -> MoveOutcome:
        """Apply ``action`` and save it; the cache keeps the state under the version written.

        The rules work (apply, dump) runs in a worker thread, so the event loop keeps
        acknowledging other interactions and answering autocomplete meanwhile.
        """
        game = table.game
        new_state, events, undoable, secret, status, dumped = await asyncio.to_thread(
            _rules_step, game, table.state, seat, action)
        record = await self._guard(self.store.append_move(
            table.record.id, table.record.version, seat=seat, action=action.text,
            events=[e.to_json() for e in events], state=dumped,
            undoable=undoable and not conceded, status=status, secret=secret),
            table.record.id, stale)
        self._remember((record.id, record.version), new_state)
        after = Table(record, game, new_state)
        if status == "over":
            await self._rate(game, record, new_state)
        await self._tick(after, seat)
        newly = after.to_act() - game.to_act(table.state)
        return MoveOutcome(after, seat, action, events, secret, frozenset(newly), conceded)

    async def undo(self, place: Place, player: Player) -> Table:
        """Take back ``player``'s last move while they alone are to act and nothing was revealed."""
        async with self._lock(place):
            table = await self._active(place)
            seat = self.seat_of(table, player)
            last = await self.store.moves(table.record.id, last=1)
            if not last or last[0].seat != seat:
                raise UserError("undo_not_yours")
            if not last[0].undoable:
                raise UserError("undo_revealed")
            if table.to_act() != frozenset({seat}):
                raise UserError("undo_others_acting")
            record = await self._guard(self.store.undo_last_move(
                table.record.id, table.record.version), table.record.id)
            undone = self._table(record)
            await self._tick(undone, None)
            return undone


def _rules_step(game: Game, state: Any, seat: int, action: Action) -> tuple:
    """Apply ``action`` for ``seat``: the pure part of a move (safe in a worker thread)."""
    try:
        new_state, events = game.apply(state, seat, action)
    except RulesError as error:
        raise UserError(error.msg) from None
    status = "over" if game.is_over(new_state) else "active"
    return (new_state, events, _undoable(state, new_state, events),
            game.action_is_secret(state, seat, action), status, game.dump(new_state))


def _picked(table: Table, seat: int, stamp: str, index: int | None,
            text: str | None) -> Action:
    """The option a component names, if ``seat``'s decision still has ``stamp``; else refuse
    as stale (rules work: run it in a worker thread)."""
    if stamp != table.stamp(seat):
        raise UserError("stale")
    action = _pick(table.actions(seat), index, text)
    if action is None:
        raise UserError("stale")
    return action


def _pick(actions: Sequence[Action], index: int | None, text: str | None) -> Action | None:
    """The option at ``index``, or the one whose text is ``text``; None if there is none."""
    if index is not None:
        return actions[index] if 0 <= index < len(actions) else None
    return next((action for action in actions if action.text == text), None)


def _undoable(before: Any, after: Any, events: list[Event]) -> bool:
    """A move may be undone only if it drew no random number and revealed nothing."""
    if any(event.reveals for event in events):
        return False
    rng_before, rng_after = getattr(before, "rng", None), getattr(after, "rng", None)
    return rng_before is None or rng_after is None or rng_before.counter == rng_after.counter

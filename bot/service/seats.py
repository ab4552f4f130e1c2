"""Computer seats: add and remove them in the lobby, hand a player's seat to one (by the host,
by a majority vote, or when the player's time runs out), take one back, and their moves.

A computer seat is a seat like any other: a :class:`Seat` with a ``level`` and a user id of
its own (``bot:<number>``), stored with the game's seats, so a restart resumes it. Its moves
go through :meth:`computer_act`, the same checks, apply and save as a person's move.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass

from rules.core import Msg, ai, translate

from ..errors import UserError
from ..store import seats as seats_store
from .lobby import Lobby
from .play import Play
from .tables import GameRecord, MoveOutcome, Place, Player, Seat, Table

LEVELS = ai.LEVELS
DEFAULT_LEVEL = "normal"
TAKEOVER = ("anyone",)  # who else than the replaced player may take a computer seat back
PREFIX = "bot:"  # the user id of computer seat n is "bot:n"


@dataclass(frozen=True)
class Handover:
    """A request to hand a seat to a computer player: the votes so far, and whether it was."""

    table: Table
    target: int
    votes: int
    needed: int
    done: bool


def computer_name(number: int, level: str, locale: str = "en") -> str:
    """The display name of computer seat ``number``, e.g. "Bot 1 (normal)", in ``locale``."""
    level_word = translate(Msg(f"local.ui.level_{level}"), locale)
    return translate(Msg("local.ui.bot_name", {"number": number, "level": level_word}), locale)


def check_level(level: str | None) -> str:
    """Return ``level`` (the default when None), or refuse an unknown one."""
    level = DEFAULT_LEVEL if level is None else level
    if level not in LEVELS:
        raise UserError(Msg("bots.error.bad_level", {"level": str(level)[:20],
                                                     "levels": ", ".join(LEVELS)}))
    return level


def computer_seat(record: GameRecord, level: str, locale: str,
                  replaced: str | None = None) -> Seat:
    """A new computer seat for ``record``, numbered after every computer seat it had."""
    numbers = [int(s.user_id[len(PREFIX):]) for s in record.seats
               if s.user_id.startswith(PREFIX) and s.user_id[len(PREFIX):].isdigit()]
    number = max(numbers, default=0) + 1
    return Seat(f"{PREFIX}{number}", computer_name(number, level, locale), level, replaced)


def computer_turns(table: Table) -> list[int]:
    """The computer seats that owe a decision now, in seat order."""
    if table.record.status != "active" or table.is_over():
        return []
    return [s for s in sorted(table.to_act()) if table.record.seats[s].is_computer]


class Seats(Lobby, Play):
    """Computer seats in the lobby and in a running game."""

    async def add_computer(self, place: Place, player: Player, level: str | None = None,
                           locale: str = "en") -> Table:
        """Seat a computer player at ``level`` in the lobby (host only), named in ``locale``."""
        level = check_level(level)
        async with self._lock(place):
            record = (await self._lobby_of(place)).record
            self._host_only(record, player)
            if len(record.seats) >= record.max_players:
                raise UserError("lobby_full", max=record.max_players)
            seats = (*record.seats, computer_seat(record, level, locale))
            return self._table(await self._guard(
                self.store.set_seats(record.id, record.version, seats), record.id))

    async def remove_computer(self, place: Place, player: Player) -> tuple[Table, Seat]:
        """Unseat the lobby's last computer player (host only); return the table and it."""
        async with self._lock(place):
            record = (await self._lobby_of(place)).record
            self._host_only(record, player)
            computers = [i for i, seat in enumerate(record.seats) if seat.is_computer]
            if not computers:
                raise UserError(Msg("bots.error.no_computer"))
            seats = tuple(s for i, s in enumerate(record.seats) if i != computers[-1])
            return self._table(await self._guard(
                self.store.set_seats(record.id, record.version, seats), record.id)), \
                record.seats[computers[-1]]

    async def _lobby_of(self, place: Place) -> Table:
        table = await self.table(place)
        if table.record.status != "lobby":
            raise UserError(Msg("bots.error.lobby_only"))
        return table

    def _host_only(self, record: GameRecord, player: Player) -> None:
        if self.host_of(record) != player.user_id:
            raise UserError(Msg("bots.error.host_only"))

    async def hand_over(self, place: Place, player: Player, target_user: str,
                        level: str | None = None, locale: str = "en") -> Handover:
        """Hand ``target_user``'s seat to a computer player at ``level``.

        The host does it at once; any other seated person votes, and the seat is handed over
        when a majority of the people seated besides the target voted for it.
        """
        level = check_level(level)
        async with self._lock(place):
            table = await self._running(place)
            record = table.record
            target = record.seat_of(target_user)
            if target is None or record.seats[target].is_computer:
                raise UserError(Msg("bots.error.no_such_seat"))
            others = [i for i, s in enumerate(record.seats) if not s.is_computer and i != target]
            if self.host_of(record) == player.user_id:
                return Handover(await self._give(table, target, level, locale), target, 0, 0,
                                True)
            voter = record.seat_of(player.user_id)
            if voter is None or voter not in others:
                raise UserError(Msg("bots.error.not_a_voter"))
            voters = await seats_store.add_vote(self.store, record.id, target, voter)
            needed = len(others) // 2 + 1
            if len(voters) < needed:
                return Handover(table, target, len(voters), needed, False)
            return Handover(await self._give(table, target, level, locale), target,
                            len(voters), needed, True)

    async def hand_over_expired(self, game_id: int, seat: int, locale: str = "en") -> Table | None:
        """Hand ``seat`` to a computer player because its time ran out, if the table chose
        that (``Settings.computer``) and the seat still owes its decision; else None."""
        table = await self.table_by_id(game_id)
        async with self._lock(Place(table.record.guild, table.record.channel)):
            table = await self.table_by_id(game_id)
            level = table.settings.computer
            if (level is None or table.record.status != "active" or table.is_over()
                    or table.record.seats[seat].is_computer or seat not in table.to_act()):
                return None
            return await self._give(table, seat, level, locale)

    async def _give(self, table: Table, target: int, level: str, locale: str) -> Table:
        """Write ``target``'s seat as a computer seat (its place's lock held)."""
        record = table.record
        seats = list(record.seats)
        seats[target] = computer_seat(record, level, locale, replaced=seats[target].user_id)
        written = await self._guard(seats_store.change_seats(
            self.store, record.id, record.version, seats), record.id)
        await seats_store.clear_votes(self.store, record.id, target)
        self._remember((written.id, written.version), table.state)
        return Table(written, table.game, table.state)

    async def join(self, place: Place, player: Player, game_id: int | None = None) -> Table:
        """Seat ``player`` in the lobby, or in a running game take a computer seat back.

        In a running game a person takes the computer seat that replaced them; anyone not
        seated may take a computer seat when the table allows it (``takeover:anyone``).
        """
        record = await self.record(place)
        if record.status != "active":
            return await super().join(place, player, game_id)
        async with self._lock(place):
            table = await self._running(place, game_id)
            return await self._take_back(table, player)

    async def _take_back(self, table: Table, player: Player) -> Table:
        record = table.record
        if record.seat_of(player.user_id) is not None:
            raise UserError("already_seated")
        computers = [i for i, s in enumerate(record.seats) if s.is_computer]
        if not computers:
            raise UserError("already_started")
        own = [i for i in computers if record.seats[i].replaced == player.user_id]
        if not own and table.settings.takeover != "anyone":
            raise UserError(Msg("bots.error.not_your_seat"))
        seat = (own or computers)[0]
        seats = list(record.seats)
        seats[seat] = Seat(player.user_id, player.name)
        written = await self._guard(seats_store.change_seats(
            self.store, record.id, record.version, seats), record.id)
        self._remember((written.id, written.version), table.state)
        return Table(written, table.game, table.state)

    async def _running(self, place: Place, game_id: int | None = None) -> Table:
        table = await self.table(place, game_id)
        if table.record.status != "active" or table.is_over():
            raise UserError(Msg("bots.error.running_only"))
        return table

    async def computer_act(self, game_id: int, seat: int, text: str,
                           version: int) -> MoveOutcome:
        """Play ``text`` for computer ``seat`` of the game, decided at ``version``.

        The same checks, apply and save as a person's move: a game that moved on since the
        decision, or a seat a person took back meanwhile, is refused as stale.
        """
        table = await self.table_by_id(game_id)
        async with self._lock(Place(table.record.guild, table.record.channel)):
            table = await self.table_by_id(game_id)
            if table.record.version != version or table.record.status != "active":
                raise UserError("stale")
            if not table.record.seats[seat].is_computer:
                raise UserError("stale")
            action = await asyncio.to_thread(self._parse, table, seat, text)
            return await self._apply(table, seat, action, "stale")

    async def computer_tables(self) -> list[Table]:
        """The running games of this process's shards where a computer seat owes a decision
        (resumed at start)."""
        records = [r for r in await self.store.active_games()
                   if r.game in self.games and self.owns(r.guild)]
        return [t for t in map(self._table, records) if computer_turns(t)]


"""Reminders and time limits: seat clocks after each change, what is due, votes to end."""

from __future__ import annotations

import dataclasses
import logging

from rules.core import Msg

from .. import clock
from ..errors import UserError
from ..store import clocks as clocks_store
from .lookup import ServiceBase
from .tables import Due, Place, Player, Table, VoteResult

log = logging.getLogger(__name__)


class Clocks(ServiceBase):
    """The clocks of timed tables, the scheduler's questions and players' notify wishes."""

    async def _tick(self, table: Table, mover: int | None) -> None:
        """Move the seat clocks of a timed table on after its seats to act changed."""
        try:
            settings = table.settings
            if not settings.any:
                return
            owing = table.to_act() if table.record.status == "active" else frozenset()
            old = await clocks_store.clocks_of(self.store, table.record.id)
            new = clock.advance(settings, old, owing, mover, self.now())
            await clocks_store.save_clocks(self.store, table.record.id, new)
            if mover is not None:
                await clocks_store.clear_votes(self.store, table.record.id, mover)
        except Exception:  # the move is saved; the scheduler reconciles the clocks
            log.exception("updating the clocks of game %s failed", table.record.id)

    async def time_table(self, table: Table) -> tuple[clock.Settings, dict[int, clock.SeatClock]]:
        """Return a table's time settings and its seat clocks."""
        settings = table.settings
        if not settings.any:
            return settings, {}
        return settings, await clocks_store.clocks_of(self.store, table.record.id)

    async def next_wake(self) -> float | None:
        """Return when the scheduler next has something to do (None: nothing timed)."""
        times = []
        for game_id, settings in await clocks_store.timed_games(self.store, self.owns):
            clocks = await clocks_store.clocks_of(self.store, game_id)
            wake = clock.next_wake(settings, clocks, self.now())
            times.append(self.now() if not clocks else wake)
        return min((t for t in times if t is not None), default=None)

    async def claim_due(self) -> list[Due]:
        """Return (and mark as done) the reminders and time-outs due now, table by table."""
        out = []
        for game_id, settings in await clocks_store.timed_games(self.store, self.owns):
            record = await self.store.get_game(game_id)
            if record is None or record.game not in self.games:
                log.warning("game %s is no longer installed: no reminders", game_id)
                continue
            async with self._lock(Place(record.guild, record.channel)):  # not during a move
                due = await self._claim_due_of(game_id, settings)
            if due is not None:
                out.append(due)
        return out

    async def _claim_due_of(self, game_id: int, settings: clock.Settings) -> Due | None:
        """Claim one table's reminders and time-outs (its place's lock held)."""
        now = self.now()
        table = await self.table_by_id(game_id)
        if table.record.status != "active":
            return None
        clocks = await clocks_store.clocks_of(self.store, game_id)
        owing = table.to_act()
        if {s for s, c in clocks.items() if c.since is not None} != owing:
            # a stop between a move and its clocks: the clocks follow the stored game
            clocks = clock.advance(settings, clocks, owing, None, now)
        remind, expired = clock.due(settings, clocks, now)
        for seat in remind:
            clocks[seat] = dataclasses.replace(clocks[seat], reminded=True)
        for seat in expired:
            clocks[seat] = dataclasses.replace(clocks[seat], expired=True)
        await clocks_store.save_clocks(self.store, game_id, clocks)
        return Due(table, remind, expired) if remind or expired else None

    async def set_notify(self, player: Player, on: bool) -> None:
        """Remember whether ``player`` wants a direct message when it is their turn."""
        await clocks_store.set_notify(self.store, player.user_id, on)

    async def wants_notify(self, user_id: str) -> bool:
        """Tell whether a player asked for direct messages on their turn."""
        return await clocks_store.wants_notify(self.store, user_id)

    async def vote_end(self, place: Place, player: Player, target_user: str) -> VoteResult:
        """Vote to end the game because ``target_user`` ran out of time.

        The game ends (aborted, unrated) when a majority of the other players voted.
        """
        async with self._lock(place):
            table = await self._active(place)
            voter = self.seat_of(table, player)
            target = table.record.seat_of(target_user)
            if target is None:
                raise UserError("player_not_in_game")
            if target == voter:
                raise UserError(Msg("clock.error.not_yourself"))
            settings, clocks = await self.time_table(table)
            if target not in clocks or not clocks[target].expired or \
                    target not in table.to_act():
                raise UserError(Msg("clock.error.not_out_of_time",
                                    {"name": table.names[target]}))
            voters = await clocks_store.add_vote(self.store, table.record.id, target, voter)
            needed = (len(table.record.seats) - 1) // 2 + 1
            if len(voters) < needed:
                return VoteResult(table, target, len(voters), needed, False)
            record = await self._guard(self.store.set_status(
                table.record.id, table.record.version, "aborted"), table.record.id)
            return VoteResult(Table(record, table.game, table.state), target, len(voters),
                              needed, True)

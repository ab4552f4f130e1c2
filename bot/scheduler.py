"""One scheduler for reminders and time limits; it wakes from the database after a restart.

Nothing about time lives only in memory: the clocks are stored, and every pass asks the
service what is due now. A notifier (the Discord layer, or a test) tells the players.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Awaitable, Callable, Protocol

from .service import Service, Table

log = logging.getLogger(__name__)

LONGEST_SLEEP = 60.0
SHORTEST_SLEEP = 1.0


class Notifier(Protocol):
    """Who tells the players (the Discord layer posts and sends direct messages)."""

    async def remind(self, table: Table, seat: int) -> None:
        """Remind ``seat`` that it still owes a decision."""

    async def expired(self, table: Table, seat: int) -> None:
        """Tell the table that ``seat`` ran out of time."""


class Scheduler:
    """Wake when something is due (at least once a minute), claim it and notify."""

    def __init__(self, service: Service, notifier: Notifier,
                 sleep: Callable[[float], Awaitable[None]] = asyncio.sleep):
        self.service = service
        self.notifier = notifier
        self.sleep = sleep
        self.task: asyncio.Task | None = None

    async def tick(self) -> int:
        """Send every reminder and time-out due now; return how many were sent."""
        sent = 0
        for due in await self.service.claim_due():
            for seat in due.remind:
                sent += await self._send(self.notifier.remind, due.table, seat)
            for seat in due.expired:
                sent += await self._send(self.notifier.expired, due.table, seat)
        return sent

    @staticmethod
    async def _send(notify, table: Table, seat: int) -> int:
        try:
            await notify(table, seat)
        except Exception:  # one unreachable channel must not stop the others' reminders
            log.exception("could not notify seat %s of game %s", seat, table.record.id)
            return 0
        return 1

    async def delay(self) -> float:
        """Seconds to sleep before the next pass."""
        wake = await self.service.next_wake()
        if wake is None:
            return LONGEST_SLEEP
        return min(LONGEST_SLEEP, max(SHORTEST_SLEEP, wake - self.service.now()))

    async def run(self) -> None:
        """Loop forever: sleep until something is due, then handle it."""
        while True:
            try:
                await self.sleep(await self.delay())
                await self.tick()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("scheduler pass failed")
                await self.sleep(LONGEST_SLEEP)

    def start(self) -> asyncio.Task:
        """Run the scheduler in the background; return its task."""
        self.task = asyncio.create_task(self.run(), name="tabletop-scheduler")
        return self.task

    async def stop(self) -> None:
        """Cancel the background task and wait for it."""
        if self.task is not None:
            self.task.cancel()
            try:
                await self.task
            except asyncio.CancelledError:
                pass
            self.task = None

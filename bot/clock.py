"""Reminders and time limits of a slow game, as pure functions of stored clocks and the time.

A table may set ``reminder`` (remind a player who has not moved after this long), ``timer``
(a time limit per decision) and ``bank`` (a chess-style time bank for the whole game). Each
seat has a :class:`SeatClock`; the service updates the clocks whenever the seats to act
change, and the bot's scheduler asks :func:`due` what to do at a given time. When a player's
time runs out the game waits, and the other players may vote to end it.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, replace
from typing import Iterable, Mapping

from rules.core.text import Msg, translate

UNITS = {"m": 60, "h": 3600, "d": 86400}
DURATION = re.compile(r"^([0-9]{1,4})([mhd])$")
SHORTEST = 5 * 60
LONGEST = 60 * 86400


class BadDuration(ValueError):
    """A duration that is not ``<number><m|h|d>`` between 5 minutes and 60 days."""


def parse_duration(text: str) -> int:
    """Read ``30m``, ``12h`` or ``3d`` as seconds; raise BadDuration otherwise."""
    match = DURATION.match(text.strip().lower())
    if not match:
        raise BadDuration(text)
    seconds = int(match.group(1)) * UNITS[match.group(2)]
    if not SHORTEST <= seconds <= LONGEST:
        raise BadDuration(text)
    return seconds


def format_duration(seconds: float, locale: str = "en", *, round_up: bool = False,
                    words: bool = False) -> str:
    """Write a duration the way players read it, in ``locale``: ``2d 3h``, ``5h 20m``,
    ``12m`` (ja ``2日3時間``); ``words``: ``2 days 3 hours``, ``1 minute``.

    ``round_up`` counts a started minute as a whole one (time left: a fresh 10-minute timer
    shows 10 minutes, not 9); otherwise seconds are dropped (time spent).
    """
    style = "word" if words else "short"
    parts = [translate(Msg(f"clock.duration.{style}_{unit}{'_one' if n == 1 else ''}",
                           {"n": n}), locale) for unit, n in _parts(seconds, round_up)]
    return parts[0] if len(parts) == 1 else translate(
        Msg(f"clock.duration.{style}_join", {"a": parts[0], "b": parts[1]}), locale)


def _parts(seconds: float, round_up: bool) -> list[tuple[str, int]]:
    """The one or two largest units of a duration: days and hours, hours and minutes."""
    minutes = max(0, math.ceil(seconds / 60) if round_up else int(seconds) // 60)
    days, rest = divmod(minutes, 1440)
    hours, minutes = divmod(rest, 60)
    if days:
        return [("day", days), ("hour", hours)] if hours else [("day", days)]
    if hours:
        return [("hour", hours), ("minute", minutes)] if minutes else [("hour", hours)]
    return [("minute", minutes)]


@dataclass(frozen=True)
class Settings:
    """A table's time settings in seconds (None: not used), and its computer-seat rules.

    ``computer`` is the level of the computer player a seat is handed to when its time runs
    out (None: the others may vote to end the game instead); ``takeover`` says who may take
    a computer seat with ``/game join`` (None: only the player it replaced; ``anyone``).
    """

    reminder: int | None = None
    timer: int | None = None
    bank: int | None = None
    computer: str | None = None
    takeover: str | None = None

    @property
    def any(self) -> bool:
        """True when the table uses reminders or a time limit."""
        return bool(self.reminder or self.timer or self.bank)

    def to_json(self) -> dict:
        """Return the stored form."""
        return {k: v for k, v in (("reminder", self.reminder), ("timer", self.timer),
                                  ("bank", self.bank), ("computer", self.computer),
                                  ("takeover", self.takeover)) if v}

    @classmethod
    def from_json(cls, data: Mapping | None) -> "Settings":
        """Rebuild settings from :meth:`to_json` output (missing: none)."""
        data = data or {}
        return cls(data.get("reminder"), data.get("timer"), data.get("bank"),
                   data.get("computer"), data.get("takeover"))

    @classmethod
    def parse(cls, reminder: str | None, timer: str | None, bank: str | None) -> "Settings":
        """Read the durations a host typed; raise BadDuration naming the bad one."""
        return cls(*(None if not text else parse_duration(text)
                     for text in (reminder, timer, bank)))


@dataclass(frozen=True)
class SeatClock:
    """One seat's clock: since when it owes a decision, its reminder, and bank time used."""

    seat: int
    since: float | None = None
    remind_at: float | None = None
    reminded: bool = False
    used: float = 0.0
    expired: bool = False


def advance(settings: Settings, clocks: Mapping[int, SeatClock], owing: Iterable[int],
            mover: int | None, now: float) -> dict[int, SeatClock]:
    """Return every seat's clock after the seats owing a decision became ``owing``.

    A seat that starts to owe (or the ``mover``, who just made a decision and owes another)
    starts a new decision now; a seat that stops owing adds the time it took to its bank.
    """
    owing = set(owing)
    seats = set(clocks) | owing
    out = {}
    for seat in seats:
        clock = clocks.get(seat, SeatClock(seat))
        if clock.since is not None and (seat not in owing or seat == mover):
            clock = replace(clock, used=clock.used + max(0.0, now - clock.since), since=None)
        if seat in owing and clock.since is None:
            clock = replace(clock, since=now, reminded=False, expired=False,
                            remind_at=None if settings.reminder is None
                            else now + settings.reminder)
        out[seat] = clock
    return out


def time_left(settings: Settings, clock: SeatClock, now: float) -> float | None:
    """Seconds left before ``clock``'s seat runs out of time (None: no limit applies)."""
    limits = []
    running = 0.0 if clock.since is None else max(0.0, now - clock.since)
    if settings.timer and clock.since is not None:
        limits.append(settings.timer - running)
    if settings.bank:
        limits.append(settings.bank - clock.used - running)
    return min(limits) if limits else None


def due(settings: Settings, clocks: Mapping[int, SeatClock], now: float
        ) -> tuple[list[int], list[int]]:
    """Return the seats to remind and the seats whose time ran out at ``now``."""
    remind, expire = [], []
    for seat, clock in sorted(clocks.items()):
        if clock.since is None:
            continue
        if clock.remind_at is not None and not clock.reminded and clock.remind_at <= now:
            remind.append(seat)
        left = time_left(settings, clock, now)
        if left is not None and left <= 0 and not clock.expired:
            expire.append(seat)
    return remind, expire


def next_wake(settings: Settings, clocks: Mapping[int, SeatClock], now: float) -> float | None:
    """Return the next time something is due for these clocks (None: nothing will be)."""
    times = []
    for clock in clocks.values():
        if clock.since is None:
            continue
        if clock.remind_at is not None and not clock.reminded:
            times.append(clock.remind_at)
        left = time_left(settings, clock, now)
        if left is not None and not clock.expired:
            times.append(now + max(0.0, left))
    return min(times) if times else None

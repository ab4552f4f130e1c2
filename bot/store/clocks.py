"""Stored time settings, seat clocks, notification wishes and end-of-game votes."""

from __future__ import annotations

import json
from typing import Callable, Mapping

from bot.clock import SeatClock, Settings

from .store import Store


async def set_settings(store: Store, game_id: int, settings: Settings) -> None:
    """Store a table's time settings."""
    async with store.write() as db:
        await db.execute("UPDATE games SET settings = ? WHERE id = ?",
                                (json.dumps(settings.to_json()), game_id))


async def timed_games(store: Store, owns: Callable[[str], bool] | None = None
                      ) -> list[tuple[int, Settings]]:
    """Return the active games that use reminders or time limits (only those of the guilds
    ``owns`` accepts, when given: a process's own shards)."""
    async with store.read() as db:
        rows = await (await db.execute(
            "SELECT id, guild, settings FROM games WHERE status = 'active' AND settings != '{}'"
            " ORDER BY id")).fetchall()
    found = [(row["id"], Settings.from_json(json.loads(row["settings"]))) for row in rows
             if owns is None or owns(row["guild"])]
    return [(game_id, settings) for game_id, settings in found if settings.any]


async def clocks_of(store: Store, game_id: int) -> dict[int, SeatClock]:
    """Return every seat clock of a game."""
    async with store.read() as db:
        rows = await (await db.execute(
            "SELECT * FROM clocks WHERE game_id = ?", (game_id,))).fetchall()
    return {row["seat"]: SeatClock(row["seat"], row["since"], row["remind_at"],
                                   bool(row["reminded"]), row["used"], bool(row["expired"]))
            for row in rows}


async def save_clocks(store: Store, game_id: int, clocks: Mapping[int, SeatClock]) -> None:
    """Replace a game's seat clocks in one transaction."""
    async with store.write() as db:
        for clock in clocks.values():
            await db.execute(
                "INSERT OR REPLACE INTO clocks (game_id, seat, since, remind_at, reminded,"
                " used, expired) VALUES (?, ?, ?, ?, ?, ?, ?)",
                (game_id, clock.seat, clock.since, clock.remind_at, int(clock.reminded),
                 clock.used, int(clock.expired)))


async def set_notify(store: Store, user_id: str, on: bool) -> None:
    """Remember whether a player wants a direct message when it is their turn."""
    async with store.write() as db:
        await db.execute(
            "INSERT INTO user_settings (user_id, notify) VALUES (?, ?)"
            " ON CONFLICT (user_id) DO UPDATE SET notify = excluded.notify", (user_id, int(on)))


async def wants_notify(store: Store, user_id: str) -> bool:
    """Tell whether a player asked for direct messages on their turn."""
    async with store.read() as db:
        row = await (await db.execute(
            "SELECT notify FROM user_settings WHERE user_id = ?", (user_id,))).fetchone()
    return bool(row and row["notify"])


async def add_vote(store: Store, game_id: int, target: int, voter: int) -> set[int]:
    """Record ``voter``'s vote to end the game over ``target``; return every voter so far."""
    async with store.write() as db:
        await db.execute(
            "INSERT OR IGNORE INTO votes (game_id, target, voter) VALUES (?, ?, ?)",
            (game_id, target, voter))
        rows = await (await db.execute(
            "SELECT voter FROM votes WHERE game_id = ? AND target = ?",
            (game_id, target))).fetchall()
    return {row["voter"] for row in rows}


async def clear_votes(store: Store, game_id: int, target: int) -> None:
    """Forget the votes about ``target`` (they moved after all)."""
    async with store.write() as db:
        await db.execute("DELETE FROM votes WHERE game_id = ? AND target = ?",
                                (game_id, target))

"""Finished games and ratings: the history of a channel, and the ratings of a server.

Ratings are written once per finished game: the ``results`` row of a game and the updated
``ratings`` rows go in one transaction, so a crash either rates a game completely or not at
all, and rating a game twice is impossible.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from typing import Callable, Sequence

from .store import GameRecord, Store, _now, _record

FINISHED = ("over", "aborted")


@dataclass(frozen=True)
class Finished:
    """A finished game as the history lists it."""

    record: GameRecord
    moves: int
    created_at: str
    updated_at: str


@dataclass(frozen=True)
class Rating:
    """One player's rating in one game on one server."""

    user_id: str
    name: str
    mu: float
    sigma: float
    played: int
    won: int


async def finished_games(store: Store, guild: str, channel: str | None = None,
                         game: str | None = None, limit: int = 10) -> list[Finished]:
    """Return the newest finished games of a server (or one channel), newest first."""
    sql = ("SELECT g.*, (SELECT COUNT(*) FROM moves m WHERE m.game_id = g.id) AS move_count"
           " FROM games g WHERE g.guild = ? AND g.status IN ('over', 'aborted')")
    params: list = [guild]
    if channel is not None:
        sql += " AND g.channel = ?"
        params.append(channel)
    if game is not None:
        sql += " AND g.game = ?"
        params.append(game)
    sql += " ORDER BY g.id DESC LIMIT ?"
    params.append(limit)
    async with store.read() as db:
        rows = await (await db.execute(sql, params)).fetchall()
    return [Finished(_record(row), row["move_count"], row["created_at"], row["updated_at"])
            for row in rows]


async def finished_game(store: Store, game_id: int) -> Finished | None:
    """Return one game with its move count and times (whatever its status), or None."""
    async with store.read() as db:
        row = await (await db.execute(
            "SELECT g.*, (SELECT COUNT(*) FROM moves m WHERE m.game_id = g.id) AS move_count"
            " FROM games g WHERE g.id = ?", (game_id,))).fetchone()
    if row is None:
        return None
    return Finished(_record(row), row["move_count"], row["created_at"], row["updated_at"])


async def place_in_history(store: Store, record: GameRecord) -> int:
    """Return how many games of this game ended on this server up to ``record`` (1 = first)."""
    async with store.read() as db:
        (count,) = await (await db.execute(
            "SELECT COUNT(*) FROM games WHERE guild = ? AND game = ? AND status = 'over'"
            " AND id <= ?", (record.guild, record.game, record.id))).fetchone()
    return count


async def all_moves(store: Store, game_id: int) -> list[tuple[int, str]]:
    """Return every move of a game as (seat, action text), in order."""
    async with store.read() as db:
        rows = await (await db.execute(
            "SELECT seat, action FROM moves WHERE game_id = ? ORDER BY seq",
            (game_id,))).fetchall()
    return [(row["seat"], row["action"]) for row in rows]


async def ratings(store: Store, guild: str, game: str,
                  user_ids: Sequence[str] | None = None) -> dict[str, Rating]:
    """Return the ratings of a server and game (only of ``user_ids`` when given)."""
    sql = "SELECT * FROM ratings WHERE guild = ? AND game = ?"
    params: list = [guild, game]
    if user_ids is not None:
        sql += f" AND user_id IN ({','.join('?' * len(user_ids))})"
        params += list(user_ids)
    async with store.read() as db:
        rows = await (await db.execute(sql, params)).fetchall()
    return {row["user_id"]: _rating(row) for row in rows}


async def player_ratings(store: Store, guild: str, user_id: str) -> dict[str, Rating]:
    """Return one player's ratings on a server, by game name."""
    async with store.read() as db:
        rows = await (await db.execute(
            "SELECT * FROM ratings WHERE guild = ? AND user_id = ?",
            (guild, user_id))).fetchall()
    return {row["game"]: _rating(row) for row in rows}


async def leaderboard(store: Store, guild: str, game: str, limit: int = 10) -> list[Rating]:
    """Return the best-rated players of a server and game (by mu - 3 sigma)."""
    async with store.read() as db:
        rows = await (await db.execute(
            "SELECT * FROM ratings WHERE guild = ? AND game = ?"
            " ORDER BY mu - 3 * sigma DESC, played DESC, user_id LIMIT ?",
            (guild, game, limit))).fetchall()
    return [_rating(row) for row in rows]


async def is_rated(store: Store, game_id: int) -> bool:
    """Tell whether a finished game's result was already recorded."""
    async with store.read() as db:
        row = await (await db.execute(
            "SELECT 1 FROM results WHERE game_id = ?", (game_id,))).fetchone()
    return row is not None


async def unrated_games(store: Store) -> list[GameRecord]:
    """Return finished games whose result was never recorded (a crash after the last move)."""
    async with store.read() as db:
        rows = await (await db.execute(
            "SELECT g.* FROM games g LEFT JOIN results r ON r.game_id = g.id"
            " WHERE g.status = 'over' AND r.game_id IS NULL ORDER BY g.id")).fetchall()
    return [_record(row) for row in rows]


async def record_result(store: Store, record: GameRecord,
                        rate: Callable[[dict[str, Rating]], Sequence[Rating]] | None) -> bool:
    """Record a finished game's result and its new ratings in one transaction.

    ``rate`` turns the seated players' ratings, read inside that transaction, into their new
    ratings (None: the game is not rated), so games ending at once never lose an update.
    Returns False (and writes nothing) when the game was already recorded.
    """
    users = [seat.user_id for seat in record.seats]
    try:
        async with store.write() as db:
            await db.execute(
                "INSERT INTO results (game_id, rated, created_at) VALUES (?, ?, ?)",
                (record.id, int(rate is not None), _now()))
            if rate is None:
                return True
            rows = await (await db.execute(
                "SELECT * FROM ratings WHERE guild = ? AND game = ?"
                f" AND user_id IN ({','.join('?' * len(users))})",
                (record.guild, record.game, *users))).fetchall()
            for rating in rate({row["user_id"]: _rating(row) for row in rows}):
                await db.execute(
                    "INSERT OR REPLACE INTO ratings (guild, game, user_id, name, mu, sigma,"
                    " played, won, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (record.guild, record.game, rating.user_id, rating.name, rating.mu,
                     rating.sigma, rating.played, rating.won, _now()))
    except sqlite3.IntegrityError:  # already recorded: the write was rolled back
        return False
    return True


def _rating(row) -> Rating:
    return Rating(row["user_id"], row["name"], row["mu"], row["sigma"], row["played"],
                  row["won"])


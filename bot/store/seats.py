"""Stored seat changes of a running game (computer players) and the votes that lead to them."""

from __future__ import annotations

from typing import Sequence

from .store import GameRecord, Seat, Store, seats_json


async def change_seats(store: Store, game_id: int, version: int,
                       seats: Sequence[Seat]) -> GameRecord:
    """Replace a running game's seats if it is still at ``version`` (StaleVersion if not).

    Every such change hands a seat to or from a computer player, so the game is marked as
    one a computer played in (it is not rated)."""
    return await store._guarded_update(game_id, version, "seats = ?, computer_played = 1",
                                       (seats_json(seats),))


async def add_vote(store: Store, game_id: int, target: int, voter: int) -> set[int]:
    """Record ``voter``'s vote to hand ``target``'s seat to a computer; return every voter."""
    async with store.write() as db:
        await db.execute(
            "INSERT OR IGNORE INTO seat_votes (game_id, target, voter) VALUES (?, ?, ?)",
            (game_id, target, voter))
        rows = await (await db.execute(
            "SELECT voter FROM seat_votes WHERE game_id = ? AND target = ?",
            (game_id, target))).fetchall()
    return {row["voter"] for row in rows}


async def clear_votes(store: Store, game_id: int, target: int) -> None:
    """Forget the votes to hand ``target``'s seat over (it was handed over)."""
    async with store.write() as db:
        await db.execute("DELETE FROM seat_votes WHERE game_id = ? AND target = ?",
                         (game_id, target))

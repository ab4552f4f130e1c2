"""The move log is the record; full states are snapshots taken every few moves.

Each move row holds its seat, action text, events and the version it created. The game row
holds the current state (what a load needs) and the starting state; in between, a snapshot
of the state is stored, compressed, every :data:`EVERY` moves. Any earlier state (what
``/undo`` needs) is rebuilt by replaying the moves after the nearest snapshot: the rules are
deterministic from the seed and the moves, so the replay is exact.
"""

from __future__ import annotations

import asyncio
import json
import zlib
from typing import Mapping, Sequence

from rules.core import Action, Game
from rules.core.decisions import DecisionGame

EVERY = 64  # moves between two stored snapshots of a game's state


class NoRules(LookupError):
    """A state must be rebuilt for a game whose rules are not installed."""


def packed(state_json: str) -> bytes:
    """A snapshot as stored: its JSON, compressed (states repeat themselves a lot)."""
    return zlib.compress(state_json.encode(), 1)  # fast: 0.2 ms for a 29 KB state


def unpacked(stored: bytes | str) -> dict:
    """Read a stored snapshot (compressed, or JSON text as older databases kept it)."""
    if isinstance(stored, bytes):
        stored = zlib.decompress(stored).decode()
    return json.loads(stored)


def wants_snapshot(seq: int) -> bool:
    """Tell whether the state after move ``seq`` is stored as a snapshot."""
    return seq % EVERY == 0


def replay(game: Game, state: Mapping, moves: Sequence[tuple[int, str]]) -> dict:
    """Return the dumped state after playing ``moves`` (seat, text) from dumped ``state``.

    Uses the rules' unchecked fast path: these moves were checked when they were played."""
    current = game.load(state)
    for seat, text in moves:
        if isinstance(game, DecisionGame):
            action = Action(text)  # its move is parsed from the text once, when applied
        else:
            action = game.parse_action(current, seat, text)
        game.apply_unchecked(current, seat, action)
    return game.dump(current)


async def state_at(db, games: Mapping[str, Game], game_id: int, seq: int) -> dict:
    """Return the state of a game after its move ``seq`` (0: the start), read through ``db``.

    Replays from the nearest snapshot at or before ``seq`` (in a worker thread); raises
    :class:`NoRules` if that needs rules that are not installed."""
    row = await (await db.execute(
        "SELECT seq, state FROM snapshots WHERE game_id = ? AND seq <= ? ORDER BY seq DESC"
        " LIMIT 1", (game_id, seq))).fetchone()
    game_row = await (await db.execute(
        "SELECT game, initial_state FROM games WHERE id = ?", (game_id,))).fetchone()
    base_seq, base = (row["seq"], row["state"]) if row else (0, game_row["initial_state"])
    state = unpacked(base)
    if base_seq == seq:
        return state
    moves = await (await db.execute(
        "SELECT seat, action FROM moves WHERE game_id = ? AND seq > ? AND seq <= ?"
        " ORDER BY seq", (game_id, base_seq, seq))).fetchall()
    game = games.get(game_row["game"])
    if game is None:
        raise NoRules(game_row["game"])
    return await asyncio.to_thread(replay, game, state, [(m["seat"], m["action"]) for m in moves])



"""Replays: one drawn per process at a time, the others waiting in line and told so."""

from __future__ import annotations

import asyncio
import io
import threading
import time

from PIL import Image

from bot import history, replays
from rules.core import get_game
from rules.core.playout import random_playout


def _slow_drawing(monkeypatch, seconds=0.2):
    """Replace the drawing by a wait that records how many run at once."""
    running, most, order = [0], [0], []
    lock = threading.Lock()

    def draw(game, document, limit, locale="en"):
        with lock:
            running[0] += 1
            most[0] = max(most[0], running[0])
        order.append(document["id"])
        time.sleep(seconds)
        with lock:
            running[0] -= 1
        return f"GIF{document['id']}".encode()

    monkeypatch.setattr(replays, "replay_gif", draw)
    return most, order


async def test_replays_asked_together_are_drawn_one_after_another(monkeypatch):
    most, order = _slow_drawing(monkeypatch)
    told = []

    async def tell(ahead):
        told.append(ahead)

    results = await asyncio.gather(*(replays.replay_gif_async(None, {"id": i}, 10, tell)
                                     for i in range(3)))
    assert results == [b"GIF0", b"GIF1", b"GIF2"]
    assert most[0] == 1 and order == [0, 1, 2]
    assert told == [1, 2]  # the first starts at once; the others learn how many are ahead
    assert replays.LINE.ahead() == 0


async def test_a_player_who_stops_waiting_neither_blocks_nor_jumps_the_line(monkeypatch):
    most, order = _slow_drawing(monkeypatch)
    first = asyncio.ensure_future(replays.replay_gif_async(None, {"id": 0}, 10))
    await asyncio.sleep(0.05)
    second = asyncio.ensure_future(replays.replay_gif_async(None, {"id": 1}, 10))
    third = asyncio.ensure_future(replays.replay_gif_async(None, {"id": 2}, 10))
    await asyncio.sleep(0.05)
    second.cancel()
    first.cancel()  # its drawing goes on: the next waits for it to end
    assert await third == b"GIF2"
    assert most[0] == 1 and order == [0, 2]
    assert replays.LINE.ahead() == 0


def test_a_whole_game_replays_as_a_phone_sized_gif_within_the_limit():
    game = get_game("antiquity")
    playout = random_playout(game, seed=4, players=2, max_steps=40)
    document = {"format": history.EXPORT_FORMAT, "game": "antiquity", "options": {},
                "seed": 4, "players": ["Ann", "Bo"], "moves": [list(m) for m in playout.moves]}
    data = replays.replay_gif(game, document, 2_000_000)
    assert len(data) <= 2_000_000
    with Image.open(io.BytesIO(data)) as gif:
        assert gif.n_frames >= 2 and gif.width <= 720

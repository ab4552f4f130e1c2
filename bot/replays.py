"""Animated replays of finished games: every turn's public board, as one GIF."""

from __future__ import annotations

import asyncio
from typing import Mapping, Sequence

from rendering.animation import animate, pick_frames
from rendering.registry import has_renderer, render
from rules.core import Game

from . import history


def replay_gif(game: Game, document: Mapping, limit_bytes: int, locale: str = "en") -> bytes:
    """Draw the public board after each turn of an exported game and animate them.

    A hidden choice's text is never drawn (the frames are posted for the whole channel);
    ``locale`` is the language of the words drawn (the channel's).

    Raises ValueError when the game has no renderer, the moves do not replay, or the
    animation cannot fit ``limit_bytes``.
    """
    if not has_renderer(game.name):
        raise ValueError(f"{game.name} has no board renderer")
    steps = history.turn_steps(game, list(history.replay(game, document)))
    chosen = [steps[i] for i in pick_frames(len(steps))]
    names: Sequence[str] = document["players"]
    frames = [render(game.view(step.state, None), last_move=step.public_text,
                     names=list(names), locale=locale)
              for step in chosen]
    return animate(frames, limit_bytes)


async def replay_gif_async(game: Game, document: Mapping, limit_bytes: int,
                           locale: str = "en") -> bytes:
    """:func:`replay_gif` in a worker thread (it renders every turn)."""
    return await asyncio.to_thread(replay_gif, game, document, limit_bytes, locale)

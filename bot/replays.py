"""Animated replays of finished games: every turn's public board, as one GIF, one at a time.

A replay draws up to 150 boards, so it is bounded in every way: the game is replayed twice
(first to find the turns and the final board, then to draw the chosen turns), never holding
more than one state and one board at a time; each frame is scaled and quantized as soon as it
is drawn (``rendering.animation``); and one replay is drawn per process at a time, the others
waiting in line (:data:`LINE`), so replays asked for together cannot exhaust the bot's memory.
"""

from __future__ import annotations

import asyncio
from collections import deque
from typing import Awaitable, Callable, Iterator, Mapping, Sequence

from rendering.animation import animate, palette_of
from rendering.registry import has_renderer, render
from rules.core import Game

from . import history

Waiting = Callable[[int], Awaitable[object]]


class ReplayLine:
    """Let one replay be drawn at a time; the others wait in line, in the order they came."""

    def __init__(self) -> None:
        self._busy = False
        self._waiting: deque[asyncio.Future] = deque()

    def ahead(self) -> int:
        """Return how many replays a newcomer would wait for (the one drawn included)."""
        return int(self._busy) + len(self._waiting)

    async def wait_turn(self, on_wait: Waiting | None = None) -> None:
        """Return when it is the caller's turn; first await ``on_wait(ahead)`` if it must wait.

        The caller must call :meth:`release` once done (also after an error).
        """
        if not self._busy and not self._waiting:
            self._busy = True
            return
        turn = asyncio.get_running_loop().create_future()
        ahead = self.ahead()
        self._waiting.append(turn)
        try:
            if on_wait is not None:
                await on_wait(ahead)
            await turn
        except BaseException:
            if turn.done() and not turn.cancelled():
                self.release()  # the turn came as the caller gave up: pass it on
            elif turn in self._waiting:
                self._waiting.remove(turn)
            raise

    def release(self) -> None:
        """End the current turn: the next in line starts, or the line is free."""
        while self._waiting:
            turn = self._waiting.popleft()
            if not turn.done():
                turn.set_result(None)
                return
        self._busy = False


LINE = ReplayLine()


def replay_gif(game: Game, document: Mapping, limit_bytes: int, locale: str = "en") -> bytes:
    """Draw the public board after each turn of an exported game and animate them.

    A hidden choice's text is never drawn (the frames are posted for the whole channel);
    ``locale`` is the language of the words drawn (the channel's).

    Raises ValueError when the game has no renderer, the moves do not replay, or the
    animation cannot fit ``limit_bytes``.
    """
    if not has_renderer(game.name):
        raise ValueError(f"{game.name} has no board renderer")
    names: Sequence[str] = list(document["players"])
    turns, final = _turns(game, document)
    palette = palette_of(_frame(game, final, names, locale))

    def frames(indices: Sequence[int]) -> Iterator:
        wanted = {turns[i] for i in indices}
        for step in history.replay(game, document):
            if step.seq in wanted:
                yield _frame(game, step, names, locale)

    return animate(frames, len(turns), limit_bytes, palette)


def _frame(game: Game, step: history.ReplayStep, names: Sequence[str], locale: str):
    return render(game.view(step.state, None), last_move=step.public_text, names=list(names),
                  locale=locale)


def _turns(game: Game, document: Mapping) -> tuple[list[int], history.ReplayStep]:
    """Replay the game once; return the move numbers of its turns (the steps after which the
    seats to act changed, and the last) and its last step."""
    kept: list[int] = []
    previous = step = None
    for step in history.replay(game, document):
        acting = game.to_act(step.state)
        if acting != previous:
            kept.append(step.seq)
        previous = acting
    if step is None:
        raise ValueError("nothing to replay")
    if kept[-1] != step.seq:
        kept.append(step.seq)
    return kept, step


async def replay_gif_async(game: Game, document: Mapping, limit_bytes: int,
                           on_wait: Waiting | None = None, locale: str = "en") -> bytes:
    """:func:`replay_gif` in a worker thread, when its turn in :data:`LINE` comes.

    ``on_wait(ahead)`` is awaited first when other replays are drawn or waiting (``ahead``
    of them), to tell the player. The turn ends when the drawing ends, even if the caller
    stopped waiting for it.
    """
    await LINE.wait_turn(on_wait)
    try:
        work = asyncio.ensure_future(asyncio.to_thread(replay_gif, game, document, limit_bytes,
                                                     locale))
    except BaseException:
        LINE.release()
        raise
    work.add_done_callback(lambda _: LINE.release())
    return await asyncio.shield(work)

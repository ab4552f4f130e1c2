"""Computer seats of the terminal table (``python -m bot.local --bots N|all --level L``).

A computer seat chooses with :func:`rules.core.ai.decide`, off the event loop, seeded from the
game's seed and the number of moves made so far (the same seed replays the same game), and
its move then goes through the service exactly like a typed one. A seat that keeps moving
within one decision is capped (``MAX_RUN``): it then plays the first listed option that ends
the step, or the table stops with a clear message when none does.
"""

from __future__ import annotations

import asyncio
import hashlib
import re
from typing import Any

from rules.core import Action, Game, Msg, ai, translate
from rules.core.decisions import DecisionGame

from .service import Table

LEVELS = ai.LEVELS
DEFAULT_LEVEL = "normal"
MAX_RUN = 200  # moves one computer seat makes in a row before it must end the step
NUMBER = re.compile(r"[+-]?[0-9]+")


def bot_count(value: str, players: int | None) -> int:
    """Return how many seats ``--bots value`` gives the computer (``all``: every seat).

    Raise ValueError with a clear message for words, negative counts, or more than ``players``.
    """
    text = value.strip().lower()
    if text == "all":
        if players is None:
            raise ValueError("--bots all needs --players N")
        return players
    if not NUMBER.fullmatch(text):
        raise ValueError(f"--bots takes a number of computer seats or 'all', not {value!r}")
    count = int(text)
    if count < 0:
        raise ValueError(f"--bots cannot be negative ({count})")
    if players is not None and count > players:
        raise ValueError(f"--bots {count} is more than the {players} players")
    return count


def bot_name(number: int, level: str, locale: str) -> str:
    """The display name of computer seat ``number`` (from 1), e.g. "Bot 1 (normal)"."""
    level_word = translate(Msg(f"local.ui.level_{level}"), locale)
    return translate(Msg("local.ui.bot_name", {"number": number, "level": level_word}), locale)


def decision_seed(game_seed: int, move: int) -> int:
    """The seed of the decision taken at move number ``move`` of a game seeded ``game_seed``."""
    digest = hashlib.sha256(f"{game_seed}:{move}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


class Bots:
    """The computer seats of one table and how many moves each made in a row."""

    def __init__(self, seats: set[int], level: str = DEFAULT_LEVEL, max_run: int = MAX_RUN):
        self.seats, self.level, self.max_run = set(seats), level, max_run
        self._run: dict[int, tuple[int, int]] = {}  # seat -> (others' moves then, run)

    def next_seat(self, table: Table) -> int | None:
        """The first computer seat owing a decision now (None when none does)."""
        due = sorted(self.seats & set(table.to_act()))
        return due[0] if due else None

    def run_length(self, table: Table, seat: int) -> int:
        """How many moves ``seat`` made in a row since another seat last moved."""
        others = sum(table.record.turns) - table.record.turns_of(seat)
        then, run = self._run.get(seat, (others, 0))
        return run if then == others else 0

    async def choose(self, table: Table, seat: int,
                     listed: list[Action]) -> tuple[Action | None, bool]:
        """Choose ``seat``'s move off the event loop: ``(action, capped)``.

        ``capped`` tells the seat reached ``max_run`` moves in a row: the action is then the
        first of ``listed`` that ends the step, or None when none does.
        """
        run = self.run_length(table, seat)
        others = sum(table.record.turns) - table.record.turns_of(seat)
        if run >= self.max_run:
            self._run[seat] = (others, 0)
            return await asyncio.to_thread(step_ender, table, seat, listed), True
        seed = decision_seed(table.record.seed, sum(table.record.turns))
        action = await asyncio.to_thread(ai.decide, table.game, table.state, seat,
                                         self.level, seed)
        self._run[seat] = (others, run + 1)
        return action, False


def step_ender(table: Table, seat: int, listed: list[Action]) -> Action | None:
    """The first of ``listed`` after which ``seat`` no longer owes the same step (None if
    none does; a concession never counts)."""
    game, state = table.game, table.state
    for action in listed:
        if game.is_concession(state, seat, action):
            continue
        now = ai.after(game, state, seat, action)
        if now is not None and ends_step(game, state, now, seat):
            return action
    return None


def ends_step(game: Game, before: Any, now: Any, seat: int) -> bool:
    """Tell whether ``seat`` no longer owes the step it owed in ``before``: the game is over,
    the seat owes nothing, or (in a game of typed decisions) its decision is of another kind."""
    if game.is_over(now) or seat not in game.to_act(now):
        return True
    if not isinstance(game, DecisionGame):
        return False
    old, new = game.decision(before, seat), game.decision(now, seat)
    return old is None or new is None or old["type"] != new["type"]

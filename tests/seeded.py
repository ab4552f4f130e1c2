"""Seeded games played by the computer players, for tests that check a property on every
position a real game reaches."""

from __future__ import annotations

from rules.core import get_game
from rules.core.ai import decide


def seeded_positions(name, seed, players, moves, level="easy"):
    """Yield (step, state) for every position of a seeded game of ``name`` with ``level``
    seats, from the start to its end or to ``moves`` moves, whichever comes first (the last
    one included)."""
    game = get_game(name)
    state = game.new_game(seed, players, {})
    for step in range(moves):
        yield step, state
        if game.is_over(state):
            return
        seat = min(game.to_act(state))
        state, _ = game.apply(state, seat, decide(game, state, seat, level, step))
    yield moves, state

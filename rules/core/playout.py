"""Seeded random playouts shared by the contract tests and the benchmarks."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from rules.core import Event, Game, NotLegalNow, Rng, translate

MAX_STEPS = 6000


@dataclass
class Playout:
    """A finished (or stopped) random game: its moves, states and events."""

    game: Game
    seed: int
    players: int
    options: dict
    moves: list[tuple[int, str]] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)
    final: Any = None


def random_playout(game: Game, seed: int, players: int, options: dict | None = None,
                   max_steps: int = MAX_STEPS, on_step=None) -> Playout:
    """Play random legal actions from a new game until it ends (or ``max_steps``)."""
    options = dict(options or {})
    state = game.new_game(seed, players, options)
    record = Playout(game, seed, players, options)
    policy = Rng(seed ^ 0x5EED)
    for _ in range(max_steps):
        if game.is_over(state):
            break
        seats = sorted(game.to_act(state))
        assert seats, "a game that is not over must have a seat to act"
        seat = policy.choice(seats)
        actions = game.legal_actions(state, seat)
        action, after, events = random_step(game, state, seat, actions, policy)
        if on_step is not None:
            on_step(state, seat, action)
        state = after
        record.moves.append((seat, action.text))
        record.events.extend(events)
    record.final = state
    return record


def random_step(game: Game, state: Any, seat: int, actions: list, policy: Rng):
    """Apply a random listed action of ``seat``; return it with the new state and events.

    A listed option may still be refused when it depends on the mover's hidden information,
    which a menu posted in the channel must not reveal (a Small World combo the player
    cannot afford): such a draw is dropped and another one made.
    """
    while True:
        assert actions, f"seat {seat} must act but has no legal action"
        action = policy.choice(actions)
        try:
            state, events = game.apply(state, seat, action)
        except NotLegalNow:
            actions = list(actions)  # a copy: the listing itself stays whole
            actions.remove(action)
            continue
        return action, state, events


def replay(game: Game, seed: int, players: int, options: dict, moves) -> Any:
    """Rebuild a game from its seed and its moves as text."""
    state = game.new_game(seed, players, dict(options))
    for seat, text in moves:
        state, _ = game.play(state, seat, text)
    return state


def dumped(game: Game, state: Any) -> str:
    """The canonical JSON of a state (for comparisons)."""
    return json.dumps(game.dump(state), sort_keys=True)


def translate_all(game: Game, state: Any, events, names) -> None:
    """Translate every event, prompt and action label (KeyError if one is missing)."""
    for event in events:
        translate(event.msg, "en", names)
    for seat in game.to_act(state):
        prompt = translate(game.prompt(state, seat), "en", names)
        assert not prompt.startswith(names[seat]), f"the prompt names the seat: {prompt}"
        for action in game.legal_actions(state, seat):
            if action.label is not None:
                translate(action.label, "en", names)

"""Seeded random playouts for every player count: round trips, exact replay, messages."""

from __future__ import annotations

import json
import pickle

import pytest

from rules.caverna import GAME, convert, moves, work
from rules.core import Rng, translate


def _play(seed: int, players: int):
    """Play a random game; check dump/load and translations at every step."""
    state = GAME.new_game(seed, players, {})
    chooser = Rng(seed * 31 + players)
    moves = []
    for _ in range(4000):
        if GAME.is_over(state):
            break
        seat = min(GAME.to_act(state))
        actions = GAME.legal_actions(state, seat)
        assert actions, GAME.dump(state)["pending"]
        _check_surface(state, seat, actions)
        translate(GAME.prompt(state, seat))
        for action in actions:
            translate(action.label)
        main = [a for a in actions if a.group not in ("convert", "ruby")] or actions
        action = chooser.choice(main if chooser.randbelow(8) else actions)
        before = pickle.dumps(state)
        previous, (state, events) = state, GAME.apply(state, seat, action)
        assert pickle.dumps(previous) == before, "apply changed its input (copies share parts)"
        assert GAME.check_invariants(state) == [], GAME.check_invariants(state)
        for event in events:
            translate(event.msg)
        moves.append((seat, action.text))
        if len(moves) % 15 == 0:
            view = GAME.view(state, seat)
            json.dumps(view.data)
            for line in view.summary:
                translate(line)
        dumped = GAME.dump(state)
        assert GAME.dump(GAME.load(json.loads(json.dumps(dumped)))) == dumped
    assert GAME.is_over(state)
    return state, moves


def _check_surface(state, seat: int, actions) -> None:
    """Every listed move well formed and legal; every placement and conversion listed."""
    for action in actions:  # text and structured move agree both ways
        assert moves.parse(action.text) == action.move, action.text
        assert moves.text(action.move) == action.text, action.text
    listed = {a.text for a in actions}
    assert len(listed) == len(actions), "no option listed twice"
    typed = [f"place {s}" + ("" if k is None else f" ruby {k}")
             for s, k in work.placements(state, seat)] if state.pending[-1]["type"] == "turn" \
        else []
    typed += [a.text for a in convert.actions(state, seat)]
    assert set(typed) <= listed, sorted(set(typed) - listed)
    for action in actions[:3]:
        assert GAME.is_legal(state, seat, action), action.text


def _replay(seed: int, players: int, moves):
    state = GAME.new_game(seed, players, {})
    for seat, text in moves:
        state, _ = GAME.play(state, seat, text)
    return state


def _check(seed: int, players: int) -> None:
    state, moves = _play(seed, players)
    assert GAME.dump(_replay(seed, players, moves)) == GAME.dump(state)
    scores = GAME.score(state)
    assert set(scores) == set(range(players))
    for line in scores.values():
        assert line.total == sum(line.breakdown.values())
        for key in line.breakdown:
            translate(key)
    view = GAME.view(state, None)
    json.dumps(view.data)
    for line in view.summary:
        translate(line)


@pytest.mark.parametrize("players", range(1, 8))
def test_random_playout(players):
    _check(11, players)


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(2, 8))
@pytest.mark.parametrize("players", range(1, 8))
def test_random_playout_more_seeds(players, seed):
    _check(seed, players)

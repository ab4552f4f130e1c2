"""Spec 10, tests 71-72 (property tests) and the pacing check of spec 9 (slow)."""

from __future__ import annotations

import statistics

import pytest

from rules.core.playout import dumped, random_playout, replay

from .greedy import greedy_playout
from .helpers import G, check_invariants

MODULES = {"modules": ["well", "temple", "stones"]}


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("options", [{}, MODULES], ids=["base", "modules"])
def test_cube_conservation_and_invariants(players, options):
    """Test 71: 300 random legal commands; every 8.7 invariant holds after each."""
    random_playout(G, seed=71 + players, players=players, options=options, max_steps=300,
                   on_step=lambda state, seat, action: check_invariants(state))


@pytest.mark.parametrize("players", [2, 5])
def test_replay_with_modules(players):
    """Test 72: replaying the command list from the seed gives the same state and scores."""
    playout = random_playout(G, seed=72, players=players, options=MODULES, max_steps=400)
    again = replay(G, 72, players, playout.options, playout.moves)
    assert dumped(G, again) == dumped(G, playout.final)
    assert G.score(again) == G.score(playout.final)


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_honor_seeking_games_end_around_the_expected_round(players, capsys):
    """Pacing (spec 9 design notes, review change 1): with players who pursue honor the median
    game ends around rounds 12-15 and almost never by round 7. Prints the distribution."""
    states = [greedy_playout(seed, players) for seed in range(8)]
    assert all(state.over for state in states)
    rounds = [state.round for state in states]
    with capsys.disabled():
        print(f"\nvindication {players}p greedy end rounds: {sorted(rounds)}")
    assert 9 <= statistics.median(rounds) <= 20
    assert sum(r <= 7 for r in rounds) <= 1


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games_end_and_report_their_length(players, capsys):
    """Random legal play ends too (much later: random players waste honor); prints lengths."""
    results = [random_playout(G, seed, players, max_steps=20000) for seed in range(10)]
    assert all(G.is_over(r.final) for r in results)
    rounds = sorted(r.final.round for r in results)
    with capsys.disabled():
        print(f"\nvindication {players}p random end rounds: {rounds}, "
              f"moves: {sorted(len(r.moves) for r in results)}")

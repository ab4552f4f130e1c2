"""Computer players (rules.core.ai) in every game, at 2 players and a larger count.

Positions come from seeded random playouts at several points. For each position and a seat
that may act: the choice of every level is legal, the same for the same seed, and the same
for every state that differs from the true one only in what that seat cannot see (the true
state re-randomised for the seat with different seeds).
"""

from __future__ import annotations

import pytest

from rules.core import Action, all_games, get_game
from rules.core.ai import LEVELS, canonical, decide, determinise, plan
from rules.core.playout import dumped, random_playout

COUNTS = {"smallworld": 4, "smallworld_warcraft": 4, "antiquity": 3, "caverna": 3,
          "vindication": 4}
POINTS = (12, 45, 110)
HARD = 8  # rollouts in these tests (two rounds of up to 4 candidates: behaviour, not strength)
CASES = [(g.name, n) for g in all_games() for n in (2, COUNTS[g.name])]
IDS = [f"{name}-{n}p" for name, n in CASES]
_POSITIONS: dict = {}


def positions(name: str, players: int) -> list:
    """(state, seat) at several points of a seeded random game, for a seat that may act."""
    key = (name, players)
    if key not in _POSITIONS:
        game, found = get_game(name), []

        def grab(state, seat, action):
            if len(found) < len(POINTS) and step[0] in POINTS:
                found.append((state, seat))
            step[0] += 1

        step = [0]
        random_playout(game, 20 + players, players, max_steps=max(POINTS) + 1, on_step=grab)
        _POSITIONS[key] = found
    return _POSITIONS[key]


def hidden_twins(game, state, seat):
    """Two states ``seat`` cannot tell from ``state`` (its hidden parts re-drawn)."""
    return game.rerandomise_hidden(state, seat, 11), game.rerandomise_hidden(state, seat, 977)


@pytest.mark.parametrize(("name", "players"), CASES, ids=IDS)
def test_the_choice_ignores_what_the_seat_cannot_see(name, players):
    game = get_game(name)
    for state, seat in positions(name, players):
        first, second = hidden_twins(game, state, seat)
        for level in LEVELS:
            budget = HARD if level == "hard" else None
            chosen = {decide(game, s, seat, level, 5, budget).text
                      for s in (state, first, second)}
            assert len(chosen) == 1, f"{level} at {name}: choices {chosen} depend on hidden parts"


@pytest.mark.parametrize(("name", "players"), CASES, ids=IDS)
def test_the_search_starts_from_the_same_draws_whatever_is_hidden(name, players):
    """The determinisations themselves do not depend on the true hidden parts."""
    game = get_game(name)
    for state, seat in positions(name, players):
        first, second = hidden_twins(game, state, seat)
        draws = {dumped(game, determinise(game, canonical(game, s, seat), seat, 3))
                 for s in (state, first, second)}
        assert len(draws) == 1


def test_the_hidden_parts_do_differ_somewhere():
    """The twins above are not all identical (otherwise the tests above could not fail)."""
    differ = set()
    for name, players in CASES:
        game = get_game(name)
        for state, seat in positions(name, players):
            first, second = hidden_twins(game, state, seat)
            if dumped(game, first) != dumped(game, second):
                differ.add(name)
    assert differ == {g.name for g in all_games()}


@pytest.mark.parametrize(("name", "players"), CASES, ids=IDS)
def test_every_level_plays_a_legal_action_the_same_for_a_seed(name, players):
    game = get_game(name)
    for state, seat in positions(name, players):
        listed = {a.text for a in game.legal_actions(state, seat)}
        for level in LEVELS:
            budget = HARD if level == "hard" else None
            action = decide(game, state, seat, level, 8, budget)
            assert isinstance(action, Action) and action.text in listed
            game.apply(state, seat, action)  # accepted by the rules
            assert decide(game, state, seat, level, 8, budget).text == action.text


@pytest.mark.parametrize("name", [g.name for g in all_games()])
def test_the_budget_bounds_the_work(name):
    game = get_game(name)
    state, seat = next((s, seat) for s, seat in positions(name, 2)
                       if len(game.legal_actions(s, seat)) > 2)
    for budget in (3, 9):
        assert plan(game, state, seat, "hard", 1, budget).iterations <= budget
        assert plan(game, state, seat, "easy", 1, budget).judged <= budget
    assert plan(game, state, seat, "normal", 1, 2).judged <= 2 * (1 + 10)


def test_an_unknown_level_is_refused():
    game = get_game("smallworld")
    state, seat = positions("smallworld", 2)[0]
    with pytest.raises(ValueError):
        decide(game, state, seat, "brilliant", 1)


def whole_game(name: str, players: int, levels: tuple[str, ...], seed: int, hard: int = 6):
    """Play a whole game with computer seats only; return the final state and moves."""
    game = get_game(name)
    state = game.new_game(seed, players, {})
    for step in range(20_000):
        if game.is_over(state):
            return state, step
        seat = min(game.to_act(state))
        level = levels[seat % len(levels)]
        action = decide(game, state, seat, level, seed * 7919 + step,
                        hard if level == "hard" else None)
        state, _ = game.apply(state, seat, action)
    raise AssertionError(f"{name}: the computer players did not finish in 20000 moves")


def test_a_game_of_computer_players_ends():
    state, steps = whole_game("smallworld", 2, ("easy", "normal"), 3)
    assert get_game("smallworld").is_over(state) and steps > 20


@pytest.mark.slow
@pytest.mark.parametrize("name", [g.name for g in all_games()])
def test_a_game_of_computer_players_ends_in_every_game(name):
    state, _ = whole_game(name, 2, ("normal", "hard"), 4)
    assert get_game(name).is_over(state)


@pytest.mark.parametrize(("name", "players"), CASES, ids=IDS)
def test_a_seat_judges_a_position_only_by_what_it_sees(name, players):
    """Its own evaluation is the same in every state it cannot tell apart; the evaluation of
    all seats at once (where a game shares work between seats) is the seat-by-seat one."""
    game = get_game(name)
    together = getattr(game.evaluator, "evaluate_all", None)
    for state, seat in positions(name, players):
        first, second = hidden_twins(game, state, seat)
        assert game.evaluation(first, seat) == game.evaluation(second, seat)
        assert game.evaluation(state, seat) == game.evaluation(first, seat)
        if together is not None:
            assert together(state) == [game.evaluation(state, s) for s in range(players)]

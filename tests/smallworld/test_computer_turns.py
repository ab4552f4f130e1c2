"""The computer players end their turns in Small World and Small World of Warcraft.

Two faults made a normal seat move its tokens about for hundreds, even thousands, of decisions
in one redeployment (a game of 2 players ran to 2,583 moves in one turn, seed 1005):

* its evaluation (rules/smallworld/evaluate.py) counted what pays for this turn alone (a
  race picked this turn, this turn's conquests, Warcraft's faction bonus) on every later turn
  too, so ending the turn looked like a loss;
* at equal worth, finishing the redeployment ("done", then the end-of-turn menu) tied with
  moving one more token, and the tie was drawn at random (``SAME_STEP_COST`` breaks it).
"""

from __future__ import annotations

import pytest

from rules.core import get_game, greedy
from rules.core.ai import decide
from rules.smallworld.scoring import turn_lines

# (game, players, seed): the games whose longest turns were the worst before the fixes
LONG_TURNS = [("smallworld", 2, 1005), ("smallworld", 2, 1008), ("smallworld", 4, 1006),
              ("smallworld_warcraft", 2, 1010), ("smallworld_warcraft", 2, 1011),
              ("smallworld_warcraft", 4, 1003)]
LONGEST_TURN = 20  # decisions of one seat in a row: a turn of conquests and redeployment


def normal_game(name: str, players: int, seed: int, on_move=None) -> int:
    """Play a seeded game of normal seats, calling ``on_move(state, seat, action)`` before
    each move; return the most decisions one seat made in a row."""
    game = get_game(name)
    state, longest, run, last = game.new_game(seed, players, {}), 0, 0, None
    for step in range(3000):
        if game.is_over(state):
            return longest
        seat = min(game.to_act(state))
        action = decide(game, state, seat, "normal", seed * 100_003 + step)
        if on_move is not None:
            on_move(state, seat, action)
        run = run + 1 if seat == last else 1
        last, longest = seat, max(longest, run)
        state, _ = game.apply(state, seat, action)
    raise AssertionError(f"{name}: a game of normal seats did not end in 3000 moves")


@pytest.mark.parametrize(("name", "players", "seed"), LONG_TURNS,
                         ids=[f"{n}-{p}p-{s}" for n, p, s in LONG_TURNS])
def test_normal_seats_end_their_turns(name, players, seed):
    """Before the fixes these games had turns of 2,583, 18, 25, 2,982, 35 and 44 decisions."""
    assert normal_game(name, players, seed) <= LONGEST_TURN


@pytest.mark.parametrize("name", ["smallworld", "smallworld_warcraft"])
def test_ending_the_turn_never_lowers_the_seats_worth(name):
    """The coins a turn pays are counted once: at every "end turn" of seeded games, the seat's
    evaluation after it is at least what it was, this turn's one-off coins included."""
    game = get_game(name)
    checked, one_off = [], []

    def at_turn_end(state, seat, action):
        if action.text != "end turn":
            return
        after = greedy.after(game, state, seat, action)
        checked.append(game.evaluator.evaluate(after, seat) - game.evaluator.evaluate(state, seat))
        now = sum(coins for _, coins in turn_lines(state, seat))
        one_off.append(now > sum(coins for _, coins in turn_lines(state, seat, steady=True)))

    for seed in (1000, 1001, 1002):
        normal_game(name, 2, seed, at_turn_end)
    assert min(checked) >= 0.0
    assert any(one_off)  # turns that paid for this turn alone were among them

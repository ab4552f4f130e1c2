"""An introductory game (spec §8.4) can end, although random play never ends one.

Without famine and pollution no grave ever appears, so nobody is eliminated: the game ends
only by a saint's victory (§8.1) or when a concession leaves one player standing (§8.3).
Both are driven here through the game's own moves, with a fixed policy, after full turns of
the variant; the contract checks random intro games for a bounded number of steps
(``contract_open_options``).
"""

from __future__ import annotations

from rules.antiquity import data
from rules.core.playout import dumped, replay
from tests.antiquity.helpers import G, goods

OPTIONS = {"variant": "intro", "tiles": ["T0:0", "T1:0", "T2:0", "T3:0"], "order": ["0", "1"]}


def policy(state, seat):
    """Seat 0 builds a Cathedral for San Nicolo, then houses; everyone else is ready or done."""
    actions = G.legal_actions(state, seat)
    if state.phase == "city" and seat == 0:
        for prefix, suffix in (("build cathedral", "san_nicolo"), ("house", "")):
            for action in actions:
                if action.text.startswith(prefix) and action.text.endswith(suffix):
                    return action
    for action in actions:
        if action.text in ("ready", "done", "pass"):
            return action
    return actions[0]


def run(state, moves, until):
    """Play the policy (lowest seat first) until ``until(state)`` or the game ends."""
    for _ in range(2000):
        if G.is_over(state) or until(state):
            return state
        seat = min(G.to_act(state))
        action = policy(state, seat)
        state, _ = G.apply(state, seat, action)
        moves.append((seat, action.text))
    raise AssertionError("the policy did not get there")


def started():
    moves = [(1, "start a 0,0"), (0, "start b -1,14")]
    state = G.new_game(2, 2, dict(OPTIONS))
    for seat, text in moves:
        state, _ = G.play(state, seat, text)
    return state, moves


def test_an_intro_game_ends_with_a_saints_victory():
    state, moves = started()
    state = run(state, moves, lambda s: s.turn == 3)  # two full turns of the variant first
    assert state.phase == "city" and state.famine == 0
    assert not any(p["graves"] for p in state.ps)
    goods(state, 0, **{k: 10 for k in data.FOOD + data.LUXURY}, stone=1)  # a rich city
    state = run(state, moves, lambda s: False)
    assert G.is_over(state) and G.winners(state) == [0] and G.to_act(state) == frozenset()
    assert sorted(state.ps[0]["houses"]) == list(range(1, 21))
    assert state.ps[0]["saint"] == "san_nicolo" and state.turn == 3
    assert G.score(state)[0].total > G.score(state)[1].total


def test_an_intro_game_ends_when_a_concession_leaves_one_player():
    state, moves = started()
    state = run(state, moves, lambda s: s.turn == 3 and s.phase == "city")
    state, _ = G.apply(state, 1, G.concession(state, 1))
    moves.append((1, "concede"))
    state = run(state, moves, lambda s: False)  # seat 0 finishes phase 2 and is left alone
    assert G.is_over(state) and G.winners(state) == [0] and G.to_act(state) == frozenset()
    again = replay(G, 2, 2, OPTIONS, moves)
    assert dumped(G, again) == dumped(G, state)

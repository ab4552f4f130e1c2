"""Seeded random playouts to the end for 2-5 players: round trips, replay, invariants, text."""

from __future__ import annotations

import json

import pytest

from rules.core.playout import random_step
from rules.core.rng import Rng
from rules.core.text import translate
from rules.smallworld import GAME
from tests.smallworld.helpers import NAMES, check_coins_private, check_invariants, check_menu

CASES = [(n, seed) for n in (2, 3, 4, 5) for seed in (1, 2)]


def _playout(players: int, seed: int):
    state = GAME.new_game(seed, players, {})
    policy = Rng(seed * 31 + players)
    moves = []
    while not GAME.is_over(state):
        assert len(moves) < 3000
        seat = min(GAME.to_act(state))
        _translate_decision(state, seat)
        before = json.dumps(GAME.dump(state), sort_keys=True)
        previous = state
        action, state, events = random_step(GAME, state, seat, GAME.legal_actions(state, seat),
                                            policy)
        assert json.dumps(GAME.dump(previous), sort_keys=True) == before, "apply mutated"
        moves.append((seat, action.text))
        for event in events:
            translate(event.msg, "en", NAMES)
        check_invariants(state)
        check_coins_private(state, events)
        text = json.dumps(GAME.dump(state), sort_keys=True)
        assert json.dumps(GAME.dump(GAME.load(json.loads(text))), sort_keys=True) == text
    return state, moves


def _translate_decision(state, seat):
    translate(GAME.prompt(state, seat), "en", NAMES)
    menu = GAME.legal_actions(state, seat)
    assert 0 < len(menu) and len({a.text for a in menu}) == len(menu)
    for action in menu:
        translate(action.label, "en", NAMES)
    view = GAME.view(state, seat)
    for line in view.private + view.summary:
        translate(line, "en", NAMES)
    json.dumps(view.data)


@pytest.mark.parametrize(("players", "seed"), CASES)
def test_random_playout_to_the_end(players, seed):
    state, moves = _playout(players, seed)
    assert state.over and GAME.to_act(state) == frozenset()
    assert state.turn == state.turns
    scores = GAME.score(state)
    assert [scores[s].total for s in range(players)] == [p.coins for p in state.players]
    for line in scores.values():
        assert sum(line.breakdown.values()) == line.total
    for seat in range(players):
        assert all(p["coins"] is not None for p in GAME.view(state, seat).data["players"])
    again = GAME.new_game(seed, players, {})
    for seat, text in moves:
        again, _ = GAME.play(again, seat, text)
    assert GAME.dump(again) == GAME.dump(state)


@pytest.mark.parametrize(("players", "seed", "moves"), [(5, 7, 300), (2, 3, 250)])
def test_menus_list_every_legal_move_however_many(players, seed, moves):
    """No cap on menus (the platform fits long lists): every legal conquest is listed."""
    state = GAME.new_game(seed, players, {})
    policy = Rng(99)
    longest = 0
    for _ in range(moves):
        if GAME.is_over(state):
            break
        seat = min(GAME.to_act(state))
        menu = check_menu(state, seat)
        longest = max(longest, len(menu))
        _, state, _ = random_step(GAME, state, seat, menu, policy)
    assert longest > 0


def test_a_fresh_flying_race_on_the_five_player_map_lists_all_45_conquests():
    state = GAME.new_game(1, 5, {"combos": ["ratmen:flying"], "first_player": 0})
    state, _ = GAME.play(state, 0, "pick 0")
    conquests = [a for a in check_menu(state, 0) if a.move[0] == "conquer"]
    assert len(conquests) == 45


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("seed", [3, 4, 5])
def test_more_random_playouts(players, seed):
    state, _ = _playout(players, seed)
    assert state.over


def _old_format(dumped: dict) -> dict:
    """The same position as saved before the decision engine (phase fields, no stack)."""
    old = {k: v for k, v in dumped.items() if k not in ("pending", "extra")}
    top = dumped["pending"][-1] if dumped["pending"] else None
    old["phase"] = "over" if dumped["over"] else top["type"]
    old["fresh"] = old["phase"] == "start"
    old["acting"] = None if top is None or top["type"] == "withdraw" else top["inst"]
    old["withdraw_queue"] = [d["inst"] for d in reversed(dumped["pending"])
                             if d["type"] == "withdraw"]
    return old


def test_games_saved_in_the_older_format_still_load():
    state = GAME.new_game(4, 3, {})
    policy = Rng(4)
    phases = set()
    while not GAME.is_over(state):
        dumped = GAME.dump(state)
        assert GAME.dump(GAME.load(_old_format(dumped))) == dumped
        phases.add(state.phase)
        seat = min(GAME.to_act(state))
        _, state, _ = random_step(GAME, state, seat, GAME.legal_actions(state, seat), policy)
    assert GAME.dump(GAME.load(_old_format(GAME.dump(state)))) == GAME.dump(state)
    assert {"start", "pick", "conquest", "redeploy", "end", "withdraw"} <= phases

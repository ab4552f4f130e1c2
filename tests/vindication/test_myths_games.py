"""Myths & Marvels (spec 7.11) in whole games: seeded random games with the module alone and with
every module end cleanly at every player count, reach the battle, and keep the properties of
the contract (invariants, dump/load, hidden loot, exact replay) on the way."""

from __future__ import annotations

import json

import pytest

from rules.core.ai import decide
from rules.core.playout import dumped, random_playout, replay
from rules.vindication.invariants import problems

from .helpers import A, G, described, play

ALL = {"modules": ["all"]}
MYTHS = {"modules": ["myths"]}
# seeds whose random game reaches the battle (others than 3, where 3 does not)
BATTLE_SEEDS = {(2, "all"): 4}


def _battle_moves(moves) -> dict[str, int]:
    texts = [t for _, t in moves]
    return {verb: sum(t.startswith(verb) for t in texts) for verb in ("commit", "loot")}


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games_with_every_module_end_cleanly_and_reach_the_battle(players):
    reached = 0
    for seed in (1, 2):
        result = random_playout(G, seed, players, options=ALL, max_steps=20000,
                                on_step=lambda state, seat, action: _sound(state))
        assert G.is_over(result.final), f"seed {seed}: no end"
        reached += result.final.myths["ronak"] > 0 or _battle_moves(result.moves)["commit"] > 0
    assert reached, "no random game carried a black cube to Ronak"


@pytest.mark.parametrize("players", [2, 5])
def test_random_games_with_myths_alone_win_the_battle_and_share_the_loot(players):
    won = 0
    for seed in range(3):
        result = random_playout(G, seed, players, options=MYTHS, max_steps=20000)
        assert G.is_over(result.final)
        if result.final.myths["side"] == "tuuk_tuuk":
            won += 1
            assert _battle_moves(result.moves)["loot"] == players
            assert sum(len(held) for held in result.final.myths["loot"]) == players
    assert won


def _sound(state):
    found = problems(state)
    assert not found, found


@pytest.mark.parametrize("options", [MYTHS, ALL], ids=["myths", "all"])
@pytest.mark.parametrize("players", [2, 5])
def test_properties_hold_through_the_battle(players, options):
    """Dump/load round trip, invariants, views blind to re-randomised hidden parts (the loot
    deck among them) at every step; the same moves replay to the same end."""
    def check(state, seat, action):
        text = dumped(G, state)
        assert dumped(G, G.load(json.loads(text))) == text
        _sound(state)
        if state.myths.get("battle") or state.myths.get("ronak", 0) >= 5:
            seen.append(state.pending[-1]["type"])
            for viewer in (None, seat):
                other = G.rerandomise_hidden(state, viewer, 5)
                assert G.view(other, viewer).data == G.view(state, viewer).data

    seed, seen = BATTLE_SEEDS.get((players, options["modules"][0]), 3), []
    result = random_playout(G, seed, players, options=options, max_steps=20000, on_step=check)
    assert G.is_over(result.final) and "battle_turn" in seen
    again = replay(G, seed, players, result.options, result.moves)
    assert dumped(G, again) == dumped(G, result.final)


def test_a_computer_player_plays_the_battle_to_its_end():
    state = described('myths = {cubes = ["T02"]}\n[seat.0]\ntriangle = "T08"\n'
                      'companions = ["R01", "B03"]\n[seat.1]\ncompanions = ["R05"]\n',
                      modules=["myths"])
    state, _ = play(state, A, "move T02", "end")
    kinds, commits = set(), 0
    for step in range(400):
        if state.myths["battle"] is None and step:
            break
        seat = min(G.to_act(state))
        kinds.add(state.pending[-1]["type"])
        action = decide(G, state, seat, "hard" if seat else "normal", step, 8)
        commits += action.text.startswith("commit")
        state, _ = G.apply(state, seat, action)
    assert state.myths["battle"] is None and state.pending[-1]["type"] == "turn"
    assert {"myths_prepare", "battle_turn"} <= kinds and commits > 0

"""Hidden information (spec 8.4): quests, dealt quests, empowered-draw candidates, deck and bag
orders reach only their owner or nobody; re-randomising them leaves other views unchanged."""

from __future__ import annotations

import json

from rules.core.playout import dumped, random_playout

from .helpers import A, B, G, at, give, play, stack_deck, table, tile

MODULES = {"modules": ["well", "temple", "stones"]}


def _view(state, seat):
    view = G.view(state, seat)
    return json.dumps(view.data, sort_keys=True), [m.to_json() for m in view.private]


def test_setup_quests_are_seen_by_their_owner_only():
    state = G.new_game(8, 3, {})
    dealt = {d["seat"]: d["dealt"] for d in state.pending}
    for seat in range(3):
        own_view = _view(state, seat)
        assert all(q in own_view[0] for q in dealt[seat])
        for other in range(3):
            if other != seat:
                assert not any(q in _view(state, other)[0] for q in dealt[seat])
        assert not any(q in _view(state, None)[0] for q in dealt[seat])
    action = G.legal_actions(state, 0)[0]
    assert G.action_is_secret(state, 0, action)
    state, events = G.play(state, 0, action.text)
    assert all(q not in json.dumps([e.to_json() for e in events]) for q in dealt[0])


def test_held_quests_and_orders_are_rerandomised_without_changing_other_views():
    state = table(3)
    for viewer in (None, A, B):
        other = G.rerandomise_hidden(state, viewer, seed=5)
        assert _view(other, viewer) == _view(state, viewer)
    other = G.rerandomise_hidden(state, B, seed=5)
    assert other.players[A].quests != state.players[A].quests or \
        other.quest_deck != state.quest_deck
    assert other.players[B].quests == state.players[B].quests


def test_empowered_candidates_are_private_and_rerandomised_for_others():
    state = tile(at(table(), A, "T26"), "H07", "arcane_tower")
    state = stack_deck(give(state, A, vision=2, conviction=2), "relics", ["P02", "P13", "P05"],
                       face_up="P07")
    state, events = play(state, A, "visit H07 empowered")
    assert "P02" in _view(state, A)[0] and "P02" not in _view(state, B)[0]
    assert "P02" not in _view(state, None)[0]
    for event in events:
        if "P02" in json.dumps(event.to_json()):
            assert event.audience == frozenset({A})
    other = G.rerandomise_hidden(state, B, seed=3)
    assert _view(other, B) == _view(state, B)
    assert G.action_is_secret(state, A, G.legal_actions(state, A)[0])


def test_public_view_over_a_whole_game_with_modules():
    playout = random_playout(G, 40, 4, MODULES, max_steps=250)
    state = playout.final
    public = _view(state, None)[0]
    for player in state.players:
        assert all(f'"{q}"' not in public for q in player.quests)
    assert '"bag": ' in public and "quest_deck\": [" not in public


def test_hidden_parts_with_the_modules_at_five_players_for_300_commands():
    """The contract's option-set check (round trip, hidden parts re-randomised for every
    viewer) at 5 players with every module, bounded to 300 commands; the full games at 3 to 5
    players run with the slow tests."""
    steps = []

    def check(state, seat, action):
        assert dumped(G, G.load(json.loads(dumped(G, state)))) == dumped(G, state)
        if len(steps) % 7 == 0:
            for viewer in (None, *range(5)):
                other = G.rerandomise_hidden(state, viewer, seed=len(steps))
                assert _view(other, viewer) == _view(state, viewer)
        steps.append(seat)

    random_playout(G, 36, 5, MODULES, max_steps=300, on_step=check)

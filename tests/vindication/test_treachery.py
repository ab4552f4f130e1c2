"""Spec 7.3: Treachery (module ``treachery``), with the ORIGINAL card set of 9.4 (data)."""

from __future__ import annotations

import pytest

from rules.core import NotLegalNow
from rules.vindication.acquire import take_card
from rules.vindication.data import CARD_DECKS, MODULE_NAMES, card, treachery_cards
from rules.vindication.hidden import rerandomise
from rules.vindication.language import check_ability
from rules.vindication.scoring import mastery_counts
from rules.vindication.treachery import adjacent_players

from .helpers import (
    A,
    B,
    C,
    G,
    at,
    check_invariants,
    described,
    give,
    keys,
    offered,
    play,
    stack_deck,
    tile,
)

MODULES = ["treachery"]
EVERY = [c for deck in CARD_DECKS for c in treachery_cards(deck)]


def _three(extra: str = "", **seats):
    """Three players: A on T26; B on T14 and C on T38 (both adjacent to T26) unless moved."""
    where = {"a": "T26", "b": "T14", "c": "T38", **seats}
    text = "\n".join(f'seat.{i}.triangle = "{where[k]}"' for i, k in enumerate("abc"))
    return described(text + "\n" + extra, players=3, modules=MODULES)


def test_the_card_set_is_data_and_well_formed():
    assert "treachery" in MODULE_NAMES and len(EVERY) == 10
    decks = {card(c)["deck"] for c in EVERY}
    assert {"companions_red", "companions_blue", "companions_yellow", "relics",
            "traits"} <= decks
    assert all(check_ability(card(c).get("ability")) == [] for c in EVERY)
    assert any(card(c)["honor"] < 0 for c in EVERY)
    assert check_ability({"timing": "use", "effects": [
        {"op": "weaken_other", "n": 1, "target": "everyone"}]}) != []


@pytest.mark.parametrize("players", [2, 5])
@pytest.mark.parametrize("seed", range(6))
def test_treachery_cards_go_into_the_decks_after_the_starting_companions(players, seed):
    state = G.new_game(seed, players, {"modules": MODULES})
    starting = [p.companions[0][0] for p in state.players]
    assert not any(card(c).get("treachery") for c in starting)
    for cid in EVERY:
        deck = card(cid)["deck"]
        assert cid in state.decks[deck] or state.face_up[deck] == cid


def test_treachery_cards_can_be_the_top_companion_for_a_start_only_when_the_module_is_off():
    plain = G.new_game(3, 2, {})
    assert not any(c in plain.decks[card(c)["deck"]] for c in EVERY)
    # the same seed with the module deals the same starting companions (shuffled in after)
    on = G.new_game(3, 2, {"modules": MODULES})
    assert [p.companions for p in on.players] == [p.companions for p in plain.players]


def test_adjacent_map_players_share_a_vertex_with_your_triangle():
    state = _three(c="T02")
    assert adjacent_players(state, A) == [B]
    assert adjacent_players(_three(), A) == [B, C]


def test_weaken_other_hits_every_adjacent_player_only():
    state = _three('seat.0.relics = [{card = "X09", cubes = 1}]\n'
                   "seat.1.conviction = 0\nseat.1.influence = 5\n"
                   "seat.2.conviction = 0\nseat.2.influence = 5", c="T02")
    state, events = play(state, A, "use X09")
    assert (state.players[B].influence, state.players[C].influence) == (4, 5)
    assert "treachery_weaken" in keys(events)
    check_invariants(state)


def test_the_weakened_player_chooses_the_sphere_when_both_are_possible():
    state = _three('seat.0.relics = [{card = "X09", cubes = 1}]\n'
                   "seat.1.conviction = 2\nseat.1.influence = 5", c="T02")
    state, _ = play(state, A, "use X09")
    assert offered(state, B) == {"lower conviction", "lower influence"}
    state, _ = play(state, B, "lower conviction")
    assert (state.players[B].conviction, state.players[B].influence) == (1, 6)


def test_one_adjacent_player_is_chosen_among_several():
    state = _three('seat.0.relics = [{card = "X02", cubes = 1}]\n'
                   "seat.1.honor = 10\nseat.2.honor = 12")
    state, _ = play(state, A, "use X02")
    assert offered(state, A) == {"target 2", "target 3"}
    with pytest.raises(NotLegalNow):
        G.play(state, A, "target 1")
    state, events = play(state, A, "target 3")
    assert [p.honor for p in state.players] == [16, 10, 11]
    assert "honor_taken" in keys(events)


def test_take_honor_takes_only_what_the_target_has():
    state = _three('seat.0.relics = [{card = "X02", cubes = 1}]\nseat.1.honor = 0', c="T02")
    state, _ = play(state, A, "use X02")
    assert [p.honor for p in state.players[:2]] == [15, 0]


def test_nobody_adjacent_means_nothing_happens():
    state = _three('seat.0.relics = [{card = "X02", cubes = 1}]', b="T02", c="T08")
    before = [p.honor for p in state.players]
    state, _ = play(state, A, "use X02")
    assert [p.honor for p in state.players] == before
    assert G.decision(state, A)["type"] == "turn"


def test_a_joining_companion_weakens_adjacent_players_and_costs_honor():
    state = tile(_three("seat.1.conviction = 0\nseat.1.influence = 5", c="T02"), "H07", "inn")
    state = give(state, A, strength=2)
    state = stack_deck(state, "companions_red", ["X01"])
    state, _ = play(state, A, "visit H07 red blind")
    assert state.players[A].companions == [["X01", 0]]
    assert state.players[A].honor == 15 - 1
    assert state.players[B].influence == 4
    check_invariants(state)


def test_negative_card_honor_never_takes_honor_below_zero():
    state = _three("seat.0.honor = 0")
    stack_deck(state, "companions_blue", ["X06"])
    state.decks["companions_blue"].remove("X06")
    events: list = []
    take_card(state, A, "X06", events)
    assert state.players[A].honor == 0


def test_treachery_cards_never_count_toward_colour_majority():
    state = _three('seat.0.companions = ["X01", "X04"]\nseat.1.companions = ["R03"]')
    assert mastery_counts(state, "red")[:2] == [0, 1]


def test_cards_are_unavailable_without_the_module():
    with pytest.raises(Exception, match="X01"):
        described('seat.0.companions = ["X01"]')


def test_rerandomise_redraws_treachery_cards_within_their_decks():
    state = G.new_game(5, 3, {"modules": MODULES})
    seen = set()
    for seed in range(8):
        copy = rerandomise(state, A, seed)
        for deck in CARD_DECKS:
            assert sorted(copy.decks[deck]) == sorted(state.decks[deck])
        seen.add(tuple(copy.decks["relics"]))
    assert len(seen) > 1


def test_a_medal_with_no_medal_around_has_no_adjacent_player():
    state = at(_three(), A, "T44")
    assert adjacent_players(state, A) == []


@pytest.mark.parametrize("players", [2, 5])
@pytest.mark.parametrize("modules", [MODULES, ["all"]], ids=["alone", "all"])
def test_seeded_random_games_with_treachery_end_cleanly(players, modules):
    from rules.core.playout import random_playout

    playout = random_playout(G, 17 + players, players, {"modules": modules},
                             on_step=lambda state, *_: check_invariants(state))
    assert G.is_over(playout.final)
    final = playout.final
    owned = [c for p in final.players for c, _ in p.companions + p.relics] + [
        t for p in final.players for t in p.traits]
    assert all(p.honor >= 0 for p in final.players)
    assert set(EVERY) <= set(owned) | {c for d in final.decks.values() for c in d} | set(
        final.face_up.values()) | set(final.removed)


def test_an_activated_treachery_companion_takes_honor_from_the_one_adjacent_player():
    state = _three('seat.0.companions = ["X04"]\nseat.0.influence = 6\nseat.1.honor = 9',
                   c="T02")
    state, _ = play(state, A, "activate X04")
    assert [p.honor for p in state.players] == [16, 8, 15]
    check_invariants(state)


def test_a_treachery_trait_weakens_one_adjacent_player_after_a_visit():
    state = _three('seat.0.traits = ["X03"]\n'
                   "seat.1.conviction = 0\nseat.1.influence = 5", c="T02")
    state = give(tile(state, "H07", "fort"), A, influence=6, conviction=2, strength=3,
                 knowledge=3, inspiration=2, courage=2)
    state, events = play(state, A, "visit H07")
    assert state.players[B].influence == 4 and "treachery_weaken" in keys(events)

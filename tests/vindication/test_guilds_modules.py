"""Guilds & Monuments (spec 7.10) with the other modules, and whole games with the module on:
alone and with every module, at 2 to 5 players (invariants, round trips, hidden parts,
replay, computer players, the lobby)."""

from __future__ import annotations

import json

import pytest

from rules.core.ai import decide
from rules.core.playout import dumped, random_playout, replay
from rules.vindication.data import MODULE_NAMES
from rules.vindication.monuments import slot_moves

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
    own,
    play,
    table,
    tile,
)

GUILDS = {"modules": ["guilds"]}
ALL = {"modules": ["all"]}


def _medal(state, seat, location, target=None):
    state.players[seat].guild = [location, target, state.turns_played - 1]
    return state


# -- with the other modules ------------------------------------------------------------------

def test_diplomacy_on_a_well_of_wishes_splits_its_toll():
    state = tile(at(table(3, modules=["well", "guilds"]), A, "T26"), "H07", "well_of_wishes", B)
    state.wishes["H07"] = [state.wish_pool.pop(0) for _ in range(3)]
    state = _medal(state, C, "diplomacy", "H07")
    state, events = play(state, A, "visit H07")
    assert [p.honor for p in state.players] == [15, 16, 16] and "diplomacy" in keys(events)


def test_fortify_a_crystal_mine_built_on_a_building_site_in_the_same_turn():
    state = described("""build = ["crystal_mine"]
        hex.H07 = "building_site"
        seat.0.triangle = "T26"
        seat.0.conviction = 1""", modules=["sites", "crystals", "guilds"])
    state, _ = play(state, A, "visit H07", "build crystal_mine control", "enter")
    assert "guild fortify H07" in offered(state, A)
    state, _ = play(state, A, "guild fortify H07")
    assert G.view(state, None).data["fortified"] == ["H07"]


def test_an_unbuilt_building_site_takes_no_diplomacy():
    state = described("""build = ["crystal_mine"]
        hex.H07 = "building_site"
        seat.0.triangle = "T26\"""", modules=["sites", "crystals", "guilds"])
    assert not any(t.startswith("guild diplomacy") for t in offered(state, A))


def test_loyalty_keeps_a_pets_owner_activated_ability():
    state = own(table(modules=["pets", "guilds"]), A, "R03", cubes=1)
    for place in (state.decks["pets"], state.pet_market):
        if "N01" in place:
            place.remove("N01")
    state.players[A].pets.append(["N01", "R03"])  # N01: +1 Courage when its owner activates
    state, _ = play(state, A, "guild loyalty R03", "activate R03 1 noability")
    assert state.players[A].companions == [["R03", 0]]
    assert state.players[A].attrs["courage"] == 1


def test_command_does_not_stop_treachery_taking_honor():
    state = described("""seat.0.triangle = "T26"
        seat.1.triangle = "T14"
        seat.0.relics = [{card = "X02", cubes = 1}]""", modules=["treachery", "guilds"])
    state = _medal(state, B, "command", "potential")
    state, _ = play(state, A, "use X02")
    assert [p.honor for p in state.players] == [16, 14]


def test_an_infused_crystal_is_no_cube_for_the_monument():
    state = described("""seat.0.infused = ["wisdom"]""", modules=["crystals", "guilds"])
    assert ("slot", "wisdom") not in slot_moves(state, A)
    state = give(state, A, wisdom=1)
    assert ("slot", "wisdom") in slot_moves(state, A)


def test_temple_ruins_and_obstacle_together():
    state = tile(at(table(modules=["temple", "guilds"]), A, "T26"), "H07", "temple_ruins")
    state = _medal(state, B, "obstacle", "T14")
    state, events = play(state, A, "move T14", "visit H07")
    assert state.players[B].honor == 17 and "obstacle" in keys(events)
    assert G.decision(state, A)["type"] == "temple_keep"


# -- whole games -----------------------------------------------------------------------------

@pytest.mark.parametrize("options", [GUILDS, ALL], ids=["guilds", "all"])
@pytest.mark.parametrize("players", [2, pytest.param(3, marks=pytest.mark.slow),
                                     pytest.param(4, marks=pytest.mark.slow), 5])
def test_seeded_random_games_end_cleanly(players, options):
    used = set()

    def check(state, seat, action):
        check_invariants(state)
        used.add(action.text.split()[0])

    playout = random_playout(G, seed=230 + players, players=players, options=options,
                             max_steps=20000, on_step=check)
    assert G.is_over(playout.final) and G.to_act(playout.final) == frozenset()
    assert "guild" in used
    assert sorted(G.score(playout.final)) == list(range(players))


@pytest.mark.parametrize("options", [GUILDS, ALL], ids=["guilds", "all"])
@pytest.mark.parametrize("players", [2, 5])
def test_round_trips_hidden_parts_and_replay(players, options):
    """Dump/load at every step; every other seat's view (and the public one) unchanged when
    a seat's hidden parts are re-drawn; the game replays exactly from seed and moves."""
    def check(state, seat, action):
        text = dumped(G, state)
        assert dumped(G, G.load(json.loads(text))) == text
        other = G.rerandomise_hidden(state, seat, 7)
        for viewer in (seat, None):
            assert G.view(other, viewer).data == G.view(state, viewer).data

    playout = random_playout(G, seed=23, players=players, options=options, max_steps=600,
                             on_step=check)
    again = replay(G, 23, players, playout.options, playout.moves)
    assert dumped(G, again) == dumped(G, playout.final)


@pytest.mark.parametrize("players", [2, 5])
def test_computer_players_ignore_what_they_cannot_see_with_guilds(players):
    found = []

    def grab(state, seat, action):
        if len(found) < 3 and step[0] in (30, 90, 200):
            found.append((state, seat))
        step[0] += 1

    step = [0]
    random_playout(G, 40 + players, players, options=ALL, max_steps=201, on_step=grab)
    for state, seat in found:
        twins = [G.rerandomise_hidden(state, seat, s) for s in (11, 977)]
        for level in ("easy", "normal", "hard"):
            chosen = {decide(G, s, seat, level, 5, 12 if level == "hard" else None).text
                      for s in (state, *twins)}
            assert len(chosen) == 1
        assert G.evaluation(twins[0], seat) == G.evaluation(state, seat)


def test_the_evaluation_values_monument_slots_and_medals():
    state = table(modules=["guilds"])
    before = G.evaluation(state, A)
    state.players[A].monument = ["courage"]
    state.players[A].attrs["courage"] = 0
    state.players[A].potential -= 1  # the cube stands on the monument now
    assert G.evaluation(state, A) > before
    with_medal = _medal(state.clone(), A, "diplomacy", "H07")
    assert G.evaluation(with_medal, A) > G.evaluation(state, A)


async def test_the_lobby_says_the_module_is_on(store):
    from bot import presenter
    from bot.service import Place, Service
    from tests.conftest import ALICE
    service = Service(store, games=[G], seed_source=lambda: 4242)
    table_ = await service.new_game(Place("g", "lobby"), ALICE, "vindication", "modules=guilds")
    lines = presenter.status_lines(table_, lambda seat: seat.name)
    assert "Options: modules=guilds" in lines
    assert "guilds" in MODULE_NAMES

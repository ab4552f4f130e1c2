"""Spec 7.8: Menagerie & Pets (module ``pets``), with the ORIGINAL pet set of 9.4."""

from __future__ import annotations

import pytest

from rules.core import NotLegalNow
from rules.core.playout import random_playout
from rules.vindication.data import MODULE_NAMES, ability, deck_cards
from rules.vindication.hidden import rerandomise
from rules.vindication.movement import max_movement
from rules.vindication.pets import pet_problems

from .helpers import (
    A,
    B,
    G,
    at,
    check_invariants,
    give,
    keys,
    offered,
    own,
    play,
    script,
    stack_deck,
    table,
    tile,
)

PETS = {"modules": ["pets"]}


def _pet(state, seat, pet, owner=None):
    """Move ``pet`` from the pet deck or market to ``seat`` (owned by ``owner``)."""
    for place in (state.decks["pets"], state.pet_market):
        if pet in place:
            place.remove(pet)
    state.players[seat].pets.append([pet, owner])
    return state


def _menagerie(**values):
    state = tile(at(table(**PETS), A, "T26"), "H07", "menagerie")
    return own(give(state, A, **values), A, "R03")


def test_set_up_shuffles_the_deck_and_reveals_a_market_of_three():
    state = G.new_game(4, 3, PETS)
    tiles = state.bag + [t for t, _ in state.hexes.values() if t]
    assert tiles.count("menagerie") == 1 and len(tiles) == 19 and "pets" in MODULE_NAMES
    assert len(state.pet_market) == 3
    assert sorted(state.pet_market + state.decks["pets"]) == sorted(deck_cards("pets"))
    assert "pets" not in G.new_game(4, 3, {}).decks


def test_the_visit_costs_inspiration_knowledge_strength_and_refills_the_market():
    state = _menagerie(inspiration=1, knowledge=1, strength=1)
    pet, top = state.pet_market[1], state.decks["pets"][0]
    state, _ = play(state, A, "visit H07", f"pet {pet}")
    p = state.players[A]
    assert (p.attrs["inspiration"], p.attrs["knowledge"], p.attrs["strength"]) == (0, 0, 0)
    assert p.pets == [[pet, "R03"]] and top in state.pet_market and len(state.pet_market) == 3
    with pytest.raises(NotLegalNow):
        G.play(_menagerie(inspiration=1, knowledge=1, strength=0), A, "visit H07")


def test_blind_takes_the_top_pet_and_a_choice_of_owner_is_asked():
    state = own(_menagerie(), A, "B03")
    top, market = state.decks["pets"][0], list(state.pet_market)
    state, _ = play(state, A, "visit H07", "pet blind")
    assert offered(state, A) == {"home R03", "home B03"}
    state, _ = play(state, A, "home B03")
    assert state.players[A].pets == [[top, "B03"]] and state.pet_market == market


def test_empowered_draw_offers_top_three_and_the_whole_market():
    state = _menagerie(conviction=1)
    top3, market = state.decks["pets"][:3], list(state.pet_market)
    state, events = play(state, A, "visit H07", "pet empowered")
    assert offered(state, A) == {f"pick {c}" for c in top3 + market}
    seen = [e for e in events if e.key.endswith("candidates_seen")]
    assert seen and seen[0].audience == frozenset({A})
    assert "cards" not in G.view(state, B).data["pending"][-1]
    state, _ = play(state, A, f"pick {top3[1]}")
    p = state.players[A]
    assert p.conviction == 0 and p.pets == [[top3[1], "R03"]]
    assert len(state.pet_market) == 3 and len(state.decks["pets"]) == 12 - 3 - 1
    check_invariants(state)


def _activated(owner):
    state = _pet(own(own(table(**PETS), A, "R03"), A, "B03"), A, "N01", owner)
    state, _ = play(give(state, A, courage=0, influence=6), A, "activate R03")
    return state.players[A].attrs["courage"]


def test_a_pet_fires_when_its_owner_is_activated():
    assert _activated("R03") == _activated(None) + 1 == _activated("B03") + 1


def test_one_companion_may_own_several_pets_and_statics_work_while_owned():
    state = own(table(**PETS), A, "R03")
    state = _pet(_pet(state, A, "N02", "R03"), A, "N11", "R03")
    held = _pet(own(table(**PETS), A, "R03"), A, "N02", None)
    assert max_movement(state, A) == max_movement(held, A) + 2


def _tomb_visit(owner):
    state = tile(at(table(**PETS), A, "T26"), "H07", "ancient_tomb")
    state = give(state, A, wisdom=2, influence=4)
    state = _pet(own(state, A, "R03"), A, "N03", owner)
    state, _ = play(state, A, "visit H07 blind")
    return state.players[A].honor


def test_a_passive_pet_works_only_while_its_owner_is_in_the_party():
    assert _tomb_visit("R03") == _tomb_visit(None) + 1


def _scene(pet, owner):
    """Play the scene that triggers ``pet`` (by its ability in data); return A's numbers."""
    spec = ability(pet)
    state = _pet(own(own(table(**PETS), A, "R03"), A, "B03"), A, pet, owner)
    state = at(give(state, A, influence=6, wisdom=2), A, "T26")
    if spec["timing"] == "static":
        return max_movement(state, A)
    if spec["timing"] == "owner_activated":
        text = "activate R03"
    elif spec["event"] == "after_rest":
        text = "rest"
    else:
        region = spec.get("region", "ancient_tomb")
        tile(state, "H07", region)
        text = "visit H07 blind" if region == "ancient_tomb" else "visit H07"
    state, _ = play(state, A, text)
    while G.decision(state, A)["type"] != "turn":  # empower steps: the first option
        state, _ = play(state, A, G.legal_actions(state, A)[0].text)
    p = state.players[A]
    return (sum(p.attrs.values()), p.honor, p.potential, p.conviction)


@pytest.mark.parametrize("pet", deck_cards("pets"))
def test_every_pet_works_while_owned_and_does_nothing_while_held(pet):
    assert _scene(pet, "R03") != _scene(pet, None)


def test_rehome_costs_one_influence_cube_on_the_new_owner():
    state = _pet(own(own(table(**PETS), A, "R03"), A, "B03"), A, "N01", "R03")
    state = give(state, A, influence=2)
    assert "rehome N01 B03" in offered(state, A) and "rehome N01 R03" not in offered(state, A)
    state, _ = play(state, A, "rehome N01 B03", "rehome N01 R03")
    p = state.players[A]
    assert p.pets == [["N01", "R03"]] and p.influence == 0
    assert p.companions == [["R03", 1], ["B03", 1]]
    with pytest.raises(NotLegalNow):
        G.play(state, A, "rehome N01 B03")


def test_a_held_pet_is_rehomed_at_the_normal_cost():
    state = _pet(own(table(**PETS), A, "R03"), A, "N01", None)
    state, _ = play(give(state, A, influence=1), A, "rehome N01 R03")
    assert state.players[A].pets == [["N01", "R03"]] and state.players[A].influence == 0


def _maw(**values):
    state = tile(at(table(**PETS), A, "T26"), "H07", "gaping_maw")
    return give(state, A, **values)


def _death(state):
    state = give(state, A, honor=40, influence=0, courage=2, conviction=0)
    state = stack_deck(state, "monsters", [], face_up="O02")
    script(state, monster_die=["death"], attribute_die=["strength"])
    return play(state, A, "visit H07 faceup")[0]


def test_an_owner_dying_moves_its_pets_for_free_or_they_are_held():
    state = _pet(own(own(_maw(), A, "R03", 2), A, "Y08"), A, "N01", "R03")
    state = _death(state)  # R03 (initiative 6) is the champion and dies
    assert offered(state, A) == {"home Y08", "home hold"}
    state, _ = play(state, A, "home Y08")
    assert state.players[A].pets == [["N01", "Y08"]] and state.players[A].influence == 3
    assert state.players[A].companions == [["Y08", 0]]
    alone = _death(_pet(own(_maw(), A, "Y08", 2), A, "N01", "Y08"))
    assert alone.players[A].pets == [["N01", None]] and alone.players[A].companions == []


def test_recovering_from_the_owner_discards_its_pets():
    state = _pet(_pet(own(table(**PETS), A, "R03", 2), A, "N01", "R03"), A, "N02", None)
    state, events = play(state, A, "recover", "recover companion R03")
    assert state.players[A].pets == [["N02", None]] and "N01" in state.removed
    assert "pet_lost" in keys(events)


def test_rerandomise_redraws_the_pet_deck_and_keeps_the_market():
    state = _menagerie(conviction=1)
    state, _ = play(state, A, "visit H07", "pet empowered")
    mine = rerandomise(state, A, 5)
    assert mine.pending[-1]["candidates"] == state.pending[-1]["candidates"]
    other = [rerandomise(state, B, s) for s in range(6)]
    assert all(o.pending[-1]["market"] == state.pending[-1]["market"] for o in other)
    assert len({tuple(o.decks["pets"]) for o in other}) > 1
    assert len({tuple(o.pending[-1]["candidates"]) for o in other}) > 1
    for o in other:
        check_invariants(o)


@pytest.mark.parametrize("players", [2, 5])
@pytest.mark.parametrize("modules", [["pets"], list(MODULE_NAMES)], ids=["alone", "all"])
def test_random_games_with_pets_end_cleanly(players, modules):
    playout = random_playout(G, seed=23 + players, players=players, options={"modules": modules},
                             max_steps=6000,
                             on_step=lambda state, seat, action: _checked(state))
    assert playout.final.over


def _checked(state):
    check_invariants(state)
    assert pet_problems(state) == []


def test_pets_and_the_market_are_drawn_in_both_languages_at_phone_width():
    from PIL import Image, ImageDraw

    from rendering.common import drawing_in
    from rendering.vindication import panels
    state = _pet(_pet(own(table(**PETS), A, "R03"), A, "N01", "R03"), A, "N02", None)
    data = G.view(state, None).data
    drawn = []

    class Spy(ImageDraw.ImageDraw):
        def text(self, xy, text, *args, **kwargs):
            drawn.append(text)
            return super().text(xy, text, *args, **kwargs)

    market = data["pet_market"][0]
    expected = (("en", ("Pets: Ember Ferret →", "Salt Gull (held)", "Pet market")),
                ("ja", ("ペット: 残り火のフェレット →", "潮カモメ (手元)", "ペット市場")))
    for locale, words in expected:
        drawn.clear()
        with drawing_in(locale):
            image = Spy(Image.new("RGB", (400, 1400)))
            panels.player_panel(image, {"current": -1}, data["players"][A], 0, 0, 390)
            panels.side_panel(image, data, 0, 0, 390)
        for word in words:
            assert any(word in t for t in drawn), (word, drawn)
        assert any(market in t for t in drawn)
        assert not any(c in t for t in drawn for c in state.decks["pets"])
    assert "pets" not in G.view(table(), None).data["players"][A]


def test_random_games_take_pets():
    final = random_playout(G, seed=1, players=5, options=PETS, max_steps=3000).final
    taken = len(deck_cards("pets")) - len(final.decks["pets"]) - len(final.pet_market)
    assert final.over and taken > 0


def test_building_sites_can_build_the_menagerie():
    state = G.new_game(3, 2, {"modules": ["sites", "pets"]})
    assert state.aside == ["menagerie"] and "building_site" in state.bag + [
        t for t, _ in state.hexes.values()]
    assert len(state.pet_market) == 3


async def test_the_lobby_says_the_module_is_on(store):
    from bot import presenter
    from bot.service import Place, Service
    from tests.conftest import ALICE
    service = Service(store, games=[G], seed_source=lambda: 4242)
    table = await service.new_game(Place("g", "lobby"), ALICE, "vindication", "modules=pets")
    lines = presenter.status_lines(table, lambda seat: seat.name)
    assert "Options: modules=pets" in lines

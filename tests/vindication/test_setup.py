"""Spec 10, tests 1-3: set-up."""

from __future__ import annotations

import pytest

from rules.vindication import VINDICATION as G

from .helpers import check_invariants


def _keep_all(state):
    for seat in sorted(G.to_act(state)):
        state, _ = G.play(state, seat, G.legal_actions(state, seat)[0].text)
    return state


def test_three_player_setup():
    """Test 1: journeys A<-J3, B<-J1, C<-J5; tops R03, Y05, B03."""
    state = G.new_game(4, 3, {"journey": ["J3", "J1", "J5"],
                              "companion_tops": ["R03", "Y05", "B03"]})
    a, b, c = state.players
    assert state.first_seat == 1
    assert [p.triangle for p in state.players] == ["T30", "T26", "T34"]
    companions = [p.companions for p in state.players]
    assert companions == [[["Y05", 0]], [["R03", 0]], [["B03", 0]]]
    assert [p.honor for p in state.players] == [17, 17, 17]
    placed = [h for h, (t, _) in state.hexes.items() if t]
    assert placed == ["H07", "H08", "H11", "H12", "H15", "H16"]
    assert len(state.bag) == 13
    for p in state.players:
        assert (p.potential, p.influence, p.conviction, p.speed) == (8, 8, 2, 2)
        assert not p.vindicated
        assert (p.attrs["inspiration"], p.attrs["strength"], p.attrs["knowledge"]) == (1, 1, 1)
    assert set(state.prof_supply.values()) == {2}
    for deck in ("companions_red", "companions_blue", "companions_yellow"):
        assert len(state.decks[deck]) == 8 and state.face_up[deck]
    for deck in ("traits", "relics", "monsters"):
        assert len(state.decks[deck]) == 14 and state.face_up[deck]
    assert G.to_act(state) == frozenset({0, 1, 2})
    state = _keep_all(state)
    assert len(state.quest_deck) == 9 and all(len(p.quests) == 1 for p in state.players)
    assert len(state.triggers_up) == 2 and len(state.trigger_deck) == 8
    assert state.tokens_left == [30, 45, 60, 75]
    assert G.to_act(state) == frozenset({1})
    order = []
    for _ in range(3):
        order.append(state.current)
        seat = state.current
        move = next(a.text for a in G.legal_actions(state, seat) if a.text.startswith("move"))
        state, _ = G.play(state, seat, move)
        state, _ = G.play(state, seat, "end")
        check_invariants(state)
    assert order == [1, 2, 0]


def test_starting_companion_redraw():
    """Test 2: R10 carries no_start; A keeps R03; R10 goes back, the red deck is shuffled."""
    state = G.new_game(2, 2, {"journey": ["J1", "J4"], "companion_tops": ["R10", "R03"]})
    assert state.players[0].companions == [["R03", 0]]
    assert state.players[0].honor == 17
    red = state.decks["companions_red"] + [state.face_up["companions_red"]]
    assert len(red) == 9 and "R10" in red


@pytest.mark.parametrize(("players", "subset"), [(2, {"J1", "J4"}), (3, {"J1", "J3", "J5"}),
                                                 (4, {"J1", "J2", "J4", "J5"}),
                                                 (5, {"J1", "J2", "J3", "J4", "J5"})])
def test_journey_subsets(players, subset):
    """Test 3: the dealt journeys; the J1 holder always starts."""
    for seed in range(4):
        state = G.new_game(seed, players, {})
        assert {f"J{p.start_number}" for p in state.players} == subset
        assert state.players[state.first_seat].start_number == 1


def test_modules_option_changes_the_bag_and_is_validated():
    state = G.new_game(1, 2, {"modules": ["well", "temple", "stones"]})
    tiles = state.bag + [t for t, _ in state.hexes.values() if t]
    assert len(tiles) == 19
    assert tiles.count("sacred_stones") == 2 and "academy" not in tiles
    from rules.core import CannotParse
    with pytest.raises(CannotParse):
        G.new_game(1, 2, {"modules": ["dragons"]})


def test_options_fix_the_random_parts():
    """Spec 8.5: triggers, bag draws and die results can be fixed through options."""
    state = G.new_game(3, 2, {"journey": ["J1", "J4"], "triggers": ["E09", "E01"],
                              "bag": ["fort", "library", "inn"],
                              "attribute_dice": ["wisdom"], "monster_dice": ["death"]})
    assert state.triggers_up == ["E09", "E01"]
    assert [state.hexes[h][0] for h in ("H07", "H08", "H13")] == ["fort", "library", "inn"]
    assert state.script["attribute_die"] == ["wisdom"]
    assert state.script["monster_die"] == ["death"]


@pytest.mark.parametrize(("options", "key"), [
    ({"journey": ["J1", "J2"]}, "bad_journey"),  # not the 2-player subset (J1, J4)
    ({"journey": ["J1", "J4", "J4"]}, "bad_journey"),
    ({"journey": ["x" * 5800]}, "bad_journey"),
    ({"companion_tops": ["zzz"]}, "bad_option_card"),
    ({"companion_tops": ["R03", "R03"]}, "bad_option_card"),
    ({"triggers": ["E99"]}, "bad_option_card"),
    ({"bag": ["fort", "nonsense"]}, "bad_option_word"),
    ({"bag": ["academy", "academy"]}, "bad_bag_count"),
    ({"attribute_dice": ["wisdom", "luck"]}, "bad_option_word"),
    ({"monster_dice": ["²"]}, "bad_option_word"),
])
def test_options_that_fix_nothing_are_refused(options, key):
    """An option value that set-up cannot use is refused with a message, not stored and
    ignored (issue 19: an invalid journey was accepted; a bad companion top crashed)."""
    from rules.core import CannotParse
    with pytest.raises(CannotParse) as refused:
        G.new_game(1, 2, options)
    assert refused.value.msg.key == f"vindication.error.{key}"
    assert G.check_options(options, 2) == refused.value.msg


def test_the_status_during_the_quest_choice_says_who_is_still_choosing():
    """Issue 19: the status read "Round 0, Bob to play." while everyone chose at once."""
    from rules.core import translate

    state = G.new_game(2, 3, {"journey": ["J1", "J3", "J5"]})
    names = ["Ann", "Bob", "Cy"]
    status = translate(G.view(state, None).summary[0], "en", names)
    assert status.endswith("Still choosing: Ann, Bob, Cy.") and "to play" not in status
    state, _ = G.play(state, 1, G.legal_actions(state, 1)[0].text)
    assert translate(G.view(state, None).summary[0], "ja", names).endswith("選択中：Ann, Cy。")
    for seat in (0, 2):
        state, _ = G.play(state, seat, G.legal_actions(state, seat)[0].text)
    assert "to play" in translate(G.view(state, None).summary[0], "en", names)

"""Spec 7.10: Guilds & Monuments (module ``guilds``), rulings R31 and R32: the guild action
and the lasting effects of its nine locations."""

from __future__ import annotations

import pytest

from rules.core import NotLegalNow
from rules.core.text import translate
from rules.vindication.data import MODULE_NAMES, guild_rules, neighbours
from rules.vindication.game import chosen_modules

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
    script,
    table,
    tile,
)

GUILDS = ["guilds"]


def medal(state, seat: int, location: str, target=None, stale: bool = False):
    """Put ``seat``'s guild medal on ``location`` (``stale``: placed on an earlier turn)."""
    state.players[seat].guild = [location, target, state.turns_played - stale]
    return state


def passes(state, seat: int, to: str | None = None):
    """Move ``seat`` one step (to ``to``, or the first free neighbour) and end the turn."""
    if to is None:
        taken = {p.triangle for p in state.players}
        to = next(t for t in neighbours(state.players[seat].triangle) if t not in taken)
    state, _ = play(state, seat, f"move {to}", "end")
    return state


def refused(state, seat: int, text: str) -> str:
    """Return the English reason ``text`` is refused for ``seat``."""
    with pytest.raises(NotLegalNow):
        G.play(state, seat, text)
    return translate(G.explain_illegal(state, seat, text), "en", ["A", "B", "C"])


# -- the module and the guild action ---------------------------------------------------------

def test_the_module_has_no_tiles_and_all_includes_it():
    assert "guilds" in MODULE_NAMES and "guilds" in chosen_modules({"modules": ["all"]})
    state = G.new_game(4, 3, {"modules": GUILDS})
    assert len(state.bag) + sum(1 for t, _ in state.hexes.values() if t) == 19
    assert all(p.guild is None and p.monument == [] for p in state.players)
    assert guild_rules()["locations"][0] == "fortify" and len(guild_rules()["locations"]) == 9


def test_no_guild_action_without_the_module():
    state = table()
    assert not any(t.startswith("guild") for t in offered(state, A))
    assert "not in this game" in refused(state, A, "guild command potential")


def test_the_guild_action_is_a_fourth_action_once_per_turn_in_any_order():
    state = give(table(modules=GUILDS), A, influence=8, conviction=2)
    assert {"guild command potential", "guild command influence", "guild obstacle"} <= \
        offered(state, A)
    state, events = play(state, A, "guild command potential")
    assert "guild_placed" in keys(events)
    assert not any(t.startswith("guild") for t in offered(state, A))
    assert "already taken the guild action" in refused(state, A, "guild command influence")
    state, _ = play(state, A, "move T14", "rest", "raise potential")
    assert G.decision(state, A)["type"] == "turn"


def test_the_guild_action_waits_for_a_move_in_progress():
    state = table(modules=GUILDS)
    state.turn["unable_penalties"] = 1
    assert not any(t.startswith("guild") for t in offered(state, A))
    assert "finish" in refused(state, A, "guild command potential").lower()


# -- Command ---------------------------------------------------------------------------------

def test_command_empowers_from_the_left_sphere_to_the_right():
    state = give(table(modules=GUILDS), A, influence=8, conviction=2)
    state, _ = play(state, A, "guild command influence")
    player = state.players[A]
    assert (player.potential, player.influence, player.conviction) == (8, 7, 3)
    state = give(table(modules=GUILDS), A, influence=8, conviction=2)
    state, _ = play(state, A, "guild command potential")
    assert (state.players[A].potential, state.players[A].influence) == (7, 9)


def _treachery_three():
    """A on T26 with X09 (weaken each adjacent player); B on T14 and C on T38, both next."""
    state = described("""seat.0.triangle = "T26"
        seat.1.triangle = "T14"
        seat.2.triangle = "T38"
        seat.0.relics = [{card = "X09", cubes = 1}]
        seat.1.conviction = 0
        seat.1.influence = 5
        seat.2.conviction = 0
        seat.2.influence = 5""", players=3, modules=["treachery", *GUILDS])
    return state


def test_command_shields_its_owner_from_another_players_weaken_effects():
    state = medal(_treachery_three(), B, "command", "potential", stale=True)
    state, events = play(state, A, "use X09")
    assert state.players[B].influence == 5 and state.players[C].influence == 4
    assert "command_shield" in keys(events)


def test_without_command_the_weaken_applies():
    state = medal(_treachery_three(), B, "obstacle", "T02", stale=True)
    state, _ = play(state, A, "use X09")
    assert state.players[B].influence == 4


# -- Fortify (R32) ---------------------------------------------------------------------------

def _fort(owner=A):
    state = tile(at(table(modules=GUILDS), A, "T26"), "H07", "fort", owner)
    return give(state, A, conviction=3)


def test_fortify_needs_a_region_you_control():
    state = _fort(owner=None)
    assert "guild fortify H07" not in offered(state, A)
    assert "region you control" in refused(state, A, "guild fortify H07")
    state = _fort()
    assert "guild fortify H07" in offered(state, A)


def test_nobody_else_can_take_control_of_a_fortified_region():
    state = _fort(owner=B)
    state.current = B
    medal(state, B, "fortify", "H07")
    state = give(state, A, conviction=3)
    state.current = A
    assert "visit H07 before" not in offered(state, A)
    assert "cannot" in refused(state, A, "visit H07 before")
    state, _ = play(state, A, "visit H07")
    assert "control H07" not in offered(state, A)
    assert G.view(state, None).data["fortified"] == ["H07"]


def test_the_region_flips_back_when_the_medal_leaves():
    state = medal(_fort(owner=B), B, "fortify", "H07")
    state = passes(state, A, "T14")
    state = passes(state, B)  # B's guild action did not move the medal (R31)
    assert state.players[B].guild is None
    assert G.view(state, None).data["fortified"] == []
    state = give(state, A, conviction=3)
    assert "visit H07 before" in offered(state, A)


# -- Diplomacy -------------------------------------------------------------------------------

def _diplomacy(region="fort", players=3):
    state = tile(at(table(players, modules=GUILDS), A, "T26"), "H07", region, B)
    return state


def test_diplomacy_needs_a_region_another_player_controls():
    state = _diplomacy()
    assert "guild diplomacy H07" in offered(state, A)
    state.hexes["H07"][1] = A
    assert "another player controls" in refused(state, A, "guild diplomacy H07")


def test_diplomacy_splits_the_toll_of_its_owners_own_visit():
    state = _diplomacy()
    state, events = play(state, A, "guild diplomacy H07", "visit H07")
    assert [p.honor for p in state.players] == [16, 16, 15]
    assert "diplomacy" in keys(events)


def test_diplomacy_splits_the_toll_of_another_visitor_until_its_owners_next_turn():
    state = _diplomacy()
    state, _ = play(state, A, "guild diplomacy H07")
    state = passes(state, A, "T14")
    state = passes(state, B)
    state = at(state, C, "T13")
    state, _ = play(state, C, "visit H07")
    assert [p.honor for p in state.players] == [16, 16, 15]
    state = passes(state, C)
    state = at(state, A, "T26")
    state, _ = play(state, A, "visit H07")  # A's next turn: the split is over
    assert [p.honor for p in state.players] == [16, 18, 15]


def test_diplomacy_on_a_jewelcrafter_visited_for_an_exchange():
    state = _diplomacy("jewelcrafter")
    state.options = {**state.options, "modules": ["crystals", *GUILDS]}
    state, _ = play(state, A, "guild diplomacy H07")
    state = passes(state, A, "T14")
    state = passes(state, B)
    state = at(state, C, "T13")
    state.players[C].crystals = 3
    state, events = play(state, C, "visit H07", "jewel honor")
    assert [p.honor for p in state.players] == [16, 16, 17]
    assert state.players[C].crystals == 0 and "diplomacy" in keys(events)


def test_the_toll_bonus_stays_with_the_controller():
    state = own(_diplomacy(), B, "G07")  # G07: +1 honor after a toll (any turn)
    state, _ = play(state, A, "guild diplomacy H07", "visit H07")
    assert [p.honor for p in state.players[:2]] == [16, 17]


# -- Obstacle --------------------------------------------------------------------------------

def test_an_obstacle_needs_an_empty_triangle():
    state, _ = play(table(modules=GUILDS), A, "guild obstacle")
    options = offered(state, A)
    assert "obstacle T14" in options and "obstacle T26" not in options
    assert "obstacle T32" not in options  # B's figure stands there


def test_an_opponent_passing_through_or_ending_on_an_obstacle_pays_two_honor():
    state, events = play(table(modules=GUILDS), A, "guild obstacle", "obstacle T20")
    assert "guild_placed" in keys(events)
    state = passes(state, A, "T14")
    beyond = next(t for t in neighbours("T20") if t != "T32")
    state, events = play(state, B, f"move T20 {beyond}")
    assert state.players[A].honor == 17 and "obstacle" in keys(events)
    told = [translate(e.msg, "en", ["Ann", "Bob"]) for e in events
            if e.msg.key == "vindication.event.obstacle"]
    assert told == ["Bob passes Ann's obstacle on T20: Ann gains 2 honor."]  # names, no seat
    state.turn["moved"] = False
    state, _ = play(state, B, "move T20")  # medals never block the end of a move
    assert state.players[B].triangle == "T20" and state.players[A].honor == 19


def test_the_obstacles_owner_passes_for_free():
    state = medal(table(modules=GUILDS), A, "obstacle", "T14", stale=True)
    state, _ = play(state, A, "move T14 T08")
    assert state.players[A].honor == 15


def test_a_sacred_stones_teleport_onto_an_obstacle_pays():
    state = tile(at(table(modules=["stones", *GUILDS]), A, "T26"), "H07", "sacred_stones")
    state = medal(state, B, "obstacle", "T13", stale=True)
    state, _ = play(state, A, "visit H07", "teleport T13")
    assert state.players[B].honor == 17


# -- R31: the medal moves every turn -----------------------------------------------------------

def test_r31_a_medal_not_moved_by_this_turns_guild_action_returns_at_the_turns_end():
    state, _ = play(table(modules=GUILDS), A, "guild command potential")
    state = passes(state, A, "T14")
    assert state.players[A].guild[:2] == ["command", "potential"]  # stays on B's turn
    state = passes(state, B)
    assert G.view(state, None).data["players"][A]["guild_stale"]
    assert "guild command potential" not in offered(state, A)
    assert "two turns in a row" in refused(state, A, "guild command potential")
    state, events = play(state, A, "move T08", "end")
    assert state.players[A].guild is None and "guild_returned" in keys(events)


def test_r31_a_medal_moved_by_this_turns_guild_action_stays():
    state, _ = play(table(modules=GUILDS), A, "guild command potential")
    state = passes(passes(state, A, "T14"), B)
    state, _ = play(state, A, "guild command influence")
    state = passes(state, A, "T08")
    assert state.players[A].guild[:2] == ["command", "influence"]


def test_no_two_guild_medals_share_a_location():
    state = medal(_diplomacy(), C, "diplomacy", "H07", stale=True)
    assert "guild diplomacy H07" not in offered(state, A)
    assert "another guild medal" in refused(state, A, "guild diplomacy H07")


# -- Monument --------------------------------------------------------------------------------

def _monument():
    state = described("""[seat.0.attrs]
        inspiration = 1
        strength = 1
        knowledge = 1
        courage = 1
        vision = 1
        wisdom = 2
        [seat.0]
        conviction = 1
        proficiency = ["wisdom", "vision"]""", modules=GUILDS)
    return state


FULL = ["slot inspiration", "slot strength", "slot knowledge", "slot courage", "slot vision",
        "slot wisdom", "slot conviction", "slot tile wisdom", "slot tile vision"]


def test_the_monument_takes_one_of_each_attribute_a_conviction_and_two_tiles():
    state, _ = play(_monument(), A, "guild monument")
    assert offered(state, A) == set(FULL) | {"slot tile wisdom", "slot tile vision"}
    state, _ = play(state, A, "slot wisdom", "slot tile wisdom")
    assert "slot wisdom" not in offered(state, A) and "slot tile wisdom" not in offered(state, A)
    assert "done" in offered(state, A)
    state, _ = play(state, A, "done")
    player = state.players[A]
    assert player.monument == ["wisdom", "tile_wisdom"] and player.attrs["wisdom"] == 1
    assert player.proficiency["wisdom"] == 0


def test_a_full_monument_places_the_figure_for_fifteen_honor():
    state, _ = play(_monument(), A, "guild monument")
    influence = state.players[A].influence
    state, events = play(state, A, *FULL)
    player = state.players[A]
    assert player.monument_built and player.monument == [] and player.honor == 30
    assert player.influence == influence + 7
    assert player.proficiency["wisdom"] == 1 and player.proficiency["vision"] == 1
    assert "monument_built" in keys(events)
    assert G.decision(state, A)["type"] == "turn"


def test_cubes_on_an_unfinished_monument_cannot_be_recovered_and_its_tiles_do_not_score():
    from rules.vindication.bonus import recovery_sources
    from rules.vindication.scoring import mastery_counts
    state, _ = play(_monument(), A, "guild monument", "slot courage", "slot tile vision",
                    "done")
    sources = [m for m, _, _ in recovery_sources(state, A)]
    assert ("recover", "attr", "courage", 1) not in sources
    assert mastery_counts(state, "purple")[A] == 0


def test_a_built_monument_is_no_location_any_more():
    state = _monument()
    state.players[A].monument_built = True
    assert "guild monument" not in offered(state, A)
    assert "monument board has nothing" in refused(state, A, "guild monument")


# -- Loyalty, Empowered relic, Praise, Destiny ------------------------------------------------

def test_loyalty_returns_a_cube_from_the_companion_instead_of_placing_one():
    state = own(table(modules=GUILDS), A, "R03", cubes=2)
    influence = state.players[A].influence
    state, events = play(state, A, "guild loyalty R03", "activate R03 1 noability")
    player = state.players[A]
    assert player.companions == [["R03", 1]] and "loyalty" in keys(events)
    assert player.influence == influence + 1 - 1


def test_loyalty_on_a_companion_without_cubes_places_nothing():
    state = own(table(modules=GUILDS), A, "R03")
    state, _ = play(state, A, "guild loyalty R03", "activate R03 1 noability")
    assert state.players[A].companions == [["R03", 0]]


def test_loyalty_activates_a_companion_with_no_influence_left():
    """5.4 needs an Influence cube only to place it on the companion; Loyalty places none."""
    state = own(table(modules=GUILDS), A, "R03", cubes=2)
    player = state.players[A]
    player.potential += player.influence
    player.influence = 0
    assert not any(o.startswith("activate R03") for o in offered(state, A))
    assert "Influence" in refused(state, A, "activate R03 noability")
    state, _ = play(state, A, "guild loyalty R03")
    assert not any(o.startswith("activate self") for o in offered(state, A))
    assert "activate R03 noability" in offered(state, A)
    state, _ = play(state, A, "activate R03 noability")
    player = state.players[A]
    assert player.companions == [["R03", 1]]  # its returned cube is the one gained
    assert player.influence == 0 and sum(player.attrs.values()) >= 1


def test_an_empowered_relic_takes_a_cube_when_used_and_works_while_it_has_room():
    state = own(table(modules=GUILDS), A, "P13")  # P13: 1 honor, capacity 2, no cube
    assert "use P13" not in offered(state, A)
    state, _ = play(state, A, "guild relic P13")
    influence = state.players[A].influence
    state, _ = play(state, A, "use P13")
    assert state.players[A].relics == [["P13", 1]] and state.players[A].honor == 16
    assert state.players[A].influence == influence - 1
    full = medal(own(table(modules=GUILDS), A, "P13", cubes=2), A, "relic", "P13")
    assert "use P13" not in offered(full, A)


def test_praise_gives_one_honor_each_time_the_trait_triggers():
    state = give(own(table(modules=GUILDS), A, "G09"), A, influence=5)
    state, events = play(state, A, "guild praise G09", "rest", "raise potential")
    assert state.players[A].honor == 16 and "praise" in keys(events)


def test_praise_counts_a_used_reaction_trait():
    state = tile(own(table(modules=GUILDS), A, "G14"), "H07", "academy")
    state = script(state, attribute_die=["strength", "vision"])
    state, _ = play(state, A, "guild praise G14", "visit H07", "reroll G14")
    assert state.players[A].honor == 16 and state.players[A].attrs["vision"] == 1


def test_destiny_rolls_twice_and_keeps_either_without_rerolls():
    state = own(own(tile(table(modules=GUILDS), "H07", "academy"), A, "O01"), A, "G14")
    state = script(state, attribute_die=["inspiration", "wisdom"])
    state, _ = play(state, A, "guild destiny O01", "visit H07")
    assert offered(state, A) == {"face inspiration", "face wisdom"}
    state, events = play(state, A, "face inspiration")  # had one: no second Academy roll
    assert state.players[A].attrs["inspiration"] == 2 and "destiny" in keys(events)
    assert G.decision(state, A)["type"] == "turn"  # no reroll offered for G14


def test_destiny_with_two_equal_results_asks_nothing():
    state = own(tile(table(modules=GUILDS), "H07", "academy"), A, "O01")
    state = script(state, attribute_die=["strength", "strength"])
    state, _ = play(state, A, "guild destiny O01", "visit H07")
    assert state.players[A].attrs["strength"] == 2 and G.decision(state, A)["type"] == "turn"


@pytest.mark.parametrize(("location", "card"), [("loyalty", "R03"), ("relic", "P13"),
                                                 ("praise", "G09"), ("destiny", "O01")])
def test_the_card_locations_need_one_of_your_cards(location, card):
    state = table(modules=GUILDS)
    assert f"guild {location} {card}" not in offered(state, A)
    assert "your" in refused(state, A, f"guild {location} {card}")
    state = own(state, A, card)
    assert f"guild {location} {card}" in offered(state, A)
    check_invariants(state)


def test_the_listed_obstacle_triangles_are_exactly_those_the_rule_accepts():
    from rules.vindication.data import board
    from rules.vindication.guilds import _free_obstacles, spot_problem
    state = medal(medal(table(3, modules=GUILDS), B, "obstacle", "T02"), A, "obstacle", "T08")
    for seat in (A, B, C):
        accepted = [t for t in sorted(board()["triangles"])
                    if spot_problem(state, seat, "obstacle", t) is None]
        assert _free_obstacles(state, seat) == accepted
        assert "T02" not in accepted and "T08" not in accepted


def test_the_listed_guild_actions_are_exactly_those_the_rule_accepts():
    from rules.vindication.guilds import guild_moves, guild_problem, rules_of
    state = tile(tile(table(3, modules=GUILDS), "H07", "fort", A), "H08", "inn", B)
    state = own(own(state, A, "R03"), A, "P13")
    medal(medal(state, A, "loyalty", "R03", stale=True), C, "diplomacy", "H08", stale=True)
    targets = ["H07", "H08", "R03", "P13", "potential", "influence", None, "G09", "O01"]
    judged = [("guild", loc, t) for loc in rules_of()["locations"] for t in targets
              if guild_problem(state, A, ("guild", loc, t)) is None]
    assert sorted(guild_moves(state, A), key=repr) == sorted(judged, key=repr)
    assert ("guild", "loyalty", "R03") not in judged and ("guild", "relic", "P13") in judged

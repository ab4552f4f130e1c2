"""Spec 7.11 (R33, R34): Myths & Marvels (module ``myths``), with the ORIGINAL circles and loot
of data/vindication/myths.toml."""

from __future__ import annotations

import pytest

from rules.core import CannotParse, NotLegalNow, RulesError
from rules.core.position import read
from rules.vindication.battle import next_picker
from rules.vindication.data import MODULE_NAMES, centre_tiles
from rules.vindication.hidden import rerandomise
from rules.vindication.monsters import champion
from rules.vindication.myths import data, effect_of, loot_ids, side_circles

from .helpers import A, B, C, D, G, at, check_invariants, described, give, keys, offered, play

MYTHS = {"modules": ["myths"]}
E = 4


def _awake(text: str = "", players: int = 2, modules=("myths",)):
    """A (seat 0, first player) on T08 next to T02, the last black cube around the centre."""
    desc = read(text)
    desc.setdefault("seat", {}).setdefault("0", {})["triangle"] = "T08"
    desc.setdefault("myths", {})["cubes"] = ["T02"]
    return described(desc, players, modules=list(modules))


def _battle(text: str = "", players: int = 2, modules=("myths",)):
    """Ronak awakened by A; every player prepared without empowering: the first battle turn."""
    state, _ = play(_awake(text, players, modules), A, "move T02", "end")
    while state.pending[-1]["type"] == "myths_prepare":
        state, _ = play(state, state.pending[-1]["seat"], "done")
    return state


def _short(events) -> list[str]:
    return [k.removeprefix("vindication_myths.event.") for k in keys(events)]


def _fill_all_but(state, kind: str, seat: int = A):
    """Commit ``seat``'s cubes (from Potential) onto every circle except one of ``kind``."""
    left = False
    for circle in state.myths["circles"]:
        if circle[0] == kind and not left:
            left = True
            continue
        circle[1] = seat
        state.players[seat].potential -= 1
    return state


# -- set-up ---------------------------------------------------------------------------------

@pytest.mark.parametrize("players", [2, 5])
def test_set_up_ronak_on_the_centre_black_cubes_around_it_and_an_18_tile_bag(players):
    state = G.new_game(4, players, MYTHS)
    assert state.hexes["H00"] == ["ronak", None]
    assert state.myths["cubes"] == ["T01", "T02", "T03", "T04", "T05", "T06"]
    tiles = state.bag + [t for h, (t, _) in state.hexes.items() if t and h != "H00"]
    assert len(tiles) == 18 and "academy" not in tiles and tiles.count("inn") == 3
    assert sum(n for _, n in side_circles(players).items()) == len(state.myths["circles"])
    assert "myths" in MODULE_NAMES and centre_tiles(["myths"]) == 1


def test_one_inn_may_leave_instead_of_the_academy_and_other_removals_are_refused():
    state = G.new_game(4, 2, {**MYTHS, "remove": ["inn"]})
    tiles = state.bag + [t for h, (t, _) in state.hexes.items() if t and h != "H00"]
    assert tiles.count("inn") == 2 and tiles.count("academy") == 1
    with pytest.raises(CannotParse):
        G.new_game(4, 2, {**MYTHS, "remove": ["academy", "inn"]})  # 17 tiles


@pytest.mark.parametrize("players", [2, 5])
def test_modules_all_keeps_a_legal_18_tile_bag(players):
    state = G.new_game(7, players, {"modules": ["all"]})
    tiles = state.bag + [t for h, (t, _) in state.hexes.items() if t and h != "H00"]
    assert len(tiles) + len(state.aside) - tiles.count("building_site") == 18
    assert state.hexes["H00"][0] == "ronak"


def test_without_the_module_nothing_changes():
    state = G.new_game(4, 2, {})
    assert state.myths == {} and state.hexes["H00"][0] != "ronak"
    assert "myths" not in G.view(state, None).data


# -- the black cubes and the awakening ------------------------------------------------------

def test_ending_a_move_on_a_black_cube_carries_it_to_ronak_passing_through_does_not():
    state = described('[seat.0]\ntriangle = "T07"\nspeed = 3', modules=["myths"])
    state, events = play(state, A, "move T01 T02 T08")  # through T01 and T02, ends on T08
    assert state.myths["ronak"] == 0 and len(state.myths["cubes"]) == 6
    state = described('[seat.0]\ntriangle = "T07"', modules=["myths"])
    state, events = play(state, A, "move T01")
    assert "black_cube" in _short(events)
    assert state.myths["cubes"] == ["T02", "T03", "T04", "T05", "T06"]
    assert state.myths["ronak"] == 1 and state.myths["awakener"] is None


def test_the_sixth_cube_awakens_ronak_after_the_awakener_finishes_the_turn():
    state, events = play(_awake(), A, "move T02")
    assert "awakened" in _short(events) and state.myths["awakener"] == A
    assert state.pending[-1]["type"] == "turn" and "rest" in offered(state, A)
    state, events = play(state, A, "rest", "raise potential", "end")
    assert _short(events)[-1] == "battle"
    assert state.first_seat == B  # the player after the awakener takes the figure
    assert state.pending[-1] == {"type": "myths_prepare", "seat": B, "n": 3}


def test_preparation_lets_each_player_empower_up_to_three_times():
    state, _ = play(_awake(), A, "move T02", "end")
    before = state.players[B].potential
    state, _ = play(state, B, "raise potential", "raise potential", "raise influence")
    assert state.players[B].potential == before - 2 and state.players[B].conviction == 3
    assert state.pending[-1]["seat"] == A  # B's three are used up: A prepares next
    with pytest.raises(RulesError):
        G.play(state, B, "raise potential")
    state, _ = play(state, A, "done")
    assert state.pending[-1]["type"] == "battle_turn"


# -- initiative -----------------------------------------------------------------------------

def test_champions_and_battle_turns_go_clockwise_from_the_lowest_champion():
    text = ('[seat.0]\ncompanions = ["R05", "B03"]\n[seat.1]\ncompanions = ["R02"]\n'
            '[seat.2]\ncompanions = ["R04"]')
    state = _battle(text, players=3)
    assert state.pending[-1]["seat"] == B  # R02 (initiative 4) is the lowest champion
    assert state.current == B
    state, _ = play(state, B, "end")  # B rolls (blank or not, its turn ends)
    _settle_rolls(state)
    assert state.pending[-1]["type"] == "battle_turn" and state.pending[-1]["seat"] == C


def _settle_rolls(state):
    """Answer any reroll or avoid-death question by keeping/accepting."""
    while state.pending and state.pending[-1]["type"] in ("reroll", "avoid_death"):
        seat = state.pending[-1]["seat"]
        word = "keep" if state.pending[-1]["type"] == "reroll" else "accept"
        state, _ = play(state, seat, word)
    return state


def test_r33_a_player_without_companions_takes_battle_turns_but_rolls_no_dice():
    state = _battle('[seat.0]\ncompanions = ["R01"]\n[seat.0.attrs]\nstrength = 1\n')
    state.script["monster_die"] = ["blank"]
    state.script["attribute_die"] = ["vision"]
    state, _ = play(state, A, "end")
    assert state.pending[-1] == {"type": "battle_turn", "seat": B, "generated": False,
                                 "committed": False}
    assert "end" in offered(state, B)
    state, events = play(state, B, "end")
    assert "no_dice" in _short(events) and "rolled" not in keys(events)
    assert state.pending[-1]["seat"] == A


# -- the battle turn ------------------------------------------------------------------------

def test_generate_once_then_commit_once_then_roll_both_dice():
    state = _battle('[seat.0]\ncompanions = ["R01"]\nattrs = {strength = 1}\n')
    state.script.update(attribute_die=["vision"], monster_die=["blank"])
    options = offered(state, A)
    assert {"activate self strength", "activate R01", "commit strength", "end"} <= options
    state, _ = play(state, A, "activate R01")  # R01: +2 Strength, a cube on R01
    assert state.players[A].attrs["strength"] == 3
    assert not any(o.startswith("activate") for o in offered(state, A))
    state, events = play(state, A, "commit strength")
    assert state.players[A].attrs["strength"] == 2 and "committed" in _short(events)
    assert not any(o.startswith("commit") for o in offered(state, A) if o != "end")
    if state.pending[-1]["type"] == "recover_pick":  # strength: return up to 2 cubes
        state, _ = play(state, A, "take R01 1")
    state, events = play(state, A, "end")
    assert state.players[A].attrs["vision"] == 1  # gain 1 of the white result
    assert keys(events).count("rolled") == 2


def test_commit_needs_a_cube_of_the_kind_and_an_empty_circle():
    state = _battle('[seat.0]\ncompanions = ["R01"]\nconviction = 0\n'
                    'attrs = {inspiration = 0, strength = 0, knowledge = 0, wisdom = 2}\n')
    assert not any(o.startswith("commit") for o in offered(state, A))  # no wisdom circle at 2
    for kind in ("strength", "wisdom", "conviction"):
        with pytest.raises(NotLegalNow):
            G.play(state, A, f"commit {kind}")
    give(state, A, strength=1)
    state.myths["circles"] = [[k, B if k == "strength" else o] for k, o in state.myths["circles"]]
    with pytest.raises(NotLegalNow):  # every strength circle is taken
        G.play(state, A, "commit strength")


@pytest.mark.parametrize("kind", ["inspiration", "strength", "knowledge", "courage",
                                  "conviction"])
def test_every_circle_kind_resolves_the_effect_the_data_maps_it_to(kind):
    state = _battle(f'[seat.0]\ncompanions = [{{card = "R01", cubes = 2}}]\n'
                    f'attrs = {{{kind} = 1}}\n' if kind != "conviction" else
                    '[seat.0]\ncompanions = [{card = "R01", cubes = 2}]\n')
    player = state.players[A]
    before = (player.potential, player.influence, player.conviction)
    state, _ = play(state, A, f"commit {kind}")
    player = state.players[A]
    effect = effect_of(kind)["effect"]
    paid = (0, 0, 1) if kind == "conviction" else (0, 0, 0)
    if effect == "empower_potential":
        assert (player.potential, player.influence) == (before[0] - 1, before[1] + 1)
    elif effect == "empower_influence":
        assert (player.influence, player.conviction) == (before[1] - 1, before[2] + 1)
    elif effect == "teleport_token":
        assert state.myths["teleports"] == [1, 0]
    elif effect == "recover":
        assert state.pending[-1]["type"] == "recover_pick"
        state, _ = play(state, A, "take R01 2")
        assert state.players[A].companions == [["R01", 0]]
        assert state.players[A].influence == before[1] + 2 + (kind == "conviction") - paid[2]
    check_invariants(state)


def test_the_copy_circle_performs_the_effect_of_a_full_kind():
    state = _battle('[seat.0]\ncompanions = ["R01"]\nattrs = {vision = 1}\n'
                    '[myths.committed]\n1 = ["knowledge", "knowledge"]\n')
    assert effect_of("vision")["effect"] == "copy"
    state, _ = play(state, A, "commit vision")
    assert offered(state, A) == {"copy knowledge"}  # the only full kind
    state, _ = play(state, A, "copy knowledge")
    assert state.myths["teleports"][A] == 1


def test_a_dead_champion_is_replaced_by_the_next_lowest_and_conviction_prevents_death():
    state = _battle('[seat.0]\ncompanions = ["R01", "B03"]\n')
    state.script.update(attribute_die=["vision", "vision"], monster_die=["death", "death"])
    state, _ = play(state, A, "end")
    assert state.pending[-1]["type"] == "avoid_death"
    state, events = play(state, A, "pay")
    assert "death_prevented" in keys(events) and len(state.players[A].companions) == 2
    state, _ = play(state, B, "end")  # B: no companion, no dice
    state, _ = play(state, A, "end", "accept")
    assert [c for c, _ in state.players[A].companions] == ["B03"]  # the new champion
    assert state.pending[-1]["seat"] == B


def test_defeat_returns_the_cubes_and_the_black_cubes_and_can_happen_again():
    state = _battle('[seat.0]\ncompanions = ["R01"]\nconviction = 0\nattrs = {strength = 1}\n')
    state.script.update(attribute_die=["vision"], monster_die=["death"])
    influence = state.players[A].influence
    state, _ = play(state, A, "commit strength")
    if state.pending[-1]["type"] == "recover_pick":
        state, _ = play(state, A, "done")
    state, events = play(state, A, "end")
    assert "defeat" in _short(events)
    assert all(owner is None for _, owner in state.myths["circles"])
    assert state.players[A].influence == influence - 1 + 1  # vision, then the cube back
    assert state.myths["cubes"] == data()["black_cubes"] and state.myths["ronak"] == 0
    assert state.myths["battle"] is None and state.hexes["H00"][0] == "ronak"
    assert state.current == state.first_seat == B and state.pending[-1]["type"] == "turn"
    at(state, B, "T07")
    state, events = play(state, B, "move T01")
    assert "black_cube" in _short(events)  # the event can happen again


def test_victory_returns_committed_cubes_flips_the_tile_and_reveals_the_loot():
    state = _fill_all_but(_battle('[seat.0]\ncompanions = ["R01"]\nattrs = {strength = 1}\n'),
                          "strength", seat=B)
    strength_b = state.players[B].attrs["strength"]
    state, events = play(state, A, "commit strength")
    assert "victory" in _short(events) and "rolled" not in keys(events)
    assert state.hexes["H00"][0] == "tuuk_tuuk" and state.myths["side"] == "tuuk_tuuk"
    assert state.players[A].attrs["strength"] == 1  # came back where it came from
    filled = side_circles(2)["strength"] - 1  # B's strength circles
    assert state.players[B].attrs["strength"] == strength_b + filled
    assert state.players[B].conviction == 3  # B's conviction circle
    assert len(state.myths["loot_shown"]) == 4 and len(state.myths["loot_deck"]) == 6
    check_invariants(state)
    assert state.pending[-1]["type"] == "loot_pick" and state.pending[-1]["seat"] == A
    first = state.myths["loot_shown"][0]
    state, _ = play(state, A, f"loot {first}")
    assert state.myths["loot"][A] == [first] and state.pending[-1]["seat"] == B
    state, events = play(state, B, f"loot {state.myths['loot_shown'][0]}")
    _resolve_loot_choices(state)
    assert state.myths["battle"] is None and state.myths["loot_shown"] == []
    assert state.current == state.first_seat == B


def _resolve_loot_choices(state):
    while state.pending[-1]["type"] != "turn":
        seat = state.pending[-1]["seat"]
        state, _ = play(state, seat, G.legal_actions(state, seat)[0].text)
    return state


def test_loot_is_picked_by_highest_initiative_companion_and_first_loot_goes_first():
    text = ('[seat.0]\ncompanions = ["R01"]\n[seat.1]\ncompanions = ["R05"]\n'
            '[seat.2]\ncompanions = ["B03"]\n[seat.3]\ncompanions = ["R02"]\n')
    state = _battle(text, players=5)
    state.myths["battle"].update(phase="loot", first_loot=C)
    state.myths["loot_shown"] = loot_ids()[:7]
    order = []
    while (seat := next_picker(state)) is not None:
        order.append(seat)
        state.myths["battle"]["looted"].append(seat)
    # first loot C (B03, 11), then by highest initiative: B (R05, 12), D (R02, 4), A (R01, 2),
    # then E without companion
    assert order == [C, B, D, A, E]
    assert data()["first_loot_from"] == 4 and "wisdom" not in side_circles(3)


def test_the_first_loot_circle_gives_the_first_pick_at_four_players():
    state = _battle('[seat.0]\ncompanions = ["R01"]\nattrs = {wisdom = 1}\n', players=4)
    assert effect_of("wisdom")["effect"] == "first_loot"
    state, events = play(state, A, "commit wisdom")
    assert "first_loot" in _short(events) and state.myths["battle"]["first_loot"] == A


def test_loot_stays_hidden_and_is_redrawn_by_rerandomise():
    state = _battle('[seat.0]\ncompanions = ["R01"]\n')
    views = [G.view(state, s).data for s in (None, A)]
    assert views[0]["myths"]["loot_deck"] == 10
    assert "L0" not in str(views[0]["myths"])  # no loot id is told before the victory
    redrawn = {tuple(rerandomise(state, A, seed).myths["loot_deck"]) for seed in range(6)}
    assert len(redrawn) > 1
    for seed in range(3):
        other = rerandomise(state, A, seed)
        assert [G.view(other, s).data for s in (None, A)] == views


# -- after the battle -----------------------------------------------------------------------

def test_tuuk_tuuk_gives_an_attribute_you_have_none_of_and_cannot_be_controlled():
    state = described('[seat.0]\ntriangle = "T01"\nattrs = {inspiration = 1, strength = 1, '
                      'knowledge = 1, courage = 1, vision = 1}', modules=["myths"])
    state.hexes["H00"][0] = "tuuk_tuuk"
    assert "visit H00" in offered(state, A)
    assert "visit H00 before" not in offered(state, A)  # cannot be controlled
    state, _ = play(state, A, "visit H00")
    assert offered(state, A) == {"attr wisdom"}
    state, _ = play(state, A, "attr wisdom")
    assert state.players[A].attrs["wisdom"] == 1
    full = described('[seat.0]\ntriangle = "T01"\nattrs = {inspiration = 1, strength = 1, '
                     'knowledge = 1, courage = 1, vision = 1, wisdom = 1}', modules=["myths"])
    full.hexes["H00"][0] = "tuuk_tuuk"
    with pytest.raises(NotLegalNow):
        G.play(full, A, "visit H00")


def test_ronaks_side_cannot_be_visited():
    state = described('[seat.0]\ntriangle = "T01"', modules=["myths"])
    assert not any("H00" in o for o in offered(state, A))
    with pytest.raises(NotLegalNow):
        G.play(state, A, "visit H00")


def test_a_teleport_token_moves_the_medal_to_any_empty_triangle_as_a_bonus_action():
    state = described('myths = {teleports = [1, 0]}\n[seat.0]\ntriangle = "T26"',
                      modules=["myths"])
    occupied = state.players[B].triangle
    assert f"warp {occupied}" not in offered(state, A) and "warp T26" not in offered(state, A)
    state, events = play(state, A, "warp T01")
    assert state.players[A].triangle == "T01" and state.myths["teleports"] == [0, 0]
    assert state.myths["ronak"] == 0  # not a move: the black cube stays
    assert not state.turn["moved"] and not any(o.startswith("warp") for o in offered(state, A))
    with pytest.raises(RulesError):
        G.play(state, B, "warp T40")
    with pytest.raises(NotLegalNow):
        G.play(state, A, "warp T02")


def test_r34_rounds_count_from_the_new_first_player_and_the_end_follows_them():
    state = _battle('[seat.0]\ncompanions = ["R01"]\n')
    round_before = state.round
    state.end_round = round_before  # the end was triggered before the battle
    state = _fill_all_but(state, "strength", seat=B)
    give(state, A, strength=1)
    state, _ = play(state, A, "commit strength")
    state = _resolve_loot_choices(state)
    assert state.current == state.first_seat == B and state.round == round_before + 1
    state, _ = play(state, B, "rest", G.legal_actions(state, B)[0].text)
    while not state.over:
        seat = min(G.to_act(state))
        texts = [a.text for a in G.legal_actions(state, seat)]
        state, _ = play(state, seat, "end" if "end" in texts else texts[0])
    assert state.round == round_before + 1 and state.current == A  # A, last of B's round


# -- interactions with the other modules ----------------------------------------------------

def test_a_pet_whose_owner_dies_in_the_battle_moves_to_another_companion():
    state = _battle('[seat.0]\ncompanions = ["R01", "B03"]\nconviction = 0\n',
                    modules=("myths", "pets"))
    pet = state.pet_market[0]
    state.pet_market.remove(pet)
    state.players[A].pets.append([pet, "R01"])
    state.script.update(attribute_die=["vision"], monster_die=["death"])
    state, _ = play(state, A, "end")
    while state.pending[-1]["type"] != "battle_turn":
        seat = state.pending[-1]["seat"]
        state, _ = play(state, seat, G.legal_actions(state, seat)[0].text)
    assert [c for c, _ in state.players[A].companions] == ["B03"]
    assert state.players[A].pets == [[pet, "B03"]]


def test_an_infused_crystal_pays_a_conversion_in_the_battle_but_is_never_committed():
    state = _battle('[seat.0]\ncompanions = ["R01"]\nattrs = {inspiration = 1, strength = 0}\n'
                    'infused = ["strength"]\n', modules=("myths", "crystals"))
    assert "convert courage" in offered(state, A)  # inspiration + strength (the crystal)
    assert "commit strength" not in offered(state, A)
    state, _ = play(state, A, "convert courage")
    assert state.players[A].attrs["courage"] == 1 and state.players[A].infused == ["strength"]


def test_a_treachery_companion_can_be_a_champion():
    state = _battle('[seat.0]\ncompanions = ["X01"]\n', modules=("myths", "treachery"))
    assert state.pending[-1]["seat"] == A and champion(state, A) == "X01"
    assert state.myths["battle"]["fighters"] == [A]


def test_building_sites_never_set_the_myths_tile_aside():
    with pytest.raises(CannotParse):
        G.new_game(1, 2, {"modules": ["myths", "sites"], "build": ["ronak"]})
    state = G.new_game(1, 2, {"modules": ["myths", "sites", "well"]})
    assert state.aside == ["well_of_wishes"] and state.hexes["H00"][0] == "ronak"


def test_a_player_whose_champions_all_died_skips_battle_turns_until_the_battle_ends():
    text = ('[seat.0]\ncompanions = ["R01"]\nconviction = 0\n'
            '[seat.1]\ncompanions = ["R05"]\n')
    state = _battle(text, players=3)
    state.script.update(attribute_die=["vision"] * 3, monster_die=["death", "blank", "blank"])
    state, _ = play(state, A, "end")  # A's only companion dies
    assert state.players[A].companions == [] and state.pending[-1]["seat"] == B
    state, _ = play(state, B, "end")
    _settle_rolls(state)
    state, _ = play(state, C, "end")  # C: no companion, no dice (R33)
    assert state.pending[-1]["type"] == "battle_turn" and state.pending[-1]["seat"] == B


def test_committed_cubes_are_never_a_source_of_forced_recovery():
    state = _battle('[seat.0]\ncompanions = ["R01", "B03"]\ninfluence = 0\nattrs = {strength = 1}\n'
                    'conviction = 0\n')
    state, _ = play(state, A, "commit strength")
    state.script.update(attribute_die=["vision"], monster_die=["exhaust"])
    if state.pending[-1]["type"] == "recover_pick":
        state, _ = play(state, A, "done")
    state, _ = play(state, A, "end")
    assert state.pending[-1]["type"] == "exhaust_recover"
    assert "recover attr inspiration 1" in offered(state, A)  # a cube on the main board
    assert "recover attr strength 1" not in offered(state, A)  # the committed one may not
    state, _ = play(state, A, "recover attr inspiration 1")
    assert [o for k, o in state.myths["circles"] if k == "strength"].count(A) == 1


def test_an_awakening_on_the_games_last_turn_starts_no_battle():
    state = _awake()
    state.end_round = state.round - 1  # this is the last round, and A is ...
    state.first_seat = B  # ... its last player
    state, events = play(state, A, "move T02", "end")
    assert state.over and "battle" not in _short(events) and state.myths["battle"] is None


def test_the_position_builder_refuses_myths_parts_it_cannot_lay():
    from rules.core.position import PositionError

    with pytest.raises(PositionError, match="Myths & Marvels"):
        described('myths = {cubes = ["T01"]}')
    with pytest.raises(PositionError, match="myths.cubes"):
        described('myths = {cubes = ["T09"]}', modules=["myths"])
    with pytest.raises(PositionError, match="no empty 'wisdom' circle"):
        described('[myths.committed]\n0 = ["wisdom"]', modules=["myths"])
    state = described('[myths]\ncubes = ["T01"]\nteleports = [0, 2]\n[myths.committed]\n'
                      '1 = ["courage"]', modules=["myths"])
    assert state.myths["ronak"] == 5 and state.myths["teleports"] == [0, 2]
    assert state.myths["circles"][6] == ["courage", B]
    check_invariants(state)

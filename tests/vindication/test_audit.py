"""Independent rules audit of Vindication: edge cases the spec's section 10 scenarios do not
cover. Each test names the spec section it locks in; positions are built with the fixtures and
played through legal commands only."""

from __future__ import annotations

import json
import re

import pytest

from rules.core import NotLegalNow
from rules.core.playout import random_playout
from rules.vindication.movement import max_movement
from rules.vindication.scoring import breakdown, mastery_winner

from .helpers import (
    A,
    B,
    G,
    at,
    described,
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


def _pass(state):
    """Play the current seat's lowest move and end its turn."""
    seat = state.current
    move = min(t for t in offered(state, seat) if t.startswith("move"))
    state, _ = play(state, seat, move, "end")
    return state


# -- movement and discovery (3.2, 3.3) --------------------------------------------------------

def test_discovery_when_the_path_comes_back_through_the_start():
    """3.3 step 1: t0 counts when the path comes back through it; a triangle entered twice is
    handled once, at its first entry; hexes of each triangle in ascending id (R4)."""
    state = give(at(table(), A, "T14"), A, speed=3)
    script(state, bag=["fort", "library", "academy", "inn", "shrine"])
    state, events = play(state, A, "move T13 T14 T08")
    hexes = {h: state.hexes[h][0] for h in ("H01", "H07", "H18", "H08", "H02")}
    assert hexes == {"H01": "fort", "H07": "library", "H18": "academy", "H08": "inn",
                     "H02": "shrine"}
    assert [e.params["hex"] for e in events if e.key.endswith("discovered")] == \
        ["H01", "H07", "H18", "H08", "H02"]


def test_revisiting_a_triangle_mid_path_is_legal_but_not_ending_on_t0():
    """3.2, R2: t0 -> a -> b -> a is legal; t0 -> a -> t0 is not (ends where the move began)."""
    state = give(table(), A, speed=3)
    after, _ = play(state, A, "move T14 T08 T14")
    assert after.players[A].triangle == "T14"
    with pytest.raises(NotLegalNow):
        G.play(state, A, "move T14 T26")


def test_relic_move_bonus_before_moving_counts():
    """3.2, R22, 5.6: a relic's +2 movement used before the Move action adds to this move."""
    state = own(table(), A, "P01", cubes=1)
    state, _ = play(state, A, "use P01")
    assert max_movement(state, A) == 4
    state, _ = play(state, A, "move T14 T08 T02 T01")
    assert state.players[A].triangle == "T01"


def test_recovering_a_companion_ends_its_static_movement():
    """4.7: a companion recovered from is removed and its static abilities end (R06 +1 move)."""
    state = own(table(), A, "R06", cubes=1)
    assert max_movement(state, A) == 3
    state, _ = play(state, A, "recover companion R06")
    assert max_movement(state, A) == 2
    with pytest.raises(NotLegalNow):
        G.play(state, A, "move T14 T08 T02")


# -- regions and control (3.4-3.7) --------------------------------------------------------------

def test_visit_needs_an_adjacent_discovered_region():
    """3.4: only a discovered hex edge-adjacent to the medal's triangle can be visited."""
    state = tile(table(), "H01", "fort")
    with pytest.raises(NotLegalNow):
        G.play(state, A, "visit H01")
    with pytest.raises(NotLegalNow):
        G.play(state, A, "visit H07")


def test_empty_trait_and_monster_decks_forbid_the_tomb_and_the_maw():
    """R8, R18, 5.1: with an empty deck and face-up slot the Tomb / Maw cannot be visited."""
    state = tile(tile(table(), "H07", "ancient_tomb"), "H08", "gaping_maw")
    state = own(give(state, A, wisdom=2, courage=2), A, "Y01")
    stack_deck(state, "traits", [], face_up=None, size=0)
    stack_deck(state, "monsters", [], face_up=None, size=0)
    for hid in ("H07", "H08"):
        assert not any(t.startswith(f"visit {hid}") for t in offered(state, A))
        with pytest.raises(NotLegalNow):
            G.play(state, A, f"visit {hid} blind")


def test_face_up_acquisition_from_an_empty_deck_leaves_the_slot_empty():
    """R18, 5.1: taking the face-up card with nothing left in the deck leaves the slot empty."""
    state = tile(table(), "H07", "inn")
    state = stack_deck(give(state, A, knowledge=2), "companions_blue", [], face_up="B04", size=0)
    assert "visit H07 blue blind" not in offered(state, A)
    state, _ = play(state, A, "visit H07 blue faceup")
    assert state.face_up["companions_blue"] is None and not state.decks["companions_blue"]
    assert [c for c, _ in state.players[A].companions] == ["B04"]


def test_empowered_draw_with_only_the_face_up_card():
    """5.2 step 1 (fewer if the deck is smaller), R18: the face-up card is the only candidate;
    afterwards the slot stays empty; 1 Conviction is spent."""
    state = tile(table(), "H07", "arcane_tower")
    state = stack_deck(give(state, A, vision=2, conviction=1), "relics", [], face_up="P07",
                       size=0)
    state, _ = play(state, A, "visit H07 empowered")
    assert G.decision(state, A)["candidates"] == ["P07"]
    state, _ = play(state, A, "pick P07")
    assert state.face_up["relics"] is None and state.players[A].conviction == 0
    assert [r for r, _ in state.players[A].relics] == ["P07"]


def test_empowered_draw_and_control_before_need_two_conviction():
    """5.2, 3.7: control before (1 C) plus the empowered draw (1 C) need 2 Conviction."""
    state = tile(table(), "H07", "arcane_tower")
    state = give(state, A, vision=2, conviction=1)
    with pytest.raises(NotLegalNow):
        G.play(state, A, "visit H07 empowered before")
    assert "visit H07 faceup before" in offered(state, A)


def test_command_post_honor_takes_tokens_per_level():
    """3.5 Command Post, 6.1, R37: each speed level's honor is a separate gain; the token at 30
    goes at the first level."""
    state = described("""trigger_deck = ["E03"]
        hex.H07 = "command_post"
        seat.0 = {attrs = {strength = 6}, honor = 28}""")
    state, events = play(state, A, "visit H07 steps 2")
    p = state.players[A]
    assert (p.speed, p.honor, p.tokens) == (4, 33, [30])
    assert keys(events).count("trigger_revealed") == 1


def test_monastery_steps_cap_and_empower_choice():
    """3.5 Monastery: 1 Knowledge per step, any number of steps; more steps than Knowledge is
    rejected; the returned Knowledge cube may be the one empowered (P0, I0 to start)."""
    state = tile(table(), "H07", "monastery")
    with pytest.raises(NotLegalNow):
        G.play(give(state, A, knowledge=2), A, "visit H07 steps 3")
    state = give(state, A, potential=0, influence=0, conviction=17, knowledge=2)
    after, _ = play(state, A, "visit H07 steps 2")
    p = after.players[A]
    assert (p.attrs["knowledge"], p.influence, p.conviction) == (0, 0, 19)


def test_control_after_in_the_visit_command_fires_passives_in_order():
    """3.4 steps 4-5, R36: `control after` takes control after the effect; after_visit
    passives (G04) then after_control (G12) fire; the toll is not paid on one's own visit."""
    state = own(own(tile(table(), "H07", "library"), A, "G04"), A, "G12")
    state = give(state, A, conviction=1, influence=8, honor=15)
    state, events = play(state, A, "visit H07 after")
    p = state.players[A]
    assert state.hexes["H07"][1] == A
    assert p.attrs["knowledge"] == 1 + 2 + 1 and p.honor == 15 + 2 + 1
    names = [e.params["card"].key for e in events if e.key.endswith(".ability")]
    assert names == ["vindication.card.G04", "vindication.card.G12"]


def test_recovered_marker_can_be_retaken_for_honor_again():
    """3.7: recovering the control cube loses control but keeps honor; a later own visit takes
    it back for 1 Conviction and +2 honor again."""
    state = tile(table(), "H07", "fort", A)
    state = give(state, A, conviction=1, honor=20)
    state, _ = play(state, A, "recover region H07", "move T14", "end")
    assert state.hexes["H07"][1] is None and state.players[A].honor == 20
    state = _pass(state)
    state = at(state, A, "T14")
    state, _ = play(state, A, "visit H07 before")
    assert state.hexes["H07"][1] == A and state.players[A].honor == 22


# -- activation, bonus actions (4.4-4.8, 5.4) -------------------------------------------------

def test_vindicated_self_activation_with_born_leader():
    """5.4, 4.8: Vindicated gains up to 2, `self_activation` (G10) adds 1 -> 3 of one attribute."""
    state = described('seat.0 = {traits = ["G10"], vindicated = true}')
    state, _ = play(state, A, "activate self knowledge 3")
    assert state.players[A].attrs["knowledge"] == 4
    with pytest.raises(NotLegalNow):
        G.play(give(table(), A), A, "activate self knowledge 2")


def test_proficiency_once_per_turn_even_after_a_discard():
    """4.5, R19: acquisition is once per turn in total (a discard does not reopen it); a
    discarded tile leaves the game; the discard gain is capped by Influence (R5)."""
    state = give(table(3), A, wisdom=6, influence=0, conviction=0)
    state, _ = play(state, A, "proficiency wisdom")
    assert state.players[A].influence == 3
    state.players[A].influence, state.players[A].potential = 1, state.players[A].potential + 2
    state, _ = play(state, A, "discard wisdom")
    assert state.players[A].attrs["wisdom"] == 3 + 1 and state.prof_removed["wisdom"] == 1
    with pytest.raises(NotLegalNow):
        G.play(state, A, "proficiency wisdom")
    assert state.prof_supply["wisdom"] == 1


def test_heroic_proficiency_tile_counts_two_orange_cards():
    """4.5, 6.3: a Courage Proficiency tile counts as 2 orange cards for the Mastery majority."""
    state = described('seat.0.proficiency = ["courage"]\nseat.1.monsters = ["O01"]')
    assert mastery_winner(state, "orange") == A
    state = own(state, B, "O02")
    assert mastery_winner(state, "orange") is None


def test_conversion_needs_both_parts_each_time():
    """4.4: each conversion spends one of each part; two conversions need two of each."""
    state = give(table(), A, inspiration=2, strength=1, influence=3)
    state, _ = play(state, A, "convert courage")
    with pytest.raises(NotLegalNow):
        G.play(state, A, "convert courage")
    p = state.players[A]
    assert (p.attrs["courage"], p.attrs["inspiration"], p.attrs["strength"], p.influence) == \
        (1, 1, 0, 4)


# -- monsters (5.7) -------------------------------------------------------------------------------

def _maw(state):
    state = tile(state, "H07", "gaping_maw")
    return stack_deck(state, "monsters", [], face_up="O01")


def test_exhaust_reduce_self_works_only_when_that_companion_is_champion():
    """5.8 `exhaust_reduce who: self`: R02 reduces only its own exhaust; Y01 (initiative 3) is
    champion ahead of R02 (4), so 2 cubes go on Y01."""
    state = own(own(_maw(table()), A, "Y01"), A, "R02")
    state = give(state, A, courage=2, influence=4)
    script(state, monster_die=["exhaust"], attribute_die=["strength"])
    state, _ = play(state, A, "visit H07 faceup")
    assert state.players[A].companions == [["Y01", 2], ["R02", 0]]


def test_two_different_reroll_sources_on_one_die():
    """5.8 `reroll`: a different reroll source may be used on the new result (G14 then P10);
    each source once per turn."""
    state = own(own(own(_maw(table()), A, "Y01"), A, "G14"), A, "P10", cubes=1)
    state = give(state, A, courage=2, influence=4, conviction=0)
    script(state, monster_die=["death", "death", "blank"], attribute_die=["strength"])
    state, _ = play(state, A, "visit H07 faceup", "reroll G14")
    assert "reroll P10" in offered(state, A) and "reroll G14" not in offered(state, A)
    state, _ = play(state, A, "reroll P10")
    p = state.players[A]
    assert [c for c, _ in p.companions] == ["Y01"] and p.relics == [["P10", 0]]
    assert p.attrs["strength"] == 2


def test_monster_slayer_fires_before_the_monster_die():
    """5.7 step 3: `after_acquire` (G08, +2) fires on taking the monster, before the die."""
    state = own(own(_maw(table()), A, "Y01"), A, "G08")
    state = give(state, A, courage=2, influence=4, conviction=0, honor=15)
    script(state, monster_die=["death"], attribute_die=["strength"])
    state, events = play(state, A, "visit H07 faceup")
    k = keys(events)
    assert k.index("ability") < k.index("died")
    assert state.players[A].honor == 15 + 4 + 2  # Y01 has 0 honor


# -- passives on other turns, turn start (5.5) -------------------------------------------------

def test_meditative_recovers_at_turn_start():
    """5.5 `turn_start` passive (G15): at the start of A's next turn 1 cube comes back from a
    companion to Influence; the companion stays."""
    state = own(own(table(), A, "G15"), A, "Y01", cubes=2)
    state = _pass(_pass(state))
    assert state.current == A and offered(state, A) == {"take Y01 1", "done"}
    kept, _ = play(state, A, "done")  # "up to 1": taking nothing is allowed
    assert kept.players[A].companions == [["Y01", 2]]
    state, _ = play(state, A, "take Y01 1")
    p = state.players[A]
    assert p.companions == [["Y01", 1]] and G.decision(state, A)["type"] == "turn"


# -- end of game (6.1, 6.2, R14, R15, R30) ---------------------------------------------------

def test_toll_on_another_turn_can_trigger_the_end():
    """6.2, R14: any one player meeting a face-up trigger ends the game, also the toll receiver
    on someone else's turn."""
    state = described("""triggers = ["E09"]
        hex.H07 = {tile = "fort", owner = 1}
        seat.1.honor = 68""")
    state, events = play(state, A, "visit H07")
    assert state.players[B].honor == 70
    assert "end_triggered" in keys(events) and state.end_round == state.round


def test_end_sequence_when_the_first_player_is_not_seat_zero():
    """R15, R30, 8.6: B holds J1 and plays first; a trigger in B's round-r turn lets A finish
    round r, then both play round r+1; everyone plays the same number of turns."""
    state = described("""triggers = ["E09"]
        hex.H07 = "library"
        seat.1 = {honor = 68, conviction = 1}""", journey=["J4", "J1"])
    assert state.first_seat == B and state.current == B
    start_round = state.round
    state, events = play(state, B, "visit H07 before")
    assert "end_triggered" in keys(events)
    turns = {A: 0, B: 0}
    while not G.is_over(state):
        turns[state.current] += 1
        state = _pass(state)
    assert turns == {A: 2, B: 2} and state.round == start_round + 1


def test_quest_tiers_score_independently():
    """6.3 step 2: each achieved tier adds its honor (Q12: 4 -> 2, 7 -> 3, 10 not reached)."""
    state = described("""[seat.0]
        quests = ["Q12"]
        attrs = {inspiration = 4, strength = 3, knowledge = 1}""")
    assert breakdown(state, A)["vindication.score.quests"] == 2 + 3


def test_end_game_scores_of_a_companion_count_itself():
    """6.3, 5.8 `companions`: Y10 counts every companion, itself included (max 6)."""
    state = own(own(table(), A, "Y10"), A, "R01")
    assert breakdown(state, A)["vindication.score.cards"] == 2


# -- hidden information (8.4) -----------------------------------------------------------------

ID = re.compile(r"\b[RBYGPOQ]\d\d\b")


def test_public_events_and_views_never_name_hidden_cards():
    """8.4: over a whole random game with modules, no public event or public view names a
    card that sits in a draw pile, a quest held by a player, or a quest in the deck."""
    seen = []

    def watch(state, seat, action):
        hidden = set(state.quest_deck) | set(state.quest_returns)
        for player in state.players:
            hidden |= set(player.quests)
        for deck in state.decks.values():
            hidden |= set(deck)
        for d in state.pending:
            hidden |= set(d.get("candidates", [])) | set(d.get("dealt", []))
            hidden |= set(d.get("drawn", []))
        public = json.dumps(G.view(state, None).data)
        leaked = set(ID.findall(public)) & hidden
        assert not leaked, leaked
        seen.append((hidden, action))

    playout = random_playout(G, 11, 3, {"modules": ["well", "temple", "stones"]},
                             max_steps=400, on_step=watch)
    assert len(seen) > 100
    for event in playout.events:
        if event.audience is None and event.key.endswith(("candidates_seen", "quest_taken",
                                                          "quest_chosen")):
            assert not ID.findall(json.dumps(event.to_json()))


# -- movement, brute force (3.2) --------------------------------------------------------------

def _walk_ends(start: str, limit: int, banned: set[str]) -> set[str]:
    """Every legal end of a walk of 1..limit steps from ``start`` (R2: revisits allowed)."""
    from rules.vindication.data import neighbours
    frontier, ends = {start}, set()
    for _ in range(limit):
        frontier = {n for t in frontier for n in neighbours(t)}
        ends |= frontier
    return ends - banned


def test_destinations_match_every_walk_brute_force():
    """3.2, R1, R2: the offered destinations are exactly the ends of walks of 1..max steps that
    avoid other medals at the end, the current and the turn-start triangle (random positions,
    2-5 medals, speeds 2-5 plus bonuses)."""
    from rules.core import Rng
    from rules.vindication.data import board
    from rules.vindication.movement import destinations, path_problem
    triangles = sorted(board()["triangles"])
    rng = Rng(2024)
    for trial in range(60):
        players = 2 + trial % 4
        state = table(players)
        spots = rng.shuffle(list(triangles))[:players + 1]
        for seat in range(players):
            at(state, seat, spots[seat])
        state.turn["start_triangle"] = spots[players] if trial % 3 == 0 else spots[A]
        state.players[A].speed = 2 + trial % 4
        state.turn["move_bonus"] = trial % 3
        limit = max_movement(state, A)
        banned = {p.triangle for p in state.players} | {state.turn["start_triangle"]}
        expected = _walk_ends(spots[A], limit, banned)
        found = destinations(state, A)
        assert set(found) == expected, trial
        for end, path in found.items():
            assert len(path) <= limit and path[-1] == end
            assert path_problem(state, A, path) is None


# -- modules (7.2, 7.4-7.6) ---------------------------------------------------------------------

def test_every_module_combination_keeps_a_legal_tile_mix():
    """7.2: with any subset of the modules the bag holds 19 tiles (18 with Myths & Marvels,
    7.11) and keeps constraints 1-4."""
    from itertools import combinations

    from rules.vindication.data import (
        MODULE_NAMES,
        buildable,
        centre_tiles,
        swap_problems,
        tile_mix,
    )
    for size in range(len(MODULE_NAMES) + 1):
        for chosen in combinations(MODULE_NAMES, size):
            build = buildable(list(chosen), {})
            if "sites" in chosen and not build:  # nothing to build: refused (test_sites.py)
                continue
            mix = tile_mix(list(chosen), None, build)
            assert swap_problems(mix, centre_tiles(list(chosen))) == [], chosen
            state = G.new_game(3, 2, {"modules": list(chosen)})
            placed = [t for h, (t, _) in state.hexes.items()
                      if t and not (state.myths and h == "H00")]  # the centre: 7.11
            assert sorted(state.bag + placed) == sorted(r for r, n in mix.items()
                                                        for _ in range(n))


def _temple(deck):
    state = tile(table(modules=["temple"]), "H07", "temple_ruins")
    state.quest_deck = list(deck)
    return state


def test_temple_ruins_with_one_or_no_quest_left():
    """7.6: with 1 quest left it is drawn and kept; with none the visit is illegal."""
    state = _temple(["Q07"])
    held = list(state.players[A].quests)
    state, events = play(state, A, "visit H07")
    assert state.players[A].quests == held + ["Q07"] and state.quest_deck == []
    assert all("Q07" not in json.dumps(e.to_json()) for e in events if e.audience is None)
    with pytest.raises(NotLegalNow):
        G.play(_temple([]), A, "visit H07")


def test_both_stones_controlled_teleport_anywhere_free():
    """7.5: controlling both stones, the teleport reaches any free triangle, and the normal
    move still follows."""
    state = table(modules=["stones"])
    tile(state, "H02", "sacred_stones", A)
    tile(state, "H10", "sacred_stones", A)
    at(state, A, "T08")
    state, _ = play(state, A, "visit H02")
    options = offered(state, A)
    assert "teleport T53" in options and "teleport T32" not in options  # B's medal
    assert "teleport T08" not in options
    state, _ = play(state, A, "teleport T53")
    assert not state.turn["moved"]
    state, _ = play(state, A, "move T35")
    assert state.players[A].triangle == "T35"


# -- words on the board (rendering) -------------------------------------------------------------

def test_every_board_word_key_exists_in_both_catalogs():
    """Brief: every word drawn on the board is a catalog key in en and ja: each card, region,
    attribute, sphere abbreviation, decision kind, effect op, modifier, timing, event and
    counting key the renderer can ask for."""
    from rules.core.decisions import Handler
    from rules.core.text import catalog
    from rules.vindication import language
    from rules.vindication.data import ATTRIBUTES, card_table, regions
    keys_needed = {f"vindication.card.{c}" for c in card_table()}
    keys_needed |= {f"vindication.region.{r}" for r in regions()}
    keys_needed |= {f"vindication.attr.{a}" for a in ATTRIBUTES}
    keys_needed |= {f"vindication.board.abbr.{a}" for a in ATTRIBUTES}
    keys_needed |= {f"vindication.board.abbr.{s}" for s in ("potential", "influence",
                                                             "conviction")}
    keys_needed |= {f"vindication.board.kind.{kind}" for kind in G.handlers.kinds()
                    if type(G.handlers[kind]).prompt is not Handler.prompt}
    keys_needed |= {f"vindication.board.op.{op}" for op in language.OPS}
    keys_needed |= {f"vindication.board.mod.{m}" for m in language.MODIFIERS}
    keys_needed |= {f"vindication.board.timing.{t}" for t in language.TIMINGS}
    keys_needed |= {f"vindication.board.when.{e}" for e in language.EVENTS}
    keys_needed |= {f"vindication.board.count.{k}" for k in language.COUNT_KEYS}
    keys_needed |= {f"vindication.board.any.{k}" for k in ("any_basic", "any_heroic", "any")}
    for locale in ("en", "ja"):
        missing = sorted(k for k in keys_needed if k not in catalog(locale))
        assert not missing, (locale, missing)


def test_no_english_letters_on_a_japanese_board():
    """Brief (words drawn on boards come from the catalog): a Japanese public board and a
    tableau carry no Latin word except card, hex, triangle ids and player fallback names."""
    from PIL import ImageDraw

    import rendering.vindication as drawing
    from rendering.common import drawing_in
    drawn = []
    original = ImageDraw.ImageDraw.text

    def spy(self, xy, text, *args, **kwargs):
        drawn.append(text)
        return original(self, xy, text, *args, **kwargs)

    state = random_playout(G, 7, 4, {"modules": ["all"]},
                           max_steps=200).final
    ImageDraw.ImageDraw.text = spy
    try:
        with drawing_in("ja"):
            drawing._panel_image.cache.clear()
            drawing._body_image.cache.clear()
            drawing.render(G.view(state, None))
            drawing.render(G.view(state, A), focus_seat=A)
    finally:
        ImageDraw.ImageDraw.text = original
        drawing._panel_image.cache.clear()
        drawing._body_image.cache.clear()
    ids = re.compile(r"\b([RBYGPOQEWTHJNX]\d\d|P\d)\b")
    latin = {(w, text) for text in drawn for w in re.findall(r"[A-Za-z]+", ids.sub("", text))}
    assert not latin, sorted(latin)[:5]


# -- content in data, not code (5.8, section 9; brief: "Content in data/<game>/") --------------

def _patched(path: tuple, value):
    """Set ``game()[path...]`` to ``value``; return a function restoring the old value."""
    from rules.vindication.data import game
    holder = game()
    for key in path[:-1]:
        holder = holder[key]
    old = holder[path[-1]]
    holder[path[-1]] = value

    def restore():
        holder[path[-1]] = old
    return restore


def _toll():
    state = tile(table(), "H07", "fort", B)
    state, _ = play(state, A, "visit H07")
    return state.players[B].honor - 15


def _take():
    state = give(tile(table(), "H07", "library"), A, conviction=2)
    state, _ = play(state, A, "visit H07 before")
    return state.players[A].honor - 15


def _free_control_needs_two():
    state = give(tile(table(), "H07", "library"), A, conviction=1)
    return "visit H07 before" not in offered(state, A)


def _seize_needs_three():
    state = give(tile(table(), "H07", "library", B), A, conviction=2)
    return "visit H07 before" not in offered(state, A)


def _regions_at_end():
    state = tile(table(), "H07", "library", A)
    return breakdown(state, A)["vindication.score.regions"]


def _proficiency_for_two():
    state = give(table(), A, wisdom=2)
    return "proficiency wisdom" in offered(state, A)


def _discard_gain():
    state = described('seat.0 = {attrs = {wisdom = 0}, proficiency = ["wisdom"]}')
    state, _ = play(state, A, "discard wisdom")
    return state.players[A].attrs["wisdom"]


def _tile_counts_one():
    state = described('seat.0.proficiency = ["vision"]\nseat.1.relics = ["P01"]')
    return mastery_winner(state, "purple")


def _vindicated_gain():
    state = table()
    state.players[A].vindicated = True
    try:
        return G.play(state, A, "activate self strength 3")[0].players[A].attrs["strength"]
    except NotLegalNow:
        return None


def _command_post_at_four():
    state = give(tile(table(), "H07", "command_post"), A, strength=6, speed=4)
    return any(t.startswith("visit H07") for t in offered(state, A))


def _inn_red_for_two_strength():
    state = give(tile(table(), "H07", "inn"), A, strength=2, knowledge=0, inspiration=0)
    return "visit H07 red faceup" in offered(state, A)


@pytest.mark.parametrize("path, value, probe, expected", [
    (("control", "honor_toll"), 3, _toll, 3),
    (("control", "honor_on_take"), 3, _take, 3),
    (("control", "cost_free"), 2, _free_control_needs_two, True),
    (("control", "cost_seize"), 3, _seize_needs_three, True),
    (("control", "honor_at_end_each"), 3, _regions_at_end, 3),
    (("proficiency_tiles", "acquire_cost"), 2, _proficiency_for_two, True),
    (("proficiency_tiles", "discard_gain"), 1, _discard_gain, 1),
    (("proficiency_tiles", "end_game_card_bonus"), 1, _tile_counts_one, None),
    (("vindication", "self_activation_gain"), 3, _vindicated_gain, 4),
    (("speed_track", "max_speed"), 4, _command_post_at_four, False),
    (("regions", "inn", "visit", "cost_options", 0, "strength"), 3, _inn_red_for_two_strength,
     False),
], ids=lambda v: v if isinstance(v, str) else None)
def test_rule_numbers_come_from_the_data(path, value, probe, expected):
    """Section 9.1 / brief: the numbers of control, Proficiency tiles, Vindication, the speed
    track and the Inn cost live in data/vindication/game.toml; changing them there changes the
    rules (no copy of them in code)."""
    restore = _patched(path, value)
    try:
        assert probe() == expected
    finally:
        restore()


def test_temple_draw_count_comes_from_the_data():
    """7.6, 9.1 `quest_draw: {draw: 2, keep: 1}`: the number of quests drawn is data."""
    from rules.vindication.data import modules
    visit = modules()["regions"]["temple_ruins"]["visit"]
    visit["draw"] = 3
    try:
        state, _ = play(_temple(["Q05", "Q07", "Q09", "Q11"]), A, "visit H07")
        assert offered(state, A) == {"keep Q05", "keep Q07", "keep Q09"}
        state, _ = play(state, A, "keep Q07")
        assert sorted(state.quest_deck) == ["Q05", "Q09", "Q11"]
    finally:
        visit["draw"] = 2


def test_no_other_action_inside_a_started_move():
    """3.1 (actions are atomic: no activation in the middle of a move), 8.2 (`unable_to_move`
    starts the Move action), R3: once a penalty is taken, activating, visiting or resting must
    wait until the path is walked; activating first (before the penalty) stays allowed."""
    state = table(3)
    at(state, A, "T38"), at(state, B, "T26"), at(state, 2, "T27")
    tile(state, "H08", "fort")
    script(state, max_movement=[1])
    state = own(give(state, A, influence=8), A, "Y01")
    state, _ = play(state, A, "unable", "lower conviction")
    options = offered(state, A)
    assert not any(t.startswith(("activate", "visit", "rest")) for t in options)
    for text in ("activate Y01", "activate self strength", "visit H08", "rest"):
        with pytest.raises(NotLegalNow):
            G.play(state, A, text)
    state, _ = play(state, A, "move T26 T14", "activate self strength")
    assert state.turn["activated"]


def test_impossible_empower_steps_are_lost():
    """4.2: a step that is impossible cannot be chosen; if neither is possible the remaining
    steps are lost (P09 empower 2 with P0: its own cube comes back to I, goes I -> C, the
    second step is lost)."""
    state = own(table(), A, "P09", cubes=2)
    state = give(state, A, potential=0, influence=0, conviction=16)
    state, events = play(state, A, "use P09")
    p = state.players[A]
    assert (p.potential, p.influence, p.conviction) == (0, 0, 17)
    assert keys(events).count("empowered") == 1 and G.decision(state, A)["type"] == "turn"


@pytest.mark.parametrize("region", ["academy", "ancient_tomb", "arcane_tower", "command_post",
                                    "fort", "gaping_maw", "holy_spire", "inn", "library",
                                    "monastery", "shrine"])
def test_every_basic_region_can_be_controlled(region):
    """3.7: every basic region can be controlled (1 Conviction, +2 honor) as part of a visit."""
    state = own(tile(table(), "H07", region), A, "Y01", cubes=1)  # a cube for the Shrine
    state = give(state, A, inspiration=3, strength=5, knowledge=3, courage=2, vision=2,
                 wisdom=2, conviction=2, influence=1, potential=0, honor=15)
    visits = [t for t in offered(state, A) if t.startswith("visit H07") and t.endswith("before")]
    assert visits, region
    script(state, monster_die=["blank"], attribute_die=["strength", "strength"])
    state, _ = play(state, A, sorted(visits)[0])
    while G.decision(state, A)["type"] != "turn":
        state, _ = play(state, A, sorted(offered(state, A))[0])
    assert state.hexes["H07"][1] == A and state.players[A].honor >= 17


def test_rerandomising_keeps_the_public_face_up_among_the_candidates():
    """8.4: in an empowered draw only the 3 deck cards are hidden; the former face-up card was
    public, so another seat's re-randomised world still has it among the candidates."""
    state = tile(table(), "H07", "arcane_tower")
    state = stack_deck(give(state, A, vision=2, conviction=2), "relics", ["P02", "P13", "P05"],
                       face_up="P07")
    state, _ = play(state, A, "visit H07 empowered")
    for seed in range(12):
        other = G.rerandomise_hidden(state, B, seed=seed)
        pick = next(d for d in other.pending if d["type"] == "pick")
        assert "P07" in pick["candidates"] and len(pick["candidates"]) == 4
        assert "P07" not in other.decks["relics"]


@pytest.mark.parametrize("cid, expected", [
    ("O02", 2), ("O04", 2), ("O05", 3), ("O07", 2), ("O08", 1), ("O09", 1), ("O10", 2),
    ("O12", 2), ("O13", 1), ("O14", 3), ("O15", 2), ("B10", 3), ("R10", 2), ("Y10", 5),
])
def test_every_end_game_score_reads_its_counting_key(cid, expected):
    """6.3 step 2, 5.8 counting keys: one known position (2 red, 1 blue, 1 yellow companion,
    3 traits, 2 relics, 2 monsters, speed 4, 1 Proficiency tile, Vindicated, C2, 2 regions);
    each end-game card scores n per unit of its key, capped at max."""
    companions = ["R01", "R03", "B03", "Y01"] + ([] if cid.startswith("O") else [cid])
    monsters = ["O01", cid if cid.startswith("O") else "O03"]
    state = described(f"""[hex]
        H00 = {{tile = "fort", owner = 0}}
        H01 = {{tile = "library", owner = 0}}
        [seat.0]
        companions = {companions}
        traits = ["G02", "G04", "G05"]
        relics = ["P01", "P02"]
        monsters = {monsters}
        speed = 4
        conviction = 2
        vindicated = true
        proficiency = ["courage"]""")
    assert breakdown(state, A)["vindication.score.cards"] == expected


@pytest.mark.parametrize("trigger", [f"E{n:02d}" for n in range(1, 11)])
def test_each_trigger_is_met_at_its_thresholds_and_not_below(trigger):
    """6.2, 5.8 `{count, at_least}`: a trigger holds when one player satisfies every clause
    (>=); one honor short of its honor clause it does not."""
    from rules.vindication.data import card
    from rules.vindication.scoring import trigger_met
    state = table()
    for cid in ("R01", "R03", "B03", "B04", "Y01", "Y02", "G02", "G04", "G05", "G06",
                "P01", "P02", "P03", "P04", "O01", "O02", "O03", "O04"):
        state = own(state, A, cid)
    for hid in sorted(state.hexes):
        tile(state, hid, "fort", A if hid in ("H00", "H01", "H02", "H03") else None)
    state = give(state, A, speed=5)
    state.players[A].vindicated = True
    floor = next(c["at_least"] for c in card(trigger)["all"] if c["count"] == "honor")
    state.players[A].honor = floor
    assert trigger_met(state, trigger)
    state.players[A].honor = floor - 1
    assert not trigger_met(state, trigger)

"""Phase 10 and the variant (spec §8): T47-T54, T59, T60."""

from __future__ import annotations

from rules.antiquity import city as cities
from rules.antiquity import data, flow, victory
from rules.antiquity.influence import influence
from rules.antiquity.position import position
from tests.antiquity.helpers import G, city_at, give, give_storage, goods, inn_at, play, tb


def saint_state(saint, seat=0, players=2):
    """TB(12), a city per seat (0,0; 0,8; 8,0), ``seat`` with a Cathedral of ``saint``."""
    seats = {str(s): {"cities": [c]} for s, c in enumerate(["0,0", "0,8", "8,0"][:players])}
    seats[str(seat)].update(buildings=["cathedral"], saint=saint)
    return position({"players": players, "board": {"radius": 12}, "seat": seats})


def all_houses(state, seat):
    for n in range(1, 21):
        give(state, seat, "house", number=n)
        state.ps[seat]["houses"].append(n)


def every_building(state, seat):
    city_at(state, seat, (-8, 8))
    city_at(state, seat, (8, -8))
    for kind in data.BUILDING_TYPES:
        if kind == "storage":
            give_storage(state, seat, 1, 2)
        elif kind != "cathedral":
            give(state, seat, kind)
    give(state, seat, "house", number=1)
    state.ps[seat]["houses"].append(1)


def test_t47_santa_barbara_needs_every_type_ungraved():
    state = saint_state("santa_barbara")
    every_building(state, 0)
    assert victory.winners(state) == [0]
    explorer = cities.of_type(state.ps[0], "explorer")[0]
    state.ps[0]["graves"].append([state.ps[0]["buildings"][explorer]["city"],
                                  *state.ps[0]["buildings"][explorer]["cells"][0]])
    assert victory.winners(state) == []


def test_t48_san_giorgio_wins_by_enclosing_with_a_stable():
    state = tb(8)
    city_at(state, 1, (0, 0))  # Q
    city_at(state, 0, (0, 7))  # P
    for h in [(4, 0), (0, 4), (-4, 4), (-4, 0), (0, -4), (4, -4)]:
        inn_at(state, 0, h)
    give(state, 0, "cathedral")
    state.ps[0]["saint"] = "san_giorgio"
    assert victory.winners(state) == []
    give(state, 0, "stable")
    assert victory.winners(state) == [0]


def test_t49_san_christofori_three_of_each():
    state = saint_state("san_christofori")
    goods(state, 0, **{k: 3 for k in data.FOOD + data.LUXURY})
    assert victory.winners(state) == [0]
    state.ps[0]["goods"]["dye"] = 2
    assert victory.winners(state) == []


def test_t50_santa_maria_needs_two_conditions():
    state = saint_state("santa_maria")
    all_houses(state, 0)
    assert victory.winners(state) == []
    goods(state, 0, **{k: 3 for k in data.FOOD + data.LUXURY})
    assert victory.winners(state) == [0]


def test_t51_tie_break_and_shared_victory():
    state = saint_state("san_christofori")
    give(state, 1, "cathedral")
    state.ps[1]["saint"] = "san_christofori"
    for seat in (0, 1):
        goods(state, seat, **{k: 3 for k in data.FOOD + data.LUXURY})
    mine, theirs = sorted(influence(state, 0)), sorted(influence(state, 1))
    state.pollution |= set(mine[:3]) | set(theirs[:5])
    assert victory.unpolluted(state, 0) == 27 and victory.unpolluted(state, 1) == 25
    assert victory.winners(state) == [0]
    state.pollution -= set(theirs[3:5])
    assert victory.winners(state) == [0, 1]


def test_t52_t53_san_nicolo_and_a_graved_cathedral():
    state = saint_state("san_nicolo")
    all_houses(state, 0)
    assert victory.winners(state) == [0]
    cathedral = cities.of_type(state.ps[0], "cathedral")[0]
    state.ps[0]["graves"].append([0, *state.ps[0]["buildings"][cathedral]["cells"][0]])
    assert victory.winners(state) == []


def test_victory_ends_the_game_in_phase_10():
    state = saint_state("san_nicolo")
    all_houses(state, 0)
    state.pending, state.queue = [], []
    events = []
    flow.after_pollution(state, events)
    assert state.over and G.winners(state) == [0] and G.to_act(state) == frozenset()
    assert G.score(state)[0].total == 1 and G.score(state)[1].total == 0


def test_t54_intro_variant_skips_famine_and_pollution():
    state = G.new_game(2, 2, {"variant": "intro", "tiles": ["T0:0", "T1:0", "T2:0", "T3:0"],
                              "order": ["0", "1"], "colours": ["red", "blue"]})
    state, _ = G.play(state, 1, "start a 0,0")
    state, _ = G.play(state, 0, "start b -1,14")
    goods(state, 0, grain=1, wood=6)
    state, _ = play(state, 0, "house 1 0 0,0 -", "build cart_shop 0 1,0 r0 wood")
    shop = [b for b, x in state.ps[0]["buildings"].items() if x["type"] == "cart_shop"][0]
    state, _ = play(state, 0, f"staff {shop}", "ready")
    state, _ = play(state, 1, "ready")
    assert state.phase == "country" and G.to_act(state) == {0}
    farm = next(a.text for a in G.legal_actions(state, 0) if a.text.startswith("farm"))
    state, events = play(state, 0, farm)
    assert state.pollution  # a farm still pollutes the land it uses
    while state.phase == "harvest":
        state, more = play(state, 0, G.legal_actions(state, 0)[0].text)
        events += more
    assert state.turn == 2 and state.phase == "city" and state.famine == 0
    assert not any(p["graves"] for p in state.ps)
    assert not any(e.key == "antiquity.event.famine" for e in events)


def test_t59_tie_break_count_keeps_tokens_and_counters():
    state = tb(8, explore=((2, 1),))
    city_at(state, 0, (0, 0))
    area = sorted(influence(state, 0))
    free = [h for h in area if h != (2, 1)]
    state.pollution |= set(free[:3])
    state.country["w"] = {"type": "woodcutter", "owner": 0, "good": "wood",
                          "site": [list(free[3])], "tokens": [list(free[3]), list(free[4])]}
    state.counters = {(2, 1): "wine"}
    inn_at(state, 1, free[5])
    assert victory.unpolluted(state, 0) == 26


T60_LARGE = ["DDD111E", "DDD111E", "DDDf11E", "222333S", "222333S", "H22H33C", "HHHHhCC"]
T60_SMALL1 = ["444PP.", "444PP.", "B44PPL", "B.LLLL", "B.LMM.", "BB.MM."]
T60_SMALL2 = [".K..TT", "KKKKTT", ".KUU..", "..UU..", "GGG...", ".G...."]
LETTERS = {"D": "dump", "1": "faculty_theology", "2": "faculty_biology",
           "3": "faculty_alchemy", "4": "faculty_philosophy", "E": "explorer", "f": "fountain",
           "S": "storage", "H": "harbour", "C": "cart_shop", "h": "house", "P": "hospital",
           "L": "forced_labour", "M": "market", "B": "brewery", "K": "cathedral",
           "T": "stable", "U": "university", "G": "granary"}


def _pieces(rows):
    cells: dict[str, list] = {}
    for r, row in enumerate(rows):
        for c, ch in enumerate(row):
            if ch != ".":
                cells.setdefault(ch, []).append((r, c))
    return cells


def _placement(kind, cells):
    """Find the anchor and rotation that put ``kind``'s footprint on exactly ``cells``."""
    if kind == "storage":
        return cells
    for k in range(4):
        anchor = (min(r for r, _ in cells), min(c for _, c in cells))
        if cities.rotated(cities.footprint(kind), anchor, k) == sorted(cells):
            return cities.rotated(cities.footprint(kind), anchor, k)
    raise AssertionError(f"{kind} cannot cover {cells}")


def test_t60_every_building_fits_in_three_cities():
    state = saint_state("santa_barbara")
    p = state.ps[0]
    p["buildings"].clear()
    city_at(state, 0, (-8, 8))
    city_at(state, 0, (8, -8))
    for city, rows in enumerate([T60_LARGE, T60_SMALL1, T60_SMALL2]):
        for ch, cells in _pieces(rows).items():
            kind = LETTERS[ch]
            placed = _placement(kind, cells)
            assert cities.fits(p, city, placed), (kind, city)
            extra = {"h": 2, "w": 1} if kind == "storage" else {}
            cities.add_building(p, kind, city, placed, **extra)
    p["houses"].append(1)
    assert victory.buildings(state, 0) and victory.winners(state) == [0]

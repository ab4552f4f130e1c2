"""Helpers for Antiquity scenario tests: test boards TB(R), cities, inns and buildings.

New positions are described and built with :func:`rules.antiquity.position.position`
(:func:`board_of` writes the test board part); the older helpers below edit a state directly.
"""

from __future__ import annotations

from rules.antiquity import city as cities
from rules.antiquity.board import test_board
from rules.antiquity.setup import blank_state, found_city
from tests import seeded


def tb(radius=8, special=None, players=2, explore=(), order=None, **options):
    """Return a state on TB(radius) with ``players`` players and no cities."""
    return blank_state(test_board(radius, special, tuple(explore)), players, order, options)


def board_of(radius=8, special=None, explore=()) -> dict:
    """Return the ``board`` part of a position description (rules/antiquity/position.py) for
    TB(radius) with ``special`` terrain ({hex: letter}) and exploration hexes."""
    letters: dict = {}
    for h, letter in (special or {}).items():
        letters.setdefault(letter, []).append(hx(h))
    return {"radius": radius, "terrain": letters, "explore": [hx(h) for h in explore]}


def hx(h) -> str:
    """Return hex ``h`` as a description writes it ("q,r")."""
    return f"{h[0]},{h[1]}"


def terrain(letter, hexes):
    """Return {hex: letter} for ``hexes`` (to build ``special``)."""
    return {h: letter for h in hexes}


def first_fit(p, kind, cells_of):
    """Return (city, cells) of the first place where the piece fits, reading order."""
    for city in range(len(p["cities"])):
        rows, cols = cities.grid_size(p, city)
        for k in range(4):
            for r in range(rows):
                for c in range(cols):
                    cells = cells_of((r, c), k)
                    if cities.fits(p, city, cells):
                        return city, cells
    raise AssertionError(f"no room for {kind}")


def give(state, seat, kind, staffed=None, city=None, cells=None, **extra):
    """Put a building of ``kind`` in the seat's cities (staffed if it can be); return its id."""
    p = state.ps[seat]
    if cells is None:
        city, cells = first_fit(p, kind, lambda a, k: cities.rotated(cities.footprint(kind), a, k))
    bid = cities.add_building(p, kind, city, cells, **extra)
    if staffed is None:
        staffed = kind not in cities.NEVER_STAFFED and kind != "house"
    p["buildings"][bid]["staffed"] = staffed
    return bid


def give_storage(state, seat, height, width, staffed=True):
    """Put a storage building of height x width into the seat's cities."""
    p = state.ps[seat]
    city, cells = first_fit(p, "storage", lambda a, k: cities.rectangle(a, height, width))
    bid = cities.add_building(p, "storage", city, cells, h=height, w=width)
    p["buildings"][bid]["staffed"] = staffed
    return bid


def city_at(state, seat, centre):
    """Found a city of ``seat`` at ``centre``."""
    return found_city(state, seat, centre)


def inn_at(state, seat, h):
    """Put an inn of ``seat`` on ``h``."""
    state.inns[h] = seat


# -- driving phases through the game's own moves ---------------------------------------------

from rules.antiquity import phase2 as _phase2  # noqa: E402
from rules.antiquity.game import Antiquity  # noqa: E402

G = Antiquity()


def open_city(state, seats=None):
    """Open phase 2 (without All Rise) for ``seats`` (default: every active seat)."""
    state.phase = "city"
    state.pending = []
    _phase2.start(state)
    for seat in reversed(seats if seats is not None else state.active_seats()):
        state.pending.append({"type": "city", "seat": seat})
    return state


def open_country(state, seat):
    """Make ``seat`` the active player of phase 4 (nobody after him)."""
    state.phase = "country"
    state.queue = []
    state.pending = [{"type": "country", "seat": seat}]
    return state


def play(state, seat, *texts):
    """Play ``texts`` for ``seat`` one after another; return the state and all events."""
    events = []
    for text in texts:
        state, more = G.play(state, seat, text)
        events.extend(more)
    return state, events


def men(state, seat, n):
    """Give ``seat`` n recruited idle men (houses 1..n on the first empty cells)."""
    p = state.ps[seat]
    for number in range(1, n + 1):
        give(state, seat, "house", number=number)
        p["houses"].append(number)
        p["idle"] += 1


def goods(state, seat, **kinds):
    """Set the seat's goods to exactly ``kinds`` (others 0), keeping the bank balanced."""
    p = state.ps[seat]
    for kind in p["goods"]:
        state.bank[kind] += p["goods"][kind] - kinds.get(kind, 0)
        p["goods"][kind] = kinds.get(kind, 0)


def seeded_positions(seed, players, moves, level="easy"):
    """Yield (step, state) for every position of a seeded Antiquity game of ``level`` seats
    (:func:`tests.seeded.seeded_positions`)."""
    return seeded.seeded_positions("antiquity", seed, players, moves, level)


def played_until(seed, players, reached):
    """Return the first position of a seeded game of normal seats where ``reached(state)``."""
    for _, state in seeded_positions(seed, players, 10_000, "normal"):
        if reached(state):
            return state
    raise AssertionError("the position sought was never reached")


def played_to_city_building(seed, players=2, turn=1):
    """Return a seeded game of normal seats played to its first City Building phase of turn
    ``turn`` or later."""
    return played_until(seed, players, lambda s: s.phase == "city" and s.turn >= turn)

"""Helpers for Antiquity scenario tests: test boards TB(R), cities, inns and buildings."""

from __future__ import annotations

from rules.antiquity import city as cities
from rules.antiquity.board import test_board
from rules.antiquity.setup import blank_state, found_city


def tb(radius=8, special=None, players=2, explore=(), order=None, **options):
    """Return a state on TB(radius) with ``players`` players and no cities."""
    return blank_state(test_board(radius, special, tuple(explore)), players, order, options)


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

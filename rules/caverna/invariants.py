"""Caverna's invariants (spec 1.1 engine limits): what must hold after every move.

No negative goods, animals or begging markers; five dwarf discs per player (six once the
Additional dwelling is built), counting the dwarfs in play; weapons 0-14; at most three
stables; each furnishing tile other than the Dwelling built at most once in the whole game;
every player's animals housed unless that player owes the overflow decision (spec 5.1, 12.2).
Call :func:`problems` after a move; an empty list means the state is sound.
"""

from __future__ import annotations

from collections import Counter

from . import animals, data
from .state import State

DISCS = 5
WEAPON_CAP = 14
STABLES = 3


def problems(state: State) -> list[str]:
    """Return every broken invariant of ``state`` (empty when all hold)."""
    found = [p for seat, player in enumerate(state.ps) for p in _player(seat, player)]
    found += _tiles(state)
    overflowing = {d["seat"] for d in state.pending if d["type"] == "overflow"}
    found += [f"seat {seat}: animals without room" for seat, player in enumerate(state.ps)
              if seat not in overflowing and not animals.fits(player)]
    if not 0 <= state.start_player < state.players:
        found.append(f"starting player {state.start_player}")
    return found


def _player(seat: int, player: dict) -> list[str]:
    found = [f"seat {seat}: {n} {name}"
             for stock in ("goods", "animals") for name, n in player[stock].items() if n < 0]
    if player["begging"] < 0:
        found.append(f"seat {seat}: {player['begging']} begging markers")
    discs = DISCS + ("additional-dwelling" in player["furnishings"])
    if player["discs"] < 0 or len(player["dwarfs"]) + player["discs"] != discs:
        found.append(f"seat {seat}: {len(player['dwarfs'])} dwarfs + {player['discs']} discs "
                     f"!= {discs}")
    for i, dwarf in enumerate(player["dwarfs"]):
        if not 0 <= dwarf["weapon"] <= WEAPON_CAP:
            found.append(f"seat {seat}: dwarf {i} has weapon {dwarf['weapon']}")
    stables = sum(1 for cell in player["cells"].values() if cell["stable"])
    if stables > STABLES:
        found.append(f"seat {seat}: {stables} stables")
    return found


def _tiles(state: State) -> list[str]:
    built = Counter(t for player in state.ps for t in player["furnishings"])
    left = Counter(state.tiles_left)
    found = []
    for tile_id, tile in data.tiles().items():
        if tile.get("unlimited"):
            continue
        if built[tile_id] + left[tile_id] > 1:
            found.append(f"tile {tile_id}: {built[tile_id]} built + {left[tile_id]} left")
    return found

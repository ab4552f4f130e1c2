"""The Caverna game state: plain JSON-safe fields plus the seeded Rng.

Everything except ``rng`` is made of dicts, lists, strings, ints and bools, so dumping is
a copy. Players stay plain dicts (not dataclasses): the scenario tests and the view read
them as such, and :func:`copy_state` copies them field by field faster than any generic copy
(measured: about 10x faster than the pickle round trip it replaces).
Player dicts hold ``goods``, ``animals`` (totals; the engine arranges them),
``begging``, ``dwarfs`` (``weapon``, ``newborn``, ``placed``), ``discs`` (supply),
``cells`` ("row,col" -> cell dict), ``furnishings`` (ids in build order), ``future``
(round -> supplier goods), ``pastures`` (next pasture id) and ``flags``.
``pending`` is a stack of decision dicts (top = last), each with ``type`` and ``seat``.
"""

from __future__ import annotations

import pickle
from dataclasses import dataclass, field, fields
from typing import Any

from rules.core import Rng

GOODS = ("wood", "stone", "ore", "ruby", "food", "gold", "grain", "vegetable")
FARM = ("sheep", "donkey", "boar", "cattle")
ANIMALS = FARM + ("dog",)
BONUS = {"1,3": "boar", "3,1": "boar", "4,2": "food1", "4,5": "food1", "1,6": "food2"}


@dataclass
class State:
    """One Caverna game in progress."""

    rng: Rng
    players: int
    options: dict
    rounds_total: int
    round_cards: list
    markers: list
    spaces: list
    tiles_left: list
    ps: list
    round: int = 0
    phase: str = "work"
    start_player: int = 0
    next_start: int | None = None
    turn: int = 0
    reds: int = 0
    wish_urgent: bool = False
    harvest: str | None = None
    pending: list = field(default_factory=list)
    last: dict | None = None
    harvest_queue: list = field(default_factory=list)
    # seats whose animals grew during the current step; checked and emptied between steps
    # (never saved: empty whenever a decision is owed)
    unhoused: list = field(default_factory=list)


TRANSIENT = ("rng", "unhoused")


def new_cell(row: int, col: int) -> dict:
    """Return the starting content of square (row, col)."""
    key = f"{row},{col}"
    kind = "forest" if col <= 3 else "rock"
    furnishing = None
    if key in ("3,4", "4,4"):
        kind = "cavern"
    if key == "4,4":
        furnishing = "entry-dwelling"
    return {"kind": kind, "furnishing": furnishing, "stable": False, "crop": None,
            "crop_count": 0, "pasture": None, "bonus": BONUS.get(key), "tile_id": None}


def new_player(food: int) -> dict:
    """Return a player's starting supply and home board (spec §1.2)."""
    goods = {g: 0 for g in GOODS}
    goods["food"] = food
    return {
        "goods": goods,
        "animals": {a: 0 for a in ANIMALS},
        "begging": 0,
        "dwarfs": [{"weapon": 0, "newborn": False, "placed": None} for _ in range(2)],
        "discs": 3,
        "cells": {f"{r},{c}": new_cell(r, c) for r in range(1, 5) for c in range(1, 7)},
        "furnishings": ["entry-dwelling"],
        "future": {},
        "next_pasture": 1,
        "next_tile": 1,
        "flags": {"guest_extension_used": False},
    }


def dump(state: State) -> dict:
    """Return a JSON-safe dict of the whole state."""
    out = _clone({k: v for k, v in state.__dict__.items() if k not in TRANSIENT})
    out["rng"] = state.rng.dump()
    return out


def load(data: Any) -> State:
    """Rebuild a state from :func:`dump` output."""
    known = {f.name for f in fields(State)} - set(TRANSIENT)
    values = _clone({k: v for k, v in data.items() if k in known})
    for player in values["ps"]:
        player["future"] = {str(k): v for k, v in player["future"].items()}
    return State(rng=Rng.load(data["rng"]), **values)


def copy_state(state: State) -> State:
    """Return an independent copy of ``state``, copying only the parts moves change.

    The options, round cards and harvest markers are fixed at set-up and shared; so are the
    action spaces and the home-board cells, which are replaced, never changed in place
    (``spaces.edit``, ``board.edit``).
    Everything else a move may change (spaces, players, the decision stack, the supply) is
    copied.
    """
    new = State.__new__(State)
    new.__dict__.update(state.__dict__)
    new.rng = state.rng.copy()
    new.spaces = list(state.spaces)  # spaces are shared: see spaces.edit
    new.tiles_left = list(state.tiles_left)
    new.ps = [_copy_player(player) for player in state.ps]
    new.pending = [_copy_decision(d) for d in state.pending]
    if state.last is not None:  # highlights: only ever extended
        new.last = {**state.last, "cells": list(state.last["cells"])}
    new.harvest_queue = [list(step) for step in state.harvest_queue]
    new.unhoused = []
    return new


def _copy_player(player: dict) -> dict:
    copied = dict(player)
    copied["goods"] = dict(player["goods"])
    copied["animals"] = dict(player["animals"])
    copied["dwarfs"] = [dict(dwarf) for dwarf in player["dwarfs"]]
    copied["cells"] = dict(player["cells"])  # cells are shared: see board.edit
    copied["furnishings"] = list(player["furnishings"])
    copied["future"] = {r: dict(goods) for r, goods in player["future"].items()}
    copied["flags"] = dict(player["flags"])
    return copied


def _copy_decision(d: dict) -> dict:
    """Copy a pending decision (scalars and flat lists or dicts of scalars)."""
    return {k: (v.copy() if isinstance(v, (list, dict)) else v) for k, v in d.items()}


def _clone(value: Any) -> Any:
    """Return an independent copy of plain data (dicts, lists, scalars)."""
    return pickle.loads(pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL))

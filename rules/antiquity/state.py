"""The Antiquity game state: the printed board (shared) plus plain data that changes.

Hex-keyed fields use (q, r) tuples in memory and "q,r" strings when dumped. A player record
(``ps[seat]``) is a dict:

* ``goods``: kind -> count (one pool per player, spec A17);
* ``houses``: built house numbers; ``idle``: men beside the city (recruited, unplaced);
* ``cities``: one dict per city {"centre": [q, r], "rows": n, "cols": n} (index 0 = large);
* ``buildings``: id -> {"type", "city", "cells": [[r, c], ...], "staffed", "used", "h", "w"};
  houses are buildings of type "house" with a "number";
* ``graves``: list of [city, row, col];
* ``colour`` (None until chosen at set-up, spec §3.4);
* ``saint`` (None until a Cathedral is built), ``eliminated``, ``flags`` (per-turn uses);
* ``next_id``: counter for building ids.

Countryside pieces live in ``country`` (id -> {"type", "owner", "good", "site": [hexes],
"tokens": [hexes]}), ``inns`` (hex -> owner) and ``city_at`` (hex -> [owner, city index]).
``counters`` maps a hex to the kind of its face-down exploration counter (hidden);
``unused_counters`` are the counters out of the game (hidden).
"""

from __future__ import annotations

import copy as _copy
from dataclasses import dataclass, field
from typing import Any

from rules.core import Rng

from .board import Board
from .hexes import Hex


@dataclass
class State:
    """One Antiquity game in progress."""

    rng: Rng
    players: int
    options: dict
    board: Board
    ps: list[dict]
    bank: dict[str, int]
    pools: dict[str, int]
    order: list[int]
    counters: dict[Hex, str]
    unused_counters: list[str] = field(default_factory=list)
    pollution: set[Hex] = field(default_factory=set)
    grass: set[Hex] = field(default_factory=set)
    inns: dict[Hex, int] = field(default_factory=dict)
    city_at: dict[Hex, tuple[int, int]] = field(default_factory=dict)
    country: dict[str, dict] = field(default_factory=dict)
    ores: dict[int, str] = field(default_factory=dict)
    revealed: dict[Hex, str] = field(default_factory=dict)
    next_country: int = 1
    turn: int = 0
    phase: str = "setup"
    famine: int = 0
    cathedrals_built: int = 0
    phase2: dict = field(default_factory=dict)
    queue: list[int] = field(default_factory=list)
    over: bool = False
    winners: list[int] = field(default_factory=list)
    pending: list[dict] = field(default_factory=list)
    last: dict | None = None

    def copy(self) -> "State":
        """Return an independent copy of everything a move may change.

        The printed board, the options and the phase-2 snapshots (public records,
        checkpoints, start-of-phase pools and bank: replaced, never changed in place) are
        shared; every other container is copied.
        """
        new = _copy.copy(self)
        new.rng = self.rng.copy()
        new.ps = [copy_player(p) for p in self.ps]
        for name in ("bank", "pools", "counters", "inns", "city_at", "ores", "revealed"):
            setattr(new, name, dict(getattr(self, name)))
        for name in ("order", "unused_counters", "queue", "winners"):
            setattr(new, name, list(getattr(self, name)))
        new.pollution, new.grass = set(self.pollution), set(self.grass)
        new.country = {k: {**v, "tokens": list(v["tokens"])} for k, v in self.country.items()}
        new.pending = [plain_copy(d) for d in self.pending]
        new.last = dict(self.last) if self.last else self.last
        new.phase2 = copy_phase2(self.phase2)
        return new

    # -- occupancy (spec §2.2) ---------------------------------------------------------
    def occupied(self) -> set[Hex]:
        """Return every hex holding a city, an inn, a goods token, a man or a fisherman."""
        taken = set(self.city_at) | set(self.inns)
        for building in self.country.values():
            taken.update(map(tuple, building["site"]))
            taken.update(map(tuple, building["tokens"]))
        return taken

    def is_water(self, h: Hex) -> bool:
        """Tell whether ``h`` is water: printed W and not under a city (spec §2.2, A3)."""
        return self.board.terrain.get(h) == "W" and h not in self.city_at

    def terrain(self, h: Hex) -> str:
        """Return the terrain now: printed, except forest with a grass marker is grassland."""
        printed = self.board.terrain[h]
        return "G" if printed == "F" and h in self.grass else printed

    def active_seats(self) -> list[int]:
        """Return the seats still in the game, in turn order."""
        return [s for s in self.order if not self.ps[s]["eliminated"]]


def plain_copy(value: Any) -> Any:
    """Copy nested dicts and lists (tuples, strings and numbers are shared: immutable)."""
    if isinstance(value, dict):
        return {k: plain_copy(v) for k, v in value.items()}
    if isinstance(value, list):
        return [plain_copy(v) for v in value]
    return value


def copy_player(p: dict) -> dict:
    """Copy a player record; cell lists and grave entries are replaced, never changed."""
    new = dict(p)
    new["goods"] = dict(p["goods"])
    new["houses"] = list(p["houses"])
    new["cities"] = list(p["cities"])
    new["buildings"] = {bid: dict(b) for bid, b in p["buildings"].items()}
    new["graves"] = list(p["graves"])
    new["flags"] = plain_copy(p["flags"])
    return new


def copy_phase2(phase2: dict) -> dict:
    """Copy the phase-2 bookkeeping, sharing the snapshots that are never changed in place."""
    if not phase2:
        return {}
    new = dict(phase2)
    new["ready"] = dict(phase2["ready"])
    new["public"] = dict(phase2["public"])
    new["checkpoint"] = dict(phase2["checkpoint"])
    new["offers"] = {k: dict(v) for k, v in phase2["offers"].items()}
    return new


def new_player() -> dict:
    """Return a player's record before the starting city (spec §3.4)."""
    from .data import GOODS, game_data

    goods = {g: 0 for g in GOODS}
    goods.update(game_data()["player"]["start_goods"])
    return {"goods": goods, "colour": None, "houses": [], "idle": 0, "cities": [],
            "buildings": {},
            "graves": [], "saint": None, "eliminated": False, "next_id": 1,
            "flags": {}, "inns_left": game_data()["player"]["inns"]}

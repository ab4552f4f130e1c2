"""Build the JSON-safe view dict the Caverna renderer draws (format documented here).

Caverna hides only the order of the unrevealed round cards and the unrevealed harvest
markers, so every seat (and the public, ``seat=None``) gets the same ``data``.

Coordinates: home-board squares are ``[row, col]``, both 1-based; rows 1 (top) to 4
(bottom); columns 1-3 are the forest (spec columns A-C), columns 4-6 the mountain (spec
columns D-F). The cave entrance links (4,3) and (4,4). Action texts use the same
``row,col`` form ("tile meadow-field 4,3 left").

``data`` fields (all values JSON primitives, lists or dicts):

- ``game``: ``"caverna"``.
- ``players``: number of seats.
- ``round``: current round (1-based; 0 before round 1 starts), ``rounds_total``: 11 or 12.
- ``stage``: stage 1-4 of the current round.
- ``phase``: ``"work"`` (dwarfs being placed), ``"harvest"`` (harvest decisions) or
  ``"over"``.
- ``harvest``: the kind of harvest at the end of the current round, once known:
  ``"none"``, ``"normal"``, ``"feed1"`` (1 food per dwarf, round 4 / 2nd red marker),
  ``"choice"`` (3rd red: field or breeding) or ``null`` (not yet revealed).
- ``round_cards``: list, one dict per round space 1..rounds_total:
  ``{"round": n, "stage": s, "card": card id or null (face down), "revealed": bool}``.
  The round-4 card shows ``"urgent-wish-for-children"`` once flipped.
- ``harvest_markers``: list (empty in solo) of ``{"round": n, "marker": "green" | "red" |
  null (face down)}`` for rounds 6..rounds_total.
- ``reds_revealed``: red markers turned so far (0-3).
- ``wish_urgent``: whether the round-4 card has flipped.
- ``start_player``: seat holding the starting-player token.
- ``turn``: seat whose work-phase turn it is (``null`` outside the work phase).
- ``to_act``: sorted list of seats that owe a decision now.
- ``spaces``: action spaces in board order, each
  ``{"id": space id, "round": 0 for fixed spaces else the round card's round,
  "goods": {good: count} (only non-zero goods; goods are wood, stone, ore, ruby, food,
  grain, vegetable, sheep, donkey), "occupant": null or {"seat": s, "dwarf": dwarf index,
  "weapon": strength at placement (0 unarmed)}, "imitation_cost": food cost or absent}``.
- ``furnishings``: tiles still available to build, each ``{"id": tile id, "category":
  "dwelling" | "green" | "yellow", "cost": {good: n}, "points": printed VP}``. The ordinary
  ``"dwelling"`` is always listed (unlimited).
- ``seats``: list indexed by seat, each a dict:
  - ``seat``; ``food_order``: position in turn order (0 = start player).
  - ``goods``: ``{"wood","stone","ore","ruby","food","gold","grain","vegetable"}`` counts.
  - ``animals``: ``{"sheep","donkey","boar","cattle","dog"}`` totals on the home board.
  - ``begging``: begging markers held.
  - ``dwarfs``: list in disc order, each ``{"weapon": 0-14 (0 unarmed), "newborn": bool,
    "placed": space id, null (at home) or "-" (at home, no space it could take)}``.
  - ``discs_in_supply``: dwarf discs not yet in play; ``stables_in_supply``: 0-3.
  - ``furnishings``: tile ids built, in build order (``"entry-dwelling"`` first).
  - ``future_goods``: ``{round (as string): {good: n}}`` from the suppliers.
  - ``score``: current score total (final once the game is over).
  - ``board``: ``{"rows": 4, "cols": 6, "cells": [...]}``; 24 cells, each
    ``{"row", "col", "area": "forest" | "mountain", "kind": kind, "furnishing": tile id or
    null, "stable": bool, "crop": null | "grain" | "vegetable", "crop_count": n,
    "pasture": null or pasture id (the two cells of a large pasture share it),
    "pasture_size": 0, 1 or 2, "bonus": null | "boar" | "food1" | "food2" (unclaimed
    printed bonus), "animals": {type: n} housed here (the engine's own arrangement; a
    large pasture's animals are all on its first cell), "dogs": n}``.
    ``kind`` is one of ``"forest"`` (empty forest), ``"meadow"``, ``"field"``,
    ``"pasture"``, ``"rock"`` (unexcavated mountain), ``"cavern"`` (furnished or not; the
    pre-printed (3,4) and the entry dwelling (4,4) are caverns, (4,4) with furnishing
    ``"entry-dwelling"``), ``"tunnel"``, ``"deep-tunnel"``, ``"ore-mine"``,
    ``"ruby-mine"``.
    ``board["overhang"]``: list of extra cells in the same format for Office-room
    overhangs (row 0 or 5, or column 0 or 7; only squares already covered).
  - ``rooms``: animals housed on furnishing tiles that are not cells of their own
    (always ``{}``; room animals appear on the furnished cell's ``animals``).
- ``last_move``: ``null`` or ``{"seat": s, "space": space id or null, "cells": [[row,
  col], ...] changed by the last move}``.
- ``final``: ``null`` until the game is over, then ``{seat (string): {"total": n,
  "breakdown": {score key: points}}}``.
"""

from __future__ import annotations

from typing import Any

from . import animals, board, data, flow, parts, scoring

GOODS = ("wood", "stone", "ore", "ruby", "food", "gold", "grain", "vegetable")
ANIMALS = ("sheep", "donkey", "boar", "cattle", "dog")


def build(state: Any, seat: int | None, to_act) -> dict:
    """Return the view dict described in the module docstring (``to_act``: the seats that
    owe a decision now)."""
    return {
        "game": "caverna",
        "players": state.players,
        "round": state.round,
        "rounds_total": state.rounds_total,
        "stage": flow.stage_of(state, max(state.round, 1)),
        "phase": state.phase,
        "harvest": flow.known_harvest(state),
        "round_cards": _round_cards(state),
        "harvest_markers": _markers(state),
        "reds_revealed": state.reds,
        "wish_urgent": state.wish_urgent,
        "start_player": state.start_player,
        "turn": _turn(state),
        "to_act": sorted(to_act),
        "spaces": [_space(state, space) for space in state.spaces],
        "furnishings": [_tile(tid) for tid in state.tiles_left],
        "seats": [_seat(state, s) for s in range(state.players)],
        "last_move": state.last,
        "final": _final(state),
    }


def _turn(state: Any) -> int | None:
    if state.phase != "work":
        return None
    return state.pending[0]["seat"] if state.pending else state.turn


def _round_cards(state: Any) -> list[dict]:
    cards = []
    for index, card in enumerate(state.round_cards):
        number = index + 1
        revealed = number <= state.round
        shown = card
        if card == "wish-for-children" and state.wish_urgent:
            shown = "urgent-wish-for-children"
        cards.append({"round": number, "stage": flow.stage_of(state, number),
                      "card": shown if revealed else None, "revealed": revealed})
    return cards


def _markers(state: Any) -> list[dict]:
    out = []
    for index, marker in enumerate(state.markers):
        number = 6 + index
        out.append({"round": number, "marker": marker if number <= state.round else None})
    return out


def _space(state: Any, space: dict) -> dict:
    out = {"id": space["id"], "round": space["round"],
           "goods": {k: v for k, v in space["goods"].items() if v},
           "occupant": space["occupant"]}
    if "food_cost" in parts.definition(space):
        out["imitation_cost"] = parts.food_cost(state, space)
    return out


def _tile(tile_id: str) -> dict:
    tile = data.tile(tile_id)
    return {"id": tile_id, "category": tile["category"], "cost": dict(tile["cost"]),
            "points": tile["points"]}


def _seat(state: Any, seat: int) -> dict:
    player = state.ps[seat]
    return {
        "seat": seat,
        "food_order": (seat - state.start_player) % state.players,
        "goods": {g: player["goods"][g] for g in GOODS},
        "animals": {a: player["animals"][a] for a in ANIMALS},
        "begging": player["begging"],
        "dwarfs": [{"weapon": d["weapon"], "newborn": d["newborn"], "placed": d["placed"]}
                   for d in player["dwarfs"]],
        "discs_in_supply": player["discs"],
        "stables_in_supply": board.stables_left(player),
        "furnishings": list(player["furnishings"]),
        "future_goods": {str(r): dict(g) for r, g in player["future"].items()},
        "score": scoring.score_player(state, seat)["total"],
        "board": _board(player),
        "rooms": {},
    }


def _board(player: dict) -> dict:
    layout = animals.arrangement(player)
    cells = [_cell(player, layout, row, col) for row in range(1, 5) for col in range(1, 7)]
    overhang = [_cell(player, layout, *board.rc(s)) for s in sorted(player["cells"])
                if not board.on_board(s)]
    return {"rows": 4, "cols": 6, "cells": cells, "overhang": overhang}


def _cell(player: dict, layout: dict, row: int, col: int) -> dict:
    cell = player["cells"][f"{row},{col}"]
    housed = layout.get(f"{row},{col}", {})
    return {
        "row": row, "col": col, "area": board.area(col),
        "kind": cell["kind"], "furnishing": cell["furnishing"],
        "stable": cell["stable"], "crop": cell["crop"],
        "crop_count": cell["crop_count"], "pasture": cell["pasture"],
        "pasture_size": board.pasture_size(player, cell),
        "bonus": cell["bonus"],
        "animals": {k: v for k, v in housed.items() if k != "dog" and v},
        "dogs": housed.get("dog", 0),
    }


def _final(state: Any) -> dict | None:
    if state.phase != "over":
        return None
    out = {}
    for seat in range(state.players):
        line = scoring.score_player(state, seat)
        out[str(seat)] = {"total": line["total"], "breakdown": dict(line["breakdown"])}
    return out

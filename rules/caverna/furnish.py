"""Furnishing tiles: costs after discounts, legal squares, building, and dwelling room.

Tiles are data (data/caverna/furnishings.toml). Lasting effects are named ``hooks`` from
this closed list, each read where it acts: additional-dwelling (here), cuddle-room and
stubble-room (animals), work-room (here), guest-room (spaces), office-room (not
implemented), carpenter, stone-carver, builder (here), blacksmith (expedition), miner
(flow), overbuilds-trader / overbuilds-spare-part-storage (here), dog-school and seam
(goods), quarry, breeding-cave, slaughtering-cave, working-cave, mining-cave (harvest and
convert). Any-time conversions are named by ``convert`` (convert.py); end-game bonuses
by ``bonus`` (scoring.py); immediate effects by ``on_build``, ``on_build_hook`` and
``supplier`` (here).
"""

from __future__ import annotations

from rules.core import Event, Msg

from . import board, data
from .goods import can_pay, gain, has, pay

DWELLINGS = ("dwelling", "simple-dwelling-1", "simple-dwelling-2", "mixed-dwelling",
             "couple-dwelling", "additional-dwelling")
PAIRED = {"trader": "spare-part-storage", "spare-part-storage": "trader"}


BUILDER_MODES = {"ore-wood": ("wood",), "ore-stone": ("stone",), "ore-both": ("wood", "stone")}


def builder_cost(player: dict, tile_id: str, mode: str) -> dict | None:
    """Return the cost when the Builder owner names the ore swaps (None if not possible)."""
    if not has(player, "builder") or mode not in BUILDER_MODES:
        return None
    price = dict(data.tile(tile_id)["cost"])
    if has(player, "carpenter") and price.get("wood"):
        price["wood"] -= 1
    if has(player, "stone-carver") and price.get("stone"):
        price["stone"] -= 1
    for good in BUILDER_MODES[mode]:
        if not price.get(good):
            return None
        price[good] -= 1
        price["ore"] = price.get("ore", 0) + 1
    return {g: n for g, n in price.items() if n}


def cost(player: dict, tile_id: str) -> dict:
    """Return the cost of ``tile_id`` for ``player`` after Carpenter/Stone carver/Builder
    (the Builder's ore stands in automatically for missing wood or stone)."""
    price = dict(data.tile(tile_id)["cost"])
    if has(player, "carpenter") and price.get("wood"):
        price["wood"] -= 1
    if has(player, "stone-carver") and price.get("stone"):
        price["stone"] -= 1
    if has(player, "builder"):
        price = _builder(player, price)
    return {g: n for g, n in price.items() if n}


def _builder(player: dict, price: dict) -> dict:
    """Use up to 1 ore for 1 missing wood and 1 ore for 1 missing stone."""
    price = dict(price)
    for good in ("wood", "stone"):
        short = price.get(good, 0) > player["goods"][good]
        if short and player["goods"]["ore"] > price.get("ore", 0):
            price[good] -= 1
            price["ore"] = price.get("ore", 0) + 1
    return price


def squares(player: dict, tile_id: str) -> list[str]:
    """Return the squares where ``player`` may put ``tile_id``."""
    partner = PAIRED.get(tile_id)
    if partner and has(player, partner):
        return [s for s, c in player["cells"].items() if c["furnishing"] == partner]
    work_room = has(player, "work-room") and tile_id != "work-room"
    return board.empty_caverns(player, work_room)


def available(state, tile_id: str) -> bool:
    """Tell whether ``tile_id`` is still in the general supply."""
    return tile_id in state.tiles_left


def buildable(state, seat: int, tile_id: str, price: dict | None = None) -> bool:
    """Tell whether ``seat`` can pay for and place ``tile_id`` now."""
    player = state.ps[seat]
    price = cost(player, tile_id) if price is None else price
    return available(state, tile_id) and can_pay(player, price) and bool(squares(player, tile_id))


def build(state, seat: int, tile_id: str, square: str, events: list,
          price: dict | None = None) -> None:
    """Pay for ``tile_id``, place it on ``square`` and resolve its immediate effects."""
    player = state.ps[seat]
    pay(state, seat, cost(player, tile_id) if price is None else price, events)
    partner = PAIRED.get(tile_id)
    if partner and has(player, partner):
        player["furnishings"].remove(partner)
    player["cells"][square]["furnishing"] = tile_id
    player["furnishings"].append(tile_id)
    if not data.tile(tile_id).get("unlimited"):
        state.tiles_left.remove(tile_id)
    events.append(Event("caverna.event.furnish", {"seat": seat, "tile": tile_msg(tile_id),
                                                  "square": square}))
    _immediate(state, seat, tile_id, square, events)


def tile_msg(tile_id: str) -> Msg:
    """Return the catalog message naming a tile."""
    return Msg(f"caverna.tile.{tile_id}")


def _immediate(state, seat: int, tile_id: str, square: str, events: list) -> None:
    tile = data.tile(tile_id)
    player = state.ps[seat]
    gain(state, seat, dict(tile.get("on_build", {})), events)
    hook = tile.get("on_build_hook")
    if hook == "food-per-sheep":
        gain(state, seat, {"food": player["animals"]["sheep"]}, events)
    elif hook == "food-per-cattle":
        gain(state, seat, {"food": player["animals"]["cattle"]}, events)
    elif hook == "state-parlor":
        gain(state, seat, {"food": 2 * adjacent_dwellings(player, square)}, events)
    if "additional-dwelling" in tile.get("hooks", []):
        player["discs"] += 1
    supplier = tile.get("supplier")
    if supplier:
        for r in range(state.round + 1, state.round + 1 + supplier["rounds"]):
            if r <= state.rounds_total:
                slot = player["future"].setdefault(str(r), {})
                slot[supplier["good"]] = slot.get(supplier["good"], 0) + 1


def adjacent_dwellings(player: dict, square: str) -> int:
    """Return dwellings (entry-level included) orthogonally adjacent to ``square``."""
    near = board.near(player, square)
    homes = DWELLINGS + ("entry-dwelling",)
    return sum(1 for s in near if player["cells"][s]["furnishing"] in homes)


def capacity(player: dict) -> int:
    """Return the dwarfs the player's dwellings hold (spec §4.5)."""
    room = 0
    for tile_id in player["furnishings"]:
        if tile_id == "entry-dwelling":
            room += 2
        elif tile_id == "additional-dwelling":
            room += 1 if len(player["dwarfs"]) >= 5 else 0
        elif tile_id in DWELLINGS:
            room += data.tile(tile_id)["dwarfs"]
    return room


def can_grow(player: dict) -> bool:
    """Tell whether a family growth is possible (room and a disc in the supply)."""
    return player["discs"] > 0 and len(player["dwarfs"]) < capacity(player)


def grows_after(state, seat: int, tile_id: str) -> bool:
    """Tell whether building ``tile_id`` (a dwelling) would leave room for a growth."""
    player = state.ps[seat]
    discs = player["discs"] + (1 if tile_id == "additional-dwelling" else 0)
    dwarfs = len(player["dwarfs"])
    room = capacity(player)
    if tile_id == "additional-dwelling":
        room += 1 if dwarfs >= 5 else 0
    else:
        room += data.tile(tile_id)["dwarfs"]
    return discs > 0 and dwarfs < room


def choices(state, seat: int, kind: str) -> list[str]:
    """Return the buildable tiles of ``kind`` ("any", "dwelling", "dwelling-growth")."""
    out = []
    for tile_id in state.tiles_left:
        if kind != "any" and tile_id not in DWELLINGS:
            continue
        if kind == "dwelling-growth" and not grows_after(state, seat, tile_id):
            continue
        if buildable(state, seat, tile_id):
            out.append(tile_id)
    return out

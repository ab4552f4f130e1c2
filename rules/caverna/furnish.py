"""Furnishing tiles: costs after discounts, legal squares, building, and dwelling room.

Tiles are data (data/caverna/furnishings.toml). Lasting effects are named ``hooks`` from
this closed list, each read where it acts: additional-dwelling (here), cuddle-room and
stubble-room (animals), work-room (here), guest-room (spaces), office-room (board: twin
tiles may overhang the home board, for 2 gold), carpenter, stone-carver, builder (here),
blacksmith (expedition), miner (flow), overbuilds-trader / overbuilds-spare-part-storage
(here), dog-school and seam (goods), quarry, breeding-cave, slaughtering-cave, working-cave,
mining-cave (harvest and convert). Any-time conversions are named by ``convert``
(convert.py); end-game bonuses by ``bonus`` (scoring.py); immediate effects by ``on_build``,
``on_build_hook`` and ``supplier`` (here).
"""

from __future__ import annotations

from functools import lru_cache

from rules.core import Action
from rules.core.decisions import pop

from . import board, data, msgs
from .goods import can_pay, gain, has, pay
from .handler import Step
from .highlight import mark

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
    owned = player["furnishings"]
    if "carpenter" not in owned and "stone-carver" not in owned and "builder" not in owned:
        return price
    if "carpenter" in owned and price.get("wood"):
        price["wood"] -= 1
    if "stone-carver" in owned and price.get("stone"):
        price["stone"] -= 1
    if "builder" in owned:
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
    return can_pay(player, price) and available(state, tile_id) and bool(squares(player, tile_id))


def build(state, seat: int, tile_id: str, square: str, events: list,
          price: dict | None = None) -> None:
    """Pay for ``tile_id``, place it on ``square`` and resolve its immediate effects."""
    player = state.ps[seat]
    pay(state, seat, cost(player, tile_id) if price is None else price, events)
    partner = PAIRED.get(tile_id)
    if partner and has(player, partner):
        player["furnishings"].remove(partner)
    board.edit(player, square)["furnishing"] = tile_id
    player["furnishings"].append(tile_id)
    if not data.tile(tile_id).get("unlimited"):
        state.tiles_left.remove(tile_id)
    events.append(msgs.event("furnish", seat=seat, tile=msgs.tile(tile_id), square=square))
    _immediate(state, seat, tile_id, square, events)


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


def grow(state, seat: int, space: str | None, events: list) -> None:
    """Family growth: a newborn joins the acting dwarf on ``space``."""
    player = state.ps[seat]
    player["discs"] -= 1
    player["dwarfs"].append({"weapon": 0, "newborn": True, "placed": space})
    events.append(msgs.event("growth", seat=seat))


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


def fits_filter(state, seat: int, tile_id: str, kind: str) -> bool:
    """Tell whether ``tile_id`` is of ``kind`` ("any", "dwelling", "dwelling-growth")."""
    if kind != "any" and tile_id not in DWELLINGS:
        return False
    return kind != "dwelling-growth" or grows_after(state, seat, tile_id)


def choices(state, seat: int, kind: str) -> list[str]:
    """Return the buildable tiles of ``kind`` ("any", "dwelling", "dwelling-growth"), in
    supply order (remembered for the same goods, tiles, supply, free caverns and family)."""
    return list(_choices(state, seat, kind))


def any_choice(state, seat: int, kind: str) -> bool:
    """Tell whether some tile of ``kind`` can be built now."""
    return bool(_choices(state, seat, kind))


def _choices(state, seat: int, kind: str) -> tuple[str, ...]:
    """The buildable tiles of ``kind``: they depend only on the key below (goods for the
    costs, owned tiles for discounts, partners and room, the supply, which kinds of free
    cavern there are, the discs and the family size)."""
    player = state.ps[seat]
    cells = player["cells"]
    free = {cells[s]["kind"] for s in board.area_squares(player, "mountain")
            if cells[s]["furnishing"] is None}
    caverns = ("cavern" in free, bool(free & {"cavern", "tunnel", "deep-tunnel"}))
    if not caverns[1] and not any(has(player, p) for p in PAIRED):
        return ()
    key = (kind, tuple(player["goods"].values()), tuple(player["furnishings"]),
           tuple(state.tiles_left), caverns, player["discs"], len(player["dwarfs"]))
    found = _CHOICES.get(key)
    if found is None:
        if len(_CHOICES) > 16384:
            _CHOICES.clear()
        found = _CHOICES[key] = _buildable_tiles(state, seat, kind, caverns)
    return found


def _buildable_tiles(state, seat: int, kind: str, caverns: tuple[bool, bool]) -> tuple:
    """The tiles of the supply that fit ``kind``, have a square and are affordable: what
    :func:`fits_filter` and :func:`buildable` tell, with the room read from ``caverns``
    (a free cavern; a free cavern or tunnel for the Work room) instead of listing squares."""
    player = state.ps[seat]
    owned = player["furnishings"]
    work_room = "work-room" in owned
    out = []
    for tile_id in state.tiles_left:
        if kind != "any" and tile_id not in DWELLINGS:
            continue
        partner = PAIRED.get(tile_id)
        if partner is not None and partner in owned:
            room = bool(squares(player, tile_id))
        else:
            room = caverns[1] if work_room and tile_id != "work-room" else caverns[0]
        if room and can_pay(player, cost(player, tile_id)) and (
                kind != "dwelling-growth" or grows_after(state, seat, tile_id)):
            out.append(tile_id)
    return tuple(out)


_CHOICES: dict[tuple, tuple[str, ...]] = {}


def swap_costs(state, seat: int, tile_id: str) -> list[tuple[str, dict]]:
    """Return the Builder's optional ore swaps for ``tile_id`` that ``seat`` can pay,
    each with its cost, when they differ from the automatic cost."""
    player = state.ps[seat]
    if not has(player, "builder"):
        return []
    usual = cost(player, tile_id)
    out = []
    for mode in BUILDER_MODES:
        price = builder_cost(player, tile_id, mode)
        if price is not None and price != usual and can_pay(player, price):
            out.append((mode, price))
    return out


@lru_cache(maxsize=None)
def _furnish(tile_id: str, square: str, mode: str | None) -> Action:
    """The (immutable) action building ``tile_id`` on ``square`` (Builder ore swaps ``mode``)."""
    if mode is None:
        return Action(f"furnish {tile_id} {square}", msgs.action(
            "furnish", tile=msgs.tile(tile_id), square=square), "furnish",
            ("furnish", tile_id, square, None))
    return Action(f"furnish {tile_id} {square} {mode}", msgs.action(
        "furnish_swap", tile=msgs.tile(tile_id), square=square,
        goods=[msgs.good(g, 1) for g in BUILDER_MODES[mode]]), "furnish",
        ("furnish", tile_id, square, mode))


class FurnishDecision(Step):
    """Choose a furnishing tile and the square to put it on (the Builder may name ore
    swaps: ``furnish <tile> r,c ore-wood|ore-stone|ore-both``)."""

    kind = "furnish"
    refusal = "cannot_furnish"

    def _tiles(self, state, d) -> list[str]:
        if d.get("price"):
            player = state.ps[d["seat"]]
            ok = all(player["goods"][g] >= n for g, n in d["price"].items())
            return ["dwelling"] if ok and squares(player, "dwelling") else []
        return choices(state, d["seat"], d["filter"])

    def options(self, state, d):
        seat = d["seat"]
        player = state.ps[seat]
        out = []
        for tile_id in self._tiles(state, d):
            for square in squares(player, tile_id):
                out.append(_furnish(tile_id, square, None))
        if not d.get("price"):
            out += self._swaps(state, d)
        return out

    def has_options(self, state, d):
        return bool(self._tiles(state, d))

    def _swaps(self, state, d) -> list[Action]:
        seat = d["seat"]
        player = state.ps[seat]
        out = []
        for tile_id in self._tiles(state, d):
            for mode, _price in swap_costs(state, seat, tile_id):
                for square in squares(player, tile_id):
                    out.append(_furnish(tile_id, square, mode))
        return out

    def furnish_problem(self, state, d, move):
        _, tile_id, square, mode = move
        seat = d["seat"]
        player = state.ps[seat]
        if d.get("price"):
            ok = tile_id in self._tiles(state, d)
        else:
            ok = (tile_id in state.tiles_left and fits_filter(state, seat, tile_id, d["filter"])
                  and buildable(state, seat, tile_id))
        if mode is not None:
            ok = ok and not d.get("price") and any(
                m == mode for m, _p in swap_costs(state, seat, tile_id))
        return None if ok and square in squares(player, tile_id) else self.unlisted(
            state, d, move)

    def furnish_effect(self, state, d, move, events):
        _, tile_id, square, mode = move
        price = d.get("price")
        if mode is not None:
            price = builder_cost(state.ps[d["seat"]], tile_id, mode)
        pop(state, d)
        build(state, d["seat"], tile_id, square, events, price)
        mark(state, [square])
        if d.get("then_grow"):
            grow(state, d["seat"], d.get("space"), events)

    def auto(self, state, d, events):
        if self._tiles(state, d):
            return False
        pop(state, d)
        return True

    problems = {"furnish": furnish_problem}
    effects = {"furnish": furnish_effect}

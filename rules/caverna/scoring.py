"""Final scoring (spec §10) with a breakdown by category, and the yellow-tile bonuses."""

from __future__ import annotations

import math

from . import board, data
from .furnish import adjacent_dwellings
from .state import FARM


def crops(player: dict, kind: str) -> int:
    """Return grain or vegetables in the supply plus on fields."""
    on_fields = sum(c["crop_count"] for c in player["cells"].values() if c["crop"] == kind)
    return player["goods"][kind] + on_fields


def _armed(player: dict) -> int:
    return sum(1 for d in player["dwarfs"] if d["weapon"] > 0)


def _bonus(player: dict, name: str, negatives: int) -> int:
    animals = player["animals"]
    dwarfs = len(player["dwarfs"])
    if name == "sheep-half":
        return animals["sheep"] // 2
    if name == "per-cattle":
        return animals["cattle"]
    if name == "state-parlor":
        where = next(s for s, c in player["cells"].items() if c["furnishing"] == "state-parlor")
        return 4 * adjacent_dwellings(player, where)
    if name == "per-stone":
        return player["goods"]["stone"]
    if name == "ore-half":
        return player["goods"]["ore"] // 2
    if name == "yellow-x2":
        return 2 * sum(1 for t in player["furnishings"]
                       if t != "entry-dwelling" and data.tile(t)["category"] == "yellow")
    if name == "armed-x3":
        return 3 * _armed(player)
    if name == "all-armed-8":
        return 8 if _armed(player) == dwarfs else 0
    if name == "broom":
        return {5: 5, 6: 10}.get(dwarfs, 0)
    if name == "per-ruby":
        return player["goods"]["ruby"]
    if name == "grain-veg-x2":
        return 2 * min(crops(player, "grain"), crops(player, "vegetable"))
    if name == "unarmed-8":
        return 8 if _armed(player) == 0 else 0
    if name == "writing":
        return min(7, negatives)
    if name == "animals-third":
        return sum(animals[t] for t in FARM) // 3
    raise ValueError(name)


def score_player(state, seat: int) -> dict:
    """Return {"total", "breakdown"} for ``seat`` (breakdown keys are catalog keys)."""
    player = state.ps[seat]
    animals = player["animals"]
    missing = sum(1 for t in FARM if animals[t] == 0)
    pasture_points = sum(2 * len(cells) for cells in board.pastures(player).values())
    kinds = [c["kind"] for c in player["cells"].values()]
    tiles = [t for t in player["furnishings"] if t != "entry-dwelling"]
    parts = {
        "animals": sum(animals.values()),
        "missing": -2 * missing,
        "grain": math.ceil(crops(player, "grain") / 2),
        "vegetable": crops(player, "vegetable"),
        "ruby": player["goods"]["ruby"],
        "dwarfs": len(player["dwarfs"]),
        "unused": -board.unused(player),
        "pastures": pasture_points,
        "mines": 3 * kinds.count("ore-mine") + 4 * kinds.count("ruby-mine"),
        "tiles": sum(data.tile(t)["points"] for t in tiles),
        "gold": player["goods"]["gold"],
        "begging": -3 * player["begging"],
    }
    negatives = -(parts["missing"] + parts["unused"] + parts["begging"])
    parts["bonus"] = sum(_bonus(player, data.tile(t)["bonus"], negatives)
                         for t in tiles if data.tile(t).get("bonus"))
    breakdown = {f"caverna.score.{k}": v for k, v in parts.items()}
    return {"total": sum(parts.values()), "breakdown": breakdown}

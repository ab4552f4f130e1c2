"""The parts an action space is made of (closed list) and whether each can be done now.

Part ids: dog, furnish, furnish-dwelling, dwelling-then-growth, twin-meadow-field,
twin-cavern-tunnel, twin-cave, twin-cavern-tunnel-stone, twin-meadow-field-wood, sow,
expedition-1..4 (expedition-1b = Adventure's second), bundle, growth, gold-3, market,
fence, farming-build, forge, ore-mine, ruby-mine-tunnel, ruby-mine-deep, ore-trade,
imitate. ``start`` either does the part at once or pushes its sub-decision.
"""

from __future__ import annotations

from rules.core import Event

from . import board, engine, furnish, sowing
from .goods import gain, has


def dwarf(state, d: dict) -> dict:
    """Return the acting dwarf of space decision ``d``."""
    return state.ps[d["seat"]]["dwarfs"][d["dwarf"]]


def can_forge(player: dict, dw: dict) -> bool:
    """Tell whether the unarmed dwarf ``dw`` can forge (ore, or the Blacksmith tile)."""
    return dw["weapon"] == 0 and (player["goods"]["ore"] >= 1 or has(player, "blacksmith"))


def _twins(part: str) -> list[str]:
    if "meadow-field" in part:
        return ["meadow-field"]
    if part == "twin-cave":
        return ["cavern-tunnel", "cavern-cavern"]
    return ["cavern-tunnel"]


def _ruby_mine_squares(player: dict, kind: str) -> list[str]:
    return [s for s in board.area_squares(player, "mountain")
            if player["cells"][s]["kind"] == kind and player["cells"][s]["furnishing"] is None]


def possible(state, d: dict, part: str) -> bool:
    """Tell whether ``part`` can be carried out by the acting dwarf of ``d`` now."""
    seat = d["seat"]
    player = state.ps[seat]
    dw = dwarf(state, d)
    if part in ("dog", "bundle", "gold-3"):
        return True
    if part == "furnish":
        return bool(furnish.choices(state, seat, "any"))
    if part == "furnish-dwelling":
        return bool(furnish.choices(state, seat, "dwelling"))
    if part == "dwelling-then-growth":
        return bool(furnish.choices(state, seat, "dwelling-growth"))
    if part.startswith("twin-"):
        return any(board.has_twin(player, t) for t in _twins(part))
    if part == "sow":
        return sowing.can_sow(player)
    if part.startswith("expedition-"):
        return dw["weapon"] > 0
    if part == "growth":
        return furnish.can_grow(player)
    if part == "market":
        return True
    if part in ("fence", "farming-build"):
        return _can_fence(player, part == "farming-build")
    if part == "forge":
        return can_forge(player, dw)
    if part == "ore-mine":
        return board.has_twin(player, "ore-mine")
    if part == "ruby-mine-tunnel":
        return bool(_ruby_mine_squares(player, "tunnel"))
    if part == "ruby-mine-deep":
        return bool(_ruby_mine_squares(player, "deep-tunnel"))
    if part == "ore-trade":
        return player["goods"]["ore"] >= 2
    if part == "imitate":
        from . import spaces
        return bool(spaces.imitation_targets(state, d))
    raise ValueError(part)


def _can_fence(player: dict, stables: bool) -> bool:
    wood = player["goods"]["wood"] + (1 if has(player, "carpenter") else 0)
    if board.small_pasture_options(player) and wood >= 2:
        return True
    if board.large_pasture_options(player) and wood >= 4:
        return True
    stone_ok = player["goods"]["stone"] >= 1 or has(player, "stone-carver")
    return stables and stone_ok and bool(board.stable_options(player))


def start(state, d: dict, part: str, events: list) -> None:
    """Carry out ``part`` now or push the decision that carries it out."""
    seat = d["seat"]
    base = {"seat": seat, "dwarf": d["dwarf"]}
    if part == "dog":
        gain(state, seat, {"dog": 1}, events)
    elif part == "bundle":
        gain(state, seat, {"wood": 1, "stone": 1, "ore": 1, "food": 1, "gold": 2}, events)
    elif part == "gold-3":
        gain(state, seat, {"gold": 3}, events)
    elif part == "growth":
        grow(state, seat, d.get("space"), events)
    elif part in ("furnish", "furnish-dwelling", "dwelling-then-growth"):
        kind = {"furnish": "any", "furnish-dwelling": "dwelling"}.get(part, "dwelling-growth")
        engine.push(state, {**base, "type": "furnish", "filter": kind,
                            "then_grow": part == "dwelling-then-growth", "space": d.get("space")})
    elif part.startswith("twin-"):
        after = {"twin-cavern-tunnel-stone": {"stone": 1},
                 "twin-meadow-field-wood": {"wood": 1}}.get(part, {})
        engine.push(state, {**base, "type": "twin", "twins": _twins(part), "after": after})
    elif part == "ore-mine":
        engine.push(state, {**base, "type": "twin", "twins": ["ore-mine"], "after": {"ore": 3}})
    elif part == "sow":
        engine.push(state, {**base, "type": "sow", "grain": 0, "vegetable": 0})
    elif part.startswith("expedition-"):
        level = int(part.split("-")[1][0])
        engine.push(state, {**base, "type": "expedition", "level": level,
                            "strength": dwarf(state, d)["weapon"], "chosen": []})
    elif part == "market":
        engine.push(state, {**base, "type": "market", "bought": []})
    elif part in ("fence", "farming-build"):
        engine.push(state, {**base, "type": "fence", "stables": part == "farming-build",
                            "small": False, "large": False, "stable": False})
    elif part == "forge":
        engine.push(state, {**base, "type": "forge"})
    elif part in ("ruby-mine-tunnel", "ruby-mine-deep"):
        engine.push(state, {**base, "type": "ruby-mine", "kind": part[10:].replace(
            "deep", "deep-tunnel")})
    elif part == "ore-trade":
        engine.push(state, {**base, "type": "trade"})
    elif part == "imitate":
        engine.push(state, {**base, "type": "imitate", "space": d.get("space")})
    else:
        raise ValueError(part)


def grow(state, seat: int, space: str | None, events: list) -> None:
    """Family growth: a newborn joins the acting dwarf on ``space``."""
    player = state.ps[seat]
    player["discs"] -= 1
    player["dwarfs"].append({"weapon": 0, "newborn": True, "placed": space})
    events.append(Event("caverna.event.growth", {"seat": seat}))


def ruby_mine_squares(player: dict, kind: str) -> list[str]:
    """Return the unfurnished ``kind`` squares ("tunnel" or "deep-tunnel")."""
    return _ruby_mine_squares(player, kind)

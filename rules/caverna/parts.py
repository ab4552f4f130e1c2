"""The parts an action space is made of (closed list), whether each can be done now, and
whether a dwarf may take a space at all (spec §4.0, §4.15, §4.17).

Part ids: dog, furnish, furnish-dwelling, dwelling-then-growth, twin-meadow-field,
twin-cavern-tunnel, twin-cave, twin-cavern-tunnel-stone, twin-meadow-field-wood, sow,
expedition-1..4 (expedition-1b = Adventure's second), bundle, growth, gold-3, market,
fence, farming-build, forge, ore-mine, ruby-mine-tunnel, ruby-mine-deep, ore-trade,
imitate. :func:`start` either does the part at once or pushes its sub-decision.
"""

from __future__ import annotations

from functools import lru_cache

from rules.core.decisions import push

from . import board, data, furnish, sowing
from .goods import gain, has

NOT_IMITABLE = ("starting-player", "imitation", "imitation-2", "imitation-3")


def dwarf(state, d: dict) -> dict:
    """Return the acting dwarf of space decision ``d``."""
    return state.ps[d["seat"]]["dwarfs"][d["dwarf"]]


def definition(space: dict) -> dict:
    """Return the printed definition of a runtime space."""
    return data.space_def(space["key"])


def food_cost(state, space: dict) -> int:
    """Return the Imitation food cost of ``space`` for this player count (0 otherwise)."""
    cost = definition(space).get("food_cost", 0)
    return cost[str(state.players)] if isinstance(cost, dict) else cost


def has_goods_part(spec: dict) -> bool:
    """Tell whether the space gives goods on its own (which makes it always playable).

    Taking goods from an accumulating space always counts as executable, even when the
    space is empty (spec §4.0) and so also when imitated (the imitator gets none, §4.15).
    """
    return bool(spec.get("gain") or spec.get("hooks") or spec.get("acc") or spec.get("acc_alt"))


def playable(state, seat: int, space: dict, dwarf_index: int, imitating: bool = False,
             memo: dict | None = None) -> bool:
    """Tell whether ``seat``'s dwarf can take ``space`` now (spec §4.17).

    ``memo`` remembers, for one unchanged state, which parts each dwarf can do (spaces share
    parts): pass the same dict when judging many spaces at once.
    """
    if not imitating and space["occupant"] is not None:
        return False
    imitation, always, part_ids, all_needed = _printed(space["key"])
    if imitation:
        probe = {"seat": seat, "dwarf": dwarf_index}
        return state.ps[seat]["goods"]["food"] >= food_cost(state, space) and bool(
            imitation_targets(state, probe, first_only=True))
    if always:
        return True
    probe = {"seat": seat, "dwarf": dwarf_index, "space": space["id"], "key": space["key"]}
    if memo is None:
        memo = {}
    for part, armed in part_ids:  # any part will do; all of them for "and then"
        key = (seat, dwarf_index if armed else None, part)
        found = memo.get(key)
        if found is None:
            found = memo[key] = bool(possible(state, probe, part))
        if found is not all_needed:
            return found
    return all_needed


@lru_cache(maxsize=None)
def _printed(key: str) -> tuple[bool, bool, tuple[tuple[str, bool], ...], bool]:
    """What playability reads from a printed space: imitation?, always playable (goods or
    no parts), its parts (each with whether it depends on the acting dwarf's weapon), and
    whether all of them are needed ("and then")."""
    spec = data.space_def(key)
    return (spec["id"].startswith("imitation"), has_goods_part(spec) or not spec["parts"],
            tuple((p, p in ARMED_PARTS or p.startswith("expedition-")) for p in spec["parts"]),
            spec["connector"] == "then")


ARMED_PARTS = ("forge", "imitate")  # parts that depend on the acting dwarf's weapon


def imitation_targets(state, d: dict, first_only: bool = False) -> list[str]:
    """Return the spaces the imitating dwarf of ``d`` may copy (spec §4.15)."""
    out = []
    for space in state.spaces:
        occupant = space["occupant"]
        if occupant is None or occupant["seat"] == d["seat"] or space["id"] in NOT_IMITABLE:
            continue
        if playable(state, d["seat"], space, d["dwarf"], imitating=True):
            out.append(space["id"])
            if first_only:
                break
    return out


def can_forge(player: dict, dw: dict) -> bool:
    """Tell whether the unarmed dwarf ``dw`` can forge (ore, or the Blacksmith tile)."""
    return dw["weapon"] == 0 and (player["goods"]["ore"] >= 1 or has(player, "blacksmith"))


def twins(part: str) -> list[str]:
    """Return the twin tiles a tile part may place."""
    if "meadow-field" in part:
        return ["meadow-field"]
    if part == "twin-cave":
        return ["cavern-tunnel", "cavern-cavern"]
    return ["cavern-tunnel"]


def ruby_mine_squares(player: dict, kind: str) -> list[str]:
    """Return the unfurnished ``kind`` squares ("tunnel" or "deep-tunnel")."""
    cells = player["cells"]
    return [s for s in board.area_squares(player, "mountain")
            if cells[s]["kind"] == kind and cells[s]["furnishing"] is None]


def can_fence(player: dict, stables: bool) -> bool:
    """Tell whether a fence-building (or farming-card) action can build anything."""
    wood = player["goods"]["wood"] + (1 if has(player, "carpenter") else 0)
    if wood >= 2 and board.small_pasture_options(player):
        return True
    if wood >= 4 and board.large_pasture_options(player):
        return True
    stone_ok = player["goods"]["stone"] >= 1 or has(player, "stone-carver")
    return stables and stone_ok and bool(board.stable_options(player))


def possible(state, d: dict, part: str) -> bool:
    """Tell whether ``part`` can be carried out by the acting dwarf of ``d`` now."""
    check = _POSSIBLE.get(part)
    if check is None:
        if part.startswith("twin-"):
            player = state.ps[d["seat"]]
            return any(board.has_twin(player, t) for t in twins(part))
        if part.startswith("expedition-"):
            return dwarf(state, d)["weapon"] > 0
        raise ValueError(part)
    return check(state, d)


def _player(state, d: dict) -> dict:
    return state.ps[d["seat"]]


_POSSIBLE = {
    "dog": lambda state, d: True,
    "bundle": lambda state, d: True,
    "gold-3": lambda state, d: True,
    "market": lambda state, d: True,
    "furnish": lambda state, d: furnish.any_choice(state, d["seat"], "any"),
    "furnish-dwelling": lambda state, d: furnish.any_choice(state, d["seat"], "dwelling"),
    "dwelling-then-growth": lambda state, d: furnish.any_choice(state, d["seat"],
                                                                "dwelling-growth"),
    "sow": lambda state, d: sowing.can_sow(_player(state, d)),
    "growth": lambda state, d: furnish.can_grow(_player(state, d)),
    "fence": lambda state, d: can_fence(_player(state, d), False),
    "farming-build": lambda state, d: can_fence(_player(state, d), True),
    "forge": lambda state, d: can_forge(_player(state, d), dwarf(state, d)),
    "ore-mine": lambda state, d: board.has_twin(_player(state, d), "ore-mine"),
    "ruby-mine-tunnel": lambda state, d: bool(ruby_mine_squares(_player(state, d), "tunnel")),
    "ruby-mine-deep": lambda state, d: bool(ruby_mine_squares(_player(state, d), "deep-tunnel")),
    "ore-trade": lambda state, d: _player(state, d)["goods"]["ore"] >= 2,
    "imitate": lambda state, d: bool(imitation_targets(state, d, first_only=True)),
}


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
        furnish.grow(state, seat, d.get("space"), events)
    elif part in ("furnish", "furnish-dwelling", "dwelling-then-growth"):
        kind = {"furnish": "any", "furnish-dwelling": "dwelling"}.get(part, "dwelling-growth")
        push(state, {**base, "type": "furnish", "filter": kind,
                     "then_grow": part == "dwelling-then-growth", "space": d.get("space")})
    elif part.startswith("twin-"):
        after = {"twin-cavern-tunnel-stone": {"stone": 1},
                 "twin-meadow-field-wood": {"wood": 1}}.get(part, {})
        push(state, {**base, "type": "twin", "twins": twins(part), "after": after})
    elif part == "ore-mine":
        push(state, {**base, "type": "twin", "twins": ["ore-mine"], "after": {"ore": 3}})
    elif part == "sow":
        push(state, {**base, "type": "sow", "grain": 0, "vegetable": 0})
    elif part.startswith("expedition-"):
        level = int(part.split("-")[1][0])
        push(state, {**base, "type": "expedition", "level": level,
                     "strength": dwarf(state, d)["weapon"], "chosen": []})
    elif part == "market":
        push(state, {**base, "type": "market", "bought": []})
    elif part in ("fence", "farming-build"):
        push(state, {**base, "type": "fence", "stables": part == "farming-build",
                     "small": False, "large": False, "stable": False})
    elif part == "forge":
        push(state, {**base, "type": "forge"})
    elif part in ("ruby-mine-tunnel", "ruby-mine-deep"):
        push(state, {**base, "type": "ruby-mine",
                     "kind": part[10:].replace("deep", "deep-tunnel")})
    elif part == "ore-trade":
        push(state, {**base, "type": "trade"})
    elif part == "imitate":
        push(state, {**base, "type": "imitate", "space": d.get("space")})
    else:
        raise ValueError(part)

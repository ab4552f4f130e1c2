"""Gaining and paying goods, with the lasting tile effects that react to gains."""

from __future__ import annotations

from . import msgs
from .state import ANIMALS, FARM, GOODS


def has(player: dict, tile: str) -> bool:
    """Tell whether ``player`` owns furnishing ``tile``."""
    return tile in player["furnishings"]


def add(player: dict, goods: dict) -> None:
    """Add goods and animals to a player without side effects."""
    for good, n in goods.items():
        if good in GOODS:
            player["goods"][good] += n
        elif good in ANIMALS:
            player["animals"][good] += n
        elif good == "begging":
            player["begging"] += n


def gain(state, seat: int, goods: dict, events: list) -> None:
    """Give goods to ``seat`` with Seam and Dog school extras, and report it.

    Farm animals gained mark the seat for the housing check before the next step.
    """
    goods = {g: n for g, n in goods.items() if n}
    if not goods:
        return
    player = state.ps[seat]
    extra: dict = {}
    if goods.get("stone") and has(player, "seam"):
        extra["ore"] = goods["stone"]
    if goods.get("dog") and has(player, "dog-school"):
        extra["wood"] = goods["dog"]
    add(player, goods)
    add(player, extra)
    if seat not in state.unhoused and any(goods.get(a, 0) > 0 for a in FARM):
        state.unhoused.append(seat)
    total = dict(goods)
    for g, n in extra.items():
        total[g] = total.get(g, 0) + n
    events.append(msgs.event("gain", seat=seat, goods=msgs.goods(total)))


def held(player: dict, good: str) -> int:
    """Return how many of a good or animal ``player`` holds."""
    if good in GOODS:
        return player["goods"][good]
    return player["animals"][good]


def can_pay(player: dict, cost: dict) -> bool:
    """Tell whether ``player`` holds at least ``cost``."""
    return all(held(player, g) >= n for g, n in cost.items())


def pay(state, seat: int, cost: dict, events: list) -> None:
    """Take ``cost`` from ``seat`` (assumed affordable) and report it."""
    cost = {g: n for g, n in cost.items() if n}
    if not cost:
        return
    add(state.ps[seat], {g: -n for g, n in cost.items()})
    events.append(msgs.event("pay", seat=seat, goods=msgs.goods(cost)))

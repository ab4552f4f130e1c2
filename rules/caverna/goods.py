"""Gaining and paying goods, with the lasting tile effects that react to gains."""

from __future__ import annotations

from rules.core import Event, Msg

from .state import ANIMALS, GOODS


def has(player: dict, tile: str) -> bool:
    """Tell whether ``player`` owns furnishing ``tile``."""
    return tile in player["furnishings"]


def goods_msg(goods: dict) -> list[Msg]:
    """Return a list of messages naming ``goods`` ("2 wood", "1 sheep")."""
    return [Msg(f"caverna.good.{g}", {"n": n}) for g, n in goods.items() if n]


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
    """Give goods to ``seat`` with Seam and Dog school extras, and report it."""
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
    total = dict(goods)
    for g, n in extra.items():
        total[g] = total.get(g, 0) + n
    events.append(Event("caverna.event.gain", {"seat": seat, "goods": goods_msg(total)}))


def can_pay(player: dict, cost: dict) -> bool:
    """Tell whether ``player`` holds at least ``cost``."""
    return all(_held(player, g) >= n for g, n in cost.items())


def _held(player: dict, good: str) -> int:
    if good in GOODS:
        return player["goods"][good]
    return player["animals"][good]


def pay(state, seat: int, cost: dict, events: list) -> None:
    """Take ``cost`` from ``seat`` (assumed affordable) and report it."""
    cost = {g: n for g, n in cost.items() if n}
    if not cost:
        return
    add(state.ps[seat], {g: -n for g, n in cost.items()})
    events.append(Event("caverna.event.pay", {"seat": seat, "goods": goods_msg(cost)}))

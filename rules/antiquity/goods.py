"""Goods, classes and payments with the "D" (different kinds) requirement (spec §2.8).

A cost is a dict: a goods kind ("wood": 1) means exactly that kind; "food"/"lux" mean that
many goods of the class, any kinds; "food_d"/"lux_d" that many of pairwise different kinds.
A payment is a sorted tuple of goods kinds.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations, combinations_with_replacement

from .data import CLASS_OF, FOOD, GOODS, LUXURY

CLASS_KINDS = {"food": FOOD, "lux": LUXURY}


def house_cost(chart_entry: dict) -> dict:
    """Return the cost dict of a house chart entry (both classes "D")."""
    cost = {}
    if chart_entry["food"]:
        cost["food_d"] = chart_entry["food"]
    if chart_entry["lux"]:
        cost["lux_d"] = chart_entry["lux"]
    return cost


def relax(cost: dict, philosophy: bool) -> dict:
    """Return ``cost`` with every "D" dropped when ``philosophy`` (a functioning Faculty)."""
    if not philosophy:
        return dict(cost)
    out: dict[str, int] = {}
    for key, n in cost.items():
        plain = key[:-2] if key.endswith("_d") else key
        out[plain] = out.get(plain, 0) + n
    return out


def holds(goods: dict, payment) -> bool:
    """Tell whether ``goods`` contains the multiset ``payment``."""
    counts: dict[str, int] = {}
    for kind in payment:
        counts[kind] = counts.get(kind, 0) + 1
    return all(goods.get(k, 0) >= n for k, n in counts.items())


def affordable(goods: dict, cost: dict) -> bool:
    """Tell quickly whether some payment of ``cost`` may exist (a necessary condition)."""
    for key, n in cost.items():
        if key in GOODS:
            if goods.get(key, 0) < n:
                return False
            continue
        kinds = CLASS_KINDS[key.split("_")[0]]
        if sum(goods.get(k, 0) for k in kinds) < n:
            return False
        if key.endswith("_d") and sum(1 for k in kinds if goods.get(k, 0)) < n:
            return False
    return True


def matches(cost: dict, payment) -> bool:
    """Tell whether ``payment`` is exactly a way to pay ``cost``."""
    left = Counter(payment)
    for key, n in cost.items():
        if key in GOODS:
            if left[key] < n:
                return False
            left[key] -= n
    for key, n in cost.items():
        if key in GOODS:
            continue
        cls, different = key.split("_")[0], key.endswith("_d")
        kinds = [k for k in CLASS_KINDS[cls] for _ in range(left[k])]
        if len(kinds) != n or (different and len(set(kinds)) != n):
            return False
        for k in kinds:
            left[k] -= 1
    return not +left


def ways_to_pay(goods: dict, cost: dict) -> list[tuple[str, ...]]:
    """Return every distinct payment of ``cost`` the holder of ``goods`` can make."""
    if not affordable(goods, cost):
        return []
    fixed = [k for key, n in cost.items() if key in GOODS for k in [key] * n]
    options = [tuple(fixed)]
    for key, n in cost.items():
        if key in GOODS:
            continue
        cls, different = key.split("_")[0], key.endswith("_d")
        picker = combinations if different else combinations_with_replacement
        grown = []
        for base in options:
            for extra in picker(CLASS_KINDS[cls], n):
                candidate = base + extra
                if holds(goods, candidate):
                    grown.append(candidate)
        options = grown
    return sorted({tuple(sorted(o)) for o in options})


def pay(goods: dict, bank: dict, payment) -> None:
    """Move ``payment`` from ``goods`` to the bank."""
    for kind in payment:
        goods[kind] -= 1
        bank[kind] += 1


def gain(goods: dict, bank: dict, kind: str, n: int = 1) -> int:
    """Take up to ``n`` of ``kind`` from the bank into ``goods``; return how many came."""
    n = min(n, bank[kind])
    goods[kind] += n
    bank[kind] -= n
    return n


def food_owned(goods: dict) -> int:
    """Return the number of food goods in ``goods``."""
    return sum(goods[k] for k in FOOD)


def payment_text(payment) -> str:
    """Return the canonical text of a payment ("grain+wood"; "-" when empty)."""
    return "+".join(sorted(payment)) or "-"


def parse_payment(text: str) -> tuple[str, ...] | None:
    """Read "grain+wood" (or "-") as a payment, or return None."""
    if text == "-":
        return ()
    kinds = text.split("+")
    if len(kinds) > 12 or any(k not in CLASS_OF for k in kinds):
        return None
    return tuple(sorted(kinds))

"""Antiquity's invariants (spec §1, §2.8, §2.9): what must hold after every move.

Goods are conserved (bank + every player's goods + tokens on the map = 72 per kind) and never
negative; shared pools and pieces in play add up (20 cart shops, 32 fountains, 32 storage
blocks, 16 fisherman tiles, 16 inns per player); every active player's men are all somewhere
(idle + staffed city buildings + producing buildings = houses built); no two pieces or graves
share a cell, nothing leaves its grid, no grave lies on a house; at most 4 cities; the
exploration counters add up to one of each kind per player.
"""

from __future__ import annotations

from collections import Counter

from . import data
from .city import footprint, grid_size, of_type
from .setup import POOLS, counter_kinds


def problems(state) -> list[str]:
    """Return every broken invariant of ``state`` (empty when all hold)."""
    return _goods(state) + _pools(state) + _counters(state) + [
        p for seat in range(state.players) for p in _player(state, seat)]


def _goods(state) -> list[str]:
    total = Counter(state.bank)
    for p in state.ps:
        total.update(p["goods"])
        total.update({k: 0 for k in p["goods"]})
    for b in state.country.values():
        total[b["good"]] += len(b["tokens"])
    out = [f"{kind}: {n} in the game" for kind, n in total.items()
           if n != data.game_data()["goods"]["bank_per_kind"]]
    out += [f"seat {s}: {n} {k}" for s, p in enumerate(state.ps) for k, n in p["goods"].items()
            if n < 0]
    return out + [f"bank: {n} {k}" for k, n in state.bank.items() if n < 0]


def _pools(state) -> list[str]:
    in_play = Counter()
    for p in state.ps:
        in_play["cart_shop"] += len(of_type(p, "cart_shop"))
        in_play["fountain"] += len(of_type(p, "fountain"))
        in_play["storage"] += sum(len(p["buildings"][b]["cells"]) // 2
                                  for b in of_type(p, "storage"))
    in_play["fisherman"] = sum(1 for b in state.country.values() if b["type"] == "fisherman")
    out = [f"pool {name}: {state.pools[name]} + {in_play[name]} in play"
           for name, size in POOLS.items() if state.pools[name] + in_play[name] != size]
    inns = Counter(state.inns.values())
    out += [f"seat {s}: inns {p['inns_left']} + {inns[s]}" for s, p in enumerate(state.ps)
            if p["inns_left"] + inns[s] != data.game_data()["player"]["inns"]]
    return out


def _counters(state) -> list[str]:
    kinds = sorted([*state.counters.values(), *state.unused_counters, *state.revealed.values()])
    return [] if kinds == sorted(counter_kinds(state.players)) else [f"counters {kinds}"]


def _player(state, seat: int) -> list[str]:
    p = state.ps[seat]
    out = []
    if len(p["cities"]) > data.game_data()["player"]["cities"]:
        out.append(f"seat {seat}: {len(p['cities'])} cities")
    if not p["eliminated"]:
        staffed = sum(1 for b in p["buildings"].values() if b["staffed"])
        country = sum(1 for b in state.country.values() if b["owner"] == seat)
        if p["idle"] < 0 or p["idle"] + staffed + country != len(p["houses"]):
            out.append(f"seat {seat}: men {p['idle']}+{staffed}+{country} for "
                       f"{len(p['houses'])} houses")
    return out + _cells(seat, p)


def _cells(seat: int, p: dict) -> list[str]:
    seen: dict[tuple, str] = {}
    out = []
    for bid, b in p["buildings"].items():
        if b["type"] not in ("storage",) and len(b["cells"]) != len(footprint(b["type"])):
            out.append(f"seat {seat}: {bid} has {len(b['cells'])} cells")
        rows, cols = grid_size(p, b["city"])
        for r, c in b["cells"]:
            if not (0 <= r < rows and 0 <= c < cols) or (b["city"], r, c) in seen:
                out.append(f"seat {seat}: {bid} at {b['city']},{r},{c}")
            seen[(b["city"], r, c)] = b["type"]
    graves = [tuple(g) for g in p["graves"]]
    if len(set(graves)) != len(graves):
        out.append(f"seat {seat}: two graves on one cell")
    out += [f"seat {seat}: grave on a house at {g}" for g in graves if seen.get(g) == "house"]
    return out

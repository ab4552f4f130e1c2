"""Countryside construction (spec §6): sites, tokens and costs of every countryside building.

Each ``*_problem`` returns a reason key (or None) for a site; each ``build_*`` carries the
construction out (the cart shop and payment are handled by the caller, :mod:`.phase4`).
"""

from __future__ import annotations

from . import data
from .hexes import Hex, city_hexes, distance, neighbours
from .setup import found_city, remove_counter

TOKEN_TYPES = ("woodcutter", "farm", "mine", "fisherman")


def free(state, h: Hex, occupied: set[Hex]) -> bool:
    """Tell whether ``h`` is on the map, unpolluted and unoccupied."""
    return h in state.board.terrain and h not in state.pollution and h not in occupied


def woodcutter_tokens(state, site: Hex, occupied: set[Hex]) -> list[Hex]:
    """Return the hexes a woodcutter at ``site`` covers: the site and free adjacent forest."""
    return [site] + [n for n in neighbours(site)
                     if free(state, n, occupied) and state.terrain(n) == "F"]


def spread_tokens(state, site: Hex, terrain: str, occupied: set[Hex]) -> list[Hex]:
    """Return the site and every free adjacent hex of ``terrain`` (farms and mines)."""
    return [site] + [n for n in neighbours(site)
                     if free(state, n, occupied) and state.terrain(n) == terrain]


def site_problem(state, seat: int, site: Hex, terrain: str, area: set[Hex],
                 occupied: set[Hex]) -> str | None:
    """Return why a woodcutter/farm/mine cannot stand on ``site``, or None."""
    if site not in state.board.terrain or state.terrain(site) != terrain or site in state.city_at:
        return "wrong_terrain"
    if site not in area:
        return "outside_influence"
    if site in occupied:
        return "occupied"
    if site in state.pollution:
        return "polluted"
    return None


def mine_problem(state, site: Hex, ore: str | None) -> str | None:
    """Return why the mine's ore choice is wrong for the site's range, or None."""
    fixed = state.ores.get(state.board.ranges[site])
    if fixed is not None and ore not in (None, fixed):
        return "range_ore"
    if fixed is None and ore not in data.game_data()["countryside"]["mine_ores"]:
        return "choose_ore"
    return None


def mine_ore(state, site: Hex, ore: str | None) -> str:
    """Return the ore a mine at ``site`` produces (the range's, or the chosen one)."""
    return state.ores.get(state.board.ranges[site]) or ore


def land(state, h: Hex) -> bool:
    """Tell whether ``h`` is a land hex of the map (not water)."""
    return h in state.board.terrain and not state.is_water(h)


def fisher_water(state, h: Hex) -> list[Hex]:
    """Return the unpolluted water hexes adjacent to ``h``."""
    return [n for n in neighbours(h) if state.is_water(n) and n not in state.pollution]


def fisherman_problem(state, a: Hex, b: Hex, area: set[Hex], occupied: set[Hex]) -> str | None:
    """Return why a fisherman cannot stand on ``a``+``b``, or None (spec §6.5)."""
    if b not in neighbours(a) or not land(state, a) or not land(state, b):
        return "fisherman_site"
    if a in occupied or b in occupied:
        return "occupied"
    if not fisher_water(state, a) or not fisher_water(state, b):
        return "fisherman_water"
    if a not in area and b not in area:
        return "outside_influence"
    if state.pools["fisherman"] < 1:
        return "pool_exhausted"
    return None


def fisherman_tokens(state, a: Hex, b: Hex, occupied: set[Hex]) -> list[Hex]:
    """Return the free unpolluted water hexes adjacent to either hex of the fisherman."""
    found = {n for h in (a, b) for n in fisher_water(state, h) if n not in occupied}
    return sorted(found)


def inn_problem(state, seat: int, site: Hex, area: set[Hex], occupied: set[Hex]) -> str | None:
    """Return why an inn cannot stand on ``site``, or None (spec §6.6)."""
    if not land(state, site):
        return "inn_land"
    if site not in area:
        return "outside_influence"
    if site in occupied:
        return "occupied"
    if state.ps[seat]["inns_left"] < 1:
        return "no_inns_left"
    return None


def city_problem(state, seat: int, centre: Hex, area: set[Hex], occupied: set[Hex]) -> str | None:
    """Return why a new city cannot be centred on ``centre``, or None (spec §6.7)."""
    hexes = city_hexes(centre)
    if len(state.ps[seat]["cities"]) >= data.game_data()["player"]["cities"]:
        return "no_cities_left"
    if any(not land(state, h) for h in hexes):
        return "city_land"
    if any(h in occupied for h in hexes):
        return "occupied"
    if not any(h in area for h in hexes):
        return "outside_influence"
    if any(distance(centre, tuple(c)) < 4 for c in city_centres(state)):
        return "city_spacing"
    return None


def city_centres(state) -> list[Hex]:
    """Return the centre of every city on the map (eliminated players' included)."""
    return [tuple(c["centre"]) for p in state.ps for c in p["cities"]]


def add_producer(state, seat: int, kind: str, good: str, site: list[Hex]) -> str:
    """Put a producing building of ``seat`` on ``site`` with no token yet; return its id.

    A woodcutter's own hex gets its grass marker at once (spec §2.7).
    """
    cid = f"c{state.next_country}"
    state.next_country += 1
    for h in site:
        remove_counter(state, h)
    if kind == "woodcutter":
        state.grass.update(h for h in site if state.board.terrain[h] == "F")
    state.country[cid] = {"type": kind, "owner": seat, "good": good,
                          "site": [list(h) for h in site], "tokens": []}
    return cid


def bank_short(state, good: str, hexes: list[Hex]) -> bool:
    """Tell whether the bank holds fewer ``good`` than ``hexes`` need (but some, spec §2.8)."""
    return 0 < state.bank[good] < len(hexes)


def place_tokens(state, cid: str, hexes) -> None:
    """Put one token of building ``cid`` from the bank on each hex of ``hexes``.

    The hex loses its exploration counter; a woodcutter's forest turns to grass (§2.7),
    any other producer's token lies on a pollution marker (§2.6).
    """
    building = state.country[cid]
    hexes = [tuple(h) for h in hexes][:state.bank[building["good"]]]
    state.bank[building["good"]] -= len(hexes)
    for h in hexes:
        remove_counter(state, h)
    if building["type"] == "woodcutter":
        state.grass.update(h for h in hexes if state.board.terrain[h] == "F")
    else:
        state.pollution.update(hexes)
    building["tokens"] += [list(h) for h in hexes]


def build_inn(state, seat: int, site: Hex) -> None:
    """Put an inn of ``seat`` on ``site`` (the pollution marker stays, A18)."""
    state.inns[site] = seat
    state.ps[seat]["inns_left"] -= 1
    remove_counter(state, site)


def build_city(state, seat: int, centre: Hex) -> int:
    """Found a new (small) city of ``seat`` at ``centre``; return its index."""
    return found_city(state, seat, centre)


def take_token(state, cid: str, h: Hex, keep: bool) -> None:
    """Take the token on ``h`` from building ``cid`` into its owner's pool or the bank."""
    building = state.country[cid]
    building["tokens"].remove(list(h))
    if keep:
        state.ps[building["owner"]]["goods"][building["good"]] += 1
    else:
        state.bank[building["good"]] += 1
    if not building["tokens"]:
        finish(state, cid)


def finish(state, cid: str) -> None:
    """Remove an emptied producing building: its man goes idle, a fisherman tile returns."""
    building = state.country.pop(cid)
    state.ps[building["owner"]]["idle"] += 1
    if building["type"] == "fisherman":
        state.pools["fisherman"] += 1

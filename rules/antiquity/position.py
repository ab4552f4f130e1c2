"""Build an Antiquity position for a test from a short description (TOML text or dict).

The map is the test board TB(R) of the spec's scenarios (``board``: grassland within
``radius`` of 0,0, the listed hexes of other terrain, the exploration hexes) or, without
``board``, the map drawn at set-up from ``seed`` (and the ``options``). Exploration counters
are dealt as at set-up. Each seat gets the described cities, buildings, men, goods and inns;
the men that staff buildings live in houses the builder adds (numbered from 1, on the last
empty cells of the seat's cities, after ``idle`` more), so every man is recorded. The turn
opens at phase 2 for every seat (``phase = "city"``, the default) or at phase 4 with
``active`` to act (``phase = "country"``; the seats after it in ``order`` follow). Example::

    players = 2
    turn = 3
    famine = 2
    board = {radius = 10, terrain = {F = ["3,0", "4,0"], W = ["6,0"]}, explore = ["4,0"]}
    pollution = ["4,0"]
    grass = ["3,0"]
    counters = {"4,0" = "sheep"}     # this counter face down on this exploration hex
    phase = "country"
    active = 0
    [seat.0]
    cities = ["0,0"]                 # centres; the first is the large city
    goods = {wood = 6, gold = 1}     # exactly these (the rest 0), from the bank
    idle = 1                         # men beside the city
    buildings = ["cart_shop", "granary", {type = "storage", h = 1, w = 2},
                 {type = "stable", city = 0, cells = [[0, 0], [0, 1], [1, 0], [1, 1]]}]
    saint = "san_nicolo"
    inns = ["5,0"]
    graves = [[0, 4, 4]]             # [city, row, col]
    producers = [{type = "woodcutter", site = ["3,0"], tokens = ["3,0"]},
                 {type = "farm", good = "grain", site = ["2,2"], tokens = ["2,2", "3,2"]}]
    [seat.1]
    cities = ["0,-8"]

Top-level keys: ``players``, ``seed``, ``options`` (the game options: ``variant``,
``alchemy``, ``tiles``, ``counters``), ``board``, ``order``, ``turn``, ``famine``, ``phase``,
``active``, ``pollution``, ``grass``, ``counters``, ``seat``. A seat: ``colour``, ``cities``,
``goods``, ``idle``, ``buildings`` (a type name: placed at its first fit in reading order
after the buildings at given cells, staffed when it can be; or a table with ``type``,
``city``, ``cells``, ``staffed``, ``h`` and ``w`` for storage), ``saint``, ``inns``,
``graves``, ``producers`` (``type``: woodcutter, farm, mine or fisherman; ``good`` it
produces; ``site`` hexes; ``tokens`` hexes, each a good from the bank; its man in a
house). Pool pieces (cart shops, fountains, storage, fisherman tiles) come out of their
pools. Every unknown key or impossible value raises
:class:`rules.core.position.PositionError` naming it; the built state passes the game's
``check_invariants``.
"""

from __future__ import annotations

from typing import Any, Mapping

from rules.core import position as pos
from rules.core.errors import RulesError
from rules.core.position import PositionError

from . import city as cities
from . import countryside, data, phase2, setup
from .board import test_board
from .hexes import parse_hex
from .state import State

TOP = {"players", "seed", "options", "board", "order", "turn", "famine", "phase", "active",
       "pollution", "grass", "counters", "seat"}
SEAT = {"colour", "cities", "goods", "idle", "buildings", "saint", "inns", "graves",
        "producers"}
PRODUCER = {"type", "good", "site", "tokens"}
BUILDING = {"type", "city", "cells", "staffed", "h", "w"}
BOARD = {"radius", "terrain", "explore"}
OPTIONS = {"variant", "alchemy", "tiles", "counters"}
TERRAIN = {"G": "grassland", "F": "forest", "M": "mountain", "W": "water"}


def position(description: str | Mapping[str, Any]) -> State:
    """Return the Antiquity state ``description`` describes (see the module docstring)."""
    from . import GAME
    desc = pos.read(description)
    pos.only(desc, TOP, "description")
    state = _start(desc)
    seats = pos.seats(desc.get("seat", {}), state.players)
    for seat, table in sorted(seats.items()):
        pos.only(table, SEAT, f"seat.{seat}")
        _colour(state, seat, table)
    for seat, table in sorted(seats.items()):
        _lay_seat(state, seat, table, f"seat.{seat}")
    _lay_board(state, desc)
    _open_phase(state, desc)
    GAME.settle(state, [])
    pos.sound(GAME.check_invariants(state))
    return state


def _start(desc: dict) -> State:
    from . import GAME
    players = pos.number(desc.get("players", 2), "players", GAME.min_players, GAME.max_players)
    options = desc.get("options", {})
    pos.only(options, OPTIONS, "options")
    order = [pos.index(s, "order", players - 1) for s in desc.get("order", range(players))]
    if sorted(order) != list(range(players)):
        raise PositionError(f"order: {order} is not every seat once")
    seed = pos.number(desc.get("seed", 1), "seed")
    try:
        if "board" in desc:
            state = setup.blank_state(_board(desc["board"]), players, order, options, seed)
            setup.deal_counters(state, state.rng, None)
        else:
            colours = list(data.COLOURS[:players])
            state = setup.new_state(seed, players, {**options, "colours": colours,
                                                    "order": [str(s) for s in order]})
    except RulesError as refused:
        raise PositionError(f"options: refused ({refused.msg.key} {refused.msg.params})") \
            from None
    for seat, p in enumerate(state.ps):
        p["colour"] = data.COLOURS[seat]
    state.turn = pos.number(desc.get("turn", 1), "turn", 1)
    state.famine = pos.number(desc.get("famine", 0), "famine")
    return state


def _board(table: dict):
    pos.only(table, BOARD, "board")
    radius = pos.number(table.get("radius", 8), "board.radius", 1, 30)
    special = {}
    terrain = table.get("terrain", {})
    pos.only(terrain, TERRAIN, "board.terrain")
    for letter, hexes in terrain.items():
        for h in _hexes(hexes, f"board.terrain.{letter}"):
            special[h] = letter
    return test_board(radius, special, tuple(_hexes(table.get("explore", []), "board.explore")))


def hex_of(text, where: str):
    """Return the hex written ``"q,r"`` or refuse it naming ``where``."""
    h = parse_hex(text) if isinstance(text, str) else None
    if h is None:
        raise PositionError(f"{where}: {text!r} is not a hex (write \"q,r\")")
    return h


def _hexes(values, where: str) -> list:
    if not isinstance(values, list):
        raise PositionError(f"{where}: expected a list of hexes")
    return [hex_of(v, where) for v in values]


def _on_board(state: State, h, where: str):
    if h not in state.board:
        raise PositionError(f"{where}: {h[0]},{h[1]} is not on the board")
    return h


def _colour(state: State, seat: int, table: dict) -> None:
    if "colour" in table:
        colour = pos.choice(table["colour"], data.COLOURS, f"seat.{seat}.colour")
        for other, p in enumerate(state.ps):
            if p["colour"] == colour and other != seat:
                p["colour"] = state.ps[seat]["colour"]
        state.ps[seat]["colour"] = colour


def _lay_seat(state: State, seat: int, table: dict, where: str) -> None:
    p = state.ps[seat]
    for centre in _hexes(table.get("cities", []), f"{where}.cities"):
        _on_board(state, centre, f"{where}.cities")
        if any(h in state.city_at for h in _city_hexes(centre)):
            raise PositionError(f"{where}.cities: {centre[0]},{centre[1]} overlaps a city")
        setup.found_city(state, seat, centre)
    if len(p["cities"]) > data.game_data()["player"]["cities"]:
        raise PositionError(f"{where}.cities: more than {data.game_data()['player']['cities']}")
    buildings = table.get("buildings", [])
    if not isinstance(buildings, list):
        raise PositionError(f"{where}.buildings: expected a list")
    placed = [k for k, item in enumerate(buildings) if isinstance(item, Mapping)
              and "cells" in item]  # buildings at given cells first, then first fits
    for k in placed + [k for k in range(len(buildings)) if k not in placed]:
        _building(state, seat, buildings[k], f"{where}.buildings[{k}]")
    for k, grave in enumerate(table.get("graves", [])):
        _grave(p, grave, f"{where}.graves[{k}]")
    if "goods" in table:
        _goods(state, seat, table["goods"], f"{where}.goods")
    for k, item in enumerate(table.get("producers", [])):
        _producer(state, seat, item, f"{where}.producers[{k}]")
    _men(state, seat, pos.number(table.get("idle", 0), f"{where}.idle"), where)
    if "saint" in table:
        p["saint"] = pos.choice(table["saint"], data.SAINTS, f"{where}.saint")
    for h in _hexes(table.get("inns", []), f"{where}.inns"):
        _inn(state, seat, _on_board(state, h, f"{where}.inns"), f"{where}.inns")


def _city_hexes(centre):
    from .hexes import city_hexes
    return city_hexes(centre)


def _building(state: State, seat: int, item, where: str) -> None:
    p = state.ps[seat]
    table = {"type": item} if isinstance(item, str) else item
    pos.only(table, BUILDING, where)
    if table.get("type") == "house":
        raise PositionError(f"{where}: houses are added for the men (give ``idle``)")
    kind = pos.choice(table.get("type"), data.buildings(), f"{where}.type")
    extra = {}
    if kind == "storage":
        extra = {"h": pos.number(table.get("h", 1), f"{where}.h", 1),
                 "w": pos.number(table.get("w", 2), f"{where}.w", 1)}
    if "cells" in table:
        city = pos.number(table.get("city", 0), f"{where}.city", 0, len(p["cities"]) - 1)
        cells = _cells(table["cells"], kind, extra, f"{where}.cells")
        if not cities.fits(p, city, cells):
            raise PositionError(f"{where}.cells: {table['cells']} are not free in city {city}")
    else:
        city, cells = _first_fit(p, kind, extra, where)
    _from_pool(state, kind, len(cells) // 2 if kind == "storage" else 1, where)
    bid = cities.add_building(p, kind, city, cells, **extra)
    can_staff = kind not in cities.NEVER_STAFFED
    staffed = pos.flag(table.get("staffed", can_staff), f"{where}.staffed")
    if staffed and not can_staff:
        raise PositionError(f"{where}.staffed: a {kind} is never staffed")
    p["buildings"][bid]["staffed"] = staffed


def _cells(cells, kind: str, extra: dict, where: str) -> list:
    """Return the given cells if they make the building's shape (turned), else refuse them."""
    try:
        cells = sorted((int(r), int(c)) for r, c in cells)
    except (TypeError, ValueError):
        raise PositionError(f"{where}: cells are [[row, col], ...], got {cells!r}") from None
    if not cells:
        raise PositionError(f"{where}: no cells")
    anchor = (cells[0][0], min(c for _, c in cells))
    shapes = ([sorted(cities.rectangle(anchor, extra["h"], extra["w"]))] if extra else
              [cities.rotated(cities.footprint(kind), anchor, k) for k in range(4)])
    if cells not in shapes:
        raise PositionError(f"{where}: {cells} is not the shape of a {kind}")
    return cells


def _first_fit(p: dict, kind: str, extra: dict, where: str):
    for city in range(len(p["cities"])):
        rows, cols = cities.grid_size(p, city)
        for k in range(4):
            for r in range(rows):
                for c in range(cols):
                    cells = (cities.rectangle((r, c), extra["h"], extra["w"]) if extra
                             else cities.rotated(cities.footprint(kind), (r, c), k))
                    if cities.fits(p, city, cells):
                        return city, cells
    raise PositionError(f"{where}: no room for a {kind} in the seat's cities")


def _from_pool(state: State, kind: str, count: int, where: str) -> None:
    pool = kind if kind in setup.POOLS else None
    if pool is None:
        return
    if state.pools[pool] < count:
        raise PositionError(f"{where}: the {pool} pool has {state.pools[pool]} left")
    state.pools[pool] -= count


def _grave(p: dict, grave, where: str) -> None:
    if not (isinstance(grave, list) and len(grave) == 3):
        raise PositionError(f"{where}: a grave is [city, row, col], got {grave!r}")
    city = pos.number(grave[0], f"{where}.city", 0, len(p["cities"]) - 1)
    rows, cols = cities.grid_size(p, city)
    row, col = pos.number(grave[1], f"{where}.row", 0, rows - 1), pos.number(
        grave[2], f"{where}.col", 0, cols - 1)
    if [city, row, col] in p["graves"]:
        raise PositionError(f"{where}: two graves on one cell")
    p["graves"].append([city, row, col])


def _producer(state: State, seat: int, table, where: str) -> None:
    """Put a producing building (woodcutter, farm, mine, fisherman) of ``seat`` on its site
    with its goods tokens from the bank, as phase 4 does; its man is recorded by a house."""
    pos.only(table, PRODUCER, where)
    kind = pos.choice(table.get("type"), countryside.TOKEN_TYPES, f"{where}.type")
    rules = data.game_data()["countryside"]
    goods = {"woodcutter": ["wood"], "farm": rules["farm_crops"], "mine": rules["mine_ores"],
             "fisherman": rules["fisherman_catch"]}[kind]
    good = pos.choice(table.get("good", goods[0] if len(goods) == 1 else None), goods,
                      f"{where}.good")
    site = [_on_board(state, h, f"{where}.site") for h in _hexes(table.get("site"),
                                                                 f"{where}.site")]
    tokens = [_on_board(state, h, f"{where}.tokens") for h in _hexes(table.get("tokens"),
                                                                     f"{where}.tokens")]
    if len(site) != (2 if kind == "fisherman" else 1) or not tokens:
        raise PositionError(f"{where}: a {kind} needs its site hex(es) and at least a token")
    taken = state.occupied()
    for h in set(site + tokens):
        if h in taken:
            raise PositionError(f"{where}: {h[0]},{h[1]} is occupied")
    if state.bank[good] < len(tokens):
        raise PositionError(f"{where}.tokens: the bank has {state.bank[good]} {good}")
    if kind == "fisherman":
        _from_pool(state, "fisherman", 1, where)
    if kind == "mine":
        mine_range = state.board.ranges.get(site[0])
        if state.ores.get(mine_range, good) != good:
            raise PositionError(f"{where}.good: that range gives {state.ores[mine_range]}")
        state.ores[mine_range] = good
    cid = countryside.add_producer(state, seat, kind, good, site)
    countryside.place_tokens(state, cid, tokens)


def _men(state: State, seat: int, idle: int, where: str) -> None:
    """Build one house per man (idle, staffing a building or a producer) on the last empty
    cells."""
    p = state.ps[seat]
    staffed = sum(1 for b in p["buildings"].values() if b["staffed"])
    staffed += sum(1 for b in state.country.values() if b["owner"] == seat)
    free = [(city, cell) for city in range(len(p["cities"]))
            for cell in cities.empty_cells(p, city)]
    wanted = idle + staffed
    if wanted > len(free):
        raise PositionError(f"{where}: no room for {wanted} houses")
    for number, (city, cell) in enumerate(reversed(free[len(free) - wanted:]), start=1):
        cities.add_building(p, "house", city, [cell], number=number)
        p["houses"].append(number)
    p["idle"] = idle


def _goods(state: State, seat: int, table, where: str) -> None:
    p = state.ps[seat]
    pos.only(table, p["goods"], where)
    for kind in p["goods"]:
        count = pos.number(table.get(kind, 0), f"{where}.{kind}")
        state.bank[kind] += p["goods"][kind] - count
        if state.bank[kind] < 0:
            raise PositionError(f"{where}.{kind}: the bank has too few")
        p["goods"][kind] = count


def _inn(state: State, seat: int, h, where: str) -> None:
    p = state.ps[seat]
    if h in state.occupied():
        raise PositionError(f"{where}: {h[0]},{h[1]} is occupied")
    if p["inns_left"] < 1:
        raise PositionError(f"{where}: no inn left")
    state.inns[h] = seat
    p["inns_left"] -= 1
    setup.remove_counter(state, h)


def _lay_board(state: State, desc: dict) -> None:
    for h in _hexes(desc.get("pollution", []), "pollution"):
        state.pollution.add(_on_board(state, h, "pollution"))
    for h in _hexes(desc.get("grass", []), "grass"):
        if state.board.terrain.get(_on_board(state, h, "grass")) != "F":
            raise PositionError(f"grass: {h[0]},{h[1]} is not printed forest")
        state.grass.add(h)
    counters = desc.get("counters", {})
    pos.only(counters, set(counters), "counters")
    for key, kind in counters.items():
        _counter(state, _on_board(state, hex_of(key, "counters"), "counters"), kind)


def _counter(state: State, h, kind) -> None:
    """Lay counter ``kind`` face down on exploration hex ``h`` (swapped with the one there)."""
    where = f"counters.{h[0]},{h[1]}"
    if h not in state.board.explore:
        raise PositionError(f"{where}: not an exploration hex")
    pos.choice(kind, data.game_data()["exploration"]["kinds"], where)
    old = state.counters.get(h)
    for other, there in state.counters.items():
        if there == kind and other != h and old is not None:
            state.counters[other] = old
            break
    else:
        if kind not in state.unused_counters:
            raise PositionError(f"{where}: no {kind} counter left")
        state.unused_counters.remove(kind)
        if old is not None:
            state.unused_counters.append(old)
            state.unused_counters.sort()
    state.counters[h] = kind


def _open_phase(state: State, desc: dict) -> None:
    phase = pos.choice(desc.get("phase", "city"), ("city", "country"), "phase")
    seats = state.active_seats()
    state.pending, state.queue, state.phase = [], [], phase
    if phase == "city":
        if "active" in desc:
            raise PositionError("active: only for phase = \"country\"")
        phase2.start(state)
        for seat in reversed(seats):
            state.pending.append({"type": "city", "seat": seat})
        return
    active = pos.number(desc.get("active", seats[0]), "active", 0, state.players - 1)
    state.queue = seats[seats.index(active) + 1:]
    state.pending = [{"type": "country", "seat": active}]

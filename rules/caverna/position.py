"""Build a Caverna position for a test from a short description (TOML text or dict).

The position is the normal set-up from ``seed`` (and the game options ``start``, ``rounds``,
``harvest``, ``intro``), at the beginning of the work phase of round ``round``: the rounds
before it were revealed and their accumulating spaces replenished as if nobody had taken
them, and the starting player is to place a dwarf. Each seat's goods, animals, dwarfs and
home board are then as described; the rest keeps its set-up value. Example::

    players = 3
    start = 1                        # starting player (default: drawn from the seed)
    round = 3                        # the round whose work phase begins (default 1)
    phase = "work"                   # or "harvest": the round's harvest begins instead
    [seat.0]
    goods = {wood = 8, stone = 6}    # these goods exactly (the others keep their start)
    animals = {sheep = 3, dog = 1}
    begging = 1
    dwarfs = [0, 0, 3]               # weapon strength of each adult dwarf (default [0, 0])
    newborns = 0                     # newborn dwarfs beside them
    pastures = [["2,1", "3,1"]]      # meadows fenced into pastures, one list per pasture
    [seat.0.board]                   # home-board squares "row,col"
    "4,3" = "meadow"
    "2,1" = "meadow"
    "3,1" = {kind = "meadow", stable = true}
    "4,2" = {kind = "field", crop = "grain", crop_count = 2}
    "3,5" = {furnishing = "dwelling"}   # a furnishing tile (on a cavern unless given)

Top-level keys: ``players``, ``seed``, ``start``, ``rounds``, ``harvest``, ``intro``,
``round``, ``phase`` (``work`` or ``harvest``: the round's harvest then begins with the
field phase, as the game plays it), ``seat``. A seat: ``goods``, ``animals``, ``begging``,
``dwarfs``, ``newborns``, ``board``, ``pastures``. A square: a kind (``forest``, ``meadow``,
``field``, ``pasture`` on the forest side; ``rock``, ``cavern``, ``tunnel``,
``deep-tunnel``, ``ore-mine``, ``ruby-mine`` on the mountain side) or a table with ``kind``,
``stable``, ``crop``, ``crop_count``, ``furnishing``. A laid square loses its printed bonus
(not paid). A built furnishing tile leaves the supply; the dwarf discs not in play stay in
the supply. Every unknown key or impossible value (dwarfs without room, animals without
room, a tile built twice) raises :class:`rules.core.position.PositionError` naming it; the
built state passes the game's ``check_invariants``.
"""

from __future__ import annotations

from typing import Any, Mapping

from rules.core import position as pos
from rules.core.errors import RulesError
from rules.core.position import PositionError

from . import board, data, flow, furnish, setup
from .grid import area, on_board, rc
from .invariants import DISCS, WEAPON_CAP
from .state import ANIMALS, GOODS, State

TOP = {"players", "seed", "start", "rounds", "harvest", "intro", "round", "phase", "seat"}
SEAT = {"goods", "animals", "begging", "dwarfs", "newborns", "board", "pastures"}
SQUARE = {"kind", "stable", "crop", "crop_count", "furnishing"}
SIDES = {"forest": ("forest", "meadow", "field", "pasture"),
         "mountain": ("rock", "cavern", "tunnel", "deep-tunnel", "ore-mine", "ruby-mine")}
CROPS = ("grain", "vegetable")


def position(description: str | Mapping[str, Any]) -> State:
    """Return the Caverna state ``description`` describes (see the module docstring)."""
    from . import GAME
    desc = pos.read(description)
    pos.only(desc, TOP, "description")
    state = _start(desc, GAME)
    for seat, table in sorted(pos.seats(desc.get("seat", {}), state.players).items()):
        pos.only(table, SEAT, f"seat.{seat}")
        _lay_seat(state, seat, table, f"seat.{seat}")
    state.pending = []
    if pos.choice(desc.get("phase", "work"), ("work", "harvest"), "phase") == "harvest":
        if state.harvest == "none":
            raise PositionError(f"phase: round {state.round} has no harvest")
        flow._return_home(state, [])  # the work phase is over: the game's own step
    GAME.settle(state, [])
    pos.sound(GAME.check_invariants(state))
    return state


def _start(desc: dict, game) -> State:
    players = pos.number(desc.get("players", 3), "players", game.min_players, game.max_players)
    options = {"start": pos.number(desc.get("start", -1), "start", -1, players - 1),
               "rounds": _names(desc.get("rounds", []), "rounds"),
               "harvest": _names(desc.get("harvest", []), "harvest")}
    if "intro" in desc:
        options["intro"] = pos.flag(desc["intro"], "intro")
    try:
        state = setup.new_state(pos.number(desc.get("seed", 1), "seed"), players, options)
    except RulesError as refused:
        raise PositionError(f"set-up refused: {refused.msg.key} {refused.msg.params}") \
            from None
    rounds = pos.number(desc.get("round", 1), "round", 1, state.rounds_total)
    while state.round < rounds:
        flow.start_round(state, [])
        if state.pending:  # solo: keep nothing from the clearing
            state.pending = []
            flow.finish_start(state, [])
    return state


def _names(value, where: str) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise PositionError(f"{where}: expected a list of names, got {value!r}")
    return value


def _lay_seat(state: State, seat: int, table: dict, where: str) -> None:
    player = state.ps[seat]
    _stock(player["goods"], table.get("goods", {}), GOODS, f"{where}.goods")
    _stock(player["animals"], table.get("animals", {}), ANIMALS, f"{where}.animals")
    player["begging"] = pos.number(table.get("begging", player["begging"]), f"{where}.begging")
    squares = table.get("board", {})
    pos.only(squares, set(squares), f"{where}.board")
    for square, value in squares.items():
        _square(state, player, square, value, f"{where}.board.{square}")
    for k, cells in enumerate(table.get("pastures", [])):
        _pasture(player, cells, f"{where}.pastures[{k}]")
    _dwarfs(player, table, where)


def _stock(stock: dict, table, names, where: str) -> None:
    pos.only(table, names, where)
    for name, count in table.items():
        stock[name] = pos.number(count, f"{where}.{name}")


def _square(state: State, player: dict, square: str, value, where: str) -> None:
    try:
        printed = on_board(square)
    except (TypeError, ValueError):
        printed = False
    if not printed:
        raise PositionError(f"{where}: not a square of the home board (\"row,col\")")
    table = {"kind": value} if isinstance(value, str) else value
    pos.only(table, SQUARE, where)
    here = board.edit(player, square)
    side = area(rc(square)[1])
    kind = table.get("kind", "cavern" if table.get("furnishing") else here["kind"])
    here["kind"] = pos.choice(kind, SIDES[side], f"{where}.kind ({side} side)")
    here["bonus"] = None
    if "stable" in table:
        here["stable"] = pos.flag(table["stable"], f"{where}.stable")
    if "crop" in table:
        here["crop"] = pos.choice(table["crop"], CROPS, f"{where}.crop")
        here["crop_count"] = pos.number(table.get("crop_count", 1), f"{where}.crop_count", 1)
    elif "crop_count" in table:
        raise PositionError(f"{where}.crop_count: given without a crop")
    if here["crop"] and here["kind"] != "field":
        raise PositionError(f"{where}.crop: crops grow on fields only")
    if "furnishing" in table:
        _furnish(state, player, here, table["furnishing"], f"{where}.furnishing")


def _furnish(state: State, player: dict, here: dict, tile: str, where: str) -> None:
    pos.choice(tile, data.tiles(), where)
    if here["furnishing"] is not None:
        raise PositionError(f"{where}: the square already holds {here['furnishing']}")
    if here["kind"] not in ("cavern", "tunnel", "deep-tunnel"):
        raise PositionError(f"{where}: a furnishing tile lies on a cavern")
    if not data.tile(tile).get("unlimited"):
        if tile not in state.tiles_left:
            raise PositionError(f"{where}: {tile} is not in the supply")
        state.tiles_left.remove(tile)
    here["furnishing"] = tile
    player["furnishings"].append(tile)


def _pasture(player: dict, cells, where: str) -> None:
    if not isinstance(cells, list) or not cells:
        raise PositionError(f"{where}: expected a list of squares")
    for square in cells:
        if square not in player["cells"] or player["cells"][square]["kind"] != "meadow":
            raise PositionError(f"{where}: {square!r} is not a meadow of the board")
    board.fence(player, cells)


def _dwarfs(player: dict, table: dict, where: str) -> None:
    weapons = table.get("dwarfs", [d["weapon"] for d in player["dwarfs"]])
    if not isinstance(weapons, list) or not weapons:
        raise PositionError(f"{where}.dwarfs: expected a list of weapon strengths")
    newborns = pos.number(table.get("newborns", 0), f"{where}.newborns")
    player["dwarfs"] = [
        {"weapon": pos.number(w, f"{where}.dwarfs[{k}]", 0, WEAPON_CAP), "newborn": False,
         "placed": None} for k, w in enumerate(weapons)]
    player["dwarfs"] += [{"weapon": 0, "newborn": True, "placed": None}
                         for _ in range(newborns)]
    discs = DISCS + ("additional-dwelling" in player["furnishings"]) - len(player["dwarfs"])
    if discs < 0:
        raise PositionError(f"{where}.dwarfs: {len(player['dwarfs'])} dwarfs, more than the "
                            "discs")
    player["discs"] = discs
    if len(player["dwarfs"]) > furnish.capacity(player):
        raise PositionError(f"{where}.dwarfs: {len(player['dwarfs'])} dwarfs but room for "
                            f"{furnish.capacity(player)} (add dwellings to the board)")

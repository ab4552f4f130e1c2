"""Build a Small World of Warcraft position for a test from a short description (TOML or dict).

The format is Small World's (:mod:`rules.smallworld.position`: ``players``, ``seed``,
``combos``, ``dice``, ``first``, ``turn``, ``current``, ``[seat.N]`` with ``coins``, ``race``,
``power``, ``regions``, ``hand``, ``picked``, ``declined``) with regions named by their printed
code (``"L1-07"``) or board number, plus this game's set-up and board. Example::

    players = 2
    islands = ["L1", "M1"]        # the islands, in board order (default: drawn from the seed)
    rules = {garrison_timing = "on_conquest"}   # optional: rule options of spec 6.7
    [seat.0]
    race = "dwarves"
    power = "farmer"
    regions = {"L1-07" = 2}
    hand = 4
    [region."L1-02"]
    murloc = false                # also: mountain (true/false)
    marker = "meeting_stone"      # lay this marker face up here (false: take the region's off)
    fort = 1                      # also: watchtower, wisp_wall (0 or 1, from the supply)

Top-level keys beyond Small World's: ``islands``, ``boards`` (two-player boards, ``LM`` or
``LS``), ``markers`` (the face-down marker of every size icon, in board order: the game
option), ``rules``. The position is the start of ``current``'s turn (its upkeep
played as in the game: bombs, Harmony, a Worgen form). Beasts, the Champion, bombs, Harmony
tokens and objectives are not described (they keep their set-up state). Every unknown key or
impossible value raises :class:`rules.core.position.PositionError` naming it; the built state
passes the game's ``check_invariants``.
"""

from __future__ import annotations

from typing import Any, Mapping

from rules.core import position as pos
from rules.core.position import PositionError
from rules.smallworld import position as base
from rules.smallworld.state import State

from . import data, rule_options
from .variant import wc_board

PIECES = ("fort", "watchtower", "wisp_wall")
REGION = {"murloc", "mountain", "marker", *PIECES}


def position(description: str | Mapping[str, Any]) -> State:
    """Return the Warcraft state ``description`` describes (see the module docstring)."""
    from . import GAME
    return base.finish(base.build(pos.read(description), GAME, Warcraft()), GAME)


class Warcraft:
    """The Warcraft parts of a description, read by :func:`rules.smallworld.position.build`."""

    keys = ("islands", "boards", "markers", "rules")

    def options(self, desc: dict) -> dict:
        """Return the new-game options the description's set-up keys give."""
        rules = desc.get("rules", {})
        pos.only(rules, rule_options.DEFAULTS, "rules")
        options = {"islands": _strings(desc.get("islands", []), "islands"),
                   "markers": _strings(desc.get("markers", []), "markers"),
                   "two_player_boards": pos.choice(desc.get("boards", "LM"), ("LM", "LS"),
                                                   "boards"), **rules}
        return options

    def region_of(self, state: State, key) -> int:
        """Return the board number of a region named by code (``L1-07``) or number."""
        codes = [region.code for region in wc_board(state).regions]
        if isinstance(key, str) and not key.isdigit():
            if key.upper() in codes:
                return codes.index(key.upper())
            raise PositionError(f"region {key!r}: no such region on islands "
                                f"{', '.join(state.extra['islands'])}")
        return pos.index(key, f"region {key!r}", len(codes) - 1)

    def lay_region(self, state: State, r: int, table: dict, where: str) -> None:
        """Lay a region's Murloc, mountain, face-up marker and Warcraft pieces."""
        pos.only(table, REGION, where)
        flags = {"lost_tribe": table["murloc"]} if "murloc" in table else {}
        if "mountain" in table:
            flags["mountain"] = table["mountain"]
        base.lay_flags(state, r, flags, where)
        if "marker" in table:
            _marker(state, r, table["marker"], f"{where}.marker")
        for piece in PIECES:
            if piece in table:
                _piece(state, r, piece, pos.number(table[piece], f"{where}.{piece}", 0, 1),
                       f"{where}.{piece}")


def _strings(value, where: str) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise PositionError(f"{where}: expected a list of names, got {value!r}")
    return value


def _marker(state: State, r: int, marker, where: str) -> None:
    """Lay ``marker`` face up in region ``r`` (taken from wherever it was; the region's
    former marker goes to the pool), or with ``false`` send the region's marker to the pool."""
    if marker is not False:
        pos.choice(marker, data.markers(), where)
    placed = [m for m in state.extra["markers"] if m["id"] != marker]
    pool = [m for m in state.extra["pool"] if m != marker]
    pool += [m["id"] for m in placed if m["region"] == r]
    state.extra["markers"] = [m for m in placed if m["region"] != r]
    if marker is not False:
        state.extra["markers"].append({"id": marker, "region": r, "up": True})
    state.extra["pool"] = pool


def _piece(state: State, r: int, piece: str, count: int, where: str) -> None:
    pieces = state.extra.setdefault("pieces", {})
    here = pieces.setdefault(str(r), {})
    taken = count - here.get(piece, 0)
    if state.supply.get(piece, 0) < taken:
        raise PositionError(f"{where}: only {state.supply.get(piece, 0)} {piece} left in the "
                            "supply")
    state.supply[piece] -= taken
    if count:
        here[piece] = count
    else:
        here.pop(piece, None)
    if not here:
        del pieces[str(r)]

"""Dump and load the Antiquity state as JSON-safe data ("q,r" strings for hexes)."""

from __future__ import annotations

from rules.core import Rng

from .board import Board, StartTile, from_tiles
from .data import COLOURS
from .hexes import hex_text, parse_hex
from .state import State, plain_copy


def _hexes(items) -> list[str]:
    return sorted(hex_text(h) for h in items)


def _keyed(mapping: dict) -> dict:
    return {hex_text(h): v for h, v in sorted(mapping.items())}


def _unkeyed(mapping: dict, conv=lambda v: v) -> dict:
    return {parse_hex(k): conv(v) for k, v in mapping.items()}


def dump_board(board: Board, players: int) -> dict:
    """Return the board as its tile draws (real maps) or its terrain (test boards)."""
    if board.tiles:
        return {"tiles": [list(t) for t in board.tiles]}
    return {"terrain": _keyed(board.terrain), "explore": _hexes(board.explore),
            "starts": [[s.letter, s.position, list(s.centre)] for s in board.starts]}


def load_board(data: dict, players: int) -> Board:
    """Rebuild a board from :func:`dump_board` output."""
    if "tiles" in data:
        return from_tiles(players, [tuple(t) for t in data["tiles"]])
    return Board(_unkeyed(data["terrain"]), tuple(sorted(parse_hex(h) for h in data["explore"])),
                 tuple(StartTile(a, b, tuple(c)) for a, b, c in data["starts"]))


def dump(state: State) -> dict:
    """Return the whole state as JSON-safe data."""
    return {
        "rng": state.rng.dump(), "players": state.players, "options": state.options,
        "board": dump_board(state.board, state.players), "ps": state.ps, "bank": state.bank,
        "pools": state.pools, "order": state.order, "counters": _keyed(state.counters),
        "unused_counters": state.unused_counters, "pollution": _hexes(state.pollution),
        "grass": _hexes(state.grass), "inns": _keyed(state.inns),
        "city_at": {hex_text(h): list(v) for h, v in sorted(state.city_at.items())},
        "country": state.country, "ores": {str(k): v for k, v in sorted(state.ores.items())},
        "revealed": _keyed(state.revealed), "next_country": state.next_country,
        "turn": state.turn, "phase": state.phase, "famine": state.famine,
        "cathedrals_built": state.cathedrals_built, "phase2": state.phase2,
        "queue": state.queue, "over": state.over, "winners": state.winners,
        "pending": state.pending, "last": state.last,
    }


def load(data: dict) -> State:
    """Rebuild a state from :func:`dump` output (deep-copied, so the input stays intact)."""
    data = plain_copy(dict(data))
    players = data["players"]
    for seat, p in enumerate(data["ps"]):  # games saved before colours were chosen (§3.4)
        p.setdefault("colour", None if data["phase"] == "colours" else COLOURS[seat])
    return State(
        rng=Rng.load(data["rng"]), players=players, options=data["options"],
        board=load_board(data["board"], players), ps=data["ps"], bank=data["bank"],
        pools=data["pools"], order=data["order"], counters=_unkeyed(data["counters"]),
        unused_counters=data["unused_counters"],
        pollution={parse_hex(h) for h in data["pollution"]},
        grass={parse_hex(h) for h in data["grass"]}, inns=_unkeyed(data["inns"]),
        city_at=_unkeyed(data["city_at"], tuple), country=data["country"],
        ores={int(k): v for k, v in data["ores"].items()}, revealed=_unkeyed(data["revealed"]),
        next_country=data["next_country"], turn=data["turn"], phase=data["phase"],
        famine=data["famine"], cathedrals_built=data["cathedrals_built"],
        phase2=data["phase2"], queue=data["queue"], over=data["over"],
        winners=data["winners"], pending=data["pending"], last=data["last"])

"""Game set-up (spec §3): map draw, exploration counters, players, turn order, cities."""

from __future__ import annotations

from rules.core import Rng

from . import data
from .board import Board, draw_tiles, from_tiles
from .hexes import Hex, city_hexes
from .state import State, new_player

POOLS = {"cart_shop": 20, "fountain": 32, "storage": 32,
         "fisherman": data.game_data()["countryside"]["fisherman_tiles"]}


def blank_state(board: Board, players: int, order: list[int] | None = None,
                options: dict | None = None, seed: int = 0) -> State:
    """Return a state on ``board`` with fresh players and a full bank (no cities yet)."""
    bank = {g: data.game_data()["goods"]["bank_per_kind"] for g in data.GOODS}
    ps = [new_player() for _ in range(players)]
    for p in ps:
        for kind, n in p["goods"].items():
            bank[kind] -= n
    return State(rng=Rng(seed), players=players, options=dict(options or {}), board=board,
                 ps=ps, bank=bank, pools=dict(POOLS),
                 order=list(order if order is not None else range(players)), counters={})


def counter_kinds(players: int) -> list[str]:
    """Return the counters in play: one of each kind per player (spec §3.3)."""
    kinds = data.game_data()["exploration"]["kinds"]
    return [k for k in kinds for _ in range(players)]


def parse_tiles(text_items: list[str]) -> list[tuple[str, int]]:
    """Read the ``tiles`` option ("T0:0", "T3m:2", ...) as (face, rotation) draws."""
    draws = []
    for item in text_items:
        face, _, k = item.partition(":")
        draws.append((face if face.endswith("m") else face.upper(), int(k or 0) % 6))
    return draws


def deal_counters(state: State, rng: Rng, fixed: list[str] | None) -> None:
    """Put one face-down counter on every exploration hex (fixed order on request)."""
    kinds = list(fixed) if fixed else rng.shuffle(counter_kinds(state.players))
    for h, kind in zip(state.board.explore, kinds, strict=False):
        state.counters[h] = kind
    state.unused_counters = sorted(kinds[len(state.board.explore):])


def new_state(seed: int, players: int, options: dict) -> State:
    """Draw the map, the counters and the turn order and return the state before cities."""
    rng = Rng(seed)
    draws = parse_tiles(options["tiles"]) if options.get("tiles") else draw_tiles(rng, players)
    board = from_tiles(players, draws)
    if options.get("order"):
        order = [int(x) for x in options["order"]]
    else:
        order = rng.shuffle(list(range(players)))
    state = blank_state(board, players, order, options, seed)
    deal_counters(state, rng, options.get("counters"))
    state.rng = rng
    return state


def remove_counter(state: State, h: Hex) -> None:
    """Remove the counter on ``h`` unseen (out of the game, never revealed)."""
    kind = state.counters.pop(h, None)
    if kind is not None:
        state.unused_counters.append(kind)
        state.unused_counters.sort()


def found_city(state: State, seat: int, centre: Hex) -> int:
    """Place a city of ``seat`` at ``centre`` with its grid; return its index (spec §6.7)."""
    p = state.ps[seat]
    index = len(p["cities"])
    size = data.game_data()["city_grid"]["large" if index == 0 else "small"]
    p["cities"].append({"centre": list(centre), "rows": size["rows"], "cols": size["cols"]})
    for h in city_hexes(centre):
        state.city_at[h] = (seat, index)
        state.pollution.discard(h)
        remove_counter(state, h)
    return index

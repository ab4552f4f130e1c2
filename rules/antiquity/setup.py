"""Game set-up (spec §3): map draw, exploration counters, colours, turn order, cities."""

from __future__ import annotations

from rules.core import CannotParse, Msg, Rng

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


def bad_option(name: str, value) -> CannotParse:
    """Return the platform's error for an option value that cannot be used."""
    return CannotParse(Msg("core.error.bad_option_value", {"option": name, "value": value}))


def parse_tiles(items: list[str], players: int) -> list[tuple[str, int]]:
    """Read the ``tiles`` option ("T0:0,T3m:2,...": face and rotation per layout position)."""
    draws = []
    for item in items:
        face, _, k = item.partition(":")
        face = face.upper().replace("M", "m")
        if face not in data.tile_faces() or k not in ("", *"012345"):
            raise bad_option("tiles", item)
        draws.append((face, int(k or 0)))
    if len(draws) != len(data.layout(players)["positions"]) or len({f for f, _ in draws}) != len(
            draws):
        raise bad_option("tiles", ",".join(items))
    return draws


def parse_order(items: list[str], players: int) -> list[int]:
    """Read the ``order`` option (seat numbers from 0, first to act first)."""
    if sorted(items) != [str(s) for s in range(players)]:
        raise bad_option("order", ",".join(items))
    return [int(x) for x in items]


def parse_colours(items: list[str], players: int) -> list[str]:
    """Read the ``colours`` option: one distinct colour per seat, in seat order (spec §3.4)."""
    colours = [item.lower() for item in items]
    if len(colours) != players or len(set(colours)) != players or any(
            c not in data.COLOURS for c in colours):
        raise bad_option("colours", ",".join(items))
    return colours


def draw_order(rng: Rng, players: int, options: dict) -> list[int]:
    """Return the turn order: fixed by the ``order`` option, else drawn at random (§3.5)."""
    if options.get("order"):
        return parse_order(options["order"], players)
    return rng.shuffle(list(range(players)))


def parse_counters(items: list[str], players: int) -> list[str]:
    """Read the ``counters`` option: the kinds dealt to the exploration hexes in (q, r) order."""
    if sorted(items) != sorted(counter_kinds(players)):
        raise bad_option("counters", ",".join(items))
    return list(items)


def deal_counters(state: State, rng: Rng, fixed: list[str] | None) -> None:
    """Put one face-down counter on every exploration hex (fixed order on request)."""
    kinds = list(fixed) if fixed else rng.shuffle(counter_kinds(state.players))
    for h, kind in zip(state.board.explore, kinds, strict=False):
        state.counters[h] = kind
    state.unused_counters = sorted(kinds[len(state.board.explore):])


def new_state(seed: int, players: int, options: dict) -> State:
    """Draw the map and the counters and return the state before colours and cities.

    Colours fixed by the ``colours`` option are taken at once and the turn order is drawn
    now; otherwise the players choose colours first and the order is drawn after them
    (spec §3.4-3.5, see :func:`draw_order`).
    """
    rng = Rng(seed)
    draws = (parse_tiles(options["tiles"], players) if options.get("tiles")
             else draw_tiles(rng, players))
    board = from_tiles(players, draws)
    colours = parse_colours(options["colours"], players) if options.get("colours") else None
    order = draw_order(rng, players, options) if colours else list(range(players))
    if not colours and options.get("order"):
        parse_order(options["order"], players)  # refuse a bad option before the game starts
    state = blank_state(board, players, order, options, seed)
    counters = options.get("counters")
    deal_counters(state, rng, parse_counters(counters, players) if counters else None)
    for seat, colour in enumerate(colours or []):
        state.ps[seat]["colour"] = colour
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

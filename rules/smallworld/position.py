"""Build a Small World position for a test from a short description (TOML text or dict).

The position is the normal set-up of :func:`rules.smallworld.setup.new_game` from ``seed``
(and the ``combos``, ``dice`` and ``first`` options), with the described parts laid over it,
at the start of ``current``'s turn of game turn ``turn`` (the start step settled exactly as
the game settles it). Everything not described keeps its set-up value. Example::

    players = 3
    turn = 2                      # game turn (default 1)
    current = 1                   # whose turn begins (default: the first player)
    combos = ["ratmen:alchemist"] # optional: the deck order, as the game option
    [seat.1]
    coins = 5                     # hidden coins (the difference is booked as earned)
    race = "ratmen"               # the active race ...
    power = "alchemist"           # ... and its power
    regions = {12 = 3, 13 = 2}    # tokens per region
    hand = 1                      # tokens in hand (default 0)
    declined = {race = "elves", power = "hill", regions = {3 = 1}}  # or a list of them
    [region.5]
    lost_tribe = false            # also: mountain, lair, fortress, hero, dragon, hole and
                                  # encampments = N: pieces from (or back to) the supply

Top-level keys: ``players``, ``seed``, ``combos``, ``dice``, ``first``, ``turn``, ``current``,
``seat``, ``region``. A seat table: ``coins``, ``race``, ``power``, ``regions``, ``hand``,
``picked`` (the game turn the race was picked, default the turn before), ``declined``. A race
with a power taken by a seat leaves the column and the decks (the column is dealt again from
the decks in their order); a race is held once, a power may be given to several races (a
test's plain power where the power does not matter). A region occupied by a race loses its
lost tribe. Every unknown key or impossible value (an unknown race, more tokens than the
tray, a region out of range) raises :class:`rules.core.position.PositionError` naming it;
the built state passes the game's ``check_invariants``.
"""

from __future__ import annotations

from typing import Any, Mapping

from rules.core import position as pos
from rules.core.errors import RulesError
from rules.core.position import PositionError

from . import combos, data, flow
from .state import PROBE, Instance, State

TOP = {"players", "seed", "combos", "dice", "first", "turn", "current", "seat", "region"}
SEAT = {"coins", "race", "power", "regions", "hand", "picked", "declined"}
RACE = {"race", "power", "regions", "hand", "picked"}
FLAGS = ("lost_tribe", "mountain", "lair", "fortress", "hero", "dragon", "hole")
REGION = {*FLAGS, "encampments"}


def position(description: str | Mapping[str, Any], game=None) -> State:
    """Return the Small World state ``description`` describes (see the module docstring)."""
    from . import GAME
    game = game or GAME
    return finish(build(pos.read(description), game), game)


def build(desc: dict, game, variant=None) -> State:
    """Build from a read description with ``game``; a ``variant`` (an object with ``keys``,
    its own top-level keys, ``options(desc)``, its new-game options, ``region_of(state, key)``
    and ``lay_region(state, r, table, where)``) reads its own parts, handled after this."""
    pos.only(desc, TOP | set(getattr(variant, "keys", ())), "description")
    state = start(desc, game, variant.options(desc) if variant else {})
    region_of = variant.region_of if variant else _region_index
    lay_region = variant.lay_region if variant else _lay_region
    seats = pos.seats(desc.get("seat", {}), state.n)
    if not isinstance(desc.get("region", {}), Mapping):
        raise PositionError("region: expected a table of regions")
    for seat, table in sorted(seats.items()):
        pos.only(table, SEAT, f"seat.{seat}")
    _take_combos(state, seats)
    for seat, table in sorted(seats.items()):
        _lay_seat(state, seat, table, region_of)
    for key, table in desc.get("region", {}).items():
        lay_region(state, region_of(state, key), table, f"region.{key}")
    _bivouac_camps(state)
    return state


def start(desc: dict, game, more: dict) -> State:
    """Return the set-up state for the description's players, seed and options, its turn
    marker and current seat set (the turn not yet begun: call :func:`finish`); ``more``: a
    variant's own options."""
    players = pos.number(desc.get("players", 2), "players", game.min_players, game.max_players)
    options = {"combos": _strings(desc.get("combos", []), "combos"),
               "dice": [str(d) for d in _list(desc.get("dice", []), "dice")],
               "first_player": pos.number(desc.get("first", 0), "first", 0, players - 1),
               **more}
    seed = pos.number(desc.get("seed", 1), "seed")
    try:
        state = game.new_game(seed, players, options)
    except RulesError as refused:
        raise PositionError(f"set-up refused: {refused.msg.key} {refused.msg.params}") from None
    state.turn = pos.number(desc.get("turn", 1), "turn", 1, state.turns)
    state.current = pos.number(desc.get("current", state.first), "current", 0, players - 1)
    return state


def finish(state: State, game) -> State:
    """Begin the current seat's turn on the laid-out state, settle it, drop cached probes and
    check the game's invariants; return the state."""
    state.__dict__.pop(PROBE, None)
    events: list = []
    flow.start_turn(state, events)
    game.settle(state, events)
    state.__dict__.pop(PROBE, None)
    pos.sound(game.check_invariants(state))
    return state


def _list(value, where: str) -> list:
    if not isinstance(value, list):
        raise PositionError(f"{where}: expected a list, got {value!r}")
    return value


def _strings(value, where: str) -> list[str]:
    for item in _list(value, where):
        if not isinstance(item, str):
            raise PositionError(f"{where}: expected text, got {item!r}")
    return value


def _region_index(state: State, key) -> int:
    return pos.index(key, f"region {key!r}", len(state.regions) - 1)


def _races_of(table: dict, where: str) -> list[tuple[dict, bool, str]]:
    """Return (race table, declined, where) of a seat's active race and declined races."""
    found = [(table, False, where)] if "race" in table else []
    declined = table.get("declined", [])
    for k, item in enumerate(declined if isinstance(declined, list) else [declined]):
        pos.only(item, RACE, f"{where}.declined")
        found.append((item, True, f"{where}.declined[{k}]"))
    return found


def _take_combos(state: State, seats: dict) -> None:
    """Take the described races and powers out of the column and decks; deal the column."""
    races, powers = [], []
    for seat, table in seats.items():
        for race_table, _, where in _races_of(table, f"seat.{seat}"):
            race = pos.choice(race_table.get("race"), data.races(state.variant), f"{where}.race")
            power = pos.choice(race_table.get("power"), data.powers(state.variant),
                               f"{where}.power")
            if race in races:
                raise PositionError(f"{where}.race: {race!r} is taken twice")
            races.append(race)
            powers.append(power)
    if not races:
        return
    column = state.column
    state.race_deck = [r for r in [c[0] for c in column] + state.race_deck if r not in races]
    state.power_deck = [p for p in [c[1] for c in column] + state.power_deck if p not in powers]
    state.column = []
    combos.refill(state, [])


def _lay_seat(state: State, seat: int, table: dict, region_of) -> None:
    player = state.edit_player(seat)
    if "coins" in table:
        coins = pos.number(table["coins"], f"seat.{seat}.coins")
        if coins != player.coins:
            player.earned["regions"] = player.earned.get("regions", 0) + coins - player.coins
        player.coins = coins
    if "race" not in table:
        for key in ("power", "regions", "hand", "picked"):
            if key in table:
                raise PositionError(f"seat.{seat}.{key}: given without a race")
    for race_table, declined, where in _races_of(table, f"seat.{seat}"):
        inst = _instance(state, seat, race_table, declined, where)
        for key, count in race_table.get("regions", {}).items():
            _occupy(state, inst, region_of(state, key), count, f"{where}.regions.{key}")
        if declined:
            player.declined.append(inst.id)
        else:
            player.active = inst.id


def _instance(state: State, seat: int, table: dict, declined: bool, where: str) -> Instance:
    race, power = table["race"], table["power"]
    hand = pos.number(table.get("hand", 0), f"{where}.hand")
    picked = pos.number(table.get("picked", max(1, state.turn - 1)), f"{where}.picked",
                        1, state.turn)
    hooks = data.power_hooks(power, state.variant)
    inst = Instance(id=len(state.insts), race=race, power=power, owner=seat,
                    picked_turn=picked, declined=declined, hand=0,
                    has_spirit="spirit" in hooks)
    state.insts.append(inst)
    state.own_inst(inst.id)
    _from_tray(state, race, hand, f"{where}.hand")
    inst.hand = hand
    return inst


def _from_tray(state: State, race: str, count: int, where: str) -> None:
    if count > state.tray[race]:
        raise PositionError(f"{where}: {count} {race} tokens wanted, {state.tray[race]} in "
                            "the tray")
    state.tray[race] -= count


def _occupy(state: State, inst: Instance, r: int, count, where: str) -> None:
    count = pos.number(count, where, 1)
    reg = state.edit(r)
    if reg.inst is not None:
        raise PositionError(f"{where}: region {r} is already held")
    _from_tray(state, inst.race, count, where)
    if reg.lost_tribe:
        reg.lost_tribe = False
        state.lt_removed += 1
    reg.inst, reg.tokens = inst.id, count


def _lay_region(state: State, r: int, table: dict, where: str) -> None:
    pos.only(table, REGION, where)
    lay_flags(state, r, table, where)


def lay_flags(state: State, r: int, table: dict, where: str) -> None:
    """Lay the described pieces of region ``r`` (``FLAGS`` and ``encampments`` in ``table``),
    taking them from the supply or giving them back."""
    reg = state.edit(r)
    for piece in FLAGS:
        if piece in table and pos.flag(table[piece], f"{where}.{piece}") != getattr(reg, piece):
            _toggle(state, reg, piece, f"{where}.{piece}")
    if "encampments" in table:
        camps = pos.number(table["encampments"], f"{where}.encampments")
        _supply(state, "encampment", camps - reg.encampments, f"{where}.encampments")
        reg.encampments = camps


def _toggle(state: State, reg, piece: str, where: str) -> None:
    """Put ``piece`` on the region or take it off, keeping its supply or tally balanced."""
    placing = not getattr(reg, piece)
    if piece == "lost_tribe":
        if placing and reg.inst is not None:
            raise PositionError(f"{where}: a lost tribe beside a race")
        if placing:
            state.lt_placed += 1
            _supply(state, _lost_tribe_supply(state), 1, where)
        else:
            state.lt_removed += 1
    else:
        _supply(state, piece, 1 if placing else -1, where)
    setattr(reg, piece, placing)


def _lost_tribe_supply(state: State) -> str:
    from .variant import rules_of
    return rules_of(state).lost_tribe_supply


def _supply(state: State, piece: str, taken: int, where: str) -> None:
    if state.supply.get(piece, 0) < taken:
        raise PositionError(f"{where}: only {state.supply.get(piece, 0)} {piece} left in the "
                            "supply")
    state.supply[piece] -= taken


def _bivouac_camps(state: State) -> None:
    """An active Bivouacking race holds the encampments not on the board (as when picked)."""
    for inst in state.insts:
        if not inst.declined and "encampments" in data.power_hooks(inst.power, state.variant):
            edited = state.edit_inst(inst.id)
            edited.camps += state.supply["encampment"]
            state.supply["encampment"] = 0

"""Small World's invariants (spec 5.8): what must hold after every move, as a list of problems.

Token conservation per race (tray + board + hands = the box), supply limits of every special
piece, lost tribes, coins never negative and conserved (starting coins + coins earned = coins
held + coins lying on the combo column), and the board's own consistency. Call
:func:`problems` after a move; an empty list means the state is sound.
"""

from __future__ import annotations

from . import data
from .state import State
from .variant import rules_of

PIECES = ("lair", "fortress", "hero", "hole", "dragon")


def problems(state: State) -> list[str]:
    """Return every broken invariant of ``state`` (empty when all hold)."""
    return [*_tokens(state), *_pieces(state), *_coins(state), *_board(state), *_players(state)]


def shared(state: State) -> list[str]:
    """Return the broken invariants every variant shares: tokens, coins, seats' races."""
    return [*_tokens(state), *_coins(state), *_players(state)]


def _tokens(state: State) -> list[str]:
    found = []
    rules = rules_of(state)
    for race, definition in data.races(state.variant).items():
        insts = [i for i in state.insts if i.race == race]
        held = sum(state.on_board(i.id) + i.hand + i.pending + i.reserve
                   - rules.not_from_tray(state, i) for i in insts)
        if state.tray[race] < 0:
            found.append(f"{race}: {state.tray[race]} tokens in the tray")
        if state.tray[race] + held != definition["tray"]:
            found.append(f"{race}: tray {state.tray[race]} + held {held} != {definition['tray']}")
    return found


def _pieces(state: State) -> list[str]:
    supply = data.constants(state.variant)["supply"]
    found = []
    for piece in PIECES:
        placed = sum(bool(getattr(region, piece)) for region in state.regions)
        if state.supply[piece] < 0 or placed + state.supply[piece] != supply[piece]:
            found.append(f"{piece}: {placed} placed + {state.supply[piece]} left "
                         f"!= {supply[piece]}")
    camps = sum(r.encampments for r in state.regions) + sum(i.camps for i in state.insts)
    if state.supply["encampment"] < 0 or camps + state.supply["encampment"] != \
            supply["encampment"]:
        found.append(f"encampments: {camps} out + {state.supply['encampment']} left "
                     f"!= {supply['encampment']}")
    lost_tribes = sum(r.lost_tribe for r in state.regions)
    if lost_tribes + state.lt_removed != state.lt_placed:
        found.append(f"lost tribes: {lost_tribes} + {state.lt_removed} removed "
                     f"!= {state.lt_placed} placed")
    if state.lt_placed > supply["lost_tribe"]:
        found.append(f"lost tribes: {state.lt_placed} placed > {supply['lost_tribe']}")
    return found


def _coins(state: State) -> list[str]:
    start = data.constants(state.variant)["start_coins"]
    found = [f"seat {s}: {p.coins} coins" for s, p in enumerate(state.players) if p.coins < 0]
    found += [f"combo {i}: {c[2]} coins" for i, c in enumerate(state.column) if c[2] < 0]
    held = sum(p.coins for p in state.players) + sum(c[2] for c in state.column)
    made = start * len(state.players) + sum(sum(p.earned.values()) for p in state.players)
    if held != made:
        found.append(f"coins: {held} held or on combos != {made} started with or earned")
    return found


def holding(state: State, r: int, lost_tribe: str = "a lost tribe") -> list[str]:
    """Return region ``r``'s broken invariants every variant shares: tokens exactly when a
    race instance holds it, and no lost tribe (``lost_tribe`` names one) beside a race."""
    reg = state.regions[r]
    found = []
    if (reg.inst is None) != (reg.tokens == 0):
        found.append(f"region {r}: {reg.tokens} tokens of instance {reg.inst}")
    if reg.lost_tribe and reg.inst is not None:
        found.append(f"region {r}: {lost_tribe} beside a race")
    return found


def _board(state: State) -> list[str]:
    found = []
    for r, reg in enumerate(state.regions):
        inst = state.inst(reg.inst)
        found += holding(state, r)
        if reg.hole and (inst is None or inst.declined or inst.race != "halflings"):
            found.append(f"region {r}: a hole-in-the-ground without active halflings")
        if (reg.hero or reg.encampments or reg.dragon) and (inst is None or inst.declined):
            found.append(f"region {r}: a hero, encampment or dragon without an active race")
        if state.board.regions[r].water and inst is not None and inst.power != "seafaring":
            found.append(f"region {r}: water occupied without Seafaring")
    if len(state.column) > data.constants(state.variant)["column_size"]:
        found.append(f"{len(state.column)} combos in the column")
    return found


def _players(state: State) -> list[str]:
    found = []
    for seat, player in enumerate(state.players):
        declined = [state.insts[i] for i in player.declined]
        if sum(not i.has_spirit for i in declined) > 1 or sum(i.has_spirit for i in declined) > 1:
            found.append(f"seat {seat}: too many races in decline")
        for inst in state.live_insts(seat):
            if inst.owner != seat or inst.gone:
                found.append(f"seat {seat}: holds instance {inst.id} it does not own")
    return found

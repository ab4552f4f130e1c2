"""The combo column: picking (pay and collect coins), refilling, banner return, badge reshuffle."""

from __future__ import annotations

from . import data, msgs
from .state import Instance, State


def pick_problem(state: State, seat: int, index: int):
    """Return why ``seat`` may not pick combo ``index`` now (None if it may)."""
    if state.phase != "pick" or state.current != seat:
        return msgs.err("not_now")
    if not 0 <= index < len(state.column):
        return msgs.err("no_such_combo", index=index, count=len(state.column))
    if state.players[seat].coins < index:
        return msgs.err("cannot_afford", cost=index, coins=state.players[seat].coins)
    return None


def pick(state: State, seat: int, index: int, events: list) -> Instance:
    """Pay for combo ``index``, take its coins and tokens, and refill the column (3.3)."""
    player = state.edit_player(seat)
    for above, (race, power, coins) in enumerate(state.column[:index]):
        state.column[above] = [race, power, coins + 1]  # entries are replaced, never changed
    player.coins -= index
    race, power, coins = state.column.pop(index)
    player.coins += coins
    inst = _new_instance(state, seat, race, power)
    player.active = inst.id
    events.append(msgs.event("pick", seat=seat, index=index, race=msgs.race(race),
                             power=msgs.power(power), cost=index, tokens=inst.hand))
    events.append(msgs.event("coins_taken", audience=frozenset({seat}), seat=seat,
                             paid=index, taken=coins, coins=player.coins))
    refill(state, events)
    return inst


def _new_instance(state: State, seat: int, race: str, power: str) -> Instance:
    race_def = data.races(state.variant)[race]
    badge = data.powers(state.variant)[power]["badge"]
    wanted = race_def["banner"] + badge + race_def.get("extra_tokens", 0)
    tokens = min(wanted, state.tray[race])
    state.tray[race] -= tokens
    inst = Instance(id=len(state.insts), race=race, power=power, owner=seat,
                    picked_turn=state.turn, hand=tokens,
                    has_spirit="spirit" in data.power_hooks(power, state.variant))
    if "encampments" in data.power_hooks(power, state.variant):
        inst.camps = state.supply["encampment"]
        state.supply["encampment"] = 0
    state.insts.append(inst)
    state.own_inst(inst.id)
    return inst


def refill(state: State, events: list) -> None:
    """Append new combos at the bottom until the column is full or the race deck is empty."""
    size = data.constants(state.variant)["column_size"]
    while len(state.column) < size and state.race_deck:
        if not state.power_deck and not _reshuffle(state, events):
            return
        race, power = state.race_deck[0], state.power_deck[0]
        state.race_deck, state.power_deck = state.race_deck[1:], state.power_deck[1:]
        state.race_deck_known = min(state.race_deck_known, len(state.race_deck))
        state.column.append([race, power, 0])
        events.append(msgs.event("combo_revealed", reveals=True, race=msgs.race(race),
                                 power=msgs.power(power), position=len(state.column) - 1))


def _reshuffle(state: State, events: list) -> bool:
    if not state.discard:
        return False
    state.power_deck = state.rng.shuffle(list(state.discard))
    state.discard = []
    events.append(msgs.event("powers_reshuffled", reveals=True, count=len(state.power_deck)))
    return True


def keeps_badge(state: State, inst: Instance) -> bool:
    """Tell whether ``inst``'s badge stays with it in decline (Spirit; a variant's badges),
    so that it is discarded only when the race leaves the map."""
    from .variant import rules_of  # the variant hooks use this module

    return inst.has_spirit or rules_of(state).badge_stays_in_decline(state, inst)


def return_banner(state: State, inst: Instance, events: list) -> None:
    """Send a race that left the board to the bottom of the race deck and refill (3.14)."""
    inst.gone = True
    player = state.edit_player(inst.owner)
    if inst.id in player.declined:
        player.declined.remove(inst.id)
    if player.active == inst.id:
        player.active = None
    state.race_deck = [*state.race_deck, inst.race]
    state.race_deck_known += 1
    if inst.declined and keeps_badge(state, inst):
        state.discard = [*state.discard, inst.power]
    events.append(msgs.event("banner_returned", seat=inst.owner, race=msgs.race(inst.race)))
    refill(state, events)

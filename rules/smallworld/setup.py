"""Set up a new game (section 2): map, pieces, decks (seeded or fixed by options), coins."""

from __future__ import annotations

from typing import Any, Mapping

from rules.core.errors import CannotParse
from rules.core.numbers import whole_number
from rules.core.options import start_seat
from rules.core.rng import Rng

from . import combos, data, flow, msgs
from .state import Player, State
from .variant import rules_of


def new_game(seed: int, players: int, options: Mapping[str, Any], variant: str = "base") -> State:
    """Return the starting state for ``players`` seats."""
    consts = data.constants(variant)
    state = State(variant=variant, map="", n=players, turns=0, first=0, rng=Rng(seed))
    rules = rules_of(state)
    state.map = rules.choose_map(state, options)
    state.turns = rules.game_turns(state)
    state.supply = {k: v for k, v in consts["supply"].items()}
    state.tray = {race: d["tray"] for race, d in data.races(variant).items()}
    rules.place_neutrals(state)
    state.race_deck, state.power_deck = _decks(state, options.get("combos") or [])
    state.players = [Player(coins=consts["start_coins"]) for _ in range(players)]
    state.dice = _dice(state, options.get("dice") or [])
    state.first = start_seat(options.get("first_player"), players, state.rng)
    state.current = state.first
    combos.refill(state, [])
    flow.start_turn(state, [])
    return state


def _dice(state: State, values: list) -> list[int]:
    faces = set(data.constants(state.variant)["die"])
    dice = [whole_number(str(d)) for d in values]
    if not set(dice) <= faces:
        raise CannotParse(msgs.err("bad_dice", dice=",".join(map(str, values))))
    return dice


def _decks(state: State, fixed: list[str]) -> tuple[list[str], list[str]]:
    races, powers = [], []
    for item in fixed:
        race, _, power = item.strip().lower().partition(":")
        if race not in data.races(state.variant) or race in races:
            raise CannotParse(msgs.err("bad_combo", combo=item))
        if power and (power not in data.dealt_powers(state.variant) or power in powers):
            raise CannotParse(msgs.err("bad_combo", combo=item))
        races.append(race)
        if power:
            powers.append(power)
    rest_races = state.rng.shuffle([r for r in data.races(state.variant) if r not in races])
    rest_powers = state.rng.shuffle([p for p in data.dealt_powers(state.variant)
                                     if p not in powers])
    return races + list(rest_races), powers + list(rest_powers)

"""Set up a new game (spec §1.2, §2.2, §2.3, §11): spaces, round cards, harvest markers,
start player, starting food, furnishing supply."""

from __future__ import annotations

from typing import Any, Mapping

from rules.core import CannotParse, Rng, start_seat

from . import data, msgs, spaces
from .state import State, new_player

FOOD_BY_POSITION = (1, 1, 2, 3, 3, 3, 3)
SOLO_FOOD = 2


def round_cards(rng: Rng, players: int, fixed: list | None) -> list[str]:
    """Return the card of each round: fixed order if given, else shuffled per stage."""
    if fixed:
        cards = [c.strip().lower() for c in fixed]
        known = {c for s in (1, 2, 3, 4) for c in data.stage_cards(s)}
        expected = 12 if players > 2 else 11
        if len(cards) != expected or len(set(cards)) != expected or not set(cards) <= known:
            raise CannotParse(msgs.error("bad_rounds", count=expected))
        return cards
    if players == 1:
        return data.solo_order()
    cards: list[str] = []
    for stage in (1, 2, 3, 4):
        deck = data.stage_cards(stage)
        if stage == 2:
            deck.remove("wish-for-children")
            cards.append("wish-for-children")
        if stage == 3 and players <= 2:
            deck.remove("exploration")
        cards.extend(rng.shuffle(deck))
    return cards


def harvest_markers(rng: Rng, players: int, fixed: list | None) -> list[str]:
    """Return the markers of rounds 6.. (solo: none; a fixed list must still be markers)."""
    markers = [m.strip().lower() for m in fixed or ()]
    expected = 7 if players > 2 else 6
    if not set(markers) <= {"green", "red"}:
        raise CannotParse(msgs.error("bad_harvest", count=expected))
    if players == 1:  # no harvest track: a well-formed list waits for more players
        return []
    if fixed:
        if len(markers) != expected:
            raise CannotParse(msgs.error("bad_harvest", count=expected))
        return markers
    greens = 3 if players == 2 else 4
    return rng.shuffle(["green"] * greens + ["red"] * 3)


def new_state(seed: int, players: int, options: Mapping[str, Any]) -> State:
    """Return the state before round 1 starts."""
    rng = Rng(seed)
    start = start_seat(options.get("start", -1), players, rng)
    cards = round_cards(rng, players, options.get("rounds") or None)
    markers = harvest_markers(rng, players, options.get("harvest") or None)
    tiles = [t for t, v in data.tiles().items() if v["intro"] or not options.get("intro")]
    ps = []
    for seat in range(players):
        position = (seat - start) % players
        ps.append(new_player(SOLO_FOOD if players == 1 else FOOD_BY_POSITION[position]))
    return State(rng=rng, players=players, options=dict(options), rounds_total=len(cards),
                 round_cards=cards, markers=markers,
                 spaces=[spaces.new_space(k) for k in data.board_keys(players)],
                 tiles_left=tiles, ps=ps, start_player=start, turn=start)

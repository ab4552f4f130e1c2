"""Vindication's invariants (spec 8.7): what must hold in every position, as a list of problems.

Each player owns 21 cubes wherever they lie, never a negative count, Honor at least 0 and
Speed 2-5; no two medals share a triangle; every card of the six decks is in exactly one
place (deck, face-up slot, a pending pick, a player, or removed); each attribute's
proficiency tokens (supply + held + on a monument + removed) add up to one fewer than
the players. Call
:func:`problems` on a state; an empty list means it is sound. (The position builder checks
built positions with it; the game object does not call it yet.)
"""

from __future__ import annotations

from collections import Counter

from .data import ATTRIBUTES, CARD_DECKS, deck_cards
from .monuments import monument_tiles
from .pets import pet_problems
from .power import cube_total

CUBES = 21


def problems(state) -> list[str]:
    """Return every broken invariant of ``state`` (empty when all hold)."""
    return [*_players(state), *_medals(state), *_cards(state), *_proficiency(state),
            *pet_problems(state)]


def _players(state) -> list[str]:
    found = []
    for seat, p in enumerate(state.players):
        if cube_total(state, seat) != CUBES:
            found.append(f"seat {seat}: {cube_total(state, seat)} cubes, not {CUBES}")
        if min([p.potential, p.influence, p.conviction, *p.attrs.values()]) < 0:
            found.append(f"seat {seat}: a negative cube count")
        if p.honor < 0 or not 2 <= p.speed <= 5:
            found.append(f"seat {seat}: honor {p.honor}, speed {p.speed}")
        if p.crystals < 0 or any(p.infused_used.count(a) > p.infused.count(a)
                                 for a in p.infused_used):
            found.append(f"seat {seat}: crystals {p.crystals}, infused {p.infused}")
    return found


def _medals(state) -> list[str]:
    medals = [p.triangle for p in state.players]
    return [] if len(set(medals)) == len(medals) else [f"medals share a triangle: {medals}"]


def _cards(state) -> list[str]:
    pool = [c for c in state.removed if c not in deck_cards("pets")]  # see pet_problems
    for deck in CARD_DECKS:
        pool += state.decks[deck] + ([state.face_up[deck]] if state.face_up[deck] else [])
        pool += [c for d in state.pending if d["type"] == "pick" and d["deck"] == deck
                 for c in d["candidates"]]
    for p in state.players:
        pool += [c for c, _ in p.companions] + [r for r, _ in p.relics]
        pool += p.traits + p.monsters
    chosen = state.options.get("modules", [])
    everything = Counter(c for deck in CARD_DECKS for c in deck_cards(deck, chosen))
    have = Counter(pool)
    return [f"card {c}: {have[c]} in play, {everything[c]} in the box"
            for c in sorted(set(everything) | set(have)) if have[c] != everything[c]]


def _proficiency(state) -> list[str]:
    found = []
    for attr in ATTRIBUTES:
        held = sum(p.proficiency[attr] + monument_tiles(p).count(attr) for p in state.players)
        total = state.prof_supply[attr] + held + state.prof_removed[attr]
        if total != len(state.players) - 1 or state.prof_supply[attr] < 0:
            found.append(f"{attr}: {state.prof_supply[attr]} + {held} held + "
                         f"{state.prof_removed[attr]} removed")
    return found

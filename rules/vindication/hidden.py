"""Hidden information (spec 8.4): what each seat may not know, and its re-randomisation.

Hidden from everyone: every deck order, the bag order, the quest and trigger decks, the wish
pool. Hidden from all but the owner: Secret Quests held, the quests dealt at set-up or drawn at
the Temple Ruins, and the candidates of an empowered draw.
"""

from __future__ import annotations

from rules.core import Rng

SECRET_DECISIONS = frozenset({"quest_keep", "pick", "temple_keep"})


def rerandomise(state, seat: int | None, seed: int):
    """Return a copy where everything hidden from ``seat`` is re-drawn from ``seed``."""
    copy = state.clone()
    rng = Rng(seed)
    rng.shuffle(copy.bag)
    rng.shuffle(copy.trigger_deck)
    rng.shuffle(copy.wish_pool)
    _redeal_quests(copy, seat, rng)
    for deck in copy.decks:
        _redeal_candidates(copy, seat, deck, rng)
    return copy


def _quest_slots(state, seat):
    """Yield the hidden quest lists of other seats (and the decks), as (list, keep-length)."""
    slots = [state.quest_deck, state.quest_returns]
    for other, player in enumerate(state.players):
        if other != seat:
            slots.append(player.quests)
    for d in state.pending:
        if d["seat"] != seat and d["type"] == "quest_keep":
            slots.append(d["dealt"])
        if d["seat"] != seat and d["type"] == "temple_keep":
            slots.append(d["drawn"])
    return slots


def _redeal_quests(state, seat, rng) -> None:
    slots = _quest_slots(state, seat)
    pool = rng.shuffle([q for slot in slots for q in slot])
    for slot in slots:
        size = len(slot)
        slot[:] = pool[:size]
        del pool[:size]


def _redeal_candidates(state, seat, deck, rng) -> None:
    slots = [state.decks[deck]] + [d["candidates"] for d in state.pending
                                   if d["type"] == "pick" and d["deck"] == deck
                                   and d["seat"] != seat]
    pool = rng.shuffle([c for slot in slots for c in slot])
    for slot in slots:
        size = len(slot)
        slot[:] = pool[:size]
        del pool[:size]

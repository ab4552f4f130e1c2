"""Hidden information (spec 8.4): what each seat may not know, and its re-randomisation.

Hidden from everyone: every deck order, the bag order, the quest and trigger decks, the wish
pool, the pet deck (7.8), the Myths & Marvels loot deck (7.11). Hidden from all but the owner:
Secret Quests held, the quests dealt at set-up or drawn at the Temple Ruins, and the candidates
of an empowered draw (pets too).
"""

from __future__ import annotations

from rules.core import Rng

from .data import CARD_DECKS
from .myths import rerandomise as rerandomise_loot
from .pets import redeal as redeal_pets

SECRET_DECISIONS = frozenset({"quest_keep", "pick", "temple_keep", "pet_pick"})


def rerandomise(state, seat: int | None, seed: int):
    """Return a copy where everything hidden from ``seat`` is re-drawn from ``seed``."""
    copy = state.clone()
    rng = Rng(seed)
    rng.shuffle(copy.bag)
    rng.shuffle(copy.trigger_deck)
    rng.shuffle(copy.wish_pool)
    _redeal_quests(copy, seat, rng)
    for deck in CARD_DECKS:
        redeal_candidates(copy, seat, deck, rng.shuffle)
    redeal_pets(copy, seat, rng)
    rerandomise_loot(copy, rng)
    return copy


def _known_quests(state, seat) -> set[str]:
    """Return the quests ``seat`` knows the place of: its own (held, returned, being chosen),
    and every held quest once the game is over (revealed at final scoring)."""
    known: set[str] = set()
    if seat is not None:
        known |= set(state.players[seat].quests) | set(state.players[seat].returned)
        for d in state.pending:
            if d["seat"] == seat and d["type"] in ("quest_keep", "temple_keep"):
                known |= set(d.get("dealt") or d.get("drawn") or [])
    if state.over:
        known |= {q for player in state.players for q in player.quests}
    return known


def _quest_slots(state, seat) -> list[list]:
    """Return every list that holds quest ids (deck, returns, hands, returned, dealt)."""
    slots = [state.quest_deck, state.quest_returns]
    for player in state.players:
        slots += [player.quests, player.returned]
    slots += [d.get("dealt") or d.get("drawn") for d in state.pending
              if d["type"] in ("quest_keep", "temple_keep")]
    return slots


def _redeal_quests(state, seat, rng) -> None:
    """Relabel the quests unknown to ``seat`` by a random permutation, everywhere at once.

    What ``seat`` has seen stays fixed (its own quests, the ones it returned, the ones it is
    choosing from), and every link between hidden lists is kept: another player's returned
    quest still lies in the deck (or the returns), under a new name."""
    known = _known_quests(state, seat)
    unknown = sorted({q for slot in _quest_slots(state, seat) for q in slot} - known)
    relabel = dict(zip(unknown, rng.shuffle(list(unknown)), strict=True))
    for slot in _quest_slots(state, seat):
        slot[:] = [relabel.get(q, q) for q in slot]


def redeal_candidates(state, seat, deck, arrange) -> None:
    """Re-deal the deck and the hidden candidates of other seats' empowered draws in the
    order ``arrange(cards)`` returns (a shuffle, or a fixed order); the former face-up card
    among them was public and stays where it is."""
    picks = [d for d in state.pending
             if d["type"] == "pick" and d["deck"] == deck and d["seat"] != seat]
    hidden = [[c for c in d["candidates"] if c != d.get("face_up")] for d in picks]
    slots = [state.decks[deck]] + hidden
    pool = list(arrange([c for slot in slots for c in slot]))
    for slot in slots:
        size = len(slot)
        slot[:] = pool[:size]
        del pool[:size]
    for d, cards in zip(picks, hidden, strict=True):
        d["candidates"] = cards + ([d["face_up"]] if d.get("face_up") else [])

"""Scores (spec §8): a win is worth 1; the tie-break key is the unpolluted-hex count."""

from __future__ import annotations

from rules.core import ScoreLine

from .victory import unpolluted


def score(state) -> dict[int, ScoreLine]:
    """Return each seat's score: 1 for a winner, with houses and unpolluted hexes shown."""
    out = {}
    for seat in range(state.players):
        won = int(seat in state.winners)
        hexes = 0 if state.ps[seat]["eliminated"] else unpolluted(state, seat)
        out[seat] = ScoreLine(won, {"antiquity.score.won": won,
                                    "antiquity.score.houses": len(state.ps[seat]["houses"]),
                                    "antiquity.score.unpolluted": hexes}, (hexes,))
    return out

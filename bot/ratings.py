"""Multiplayer ratings (openskill's Plackett-Luce model): ranks from scores, new ratings.

A finished game counts when it had at least two players; shared places tie. The number
shown to players is the conservative estimate ``mu - 3 sigma`` scaled to a familiar range.
"""

from __future__ import annotations

from typing import Mapping, Sequence

from openskill.models import PlackettLuce

from rules.core import ScoreLine

MODEL = PlackettLuce()
DISPLAY_SCALE = 40  # 0 for a new player; about 1000 for a strong regular


def ranks(scores: Mapping[int, ScoreLine], winners: Sequence[int]) -> list[int]:
    """Return each seat's place (1 = best; equal total and tie-break share a place).

    The game's own winners come first even when its winner rule is not the highest total
    (a game decided by a victory condition).
    """
    winning = set(winners)

    def key(seat: int) -> tuple:
        line = scores[seat]
        return (seat not in winning, -line.total, tuple(-t for t in line.tiebreak))

    order = sorted(scores, key=key)
    places: dict[int, int] = {}
    for index, seat in enumerate(order):
        same = index and key(order[index - 1]) == key(seat)
        places[seat] = places[order[index - 1]] if same else index + 1
    return [places[seat] for seat in sorted(scores)]


def rate(current: Sequence[tuple[float, float] | None],
         places: Sequence[int]) -> list[tuple[float, float]]:
    """Return the new (mu, sigma) of each player from their old ratings and places."""
    teams = [[MODEL.rating() if old is None else MODEL.rating(mu=old[0], sigma=old[1])]
             for old in current]
    rated = MODEL.rate(teams, ranks=list(places))
    return [(team[0].mu, team[0].sigma) for team in rated]


def shown(mu: float, sigma: float) -> int:
    """The rating shown to people: the conservative estimate, scaled, never below zero."""
    return max(0, round((mu - 3 * sigma) * DISPLAY_SCALE))

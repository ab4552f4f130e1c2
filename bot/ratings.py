"""Multiplayer ratings (the Weng-Lin Plackett-Luce model): ranks from scores, new ratings.

A finished game counts when it had at least two players; shared places tie. The number
shown to players is the conservative estimate ``mu - 3 sigma`` (openskill's "ordinal") on a
familiar, chess-like scale: a new player shows 1000, a first game won or lost moves that up
or down (never to 0, which would read as unrated), and a strong regular approaches 2000.
The update is Algorithm 4 of Weng and Lin (JMLR 12, 2011) with the defaults openskill uses
(mu 25, sigma 25/3, beta 25/6, kappa 0.0001, tau 25/300), one player per team.
"""

from __future__ import annotations

import math
from typing import Mapping, Sequence

from rules.core import ScoreLine

MU, SIGMA = 25.0, 25.0 / 3.0  # a new player's rating
BETA = 25.0 / 6.0  # the spread of one game's performance around skill
KAPPA = 0.0001  # the least a variance may shrink to, as a fraction
TAU = 25.0 / 300.0  # added uncertainty per game, so that ratings keep moving
DISPLAY_BASE = 1000  # a new player's shown rating (ordinal 0)
DISPLAY_SCALE = 40  # shown points per unit of ordinal: a strong regular (ordinal ~25) ~2000


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
    order = sorted(range(len(places)), key=lambda seat: (places[seat], seat))
    ranks = [places[seat] for seat in order]
    mus, sigmas = [], []
    for seat in order:
        mu, sigma = current[seat] or (MU, SIGMA)
        mus.append(mu)
        sigmas.append(math.sqrt(sigma * sigma + TAU * TAU))
    variances = [sigma ** 2 for sigma in sigmas]
    c = math.sqrt(sum(variance + BETA ** 2 for variance in variances))
    strengths = [math.exp(mu / c) for mu in mus]
    beaten_by = _strength_at_or_below(ranks, strengths)
    sharing = [ranks.count(rank) for rank in ranks]
    rated = [(0.0, 0.0)] * len(places)
    for i, seat in enumerate(order):
        omega = delta = 0.0
        for q, rank in enumerate(ranks):
            if rank > ranks[i]:
                continue
            share = strengths[i] / beaten_by[q]
            delta += share * (1 - share) / sharing[q]
            omega += ((1 - share) if q == i else -share) / sharing[q]
        omega *= variances[i] / c
        delta *= variances[i] / c ** 2 * (math.sqrt(variances[i]) / c)
        rated[seat] = (mus[i] + omega, sigmas[i] * math.sqrt(max(1 - delta, KAPPA)))
    return rated


def _strength_at_or_below(ranks: list[int], strengths: list[float]) -> list[float]:
    """For each place, the summed strength of every player placed there or lower."""
    totals = [0.0] * len(ranks)
    for i, rank in enumerate(ranks):
        for q, other in enumerate(ranks):
            if rank >= other:
                totals[q] += strengths[i]
    return totals


def shown(mu: float, sigma: float) -> int:
    """The rating shown to people: the conservative estimate on the 1000-based scale."""
    return max(0, round(DISPLAY_BASE + (mu - 3 * sigma) * DISPLAY_SCALE))

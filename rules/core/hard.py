"""The ``hard`` level: normal's choice, challenged by rollouts through the opponents' replies.

``normal`` ranks the options by the position right after them (one step further when the
seat's own compound turn continues) and plays the best. ``hard`` starts from exactly that
ranking, on the same determinisation, and takes normal's choice as the *default*; the next
few options (``HARD_WIDTH`` less one) are *challengers*. Each candidate is played on the same
determinisations, with the same random stream for chance and for the players' tie-breaks
(common random numbers), and then every seat goes on with normal's own greedy policy (a
smaller sample of options: ``ROLLOUT_JUDGED``, ``ROLLOUT_CONTINUATIONS``) until the deciding
seat is to make a decision again after another seat has moved (its turn done and the others'
replies played), or ``ROLLOUT_DEPTH`` decisions (``ROLLOUT_DEPTH_AT`` by seat count). A game may
set its own horizon instead (``rollout_horizon``: Antiquity plays to the end of the turn) and
judge fewer options at some of a rollout's decisions (``rollout_judged``). The seat's
relative evaluation there is the candidate's sample. Where a game sets ``HARD_WORK``, a
decision plays no more rounds of rollouts once another round would take its positions judged
past it (at least two rounds): fewer rollouts where the rollouts are long, so a decision's
time stays bounded whatever the position.

Hard leaves normal's choice only when a challenger's mean beats the default's mean, over the
paired samples, by more than ``HARD_MARGIN`` evaluation points (and by more than
``HARD_SPREAD`` standard errors of the paired difference): a conservative policy improvement,
so hard plays as normal does where look-ahead sees nothing, and better where the replies show
what one step cannot (an opening a conquest leaves, an action space the opponent takes next).

The rollouts work on determinisations of the seat's canonical state (``greedy.canonical``,
``greedy.determinise``), never on the true hidden parts, so the choice is the same for every state
the seat cannot tell apart.
"""

from __future__ import annotations

import math
from typing import Any

from . import greedy
from .rng import Rng
from .types import Action

HARD_ITERATIONS = 40  # rollouts of a hard decision; a game's evaluate module sets its own
# ... and, by number of seats, where a game of only hard seats would otherwise take more than
# 10 minutes of computing (a rollout plays every other seat's reply: more seats, longer)
HARD_ITERATIONS_AT: dict[int, int] = {}
HARD_WIDTH = 4  # candidates: normal's choice and the next options of its ranking
HARD_MARGIN = 0.5  # evaluation points a challenger's mean must gain over the default's
HARD_SPREAD = 1.0  # ... and standard errors of the paired difference
ROLLOUT_DEPTH = 40  # decisions played after a candidate at most
# ... and, by number of seats, where a rollout through every other seat's reply costs more
# than a game of only hard seats can spend within 10 minutes of computing
ROLLOUT_DEPTH_AT: dict[int, int] = {}
ROLLOUT_JUDGED = 6  # options each decision of a rollout judges (normal judges greedy.JUDGED)
# the most positions a decision's rollouts judge (None: no cap): once the next round of
# rollouts would take them past it, the decision stops with the rounds played (two at least).
# Counted in positions, not seconds, so a decision is the same on every machine.
HARD_WORK: int | None = None
ROLLOUT_CONTINUATIONS = 3  # next steps of the mover's own turn judged per option
# the game's hooks that put first the options a rollout always judges (half its sample): its
# own ``rollout_priority`` where a game has one, else the ``option_priority`` normal uses
ROLLOUT_PRIORITY = ("rollout_priority", "option_priority")
# A game's other hooks for its rollouts, both optional:
# - ``rollout_horizon(start, state, seat) -> bool``: the rollout from the determinisation
#   ``start`` has gone far enough at ``state`` (it replaces the default end: ``seat`` to decide
#   again after another seat moved);
# - ``rollout_judged(state, mover, limit) -> int``: the options ``mover`` judges at this
#   decision of a rollout instead of ``limit`` (0: the first in the rollout order, unjudged).

# Why hard played what it played (``choose``'s verdict; bench/hard_verdicts.py counts them).
# Every verdict but SWITCHED plays normal's choice.
UNRANKED = "no option judged"  # the ranking judged nothing: a random option, as normal
WANDERED = "wandered"  # normal's rare random step among the ranked options (``WANDER``)
TOO_FEW = "too few rollouts"  # one candidate, or fewer than two full rounds of rollouts
CONFIRMED = "kept: rollouts agree"  # no challenger's mean beat normal's choice
UNCLEAR = "kept: not clearly better"  # a challenger's mean was ahead, within the margins
SWITCHED = "switched"  # a challenger beat normal's choice clearly: hard plays it
VERDICTS = (UNRANKED, WANDERED, TOO_FEW, CONFIRMED, UNCLEAR, SWITCHED)


def choose(game, canon: Any, seat: int, actions: list[Action], budget: int,
           rng: Rng) -> tuple[Action, int, int, str]:
    """Return ``seat``'s choice among ``actions`` on its canonical state ``canon``, the
    positions judged, the rollouts played (``budget`` at most) and the verdict (one of
    ``VERDICTS``: why hard played what it played).

    ``rng`` is drawn exactly as ``normal`` draws it first, so the default is normal's choice.
    """
    det = greedy.determinise(game, canon, seat, rng.next64())
    ranked, judged = greedy.rank(game, det, seat, actions, greedy.JUDGED, True, rng)
    if not ranked:
        return rng.choice(actions), judged, 0, UNRANKED
    if rng.randbelow(1000) < greedy.setting(game, "WANDER") * 1000:  # as normal: no round trips
        return rng.choice([a for _, a in ranked]), judged, 0, WANDERED
    best = ranked[0][0]
    default = rng.choice([a for v, a in ranked if v == best])
    width = setting(game, "HARD_WIDTH")
    candidates = [default] + [a for _, a in ranked if a is not default][:width - 1]
    rounds = budget // len(candidates) if len(candidates) > 1 else 0
    if rounds < 2:
        return default, judged, 0, TOO_FEW
    samples: list[list[float]] = [[] for _ in candidates]
    work, spent = setting(game, "HARD_WORK"), 0
    for done in range(rounds):
        if work is not None and done >= 2 and spent + spent / done > work:
            rounds = done  # another round would pass the cap: judge by the rounds played
            break
        draw = rng.next64()
        start = greedy.determinise(game, canon, seat, draw)
        row = []
        for action in candidates:
            value, looked = rollout(game, start, seat, action, draw)
            judged, spent = judged + looked, spent + looked
            row.append(value)
        if any(v is None for v in row):  # refused in this draw: compare only full rows
            continue
        for column, value in zip(samples, row, strict=True):
            column.append(value)
    chosen, verdict = _verdict(game, candidates, samples)
    return chosen, judged, rounds * len(candidates), verdict


def _verdict(game, candidates: list[Action], samples: list[list[float]]) -> tuple[Action, str]:
    """Return the challenger that beats the default clearly enough, or the default, and the
    verdict that says which and why."""
    base = samples[0]
    if len(base) < 2:
        return candidates[0], TOO_FEW
    margin, spread = setting(game, "HARD_MARGIN"), setting(game, "HARD_SPREAD")
    chosen, gain, ahead = candidates[0], 0.0, False
    for action, column in zip(candidates[1:], samples[1:], strict=True):
        diffs = [c - b for c, b in zip(column, base, strict=True)]
        mean = sum(diffs) / len(diffs)
        var = sum((d - mean) ** 2 for d in diffs) / (len(diffs) - 1)
        error = math.sqrt(var / len(diffs))
        ahead = ahead or mean > 0
        if mean > margin and mean > spread * error and mean > gain:
            chosen, gain = action, mean
    if chosen is not candidates[0]:
        return chosen, SWITCHED
    return chosen, (UNCLEAR if ahead else CONFIRMED)


def budget(game, seats: int) -> int:
    """Return the rollouts of a hard decision in ``game`` at ``seats`` seats."""
    return setting(game, "HARD_ITERATIONS_AT").get(seats, setting(game, "HARD_ITERATIONS"))


def depth(game, seats: int) -> int:
    """Return the most decisions a rollout of ``game`` at ``seats`` seats plays."""
    return setting(game, "ROLLOUT_DEPTH_AT").get(seats, setting(game, "ROLLOUT_DEPTH"))


def setting(game, name: str) -> Any:
    """Return a hard-level setting from the game's evaluate module, or this module's."""
    return getattr(game.evaluator, name, globals()[name])


def rollout(game, start: Any, seat: int, action: Action,
            draw: int) -> tuple[float | None, int]:
    """Play ``action`` on a copy of the determinisation ``start``, then normal's policy for
    every seat until ``seat`` decides again after another seat moved (or at the game's
    ``rollout_horizon``); return ``seat``'s relative evaluation there (None when ``action`` is
    refused) and the positions judged."""
    state = greedy.after(game, start, seat, action)
    if state is None:
        return None, 0
    state.rng = Rng(draw ^ 0x5EED)  # the same chance after every candidate
    policy = Rng(draw ^ 0xB0B)  # and the same samples and tie-breaks
    seats = greedy.seat_count(game, state)
    limit, follow = setting(game, "ROLLOUT_JUDGED"), setting(game, "ROLLOUT_CONTINUATIONS")
    judged, others_moved = 1, False
    horizon = getattr(game.evaluator, "rollout_horizon", None)
    judging = getattr(game.evaluator, "rollout_judged", None)
    for _ in range(depth(game, seats)):
        if game.is_over(state):
            break
        movers = sorted(game.to_act(state))
        if not movers or _ends(horizon, start, state, seat, movers, others_moved):
            break
        mover = seat if seat in movers else movers[0]
        options = [a for a in game.legal_actions(state, mover)
                   if not game.is_concession(state, mover, a)]
        if not options:
            break
        judges = limit if judging is None else judging(state, mover, limit)
        chosen, looked = _greedy(game, state, mover, options, judges, follow, policy)
        judged += looked
        if not greedy.play(game, state, mover, chosen):
            break
        others_moved = others_moved or mover != seat
    return greedy.relative(greedy.values(game, state, seats), seat), judged


def _ends(horizon, start: Any, state: Any, seat: int, movers: list[int],
          others_moved: bool) -> bool:
    """Tell whether a rollout from ``start`` has gone far enough at ``state``: the game's
    ``horizon`` says so where it has one, else ``seat`` is to decide again after another seat
    moved."""
    if horizon is not None:
        return horizon(start, state, seat)
    return others_moved and seat in movers


def _greedy(game, state: Any, mover: int, options: list[Action], limit: int, follow: int,
            rng: Rng) -> tuple[Action, int]:
    """Return normal's choice for ``mover`` on a sample of ``limit`` options (0: the first in
    the rollout order, unjudged), and the positions judged."""
    if len(options) == 1:
        return options[0], 0
    if limit <= 0:
        return greedy.ordered(game, state, mover, options, ROLLOUT_PRIORITY)[0], 0
    ranked, judged = greedy.rank(game, state, mover, options, limit, True, rng, follow,
                                 ROLLOUT_PRIORITY)
    return (ranked[0][1] if ranked else options[0]), judged

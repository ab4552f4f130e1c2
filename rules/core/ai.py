"""Computer players: one search for every game, over the pure rules.

The entry point is :func:`decide`. Each game gives only its evaluation of a position
(``Game.evaluation``, usually ``rules/<game>/evaluate.py`` through ``Game.evaluator``) and,
where useful, which options to consider first (``option_priority``) and how to put what a
seat cannot see into one canonical order (``canonical_hidden``).

**It never sees what its seat may not see.** Every level works on *determinisations*: the
state is first put in a canonical form of what the seat cannot see, then re-drawn with
``game.rerandomise_hidden(state, seat, seed)``, and its random stream is replaced by a fresh
one, so neither hidden parts nor future chance outcomes of the true state reach the choice.
For a given seed and budget the choice is therefore the same for every state the seat cannot
tell apart.

Levels:

* ``easy``: a random legal move among those whose one-step evaluation is not far worse than
  the best (the game's ``BLUNDER`` margin): obvious blunders avoided, nothing more;
* ``normal``: greedy over the evaluation of the position after each option, looking one step
  further when the seat's own compound turn continues (it picks the best continuation);
* ``hard``: normal's choice, challenged by its next few options: each candidate is played on
  the same determinisations, followed by normal's policy for every seat through the
  opponents' replies, and hard switches only when a challenger is clearly better there
  (:mod:`rules.core.hard`).

The shared parts (hooks, determinisations, the greedy ranking) live in
:mod:`rules.core.greedy`, the hard level in :mod:`rules.core.hard`; the names used elsewhere
are re-exported here. All randomness comes from :class:`rules.core.Rng` seeded by ``seed``;
``iterations`` bounds the work: the options judged by ``easy`` and ``normal`` (``normal`` also
judges at most ``CONTINUATIONS`` next steps of each), the rollouts of ``hard``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from . import greedy, hard
from .game import Game
from .greedy import JUDGED, after, canonical, determinise, rank, setting
from .rng import Rng
from .types import Action

__all__ = ["LEVELS", "Plan", "after", "canonical", "decide", "determinise", "plan", "setting"]

LEVELS = ("easy", "normal", "hard")


@dataclass
class Plan:
    """What :func:`plan` chose and how much work it did."""

    action: Action
    judged: int  # positions evaluated
    iterations: int  # rollouts played (hard only)
    verdict: str = ""  # why hard played it (one of ``hard.VERDICTS``; hard only)


def decide(game: Game, state: Any, seat: int, level: str, seed: int,
           iterations: int | None = None) -> Action:
    """Return the action a computer player at ``level`` chooses for ``seat``.

    ``seat`` must be allowed to act (``game.may_act``). Deterministic for a given ``seed``
    and ``iterations``; the same for every state that differs only in what ``seat`` cannot
    see. The returned action is one of ``game.legal_actions(state, seat)``.
    """
    return plan(game, state, seat, level, seed, iterations).action


def plan(game: Game, state: Any, seat: int, level: str, seed: int,
         iterations: int | None = None) -> Plan:
    """Like :func:`decide`, but also report the work done."""
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}; one of {', '.join(LEVELS)}")
    listed = list(game.legal_actions(state, seat))
    actions = [a for a in listed if not game.is_concession(state, seat, a)] or listed
    if not actions:
        raise ValueError(f"seat {seat} has no legal action to choose")
    if len(actions) == 1:
        return Plan(actions[0], 0, 0)
    rng = Rng(seed)
    canon = canonical(game, state, seat)
    if level == "hard":
        budget = (iterations if iterations is not None
                  else hard.budget(game, greedy.seat_count(game, state)))
        return Plan(*hard.choose(game, canon, seat, actions, budget, rng))
    limit = iterations if iterations is not None else JUDGED
    det = determinise(game, canon, seat, rng.next64())
    ranked, judged = rank(game, det, seat, actions, limit, level == "normal", rng)
    if not ranked:
        return Plan(rng.choice(actions), judged, 0)
    if level == "normal":
        if rng.randbelow(1000) < setting(game, "WANDER") * 1000:  # no endless round trips
            return Plan(rng.choice([a for _, a in ranked]), judged, 0)
        best = ranked[0][0]
        return Plan(rng.choice([a for v, a in ranked if v == best]), judged, 0)
    margin = setting(game, "BLUNDER")
    safe = [a for v, a in ranked if v >= ranked[0][0] - margin]
    return Plan(rng.choice(safe), judged, 0)

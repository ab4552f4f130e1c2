"""How good a Caverna position is for a seat, for computer players (rules.core.ai).

Spec §10 (final scoring): points for animals (minus missing kinds), crops, rubies, dwarfs,
pastures, mines, furnishing tiles and their bonuses, gold; minus unused spaces and begging
markers. A position is worth its current final-score estimate plus the actions its dwarfs
still bring in the rounds left, a little for building materials and food, minus the
begging the next feeding would cost if the seat cannot pay it from food and crops.
"""

from __future__ import annotations

from . import flow
from .harvest import feeding_cost
from .scoring import score_player
from .state import copy_state

HARD_ITERATIONS = 40  # rollouts of a hard decision: its p99 within 2 s (bench/ai_speed.py)
# fewer with more seats: at 40, a game of only hard seats at 7 players took over 13.7 minutes
# of computing (each rollout plays every other seat's reply and judges every seat). At 5-7
# players these keep a game of only hard seats (seed 1000) within 3 CPU minutes on a fast
# day of the shared machine, so within 10 on its slowest day seen (3.3 times slower; README,
# Computer players): at 32, 24 and 16 it took 4.1, 5.6 and 6.2 minutes
HARD_ITERATIONS_AT = {5: 20, 6: 12, 7: 8}
# the most positions a decision's rollouts judge (rules.core.hard): a real game's heaviest
# decisions (late rounds, many furnishing tiles to judge) took up to 3.6 s with all 40
# rollouts; capped, they play fewer (most decisions judge under 3,000 and play all 40)
HARD_WORK = 5000
# at 6 and 7 players a rollout through six others' replies judged 600 positions: the two
# rounds a decision plays at least took its p99 to 1.0 s at 7 players (0.3 s cut at 8)
ROLLOUT_DEPTH_AT = {6: 8, 7: 8}
BLUNDER = 3.0
ACTION = 1.2  # points a dwarf's action brings, on average, in a round still to play
MATERIAL = 0.3  # worth of a wood, stone, ore or food beyond feeding
BEGGING = 3.0  # a begging marker is -3 points (spec §9.3)
FEED = 2  # food per adult dwarf at a normal harvest


def evaluate(state, seat: int) -> float:
    """Return ``seat``'s score estimate plus its dwarfs' remaining actions, its materials,
    and minus the begging its next feeding would cost."""
    player = state.ps[seat]
    total = score_player(state, seat)["total"]
    if state.phase == "over":
        return float(total)
    goods = player["goods"]
    rounds_left = max(0, state.rounds_total - state.round)
    food = goods["food"] + goods["grain"] + 2 * goods["vegetable"]
    short = max(0, feeding_cost(player, FEED) - food)
    materials = goods["wood"] + goods["stone"] + goods["ore"] + max(0, -short + goods["food"])
    weapons = sum(d["weapon"] for d in player["dwarfs"])
    return (total + ACTION * len(player["dwarfs"]) * rounds_left + MATERIAL * materials
            + 0.1 * weapons - BEGGING * short)


def canonical_hidden(state, seat: int):
    """Return a copy with the face-down round cards sorted within their stages and the
    hidden harvest markers sorted, so re-randomising depends only on what is seen."""
    new = copy_state(state)
    new.round_cards = list(state.round_cards)
    new.markers = list(state.markers)
    hidden = [i for i in range(state.round, len(new.round_cards))
              if new.round_cards[i] != "wish-for-children"]
    for stage in (1, 2, 3, 4):
        slots = [i for i in hidden if flow.stage_of(new, i + 1) == stage]
        for i, card in zip(slots, sorted(new.round_cards[i] for i in slots), strict=True):
            new.round_cards[i] = card
    slots = [i for i in range(len(new.markers)) if i + 6 > state.round]
    for i, marker in zip(slots, sorted((new.markers[i] for i in slots), key=repr), strict=True):
        new.markers[i] = marker
    return new

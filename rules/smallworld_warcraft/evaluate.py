"""How good a Small World of Warcraft position is for a seat, for computer players.

Spec "Scoring": as in Small World, coins are the score and a seat earns each turn what its
regions, races, powers (and this game's markers and objectives, through the variant's own
score lines) bring; so the evaluation is Small World's. What differs is hidden: the
face-down markers and the goblin bombs, put in a canonical order here before the game
re-draws them.
"""

from __future__ import annotations

from rules.smallworld import evaluate as base
from rules.smallworld.state import State

from . import goblins, markers

HARD_ITERATIONS = 16  # rollouts of a hard decision: p99 within 2 s at 4 players (bench/ai_speed)
# fewer at 5 players: at 16, a game of only hard seats took 7.8 minutes of computing (seed
# 1000), too near the 10 allowed for games that run longer
HARD_ITERATIONS_AT = {5: 12}
# the most positions a decision's rollouts judge (rules.core.hard): at 4 players a rollout
# plays three other seats' whole turns (about 300-400 positions), and the slowest decisions
# of a real game took 3.1-3.7 s with all 16 rollouts; past the cap they play 2 rounds of 4
HARD_WORK = 3000
# at 5 players rollouts through four others' whole turns took a hard decision's p99 to 1.07
# s on a fast day (0.88 s cut at 16 decisions; README, Computer players)
ROLLOUT_DEPTH_AT = {5: 16}
BLUNDER = base.BLUNDER
WANDER = base.WANDER
SAME_STEP_COST = base.SAME_STEP_COST
# worth of a region conquered on a later turn: normal finished ahead of easy in 0.79 and
# 0.81 of 200 games at 2 and 4 players at 2.0 (Small World's own is 2.5)
CONQUEST = 2.0


def evaluate(state: State, seat: int, board: tuple | None = None) -> float:
    """Return Small World's evaluation of ``state`` for ``seat``, at Warcraft's ``CONQUEST``."""
    return base.evaluate(state, seat, board, CONQUEST)


def evaluate_all(state: State) -> list[float]:
    """Return every seat's :func:`evaluate`, the board scanned once for all."""
    return base.evaluate_all(state, CONQUEST)


def canonical_hidden(state: State, seat: int) -> State:
    """Return a copy with Small World's hidden parts, the face-down markers and the bombs
    sorted, so its re-randomisation depends only on what ``seat`` sees."""
    out = base.canonical_hidden(state, seat)  # a copy: its markers and bombs are its own
    down = [m for m in markers.on_board(out) if not m["up"]]
    ids = sorted([m["id"] for m in down] + list(out.extra.get("pool", [])))
    for found in down:
        found["id"] = ids.pop()
    if "pool" in out.extra:
        out.extra["pool"] = ids
    placed = [b for _, b in sorted(goblins.placed(out).items())]
    bombs = sorted(list(out.extra.get("bomb_pile") or []) + [b["kind"] for b in placed])
    for bomb in placed:
        bomb["kind"] = bombs.pop()
    if out.extra.get("bomb_pile") is not None:
        out.extra["bomb_pile"] = bombs
    return out


__all__ = ["canonical_hidden", "evaluate", "evaluate_all"]

"""How good a Small World position is for a seat, for computer players (rules.core.ai).

Spec "Scoring": coins are the score; a seat earns each turn one coin per region it holds
plus its races' and powers' bonuses. So a position is worth the seat's coins plus what it
earns now (``scoring.turn_lines``) and on every later turn it still scores (only what pays
again: ``steady``), discounted because races weaken and regions are lost, plus the
conquests its active race's spare tokens (or a fresh race, after a decline) promise on the
next few turns not begun yet: so a race that can no longer expand is worth putting in
decline.
Coins of other seats are hidden: in a determinisation they are drawn at random, which is why
the search compares evaluations by their change (the drawn offset cancels).
"""

from __future__ import annotations

from .scoring import regions_by_instance, turn_lines
from .state import State, copy_state

HARD_ITERATIONS = 32  # rollouts of a hard decision: p99 within 2 s at 4 players (bench/ai_speed)
# the most positions a decision's rollouts judge (rules.core.hard): at 4 players a rollout
# plays three other seats' whole turns, and the decisions of a real game took 1.95/3.11 s
# (CPU p50/p99, bench.ai_speed --real) with all 32 rollouts; capped, 1.04/1.56 s. At 2
# players decisions rarely reach the cap.
HARD_WORK = 6000
BLUNDER = 3.0
FUTURE = 0.4  # weight of a future turn's income (races decline, regions are lost)
# worth of a region conquered on a later turn (held for a while): at 2.0, normal finished
# ahead of easy in 0.73 of 200 games at 4 players (0.81 at 2), at 2.5 in 0.79 (0.89 at 2),
# once this turn's one-off coins counted only once (Warcraft keeps 2.0: its own module)
CONQUEST = 2.5
HORIZON = 3  # later turns whose conquests count
FRESH = 9  # tokens a race picked next turn brings, about
PER_REGION = 3  # tokens a conquest takes, about
# how often normal plays another judged option than the best (rules.core.ai): rarely here,
# as every step of a turn ends it nearer its end (no round trips to escape), and each
# wandering conquest or redeployment gives easy's near-greedy play the edge
WANDER = 0.005
# at equal worth, ending a redeployment ("done", then the end-of-turn menu) beats moving one
# more token: otherwise the seat moved tokens about at random until it drew "done" (a turn of
# 30 decisions, most of them pointless moves, in a game of normal seats)
SAME_STEP_COST = 0.01


def turns_left(state: State, seat: int) -> int:
    """Return the scoring steps ``seat`` still has, this turn's included if not yet scored."""
    if state.over:
        return 0
    later = state.turns - state.turn
    position = (seat - state.first) % state.n
    current = (state.current - state.first) % state.n
    return later + (1 if position >= current else 0)


def evaluate(state: State, seat: int, board: tuple | None = None,
             conquest: float | None = None) -> float:
    """Return ``seat``'s coins plus its discounted income over the turns it still scores
    (``board``: ``scoring.regions_by_instance`` of ``state``, when already known;
    ``conquest``: a variant's own worth of a later conquest, else ``CONQUEST``).

    During its own turn the seat is paid this turn's income in full, then on later turns
    only what the same board pays again (``steady``): what pays for this turn alone (a race
    picked this turn, this turn's conquests, Warcraft's faction bonus) counts once. Counted
    on every later turn, it made ending the turn look like a loss, and the seat moved its
    tokens about instead of ending it (hundreds of redeployments)."""
    player = state.players[seat]
    left = turns_left(state, seat)
    if left == 0:
        return float(player.coins)
    held, tokens = board if board is not None else regions_by_instance(state)
    steady = sum(coins for _, coins in turn_lines(state, seat, held, steady=True))
    if state.current == seat:  # its turn: this turn's scoring is still to come
        now = sum(coins for _, coins in turn_lines(state, seat, held))
        value = player.coins + now + steady * FUTURE * (left - 1)
    else:
        value = player.coins + steady * (1 + FUTURE * (left - 1))
    later = left - 1 if state.current == seat else left  # turns not begun yet
    if later > 0:
        worth = CONQUEST if conquest is None else conquest
        value += worth * conquests_per_turn(state, seat, board) * min(later, HORIZON)
    return value


def evaluate_all(state: State, conquest: float | None = None) -> list[float]:
    """Return every seat's :func:`evaluate`, the board scanned once for all."""
    board = regions_by_instance(state)
    return [evaluate(state, seat, board, conquest) for seat in range(state.n)]


def conquests_per_turn(state: State, seat: int, board: tuple | None = None) -> float:
    """Return the regions ``seat`` may conquer on each later turn: its active race's tokens
    beyond one per region it holds, or a fresh race's when it has none (it declined)."""
    player = state.players[seat]
    if player.active is None:
        return FRESH / PER_REGION
    inst = state.insts[player.active]
    held, on_board = board if board is not None else regions_by_instance(state)
    tokens = inst.hand + inst.pending + inst.reserve + on_board.get(inst.id, 0)
    return max(0, tokens - len(held.get(inst.id, ()))) / PER_REGION


def canonical_hidden(state: State, seat: int) -> State:
    """Return a copy with the hidden deck parts sorted and others' coins zeroed, so its
    re-randomisation depends only on what ``seat`` sees."""
    out = copy_state(state)
    hidden = len(out.race_deck) - out.race_deck_known
    out.race_deck = sorted(out.race_deck[:hidden], key=repr) + list(out.race_deck[hidden:])
    out.power_deck = sorted(out.power_deck, key=repr)
    if not out.over:
        for other in range(out.n):
            if other != seat:
                out.edit_player(other).coins = 0
    return out

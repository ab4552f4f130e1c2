"""What every level of the computer players builds on, and the greedy look of easy and normal.

The game's hooks (its evaluation, option priority, canonical order of hidden parts and
settings), determinisations, playing moves on copies, and :func:`rank`: every option judged
by the seat's relative evaluation after it (one step further when its own compound turn
continues). :mod:`rules.core.ai` is the entry point; :mod:`rules.core.hard` builds on this.
"""

from __future__ import annotations

from typing import Any, Sequence

from .decisions import DecisionGame
from .errors import RulesError
from .game import Game
from .rng import Rng
from .types import Action

JUDGED = 48  # options judged at most by easy/normal (the game's priority first)
CONTINUATIONS = 10  # continuations of the seat's own compound turn judged per option
BLUNDER = 5.0  # evaluation points below the best that easy never plays
STEP_COST = 1e-6  # what one more step of the same compound turn costs, for normal
# what a move that leaves the seat in the same kind of decision costs (moving tokens about
# forever would otherwise tie with finishing); a real gain (a conquest) outweighs it
STAY_COST = 1.5
# ... and beyond it, what such a move costs when the seat stays in the very same kind of
# decision (one more token moved), for a game where finishing is itself a step that gains
# nothing at once (Small World's "done", then a menu): at equal worth, finishing wins. 0 here
# leaves every other game's normal as it was measured.
SAME_STEP_COST = 0.0
# how often normal plays another judged option instead of the best: a position whose
# evaluation ranks a round trip (open a menu, close it) above every way forward would
# otherwise repeat for ever; a game may set its own
WANDER = 0.03
# whether a step of the same kind of decision that changes the seat's own evaluation counts as
# progress (judged by where it leads: the best next step) rather than as staying put (judged
# by leaving at once). A game sets it where its compound steps cannot be undone (Antiquity's
# City Building: build, house, staff, one way each), so a building is judged with the man who
# will staff it, not only by the position after "ready".
STEPS_ARE_PROGRESS = False


# -- the game's hooks ---------------------------------------------------------------------

def setting(game: Game, name: str) -> Any:
    """Return a search setting from the game's evaluate module, or this module's default."""
    return getattr(game.evaluator, name, globals()[name])


def canonical(game: Game, state: Any, seat: int) -> Any:
    """Return ``state`` with what ``seat`` cannot see in the game's canonical order."""
    hook = getattr(game.evaluator, "canonical_hidden", None)
    return hook(state, seat) if hook is not None else state


def determinise(game: Game, state: Any, seat: int, seed: int) -> Any:
    """Return a state ``seat`` cannot tell from ``state``, hidden parts and future chance
    re-drawn from ``seed`` (a fresh random stream replaces the state's own)."""
    out = game.rerandomise_hidden(state, seat, seed)
    out.rng = Rng(seed ^ 0xC0FFEE)
    return out


def values(game: Game, state: Any, seats: int) -> list[float]:
    """Return every seat's evaluation of ``state`` (at once where the game can share work
    between seats: ``evaluate_all``)."""
    together = getattr(game.evaluator, "evaluate_all", None)
    if together is not None:
        return [float(v) for v in together(state)]
    return [game.evaluation(state, s) for s in range(seats)]


class Judge:
    """Every seat's evaluation of the positions of one ranking, each position judged once
    (the position before the options is compared with each position after)."""

    def __init__(self, game: Game, seats: int):
        self.game, self.seats = game, seats
        self._seen: dict[int, tuple[Any, list[float]]] = {}

    def __call__(self, state: Any) -> list[float]:
        """Return every seat's evaluation of ``state`` (computed on first sight)."""
        found = self._seen.get(id(state))
        if found is None:  # the state is kept with its values, so its id is not reused
            found = self._seen[id(state)] = (state, values(self.game, state, self.seats))
        return found[1]


def relative(scores: Sequence[float], seat: int) -> float:
    """Return ``seat``'s evaluation minus the best of the others' (its own if alone)."""
    others = [v for s, v in enumerate(scores) if s != seat]
    return scores[seat] - (max(others) if others else 0.0)


# the game's hooks that put the options to judge first, for easy and normal; hard's rollouts
# judge only a few options per decision and ask first for their own order (rules.core.hard)
PRIORITY = ("option_priority",)


def ordered(game: Game, state: Any, seat: int, actions: list[Action],
            hooks: tuple[str, ...] = PRIORITY) -> list[Action]:
    """Return ``actions`` with the game's preferred options first: the order of the first of
    ``hooks`` the game has, else the listed order."""
    for name in hooks:
        hook = getattr(game.evaluator, name, None)
        if hook is not None:
            return list(hook(state, seat, actions))
    return list(actions)


def seat_count(game: Game, state: Any) -> int:
    """Return the number of seats of ``state``."""
    return len(game.score(state))


# -- playing moves in place -----------------------------------------------------------------

def play(game: Game, state: Any, seat: int, action: Action) -> bool:
    """Play ``action`` on ``state`` in place if it is legal; tell whether it was."""
    if isinstance(game, DecisionGame):
        if not game.just_listed(state, seat, action):
            if game.problem(state, seat, action) is not None:
                return False
    elif not game.is_legal(state, seat, action):
        return False
    try:
        game.apply_unchecked(state, seat, action)
    except RulesError:  # pragma: no cover - a listed, judged move is legal
        return False
    return True


def after(game: Game, state: Any, seat: int, action: Action) -> Any | None:
    """Return a copy of ``state`` after ``action`` (None when it is refused)."""
    out = game.copy(state)
    return out if play(game, out, seat, action) else None


def _sample(actions: list[Action], limit: int, rng: Rng) -> list[Action]:
    """Return at most ``limit`` actions: the first half in order, the rest drawn at random."""
    if len(actions) <= limit:
        return actions
    head = limit // 2
    rest = list(actions[head:])
    rng.shuffle(rest)
    return actions[:head] + rest[:limit - head]


# -- easy and normal --------------------------------------------------------------------------

def rank(game: Game, det: Any, seat: int, actions: list[Action], limit: int,
         continue_turn: bool, rng: Rng, continuations: int = CONTINUATIONS,
         priority: tuple[str, ...] = PRIORITY) -> tuple[list[tuple[float, Action]], int]:
    """Judge up to ``limit`` options on the determinisation ``det``, best first.

    Each option is played on a copy (the same random stream for all: common chance) and
    scored by the seat's relative evaluation; with ``continue_turn``, an option after which
    the same seat still acts is scored by its best of ``continuations`` next steps instead
    (with none, its next steps are not even listed).
    Where there are more options than that, the first half judged are the first in the order
    of the game's ``priority`` hook (:func:`ordered`), the rest drawn at random.
    """
    judge = Judge(game, seat_count(game, det))
    candidates = _sample(ordered(game, det, seat, list(actions), priority), max(1, limit), rng)
    judged, ranked = 0, []
    for action in candidates:
        nxt = after(game, det, seat, action)
        if nxt is None:
            continue
        judged += 1
        value = relative(judge(nxt), seat)
        staying = stays(game, det, nxt, seat, judge)
        if (continue_turn and continuations > 0 and not game.is_over(nxt)
                and seat in game.to_act(nxt)):
            follow, leave, extra = _continuations(game, nxt, seat, judge, rng, continuations,
                                                  priority)
            judged += extra
            if staying:  # worth what leaving this kind of step then brings
                value = leave if leave is not None else value - setting(game, "STAY_COST")
            elif follow is not None:  # a hair below: an equal position now is preferred
                value = max(value, follow - STEP_COST)
        elif staying:
            value -= setting(game, "STAY_COST")
        if staying and _same_step(game, det, nxt, seat):
            value -= setting(game, "SAME_STEP_COST")
        ranked.append((value, action))
    ranked.sort(key=lambda pair: -pair[0])
    return ranked, judged


def stays(game: Game, before: Any, now: Any, seat: int, judge: Judge | None = None) -> bool:
    """Tell whether a move left ``seat`` where it was: it still owes a decision of the same
    kind (another step of the same compound step: moving tokens about, one more conquest;
    where the game's ``STEPS_ARE_PROGRESS``, only when no evaluation changed either and the
    seat is still to act), or it still owes one and no seat's evaluation changed (opening and
    closing a menu)."""
    kinds = _decision_kinds(game, before, now, seat)
    if kinds is None:
        return False
    progress = setting(game, "STEPS_ARE_PROGRESS")
    if kinds[0] == kinds[1] and not progress:
        return True
    if progress and seat not in game.to_act(now):  # done for now (ready): a way out
        return False
    judge = judge or Judge(game, seat_count(game, now))
    return judge(before) == judge(now)


def decision_kind(game: Game, state: Any, seat: int) -> str | None:
    """Return the kind of decision ``seat`` owes in ``state`` (None when it owes none, or the
    game has no decisions)."""
    if not isinstance(game, DecisionGame) or game.is_over(state):
        return None
    owed = game.decision(state, seat)
    return None if owed is None else owed["type"]


def _decision_kinds(game: Game, before: Any, now: Any, seat: int) -> tuple[str, str] | None:
    """Return the kinds of decision ``seat`` owes before and after a move, or None when it
    owes none on either side (or the game has no decisions, or is over)."""
    old, new = decision_kind(game, before, seat), decision_kind(game, now, seat)
    return None if old is None or new is None else (old, new)


def _same_step(game: Game, before: Any, now: Any, seat: int) -> bool:
    """Tell whether ``seat`` owes the same kind of decision after a move as before it (only
    asked where the game sets a ``SAME_STEP_COST``)."""
    if not setting(game, "SAME_STEP_COST"):
        return False
    kinds = _decision_kinds(game, before, now, seat)
    return kinds is not None and kinds[0] == kinds[1]


def _continuations(game: Game, state: Any, seat: int, judge: Judge, rng: Rng, count: int,
                   priority: tuple[str, ...]) -> tuple[float | None, float | None, int]:
    """Judge a sample of ``seat``'s next steps; return the best value, the best value among
    steps that leave the current kind of decision, and the positions judged."""
    options = [a for a in game.legal_actions(state, seat)
               if not game.is_concession(state, seat, a)]
    best = leave = None
    judged = 0
    for action in _sample(ordered(game, state, seat, options, priority), count, rng):
        nxt = after(game, state, seat, action)
        if nxt is None:
            continue
        judged += 1
        value = relative(judge(nxt), seat)
        best = value if best is None else max(best, value)
        if not stays(game, state, nxt, seat, judge):
            leave = value if leave is None else max(leave, value)
    return best, leave, judged

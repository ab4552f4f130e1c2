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
* ``hard``: information-set Monte-Carlo tree search (single observer): each iteration draws a
  determinisation, descends the shared tree by UCB among the options legal in that draw,
  adds one node, plays a truncated random playout and scores it by the evaluation.

All randomness comes from :class:`rules.core.Rng` seeded by ``seed``; ``iterations`` bounds
the work: the options judged by ``easy`` and ``normal`` (``normal`` also judges at most
``CONTINUATIONS`` next steps of each), the tree iterations of ``hard``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Sequence

from .decisions import DecisionGame
from .errors import RulesError
from .game import Game
from .rng import Rng
from .types import Action

LEVELS = ("easy", "normal", "hard")
JUDGED = 48  # options judged at most by easy/normal (the game's priority first)
CONTINUATIONS = 10  # continuations of the seat's own compound turn judged per option
HARD_ITERATIONS = 200  # a game's evaluate module sets its own (HARD_ITERATIONS)
HARD_WIDTH = 10  # root options the tree search considers (best by one-step evaluation)
TREE_WIDTH = 8  # options considered below the root, per node and determinisation
TREE_DEPTH = 12  # decisions inside the tree at most
PLAYOUT_DEPTH = 12  # random decisions after the tree (a game may set its own)
BLUNDER = 5.0  # evaluation points below the best that easy never plays
STEP_COST = 1e-6  # what one more step of the same compound turn costs, for normal
# what a move that leaves the seat in the same kind of decision costs (moving tokens about
# forever would otherwise tie with finishing); a real gain (a conquest) outweighs it
STAY_COST = 1.5
# how often normal plays another judged option instead of the best: a position whose
# evaluation ranks a round trip (open a menu, close it) above every way forward would
# otherwise repeat for ever; a game may set its own
WANDER = 0.03
EXPLORE = 0.7  # UCB exploration constant (rewards normalised to [0, 1])


@dataclass
class Plan:
    """What :func:`plan` chose and how much work it did."""

    action: Action
    judged: int  # positions evaluated
    iterations: int  # tree iterations (hard only)


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
        budget = iterations if iterations is not None else setting(game, "HARD_ITERATIONS")
        text, judged, done = _Tree(game, canon, seat, rng).run(actions, budget)
        return Plan(_by_text(actions, text), judged, done)
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


def relative(scores: Sequence[float], seat: int) -> float:
    """Return ``seat``'s evaluation minus the best of the others' (its own if alone)."""
    others = [v for s, v in enumerate(scores) if s != seat]
    return scores[seat] - (max(others) if others else 0.0)


def ordered(game: Game, state: Any, seat: int, actions: list[Action]) -> list[Action]:
    """Return ``actions`` with the game's preferred options first (if it says any)."""
    hook = getattr(game.evaluator, "option_priority", None)
    return list(hook(state, seat, actions)) if hook is not None else list(actions)


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


def _by_text(actions: list[Action], text: str) -> Action:
    return next(a for a in actions if a.text == text)


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
         continue_turn: bool, rng: Rng) -> tuple[list[tuple[float, Action]], int]:
    """Judge up to ``limit`` options on the determinisation ``det``, best first.

    Each option is played on a copy (the same random stream for all: common chance) and
    scored by the seat's relative evaluation; with ``continue_turn``, an option after which
    the same seat still acts is scored by its best next step instead.
    """
    seats = seat_count(game, det)
    candidates = _sample(ordered(game, det, seat, list(actions)), max(1, limit), rng)
    judged, ranked = 0, []
    for action in candidates:
        nxt = after(game, det, seat, action)
        if nxt is None:
            continue
        judged += 1
        value = relative(values(game, nxt, seats), seat)
        staying = stays(game, det, nxt, seat)
        if continue_turn and not game.is_over(nxt) and seat in game.to_act(nxt):
            follow, leave, extra = _continuations(game, nxt, seat, seats, rng)
            judged += extra
            if staying:  # worth what leaving this kind of step then brings
                value = leave if leave is not None else value - setting(game, "STAY_COST")
            elif follow is not None:  # a hair below: an equal position now is preferred
                value = max(value, follow - STEP_COST)
        elif staying:
            value -= setting(game, "STAY_COST")
        ranked.append((value, action))
    ranked.sort(key=lambda pair: -pair[0])
    return ranked, judged


def stays(game: Game, before: Any, now: Any, seat: int) -> bool:
    """Tell whether a move left ``seat`` where it was: it still owes a decision of the same
    kind (another step of the same compound step: moving tokens about, one more conquest),
    or it still owes one and no seat's evaluation changed (opening and closing a menu)."""
    if not isinstance(game, DecisionGame) or game.is_over(now):
        return False
    old, new = game.decision(before, seat), game.decision(now, seat)
    if old is None or new is None:
        return False
    if old["type"] == new["type"]:
        return True
    seats = seat_count(game, now)
    return values(game, before, seats) == values(game, now, seats)


def _continuations(game: Game, state: Any, seat: int, seats: int,
                   rng: Rng) -> tuple[float | None, float | None, int]:
    """Judge a sample of ``seat``'s next steps; return the best value, the best value among
    steps that leave the current kind of decision, and the positions judged."""
    options = [a for a in game.legal_actions(state, seat)
               if not game.is_concession(state, seat, a)]
    best = leave = None
    judged = 0
    for action in _sample(ordered(game, state, seat, options), CONTINUATIONS, rng):
        nxt = after(game, state, seat, action)
        if nxt is None:
            continue
        judged += 1
        value = relative(values(game, nxt, seats), seat)
        best = value if best is None else max(best, value)
        if not stays(game, state, nxt, seat):
            leave = value if leave is None else max(leave, value)
    return best, leave, judged


# -- hard: information-set Monte-Carlo tree search ----------------------------------------

class _Node:
    """Statistics of one move in the shared tree, from its mover's point of view."""

    __slots__ = ("children", "visits", "total", "avail")

    def __init__(self) -> None:
        self.children: dict[tuple[int, str], _Node] = {}
        self.visits = 0
        self.total = 0.0
        self.avail = 0


class _Tree:
    """Single-observer ISMCTS from ``seat``'s information set (the canonical ``state``)."""

    def __init__(self, game: Game, state: Any, seat: int, rng: Rng) -> None:
        self.game, self.state, self.seat, self.rng = game, state, seat, rng
        self.seats = seat_count(game, state)
        self.root = _Node()
        self.low, self.high = math.inf, -math.inf
        self.depth = setting(game, "PLAYOUT_DEPTH")
        self.judged = 0

    def run(self, actions: list[Action], budget: int) -> tuple[str, int, int]:
        """Search ``budget`` iterations; return the chosen text, positions judged, iterations."""
        det = determinise(self.game, self.state, self.seat, self.rng.next64())
        ranked, self.judged = rank(self.game, det, self.seat, actions, JUDGED, False, self.rng)
        if not ranked:
            return self.rng.choice(actions).text, self.judged, 0
        width = setting(self.game, "HARD_WIDTH")
        self.allowed = {a.text for _, a in ranked[:width]}
        self.stay = {a.text for _, a in ranked[:width] if self._stays(det, a)}
        self.stay_cost = setting(self.game, "STAY_COST")
        if len(self.allowed) == 1 or budget <= 0:
            return ranked[0][1].text, self.judged, 0
        for _ in range(budget):
            self._iterate()
        best = max(self.root.children.items(),
                   key=lambda item: (item[1].visits, item[1].total / max(1, item[1].visits)))
        return best[0][1], self.judged, budget

    def _stays(self, det: Any, action: Action) -> bool:
        nxt = after(self.game, det, self.seat, action)
        return nxt is not None and stays(self.game, det, nxt, self.seat)

    def _iterate(self) -> None:
        game, rng = self.game, self.rng
        det = determinise(game, self.state, self.seat, rng.next64())
        base = values(game, det, self.seats)
        path: list[tuple[_Node, int]] = []
        node, expanded, first = self.root, False, None
        while not expanded and len(path) < TREE_DEPTH and not game.is_over(det):
            mover = self.seat if node is self.root else rng.choice(sorted(game.to_act(det)))
            options = self._options(det, mover, node is self.root)
            if not options:
                break
            step = self._select(node, det, mover, options)
            if step is None:
                break
            node, expanded, text = step
            first = text if first is None else first
            path.append((node, mover))
        self._playout(det)
        final = values(game, det, self.seats)
        self.judged += 2
        gains = [f - b for f, b in zip(final, base, strict=True)]
        for index, (child, mover) in enumerate(path):
            reward = relative(gains, mover)
            if index == 0 and first in self.stay:
                reward -= self.stay_cost
            child.visits += 1
            child.total += reward
            self.low, self.high = min(self.low, reward), max(self.high, reward)

    def _options(self, det: Any, mover: int, at_root: bool) -> list[Action]:
        listed = [a for a in self.game.legal_actions(det, mover)
                  if not self.game.is_concession(det, mover, a)]
        if at_root:
            return [a for a in listed if a.text in self.allowed]
        return _sample(ordered(self.game, det, mover, listed), TREE_WIDTH, self.rng)

    def _select(self, node: _Node, det: Any, mover: int,
                options: list[Action]) -> tuple[_Node, bool, str] | None:
        """Play the UCB choice (or a new option) on ``det``; return its node, whether it
        was just added, and its text."""
        while options:
            children = [node.children.get((mover, a.text)) for a in options]
            fresh = [a for a, c in zip(options, children, strict=True) if c is None]
            if fresh:
                action = fresh[0]
            else:
                for child in children:
                    child.avail += 1
                action = options[max(range(len(options)),
                                     key=lambda i: self._ucb(children[i]))]
            if play(self.game, det, mover, action):
                key = (mover, action.text)
                child = node.children.get(key)
                if child is None:
                    child = node.children[key] = _Node()
                    child.avail = 1
                    return child, True, action.text
                return child, False, action.text
            options = [a for a in options if a is not action]
        return None

    def _ucb(self, child: _Node) -> float:
        if child.visits == 0:
            return math.inf
        span = self.high - self.low
        mean = child.total / child.visits
        value = (mean - self.low) / span if span > 0 else 0.5
        return value + EXPLORE * math.sqrt(math.log(max(1, child.avail)) / child.visits)

    def _playout(self, det: Any) -> None:
        game, rng = self.game, self.rng
        for _ in range(self.depth):
            if game.is_over(det):
                return
            seats = sorted(game.to_act(det))
            if not seats:
                return
            mover = rng.choice(seats)
            options = [a for a in game.legal_actions(det, mover)
                       if not game.is_concession(det, mover, a)]
            while options:
                action = rng.choice(options)
                if play(game, det, mover, action):
                    break
                options = [a for a in options if a is not action]
            else:
                return

"""How good an Antiquity position is for a seat, for computer players (rules.core.ai).

Spec §8: the game is won by the first player whose functioning Cathedral's saint's
condition holds (§8.2), ties broken by unpolluted hexes of his influence; an eliminated
player has lost. So a position is worth its progress toward the conditions (houses toward
20, building types with an ungraved piece, 3 of each good, covering another player's
influence), weighted toward the chosen saint's condition once a Cathedral stands (before
that, toward the condition nearest to hand), plus the Cathedral itself, the tie-break hexes
and a little for goods and men in hand, minus graves.

Most games between computer players end by elimination long before a condition is met
(§7.3, §8.3: a player who cannot place a grave is out), so a position is worth above all its
survival: the room left for graves (empty cells and grave-free building cells), food owned
(never spent, it shields from famine graves every round, §7.2) and the graves the next
famine and pollution phases will bring at the current famine level and pollution.

What feeds a seat comes from the countryside (§4 phase 4, §6): a staffed Cart Shop builds a
producer, which costs a wood. A one-step look sees neither the staffing that follows a new
building nor the countryside phase after the city one, so while the seat is still building
in its City Building phase a building an idle man can staff counts for a share of its worth
(``SOON``) and a wood kept for each Cart Shop counts for much (``FUEL``); a man on a
producer counts too (``WORKER``). Without them every seat spent its starting wood on city
buildings, never built a producer and starved (normal against easy at 3 players: 0.70 over
the same 40 games that scored 0.81 with them). The kept wood counts until the seat's own
Countryside Building step is done, so a seat's board is worth the same whether its ``ready``
ended City Building or not; and City Building's steps are judged by where they lead
(``STEPS_ARE_PROGRESS``). Before both, the last seat to be ready judged every building by the
position after ``ready`` in phase 4, never built a Cart Shop and starved.
"""

from __future__ import annotations

from . import data, pollution
from .city import (
    functioning_type,
    graved_buildings,
    room_left,
    staff_problem,
)
from .famine import GRANARY
from .goods import food_owned
from .influence import anchors, influence

HARD_ITERATIONS = 12  # rollouts of a hard decision: p99 within 2 s at 3 players (bench/ai_speed)
# At 2 players 36 rollouts (9 paired samples of each of 4 candidates, where 12 gave 3): with
# 12, hard left normal's choice too rarely to gain anything (README, Computer players).
# At 4 players a rollout through every other seat's reply is the longest of all five games:
# at 8 rollouts of up to 40 decisions a game of only hard seats took over 10 minutes of
# computing. Rollouts of at most 8 decisions bring a decision's mean from 0.93 s to 0.52 s
# (and its slowest of 35 from 3.2 s to 1.2 s) on a game of seed 1000.
HARD_ITERATIONS_AT = {2: 36, 4: 8}
# The most positions a decision's rollouts judge (rules.core.hard): City Building decisions
# early in the turn play both seats' whole building in each rollout (about 2,300 positions
# for 36 rollouts, 2 s of CPU on the shared machine); there fewer rounds are played.
HARD_WORK = 1000
ROLLOUT_DEPTH_AT = {4: 8}
ROLLOUT_DEPTH = 200  # the end of the turn (rollout_horizon) comes first
# City Building's steps (build, house, staff) cannot be undone: each is judged by the best
# next step, so a Cart Shop built before the house whose man staffs it counts (rules.core.greedy)
STEPS_ARE_PROGRESS = True
BLUNDER = 4.0
WIN = 1000.0
ROOM = 1.0  # per cell a grave can still take before elimination
ROOM_CAP = 30  # beyond that many, more room is worth nothing more
FOOD = 3.0  # per food owned (or Granary relief), up to FOOD_AHEAD above the famine level
FOOD_AHEAD = 4
DUE = 3.0  # per grave the next famine and pollution phases would bring
STAFFED = 1.0  # per staffed working city building (an idle man is worth IDLE)
IDLE = 0.5
CART = 1.5  # more for a staffed Cart Shop: a countryside producer in phase 4
SOON = 0.6  # share of a staffed building's worth for one an idle man can staff this phase
FUEL = 5.0  # per wood kept for a Cart Shop's producer (one each), until the phase-4 step
WORKER = 1.0  # per man on a countryside producer
TOKEN = 1.0  # per goods token on the seat's countryside producers (goods to come)
GOODS = data.FOOD + data.LUXURY
BUILDING_TYPES = frozenset(data.BUILDING_TYPES)


def progress(state, seat: int, reach: dict | None = None,
             graved: set | None = None) -> dict[str, float]:
    """Return the fraction (0..1) of each saint's condition ``seat`` has reached
    (``reach``: every seat's influence, ``graved``: the seat's buildings with graves, when
    already computed)."""
    p = state.ps[seat]
    men = data.game_data()["player"]["men"]
    graved = graved_buildings(p) if graved is None else graved
    standing = {b["type"] for bid, b in p["buildings"].items() if bid not in graved}
    types = len(standing & BUILDING_TYPES)
    return {
        "people": len(p["houses"]) / men,
        "buildings": types / len(data.BUILDING_TYPES),
        "goods": sum(min(3, p["goods"].get(k, 0)) for k in GOODS) / (3 * len(GOODS)),
        "enclose": enclosed(state, seat, reach or influences(state)),
    }


def influences(state) -> dict[int, set]:
    """Return the influence of every seat still in the game (§2.4)."""
    return {s: influence(state, s) for s in range(state.players)
            if not state.ps[s]["eliminated"]}


def enclosed(state, seat: int, reach: dict[int, set]) -> float:
    """Return the largest share of another active player's influence (cities and inns
    aside) that lies in ``seat``'s influence or anchors (San Giorgio's test, §8.2)."""
    mine = reach.get(seat, set()) | anchors(state, seat)
    pieces = set(state.city_at) | set(state.inns)
    best = 0.0
    for other, theirs in reach.items():
        theirs = theirs - pieces
        if other != seat and theirs:
            best = max(best, len(theirs & mine) / len(theirs))
    return best


def condition_progress(state, seat: int, reach: dict | None = None,
                       graved: set | None = None) -> float:
    """Return the progress toward the seat's saint's condition (the best one before a
    Cathedral; the mean of the two best for Santa Maria)."""
    shares = progress(state, seat, reach, graved)
    saint = state.ps[seat]["saint"]
    if saint is None:
        return max(shares.values())
    condition = data.saints()[saint]["condition"]
    if condition == "any_two":
        return sum(sorted(shares.values())[-2:]) / 2
    return shares[condition]


def evaluate(state, seat: int, reach: dict | None = None,
             taken: set | None = None) -> float:
    """Return the worth of ``state`` for ``seat``: a win, a loss, or its progress
    (``reach``: every seat's influence, ``taken``: the occupied hexes, when already
    computed for another seat of the same position)."""
    p = state.ps[seat]
    if state.over:
        return WIN if seat in state.winners else -WIN
    if p["eliminated"]:
        return -WIN
    reach = influences(state) if reach is None else reach
    pieces = set(state.city_at) | set(state.inns)
    clean = len(reach[seat] - state.pollution - pieces)
    graved = graved_buildings(p)
    value = 60.0 * condition_progress(state, seat, reach, graved)
    value += 15.0 if p["saint"] is not None else 0.0
    value += 0.5 * clean  # the tie-break count (victory.unpolluted)
    value += 0.1 * sum(p["goods"].values()) + IDLE * p["idle"]
    value -= 1.0 * len(p["graves"])
    taken = state.occupied() if taken is None else taken
    return value + survival(state, seat, reach[seat], taken) + engine(state, seat, graved)


def engine(state, seat: int, graved: set | None = None) -> float:
    """Return the worth of what will bring ``seat`` goods: staffed working city buildings
    (a staffed Cart Shop the most), those an idle man can still staff in this City Building
    phase (one step away, so a building is worth building before it is staffed), and tokens
    still on its countryside producers."""
    p = state.ps[seat]
    value = 0.0
    graved = graved_buildings(p) if graved is None else graved
    for bid, b in p["buildings"].items():
        if b["staffed"] and bid not in graved:
            value += STAFFED + (CART if b["type"] == "cart_shop" else 0.0)
    if SOON and state.phase == "city" and not state.phase2.get("ready", {}).get(str(seat)):
        waiting = sorted((STAFFED + (CART if b["type"] == "cart_shop" else 0.0)
                          for bid, b in p["buildings"].items()
                          if staff_problem(p, bid) in (None, "no_idle_man")), reverse=True)
        value += SOON * sum(waiting[:max(1, p["idle"])])  # a house brings a man at once
    if FUEL and before_country_step(state, seat):
        value += FUEL * fed_cart_shops(state, seat, graved)
    producers = [b for b in state.country.values() if b["owner"] == seat and b["tokens"]]
    value += WORKER * len(producers)  # a man on each producer with tokens left
    return value + TOKEN * sum(len(b["tokens"]) for b in producers)


def before_country_step(state, seat: int) -> bool:
    """Tell whether ``seat`` has its Countryside Building step of this turn still ahead: the
    City Building phase (ready or not), or phase 4 before the seat's step is done.

    Whether the seat's own ``ready`` ends City Building or leaves it open for a slower seat
    must not change what its board is worth; before this, only the first seats to be ready
    kept their wood, and the last one, seeing the phase end, spent it (spec §4 phase 2-4)."""
    if state.phase == "city":
        return True
    if state.phase != "country":
        return False
    return seat in state.queue or any(d["type"] == "country" and d["seat"] == seat
                                      for d in state.pending)


def fed_cart_shops(state, seat: int, graved: set | None = None) -> int:
    """Return the seat's Cart Shops that build a producer this turn: those used already in
    phase 4, and those still unused (graves aside) while a wood is kept for each
    (``graved``: the seat's buildings with graves, when already known)."""
    p = state.ps[seat]
    graved = graved_buildings(p) if graved is None else graved
    carts = [b for bid, b in p["buildings"].items()
             if b["type"] == "cart_shop" and bid not in graved]
    used = sum(1 for b in carts if b.get("used"))
    return used + min(p["goods"].get("wood", 0), len(carts) - used)


def survival(state, seat: int, mine: set, taken: set | None = None) -> float:
    """Return the worth of ``seat``'s chances to outlast the others: room for graves, food
    against famine, and the graves the next famine and pollution phases would bring
    (``mine``: the seat's influence, ``taken``: the occupied hexes, when already known)."""
    p = state.ps[seat]
    room = room_left(p)
    relief = GRANARY if functioning_type(state, seat, "granary") else 0
    shield = food_owned(p["goods"]) + relief
    famine = max(0, state.famine - shield)
    taken = state.occupied() if taken is None else taken
    free = len(mine - state.pollution - taken)
    polluting = max(0, pollution.amount(state, seat) - free)
    return (ROOM * min(room, ROOM_CAP) + FOOD * min(shield, state.famine + FOOD_AHEAD)
            - DUE * (famine + polluting))


# The kinds of step a hard rollout judges first (rules.core.hard: half of its few options per
# decision are the first in this order, the rest drawn at random): the way out of the step
# (``ready``, ``done``), then staffing. Drawn at random among a dozen City Building options, the
# way out was often not judged at all; the rollout then built on, paid the wood its Cart Shop
# needed and starved, and a hard seat that was last to be ready judged its own buildings by
# such rollouts (it spent all five starting wood on buildings in a traced game).
ROLLOUT_FIRST = {"ready": 0, "done": 0, "staff": 1}


# The steps a hard rollout plays unjudged, on the first cell or hex listed: judging where each
# grave and pollution marker goes was most of a rollout's cost (a decision's p99 at 2 players
# fell from 1.04 s to 0.13 s at 12 rollouts) and changes little of what a candidate is worth.
UNJUDGED = frozenset({"graves", "pollute"})
# ... and the options a rollout judges at a City Building step, each by the position right
# after it (no continuations: ROLLOUT_CONTINUATIONS): a rollout from early in the phase plays
# both seats' whole building, a dozen steps each, and judging 6 options with 3 continuations
# at each made a decision's p99 in real games 12 s.
CITY_JUDGED = 3
ROLLOUT_CONTINUATIONS = 0


def rollout_horizon(start, state, seat: int) -> bool:
    """Tell whether a hard rollout from ``start`` has reached the end of the turn (rules.core.
    hard): the next turn has begun. Stopping where the seat is to act again after a reply cut
    City Building's rollouts before the Countryside Building, the harvest and the famine that
    show what a building was worth, and hard rarely left normal's choice (README)."""
    return state.turn > start.turn


def rollout_judged(state, seat: int, limit: int) -> int:
    """Return the options ``seat`` judges at its decision in a hard rollout: none for the
    graves and pollution markers it places (``UNJUDGED``), else ``limit``."""
    owed = next((d["type"] for d in reversed(state.pending) if d["seat"] == seat), None)
    if owed in UNJUDGED:
        return 0
    return min(limit, CITY_JUDGED) if owed == "city" else limit


def rollout_priority(state, seat: int, actions) -> list:
    """Return ``actions`` with the ways out of the step first, then staffing, then the rest in
    the listed order (for hard's rollouts only: normal judges every listed option)."""
    return sorted(actions, key=lambda a: ROLLOUT_FIRST.get(_kind(a), len(ROLLOUT_FIRST)))


def _kind(action) -> str:
    """Return the kind of a listed move ("build", "ready", ...)."""
    move = action.move
    return move[0] if isinstance(move, tuple) and move else action.text.split(" ", 1)[0]


def evaluate_all(state) -> list[float]:
    """Return every seat's evaluation, computing each influence once."""
    if state.over:
        return [evaluate(state, s) for s in range(state.players)]
    reach, taken = influences(state), state.occupied()
    return [evaluate(state, s, reach, taken) for s in range(state.players)]


def canonical_hidden(state, seat: int):
    """Return a copy with the face-down counters in a canonical order (hexes and kinds
    sorted), so its re-randomisation depends only on what ``seat`` sees."""
    out = state.copy()
    hexes = sorted(out.counters)
    kinds = sorted(list(out.counters.values()) + list(out.unused_counters))
    out.counters = dict(zip(hexes, kinds, strict=False))
    out.unused_counters = kinds[len(hexes):]
    return out

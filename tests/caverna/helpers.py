"""Helpers for Caverna scenario tests: start a game with fixed cards, give goods, play text.

Positions that would take dozens of moves to reach are described and built with :func:`at`
(rules/caverna/position.py on the set-up :func:`new` makes); older tests still prepare some
with :func:`give` and :func:`lay` (direct edits of the starting position). The rule under
test is then played as text moves through ``GAME.play``. Every move played through these
helpers leaves its input unchanged and a state that keeps the invariants of
:func:`check_invariants`.
"""

from __future__ import annotations

import pickle

from rules.caverna import GAME, animals, board, data
from rules.caverna.game import HANDLERS
from rules.caverna.position import position
from rules.caverna.state import ANIMALS, GOODS
from rules.core.position import read

MAX_DWARFS = 6  # 5 discs per player (spec §1.1) and the Additional dwelling's sixth
WEAPON_CAP = 14

STAGE_ORDER = ["blacksmithing", "sheep-farming", "ore-mine-construction", "wish-for-children",
               "donkey-farming", "ruby-mine-construction", "ore-delivery", "family-life",
               "exploration", "adventure", "ore-trading", "ruby-delivery"]


def new(players: int = 3, start: int = 0, rounds=None, harvest=None, **options):
    """Start a game with seat ``start`` as start player and fixed round cards/markers."""
    return GAME.new_game(7, players, {**new_options(players, start, rounds, harvest),
                                      **options})


def at(description: str = "", players: int = 3, start: int = 0, rounds=None, harvest=None):
    """Build the position ``description`` (see :mod:`rules.caverna.position`) on the set-up
    that :func:`new` makes with the same arguments (seed 7, fixed cards and markers)."""
    opts = new_options(players, start, rounds, harvest)
    desc = {"players": players, "seed": 7, **{k: v for k, v in opts.items() if v != []}}
    return position({**desc, **read(description)})


def new_options(players: int, start: int, rounds, harvest) -> dict:
    """Return the options :func:`new` starts a game with."""
    if rounds is None:
        rounds = [c for c in STAGE_ORDER if players > 2 or c != "exploration"]
        if players == 1:
            rounds = None
    if harvest is None and players > 1:
        harvest = ["green"] * (4 if players > 2 else 3) + ["red"] * 3
    return {"start": start, "rounds": rounds or [], "harvest": harvest or []}


def give(state, seat: int, **goods) -> None:
    """Add goods/animals to ``seat`` (set-up only)."""
    player = state.ps[seat]
    for good, n in goods.items():
        if good in ANIMALS:
            player["animals"][good] += n
        elif good == "begging":
            player["begging"] += n
        else:
            player["goods"][good] += n


def lay(state, seat: int, square: str, kind: str, **extra) -> None:
    """Set a home-board square's kind and fields (set-up only), e.g. lay(s, 0, "4,3", "meadow")."""
    cell = state.ps[seat]["cells"][square]
    cell["kind"] = kind
    cell.update(extra)


def play(state, seat: int, *moves: str):
    """Play ``moves`` for ``seat``; return the new state and all events."""
    events = []
    for move in moves:
        state, new_events = checked_play(state, seat, move)
        events += new_events
    return state, events


def checked_play(state, seat: int, text: str):
    """``GAME.play`` that also checks the input is unchanged and the invariants hold."""
    before = pickle.dumps(state)
    new_state, events = GAME.play(state, seat, text)
    assert pickle.dumps(state) == before, f"{text} changed its input state"
    check_invariants(new_state)
    return new_state, events


def check_invariants(state) -> None:
    """Assert what every Caverna position keeps (spec §1.1, §4.13, §5.1, §12.2).

    Looser than ``GAME.check_invariants`` (rules/caverna/invariants.py), which the random
    playouts use: scenario tests set positions up by hand (dwarfs without their discs,
    tiles built without leaving the supply), so disc and supply counts are not checked here.
    """
    overflowing = {d["seat"] for d in state.pending if d["type"] == "overflow"}
    for d in state.pending:
        assert d["type"] in HANDLERS and 0 <= d["seat"] < state.players, d
    for seat, player in enumerate(state.ps):
        _check_player(state, seat, player, seat in overflowing)
    ids = {space["id"] for space in state.spaces}
    for player in state.ps:
        assert all(d["placed"] in ids or d["placed"] in (None, "-") for d in player["dwarfs"])
    built = [t for p in state.ps for t in p["furnishings"]
             if t != "entry-dwelling" and not data.tile(t).get("unlimited")]
    assert len(built) == len(set(built)), "a furnishing tile built twice"
    assert len(state.tiles_left) == len(set(state.tiles_left)), "a tile twice in the supply"


def _check_player(state, seat: int, player: dict, overflowing: bool) -> None:
    assert all(player["goods"][g] >= 0 for g in GOODS), (seat, player["goods"])
    assert all(player["animals"][a] >= 0 for a in ANIMALS), (seat, player["animals"])
    assert player["begging"] >= 0
    assert player["discs"] >= 0 and len(player["dwarfs"]) <= MAX_DWARFS, seat
    assert all(0 <= d["weapon"] <= WEAPON_CAP for d in player["dwarfs"])
    assert board.stables_built(player) <= 3
    if not overflowing:
        assert animals.fits(player), f"seat {seat} holds animals it has no room for"


def texts(state, seat: int) -> list[str]:
    """Return the texts of ``seat``'s legal actions."""
    return [a.text for a in GAME.legal_actions(state, seat)]


def main_texts(state, seat: int) -> list[str]:
    """Return legal texts without the any-time conversions."""
    return [a.text for a in GAME.legal_actions(state, seat) if a.group not in ("convert", "ruby")]


def keys(events) -> list[str]:
    """Return the event keys."""
    return [e.key for e in events]


def seat_to_act(state) -> int:
    """Return the single seat to act."""
    (seat,) = GAME.to_act(state)
    return seat


SAFE = ("wood-gathering", "supplies", "strip-mining", "forest-exploration", "clearing",
        "drift-mining", "excavation", "logging", "ore-mining", "starting-player", "growth",
        "ruby-mining", "sustenance", "depot")


def finish_round(state, take=(), avoid=()):
    """Play out the current round with simple moves; harvest by feeding."""
    start_round = state.round
    wanted = list(take)
    for _ in range(400):
        if state.round != start_round or GAME.is_over(state):
            return state
        seat = min(GAME.to_act(state))
        options = main_texts(state, seat)
        move = pick(options, wanted, avoid)
        state, _ = checked_play(state, seat, move)
    raise AssertionError("round did not finish")


def pick(options, wanted, avoid):
    for space in list(wanted):
        if f"place {space}" in options:
            wanted.remove(space)
            return f"place {space}"
    for space in SAFE:
        if f"place {space}" in options and space not in avoid:
            return f"place {space}"
    for move in ("done", "feed", "harvest field"):
        if move in options:
            return move
    release = [o for o in options if o.startswith("release")]
    if release:
        return release[0]
    allowed = [o for o in options if not any(o == f"place {a}" for a in avoid)]
    return (allowed or options)[0]


def run_until(state, predicate, avoid=()):
    """Play simple moves (see :func:`pick`) until ``predicate(state)`` holds."""
    for _ in range(2000):
        if predicate(state):
            return state
        seat = min(GAME.to_act(state))
        state, _ = checked_play(state, seat, pick(main_texts(state, seat), [], avoid))
    raise AssertionError("predicate never held")


def top_is(kind: str, seat: int | None = None):
    """Return a predicate: the pending decision on top is ``kind`` (for ``seat``)."""
    def check(state) -> bool:
        top = state.pending[-1] if state.pending else None
        return top is not None and top["type"] == kind and seat in (None, top["seat"])
    return check

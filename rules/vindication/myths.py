"""Myths & Marvels (spec 7.11, R33, R34) on the main board: the centre tile, the black cubes,
Ronak's awakening, the Tuuk-Tuuk region, teleport tokens, and the module's bookkeeping.

The module's whole state is ``state.myths`` (empty without the module)::

    {"cubes": [triangles still holding a black cube], "ronak": cubes on Ronak's tile,
     "side": "ronak" | "tuuk_tuuk", "awakener": seat | None, "circles": [[kind, seat | None],
     ...], "teleports": [tokens per seat], "loot_deck": [hidden order],
     "loot_shown": [revealed, unpicked], "loot": [[cards] per seat], "battle": dict | None}

The battle itself (preparation, battle turns, victory, defeat, loot) is :mod:`.battle`.
"""

from __future__ import annotations

from functools import lru_cache

from rules.core import Action, Event, Msg
from rules.core.decisions import push
from rules.core.paths import read_toml

from .data import ATTRIBUTES, FOLDER, board
from .effects import fire
from .movement import discover, occupied

NAME = "myths"
KINDS = ("gain_missing_attribute", "dormant")


@lru_cache(maxsize=1)
def data() -> dict:
    """Return the module's data (data/vindication/myths.toml)."""
    return read_toml(FOLDER / "myths.toml")


def on(state) -> bool:
    """Tell whether the game plays with Myths & Marvels."""
    return bool(state.myths)


def mmsg(key: str, **params) -> Msg:
    """Return the catalog message ``vindication_myths.<key>``."""
    return Msg(f"vindication_myths.{key}", params)


def loot_ids() -> list[str]:
    """Return the loot deck's card ids in data order."""
    return [c["id"] for c in data()["loot"]]


def loot_card(lid: str) -> dict:
    """Return loot card ``lid``."""
    return next(c for c in data()["loot"] if c["id"] == lid)


def side_circles(players: int) -> dict[str, int]:
    """Return the empty circles of each kind on the board's side for ``players``."""
    side = next(s for s in data()["sides"].values() if players in s["players"])
    return dict(side["circles"])


def effect_of(kind: str) -> dict:
    """Return the effect a circle of ``kind`` carries (ORIGINAL mapping in data)."""
    return data()["effects"][kind]


# -- set-up (7.11 steps 1-4) -----------------------------------------------------------------

def set_up(state, chosen: list[str]) -> None:
    """Lay the centre tile Ronak side up, the black cubes and the board's empty circles; shuffle
    the loot deck (steps 1, 3 and 4; step 2, the 18-tile bag, is the tile mix)."""
    if NAME not in chosen:
        return
    spec = data()
    state.hexes[spec["centre"]][0] = spec["ronak"]
    players = len(state.players)
    circles = side_circles(players)
    state.myths = {
        "cubes": list(spec["black_cubes"]), "ronak": 0, "side": spec["ronak"],
        "awakener": None,
        "circles": [[kind, None] for kind, n in circles.items() for _ in range(n)],
        "teleports": [0] * players, "loot_deck": state.rng.shuffle(loot_ids()),
        "loot_shown": [], "loot": [[] for _ in range(players)], "battle": None,
    }


def copy(myths: dict) -> dict:
    """Return an independent copy of ``state.myths`` (plain lists, dicts and numbers)."""
    return _copy(myths)


def _copy(value):
    if isinstance(value, dict):
        return {k: _copy(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_copy(v) for v in value]
    return value


def committed(state, seat: int) -> int:
    """Count the cubes ``seat`` has committed onto the board's circles (never recoverable)."""
    if not state.myths:
        return 0
    return sum(1 for _, owner in state.myths["circles"] if owner == seat)


# -- the black cubes and Ronak's awakening ---------------------------------------------------

def after_move(state, seat: int, events: list) -> None:
    """A move that ends on a black cube's triangle carries that cube to Ronak; the sixth
    awakens Ronak (the battle starts once this player's turn is over)."""
    myths = state.myths
    tri = state.players[seat].triangle
    if not myths or tri not in myths["cubes"]:
        return
    myths["cubes"].remove(tri)
    myths["ronak"] += 1
    events.append(Event("vindication_myths.event.black_cube",
                        {"seat": seat, "triangle": tri, "n": myths["ronak"]}))
    if not myths["cubes"]:
        myths["awakener"] = seat
        events.append(Event("vindication_myths.event.awakened", {"seat": seat}))


def battle_due(state) -> bool:
    """Tell whether Ronak is awake and the awakener's turn is over (the battle must start)."""
    myths = state.myths
    return bool(myths) and myths["awakener"] is not None and myths["battle"] is None


# -- the Tuuk-Tuuk region (and Ronak's side, which cannot be visited) ------------------------

def missing_attributes(state, seat: int) -> list[str]:
    """Return the attributes ``seat`` holds no cube of."""
    attrs = state.players[seat].attrs
    return [a for a in ATTRIBUTES if attrs[a] == 0]


def kind_problem(state, seat: int, spec: dict) -> Msg | None:
    """Say why the centre tile cannot be visited now (Ronak's side never; Tuuk-Tuuk needs an
    attribute with no cube and an Influence cube to gain it, R8)."""
    if spec["kind"] == "dormant":
        return mmsg("reason.ronak")
    if not missing_attributes(state, seat):
        return mmsg("reason.no_missing")
    if state.players[seat].influence < 1:
        return Msg("vindication.reason.no_influence")
    return None


def resolve(state, seat: int, spec: dict, events: list) -> None:
    """Tuuk-Tuuk's visit: gain ``n`` of an attribute the visitor has none of."""
    push(state, {"type": "any_attribute", "seat": seat, "n": spec["n"],
                 "kinds": missing_attributes(state, seat)})


# -- teleport tokens (a committed circle's effect, spent as a bonus action) -------------------

def warp_targets(state, seat: int) -> list[str]:
    """Return the empty triangles a teleport token may take ``seat``'s medal to (R1: never the
    turn-start triangle nor the one it stands on)."""
    banned = occupied(state, seat) | {state.players[seat].triangle,
                                      state.turn["start_triangle"]}
    return sorted(set(board()["triangles"]) - banned)


def warp_problem(state, seat: int, tri: str) -> Msg | None:
    """Say why ``seat`` cannot spend a teleport token to reach ``tri`` now."""
    if not state.myths or not state.myths["teleports"][seat]:
        return mmsg("reason.no_token")
    if tri not in warp_targets(state, seat):
        return mmsg("reason.warp_target", triangle=tri)
    return None


def do_warp(state, seat: int, tri: str, events: list) -> None:
    """Spend a teleport token: the medal jumps to ``tri`` (entered for discovery); this is not
    the Move action and carries no black cube."""
    state.myths["teleports"][seat] -= 1
    state.players[seat].triangle = tri
    events.append(Event("vindication_myths.event.warped", {"seat": seat, "triangle": tri}))
    if discover(state, [tri], events):
        fire(state, seat, "after_discover", {}, events)


def warp_actions(state, seat: int) -> list[Action]:
    """List the teleport-token bonus actions of ``seat`` (one per empty triangle)."""
    if not state.myths or not state.myths["teleports"][seat]:
        return []
    return [Action(f"warp {t}", mmsg("action.warp", triangle=t), move=("warp", t))
            for t in warp_targets(state, seat)]


def public(state) -> dict | None:
    """Return what everyone sees of the module (the loot deck's order excepted)."""
    myths = state.myths
    if not myths:
        return None
    out = {k: copy(v) for k, v in myths.items() if k != "loot_deck"}
    out["loot_deck"] = len(myths["loot_deck"])
    return out


def rerandomise(state, rng) -> None:
    """Re-draw the hidden loot deck (its order is never seen)."""
    if state.myths:
        rng.shuffle(state.myths["loot_deck"])


def canonical(state) -> None:
    """Sort the hidden loot deck (a determinisation that depends only on what is seen)."""
    if state.myths:
        state.myths["loot_deck"].sort()

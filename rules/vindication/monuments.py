"""The monument board of Guilds & Monuments (spec 7.10): its slots, filled while the guild
medal is placed on it, and the monument figure with its honor once every slot is full.

``Player.monument`` lists the filled slots: attribute names (one cube each), ``conviction``
(one cube) and ``tile_<attr>`` (a Proficiency tile). Cubes there are not recovery sources
(4.7) and the tiles there do not count at final scoring (6.3): neither is held any more.
"""

from __future__ import annotations

from rules.core import Action, Event, Msg
from rules.core.decisions import pop
from rules.core.verbs import VerbHandler, must_be_listed

from .data import ATTRIBUTES
from .data import guild_rules as rules_of
from .msgs import msg
from .power import attr_msg, gain_honor, monument_cubes

TILE = "tile_"


def monument_tiles(player) -> list[str]:
    """Return the attributes of the Proficiency tiles on ``player``'s monument board."""
    return [slot[len(TILE):] for slot in player.monument if slot.startswith(TILE)]


def slot_count() -> int:
    """Return how many slots a monument board has (6 attributes, Conviction, 2 tiles)."""
    spec = rules_of()["monument"]
    return len(ATTRIBUTES) * spec["attributes"] + spec["conviction"] + spec["tiles"]


def slot_moves(state, seat: int) -> list[tuple]:
    """Return what ``seat`` can move onto an empty slot now: ``("slot", attr)``,
    ``("slot", "conviction")`` and ``("slot", "tile", attr)``."""
    player, spec = state.players[seat], rules_of()["monument"]
    if player.monument_built:
        return []
    found = [("slot", a) for a in ATTRIBUTES
             if player.attrs[a] > 0 and player.monument.count(a) < spec["attributes"]]
    if player.conviction > 0 and player.monument.count("conviction") < spec["conviction"]:
        found.append(("slot", "conviction"))
    tiles = monument_tiles(player)
    if len(tiles) < spec["tiles"]:
        found += [("slot", "tile", a) for a in ATTRIBUTES
                  if player.proficiency[a] > 0 and a not in tiles]
    return found


def put(state, seat: int, move: tuple, events: list) -> None:
    """Move one cube or Proficiency tile onto its slot; a full board becomes the figure."""
    player = state.players[seat]
    if move[1] == "conviction":
        player.conviction -= 1
        what, slot = Msg("vindication.sphere.conviction"), "conviction"
    elif move[1] == "tile":
        player.proficiency[move[2]] -= 1
        what, slot = msg("guild.tile", attr=attr_msg(move[2])), TILE + move[2]
    else:
        player.attrs[move[1]] -= 1
        what, slot = attr_msg(move[1]), move[1]
    player.monument.append(slot)
    events.append(Event("vindication.event.monument_slot", {"seat": seat, "what": what}))
    if len(player.monument) == slot_count():
        _complete(state, seat, events)


def _complete(state, seat: int, events: list) -> None:
    """Place the monument figure: 15 honor, tiles back to the player, cubes to Influence."""
    player = state.players[seat]
    for attr in monument_tiles(player):
        player.proficiency[attr] += 1
    player.influence += monument_cubes(player)
    player.monument = []
    player.monument_built = True
    n = rules_of()["monument"]["honor"]
    events.append(Event("vindication.event.monument_built", {"seat": seat, "n": n}))
    gain_honor(state, seat, n, events)


class MonumentStep(VerbHandler):
    """Fill monument slots one cube or tile at a time (at least one), then ``done``."""

    kind = "monument"

    def options(self, state, d):
        found = [Action(" ".join(m), _label(m), move=m) for m in slot_moves(state, d["seat"])]
        if d["least"] <= 0:
            found.append(Action("done", Msg("vindication.action.done"), move=("done",)))
        return found

    def auto(self, state, d, events):
        if state.players[d["seat"]].monument_built or not slot_moves(state, d["seat"]):
            pop(state, d)
            return True
        return False

    def slot_effect(self, state, d, move, events):
        d["least"] -= 1
        put(state, d["seat"], move, events)

    def done_effect(self, state, d, move, events):
        pop(state, d)

    problems = {"slot": must_be_listed, "done": must_be_listed}
    effects = {"slot": slot_effect, "done": done_effect}

    def prompt(self, state, d):
        player = state.players[d["seat"]]
        return msg("prompt.monument", n=len(player.monument), total=slot_count())


def _label(move: tuple) -> Msg:
    if move[1] == "conviction":
        return msg("action.slot", what=Msg("vindication.sphere.conviction"))
    if move[1] == "tile":
        return msg("action.slot", what=msg("guild.tile", attr=attr_msg(move[2])))
    return msg("action.slot", what=attr_msg(move[1]))


HANDLERS = [MonumentStep()]

"""The Goblins' bombs (spec §4.1 Goblins).

The first time Goblins are picked, 6 live and 6 dud bombs are shuffled face down into one
pile for the whole game. After each expand turn's redeployment the active Goblins may put
the top bomb face down on regions next to them held by an opponent's active race (``bomb R``,
any number, ``bombs done``). A bombed region that becomes empty before the Goblin player's
next turn gives its bomb back, unrevealed, to the top of the pile (a conquest by someone else
does not: the bomb stays for the new occupant). At the start of the Goblin player's next turn
each bomb (ascending region) on a region still held by an opponent's race is revealed: a live
one empties the region as a conquest by the Goblins (losses, withdrawals, faction record,
tolls; a Harmony holder pays what it can), a dud does nothing, and both go to the box; a bomb
on a region held only by Murlocs or the Goblins, or immune, returns to the pile unrevealed.

``state.extra["bomb_pile"]`` (top first) and ``state.extra["bombs"]`` (region -> {"kind",
"seat"}) are hidden: the view shows only where face-down bombs lie and the pile's size.
"""

from __future__ import annotations

from rules.core.decisions import pop
from rules.core.types import Action
from rules.core.verbs import VerbHandler, no_problem
from rules.smallworld import conquest
from rules.smallworld.state import Instance, State

from . import coins, data, harmony, msgs, placements

KIND = "bombs"


def is_goblin(inst: Instance | None) -> bool:
    """Tell whether ``inst`` is an active race that bombs."""
    return (inst is not None and not inst.declined
            and "bombs" in data.races()[inst.race].get("hooks", ()))


def pile(state: State) -> list[str] | None:
    """Return the bomb pile (top first), or None before Goblins were first picked."""
    return state.extra.get("bomb_pile")


def placed(state: State) -> dict[str, dict]:
    """Return the bombs on the board: region (string) -> {"kind", "seat"}."""
    return state.extra.get("bombs", {})


def create_pile(state: State) -> None:
    """Shuffle the 12 bombs into the game's one pile (first Goblins pick only)."""
    if pile(state) is None:
        supply = data.constants()["supply"]
        bombs = ["live"] * supply["bomb_live"] + ["dud"] * supply["bomb_dud"]
        state.extra["bomb_pile"] = state.rng.shuffle(bombs)


def place_problem(state: State, inst: Instance, region: int):
    """Return why ``inst`` may not bomb ``region`` now, or None."""
    if not 0 <= region < len(state.regions):
        return msgs.err("no_such_region", region=region)
    if not pile(state):
        return msgs.err("no_bombs")
    target = state.inst(state.regions[region].inst)
    owned = set(state.regions_of(inst.id))
    if (target is None or target.declined or target.owner == inst.owner
            or owned.isdisjoint(state.board.regions[region].adj)):
        return msgs.err("bomb_target", region=region)
    if str(region) in placed(state) or placements.immune(state, region, inst.owner):
        return msgs.err("bomb_target", region=region)
    return None


def ask(state: State, inst: Instance) -> None:
    """Stack the bomb placement of the active Goblins when a bomb could go somewhere."""
    if any(place_problem(state, inst, r) is None for r in range(len(state.regions))):
        state.pending.append({"type": KIND, "seat": inst.owner, "inst": inst.id})


def return_bomb(state: State, region: int, events: list) -> None:
    """Put the bomb of ``region`` back, unrevealed, on top of the pile."""
    bomb = placed(state).pop(str(region), None)
    if bomb is not None:
        pile(state).insert(0, bomb["kind"])
        events.append(msgs.event("bomb_returned", region=region))


def resolve(state: State, seat: int, events: list) -> None:
    """Reveal or return every bomb of ``seat`` (start of their turn, ascending region)."""
    goblins = state.active(seat)
    for key in sorted((k for k, b in placed(state).items() if b["seat"] == seat), key=int):
        region = int(key)
        target = state.inst(state.regions[region].inst)
        opponent = target is not None and target.owner != seat and state.regions[region].tokens
        if not opponent or goblins is None or placements.immune(state, region, seat):
            return_bomb(state, region, events)
            continue
        kind = placed(state).pop(key)["kind"]
        events.append(msgs.event("bomb_revealed", reveals=True, seat=seat, region=region,
                                 live=msgs.label(f"bomb_{kind}")))
        if kind == "live":
            _explode(state, goblins, target, region, events)


def _explode(state: State, goblins: Instance, target: Instance, region: int,
             events: list) -> None:
    if harmony.is_pandaren(target) and goblins.owner in harmony.holders(state):
        paid = state.extra["turn"].setdefault("harmony_paid", [])
        if goblins.owner not in paid:
            fee = data.constants()["payments"]["harmony_fee"]
            coins.transfer(state, goblins.owner, target.owner, fee, "pandaren", events)
            paid.append(goblins.owner)
    conquest.empty_as_conquered(state, goblins, region, events)
    state.extra["turn"].pop("conquering", None)
    state.highlight.append(region)


class BombsDecision(VerbHandler):
    """Put bombs next to the Goblins (``bomb R`` any number of times, ``bombs done``)."""

    kind = KIND

    def options(self, state, d):
        inst = state.insts[d["inst"]]
        listed = [Action(f"bomb {r}", msgs.label("bomb", region=r), None, ("bomb", r))
                  for r in range(len(state.regions)) if place_problem(state, inst, r) is None]
        return listed + [Action("bombs done", msgs.label("bombs_done"), None, ("bombs_done",))]

    def other_verb(self, state, d, move):
        return msgs.err("bombs_first")

    def bomb_problem(self, state, d, move):
        return place_problem(state, state.insts[d["inst"]], move[1])

    def bombs_done_effect(self, state, d, move, events):
        pop(state, d)

    def bomb_effect(self, state, d, move, events):
        bombs = state.extra.setdefault("bombs", {})
        bombs[str(move[1])] = {"kind": pile(state).pop(0), "seat": d["seat"]}
        events.append(msgs.event("bomb_placed", seat=d["seat"], region=move[1]))
        if not any(place_problem(state, state.insts[d["inst"]], r) is None
                   for r in range(len(state.regions))):
            pop(state, d)

    problems = {"bomb": bomb_problem, "bombs_done": no_problem}
    effects = {"bomb": bomb_effect, "bombs_done": bombs_done_effect}

    def prompt(self, state, d):
        return msgs.prompt("bombs")

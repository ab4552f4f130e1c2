"""Build what one seat may see (the format agreed in .helpers/SW_VIEW.md), prompts, summaries.

Hidden: other seats' coins (until the game is over) and the deck order below the column.
Fields beyond the agreed format (added, never renamed): region ``power`` and ``inst``;
player ``active.pending``/``reserve``/``camps``, declined ``tokens``; top-level ``acting``,
``tray``, ``supply``, ``decks``, ``allies``.
"""

from __future__ import annotations

from rules.core.text import Msg
from rules.core.types import View

from . import combos, effects, msgs, scoring
from .state import Instance, State


def seats_to_act(state: State) -> list[int]:
    """Return the seats owing a decision (Small World has one at a time)."""
    return [] if state.over or not state.pending else [state.pending[-1]["seat"]]


def _withdrawing(state: State) -> Instance | None:
    top = state.pending[-1] if state.pending else None
    return state.insts[top["inst"]] if top and top["type"] == "withdraw" else None


def build(state: State, seat: int | None) -> View:
    """Return the view of ``seat`` (None: the public)."""
    data = {
        "map": state.map, "turn": state.turn, "turns": state.turns,
        "current": None if state.over else state.current, "phase": phase_id(state),
        "to_act": seats_to_act(state), "highlight": list(state.highlight),
        "regions": [_region(state, r) for r in range(len(state.regions))],
        "combos": [{"race": r, "power": p, "coins": c, "cost": i}
                   for i, (r, p, c) in enumerate(state.column)],
        "players": [_player(state, s, seat) for s in range(state.n)],
        "over": state.over,
        "scores": ({str(s): line.total for s, line in scoring.final_scores(state).items()}
                   if state.over else None),
        "acting": _acting(state), "tray": dict(state.tray), "supply": dict(state.supply),
        "decks": {"races": len(state.race_deck), "powers": len(state.power_deck),
                  "discard": list(state.discard)},
        "allies": [list(pair) for pair in state.allies],
    }
    return View("smallworld", seat, data, _private(state, seat), summary(state))


def phase_id(state: State) -> str:
    """Return the short phase id (``ghouls`` while in-decline Ghouls act)."""
    acting = state.inst(state.acting)
    if acting is not None and acting.declined and state.phase in ("conquest", "redeploy"):
        return "ghoul_" + state.phase
    return state.phase


def _region(state: State, r: int) -> dict:
    reg = state.regions[r]
    inst = state.inst(reg.inst)
    return {"id": r, "owner": inst.owner if inst else None, "race": inst.race if inst else None,
            "power": inst.power if inst and not inst.declined else None,
            "declined": bool(inst and inst.declined), "tokens": reg.tokens,
            "lost_tribe": reg.lost_tribe, "mountain": reg.mountain, "troll_lair": reg.lair,
            "fortress": reg.fortress, "encampments": reg.encampments, "hole": reg.hole,
            "hero": reg.hero, "dragon": reg.dragon}


def _declined(state: State, inst: Instance) -> dict:
    """A declined race: its badge too when the badge stayed with it (Spirit, Garrison...)."""
    return {"race": inst.race, "power": inst.power if combos.keeps_badge(state, inst) else None,
            "tokens": state.on_board(inst.id) + inst.hand}


def _player(state: State, s: int, viewer: int | None) -> dict:
    player = state.players[s]
    active = state.inst(player.active)
    return {
        "seat": s,
        "active": None if active is None else {
            "race": active.race, "power": active.power, "hand": active.hand,
            "pending": active.pending, "reserve": active.reserve, "camps": active.camps},
        "declined": [_declined(state, state.insts[i]) for i in player.declined],
        "coins": player.coins if state.over or viewer == s else None,
    }


def _acting(state: State) -> dict | None:
    inst = state.inst(state.acting)
    if state.phase == "withdraw":
        inst = _withdrawing(state)
    if inst is None:
        return None
    return {"seat": inst.owner, "race": inst.race, "declined": inst.declined,
            "hand": inst.hand, "pending": inst.pending, "berserk": inst.berserk}


def _private(state: State, seat: int | None) -> list[Msg]:
    if seat is None:
        return []
    return [Msg("smallworld.prompt.your_coins", {"coins": state.players[seat].coins})]


def summary(state: State) -> list[Msg]:
    """Return public status lines: game turn, whose turn (none once over), each seat's races."""
    key = "smallworld.prompt.status_over" if state.over else "smallworld.prompt.status"
    lines = [Msg(key, {"turn": state.turn, "turns": state.turns, "seat": state.current})]
    for s in range(state.n):
        lines.append(Msg("smallworld.prompt.seat_races", {
            "seat": s, "races": [_inst_name(i) for i in state.live_insts(s)] or
            [Msg("smallworld.prompt.no_race")]}))
    return lines


def _inst_name(inst: Instance) -> Msg:
    if inst.declined:
        return Msg("smallworld.prompt.declined_race", {"race": msgs.race(inst.race)})
    return Msg("smallworld.prompt.active_race", {"race": msgs.race(inst.race),
                                                 "power": msgs.power(inst.power)})


def prompt(state: State, seat: int) -> Msg:
    """Describe the decision ``seat`` owes now."""
    if state.over:
        return msgs.prompt("over")
    if seat not in seats_to_act(state):
        return msgs.prompt("wait")
    acting = state.inst(state.acting)
    if state.phase == "withdraw":
        inst = _withdrawing(state)
        if not inst.pending:
            return msgs.prompt("withdraw_camps", race=msgs.race(inst.race),
                               count=inst.knocked_camps)
        return msgs.prompt("withdraw", race=msgs.race(inst.race), tokens=inst.pending)
    if state.phase in ("conquest", "redeploy") and acting is not None:
        key = state.phase + ("_ghouls" if acting.declined else "")
        return msgs.prompt(key, race=msgs.race(acting.race), hand=acting.hand)
    if state.phase == "heroes":
        return msgs.prompt("heroes", count=state.heroes_left)
    active = state.active(seat)
    if state.phase == "end" and active is not None and effects.power_has(state, active,
                                                                         "diplomat"):
        return msgs.prompt("end_diplomat")  # only Diplomats may choose an ally
    return msgs.prompt(state.phase)

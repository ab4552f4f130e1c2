"""Reasons, as catalog messages, why a well-formed action is not legal now."""

from __future__ import annotations

from rules.core import Msg

from . import engine, spaces, work


def _err(name: str, **params) -> Msg:
    return Msg(f"caverna.error.{name}", params)


def explain(state, seat: int, text: str) -> Msg | None:
    """Return the reason ``text`` is illegal for ``seat``, when the engine can tell."""
    d = engine.decision_for(state, seat)
    words = text.split()
    if d is None or not words:
        return None
    verb = words[0]
    if verb == "place":
        return _place(state, seat, d, text)
    if verb in ("convert", "ruby"):
        return _err("cannot_convert")
    expected = {"turn": "place", "twin": "tile", "single": "tile", "furnish": "furnish",
                "sow": "sow", "forge": "forge", "expedition": "loot",
                "space": "choose"}.get(d["type"])
    if expected and verb != expected and verb != "done":
        return _err("wrong_step", prompt=engine.HANDLERS[d["type"]].prompt(state, d))
    if verb == "tile":
        return _err("bad_placement")
    if verb == "furnish":
        return _err("cannot_furnish")
    if verb == "sow":
        return _err("cannot_sow")
    if verb == "forge":
        return _err("cannot_forge")
    if verb == "loot":
        return _err("bad_loot")
    if verb == "done":
        return _err("not_done")
    if verb == "choose":
        return _err("cannot_choose")
    return _err("not_possible", prompt=engine.HANDLERS[d["type"]].prompt(state, d))


def _place(state, seat: int, d: dict, text: str) -> Msg | None:
    if d["type"] != "turn":
        return _err("wrong_step", prompt=engine.HANDLERS[d["type"]].prompt(state, d))
    parsed = work.parse(text)
    if parsed is None:
        return None
    space = spaces.find(state, parsed[0])
    if space is None:
        return _err("no_space", space=parsed[0])
    if space["occupant"] is not None:
        return _err("occupied", space=spaces.space_msg(space["id"]))
    player = state.ps[seat]
    if parsed[1] is not None:
        if player["goods"]["ruby"] < 1:
            return _err("no_ruby")
        if work.dwarf_with(player, parsed[1]) is None:
            return _err("no_such_dwarf", strength=parsed[1])
    return _err("cannot_carry_out", space=spaces.space_msg(space["id"]))

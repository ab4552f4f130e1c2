"""Autocomplete of phase-2 commands (spec §9.2): the legal completions of a typed prefix.

Phase 2 lists a selection (one place per building, the cheapest houses...); every other
legal command is typed. Here each command's space is walked in a fixed order (cities, rows,
columns, rotations; payments and saints only once the player has typed that far), each
candidate's text is matched against the prefix first (cheap) and only matching ones are
judged by :func:`phase2.problem`, until ``limit`` legal ones are found.
"""

from __future__ import annotations

from itertools import combinations, islice
from typing import Iterator

from . import data, phase2
from .abilities import hospital_problem
from .city import all_empty_cells, functioning_type, grid_size
from .citybuild import BUILDABLE, cost_of
from .goods import house_cost, ways_to_pay
from .moves import text
from .saints import has_bonus
from .trades import open_offers

ROTATIONS = range(4)
STORAGE_SHAPES = [(h, w) for h in range(1, 8) for w in range(1, 8) if (h * w) % 2 == 0]
PER_VERB = 3  # completions per command while only the verb is being typed


def complete(state, seat: int, typed: str, limit: int) -> list[tuple]:
    """Return up to ``limit`` legal phase-2 moves whose text begins with ``typed``."""
    if state.phase != "city" or not state.phase2:
        return []
    words = typed.split()
    if not words:
        return []
    verb_done = len(words) > 1 or typed.endswith(" ")
    verbs = [v for v in ENUMERATORS if (v == words[0] if verb_done else v.startswith(words[0]))]
    out: list[tuple] = []
    for verb in verbs:
        found = _legal(state, seat, typed, ENUMERATORS[verb](state, seat, words))
        out += islice(found, limit - len(out) if verb_done else min(PER_VERB, limit - len(out)))
        if len(out) >= limit:
            break
    return out


def _legal(state, seat: int, typed: str, candidates) -> Iterator[tuple]:
    for move in candidates:
        if text(move).startswith(typed) and phase2.problem(state, seat, move) is None:
            yield move


def _reached(words: list[str], index: int) -> bool:
    """Tell whether the player has typed every word before word ``index`` of the command."""
    return len(words) >= index


def _cells(p: dict) -> Iterator[tuple[int, tuple[int, int]]]:
    for city in range(len(p["cities"])):
        rows, cols = grid_size(p, city)
        for r in range(rows):
            for c in range(cols):
                yield city, (r, c)


def _payments(state, seat: int, cost: dict, words: list[str], index: int) -> list[tuple]:
    pays = ways_to_pay(state.ps[seat]["goods"], cost_of(state, seat, cost))
    return pays if _reached(words, index) else pays[:1]


def _build(state, seat, words) -> Iterator[tuple]:
    p = state.ps[seat]
    kinds = [k for k in BUILDABLE if len(words) < 2 or k.startswith(words[1])]
    for kind in kinds:
        pays = _payments(state, seat, data.buildings()[kind]["cost"], words, 5)
        saints = (data.SAINTS if _reached(words, 6) else data.SAINTS[:1]) \
            if kind == "cathedral" else (None,)
        for city, cell in _cells(p):
            for k in ROTATIONS:
                for pay in pays:
                    for saint in saints:
                        yield ("build", kind, city, cell, k, pay, saint)


def _storage(state, seat, words) -> Iterator[tuple]:
    for city, cell in _cells(state.ps[seat]):
        for h, w in STORAGE_SHAPES:
            yield ("storage", city, cell, h, w, ("wood",))


def _house(state, seat, words) -> Iterator[tuple]:
    p = state.ps[seat]
    empty = all_empty_cells(p)
    for number in sorted(set(data.house_chart()) - set(p["houses"])):
        pays = _payments(state, seat, house_cost(data.house_chart()[number]), words, 4)
        for city, r, c in empty:
            for pay in pays:
                yield ("house", number, city, (r, c), pay, None)


def _move(state, seat, words) -> Iterator[tuple]:
    p = state.ps[seat]
    if not has_bonus(p, "rearrange"):
        return
    for bid in sorted(p["buildings"], key=lambda b: int(b[1:])):
        for city, cell in _cells(p):
            for k in ROTATIONS:
                yield ("move", bid, city, cell, k)


def _regrave(state, seat, words) -> Iterator[tuple]:
    p = state.ps[seat]
    if not has_bonus(p, "rearrange"):
        return
    for grave in sorted(tuple(g) for g in p["graves"]):
        for target in all_empty_cells(p):
            yield ("regrave", grave, target)


def _hospital(state, seat, words) -> Iterator[tuple]:
    graves = sorted(tuple(g) for g in state.ps[seat]["graves"])
    if not graves or hospital_problem(state, seat, graves[:1]) is not None:
        return
    for size in range(min(5, len(graves)), 0, -1):
        for cells in combinations(graves, size):
            yield ("hospital", cells)


def _bank(state, seat, words) -> Iterator[tuple]:
    held = [k for k in data.GOODS if state.ps[seat]["goods"][k]]
    if not functioning_type(state, seat, "market"):
        return
    for give in sorted(set(combinations(sorted(held + held), 2))):
        for get in data.GOODS:
            yield ("bank", give, get)


def _offer(state, seat, words) -> Iterator[tuple]:
    held = [(k,) for k in data.GOODS if state.ps[seat]["goods"][k]]
    wants = [(k,) for k in data.GOODS] + [()]
    for to in range(state.players):
        for give in held + [()]:
            for get in wants:
                yield ("offer", to, give, get, None)


def _answers(verb):
    def enumerate_(state, seat, words):
        return ((verb, oid) for oid in sorted(open_offers(state, seat)))
    return enumerate_


def _staff(state, seat, words) -> Iterator[tuple]:
    return (("staff", bid) for bid in sorted(state.ps[seat]["buildings"],
                                              key=lambda b: int(b[1:])))


def _simple(verb):
    return lambda state, seat, words: iter([(verb,)])


ENUMERATORS = {
    "build": _build, "storage": _storage, "house": _house, "staff": _staff,
    "move": _move, "regrave": _regrave, "hospital": _hospital, "raze": _simple("raze"),
    "bank": _bank, "offer": _offer, "accept": _answers("accept"),
    "decline": _answers("decline"), "cancel": _answers("cancel"), "reset": _simple("reset"),
    "ready": _simple("ready"), "unready": _simple("unready"),
}

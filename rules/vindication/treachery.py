"""Treachery (spec 7.3, module ``treachery``): treachery cards shuffled into the decks after
the starting companions, effects aimed at adjacent map players, no colour majority.

The cards are data (``data/vindication/treachery.toml``); their two effect ops
(``weaken_other``, ``take_honor``, spec 9.4) run here, called by the one interpreter.
"""

from __future__ import annotations

from rules.core import Action, Event, Msg
from rules.core.decisions import pop, push
from rules.core.verbs import VerbHandler, must_be_listed

from . import guilds
from .data import CARD_DECKS, card, neighbours, treachery_cards
from .power import gain_honor, lose_honor

MODULE = "treachery"


def shuffle_in(state, chosen_modules) -> None:
    """Shuffle each treachery card into the deck matching its back (set-up, between steps 5
    and 6 of 2.3: after the starting companions, so none can start)."""
    if MODULE not in chosen_modules:
        return
    for deck in CARD_DECKS:
        extra = treachery_cards(deck)
        if extra:
            state.decks[deck] += extra
            state.rng.shuffle(state.decks[deck])


def is_treachery(cid: str) -> bool:
    """Tell whether ``cid`` is a treachery card (it never counts toward a colour majority)."""
    return bool(card(cid).get("treachery"))


def adjacent_players(state, seat: int) -> list[int]:
    """Return the seats whose medal stands on a triangle sharing a vertex with ``seat``'s."""
    around = set(neighbours(state.players[seat].triangle))
    return [s for s, p in enumerate(state.players) if s != seat and p.triangle in around]


def weaken_other_op(handler, state, d, events) -> None:
    """``weaken_other {n, target}``: each adjacent player (``adjacent_players``) or one chosen
    adjacent player (``one_adjacent_player``) weakens ``n`` times; nobody adjacent: nothing."""
    targets = adjacent_players(state, d["seat"])
    if d["target"] == "one_adjacent_player" and len(targets) > 1:
        push(state, {"type": "treachery_target", "seat": d["seat"], "op": "weaken_other",
                     "n": d["n"], "targets": targets})
        return
    for target in reversed(targets[:1] if d["target"] == "one_adjacent_player" else targets):
        _weaken(state, d["seat"], target, d["n"], events)


def take_honor_op(handler, state, d, events) -> None:
    """``take_honor {n, from}``: one adjacent player (chosen when several) loses up to ``n``
    honor and the card's owner gains what they lost."""
    targets = adjacent_players(state, d["seat"])
    if len(targets) > 1:
        push(state, {"type": "treachery_target", "seat": d["seat"], "op": "take_honor",
                     "n": d["n"], "targets": targets})
    elif targets:
        _take_honor(state, d["seat"], targets[0], d["n"], events)


def _weaken(state, seat: int, target: int, n: int, events: list) -> None:
    if guilds.shielded(state, target, events):  # Command (7.10)
        return
    events.append(Event("vindication.event.treachery_weaken",
                        {"seat": seat, "target_seat": target, "n": n}))
    push(state, {"type": "power_step", "seat": target, "direction": "down", "n": n})


def _take_honor(state, seat: int, target: int, n: int, events: list) -> None:
    before = state.players[target].honor
    lose_honor(state, target, n, events)
    taken = before - state.players[target].honor
    events.append(Event("vindication.event.honor_taken",
                        {"seat": seat, "target_seat": target, "n": taken}))
    if taken:
        gain_honor(state, seat, taken, events)


class TreacheryTarget(VerbHandler):
    """Choose the one adjacent player a treachery effect aims at (when several are)."""

    kind = "treachery_target"

    def options(self, state, d):
        return [Action(f"target {t + 1}", Msg("vindication.action.treachery_target",
                                              {"target_seat": t}), move=("target", t + 1))
                for t in d["targets"]]

    def target_effect(self, state, d, move, events):
        pop(state, d)
        target = move[1] - 1
        if d["op"] == "weaken_other":
            _weaken(state, d["seat"], target, d["n"], events)
        else:
            _take_honor(state, d["seat"], target, d["n"], events)

    problems = {"target": must_be_listed}
    effects = {"target": target_effect}

    def prompt(self, state, d):
        return Msg(f"vindication.prompt.treachery_{d['op']}", {"n": d["n"]})


HANDLERS = [TreacheryTarget()]

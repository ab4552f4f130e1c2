"""Card acquisition (spec 5.1-5.3, 5.6, R17, R18, R29): face-up, blind or empowered draw.

The empowered draw shows the top three cards to the drawing player only: they live in the
hidden ``candidates`` of a ``pick`` decision until one is kept and the rest are shuffled back.
"""

from __future__ import annotations

from rules.core import Action, Event, Msg
from rules.core.decisions import pop, push
from rules.core.verbs import VerbHandler, must_be_listed

from .data import ability, card
from .effects import fire, push_effects
from .msgs import card_msg, deck_msg
from .power import gain_honor

MODES = ("faceup", "blind", "empowered")


def card_available(state, deck: str) -> bool:
    """Tell whether anything can be acquired from ``deck`` (R18)."""
    return bool(state.decks[deck]) or state.face_up.get(deck) is not None


def modes(state, seat: int, deck: str) -> list[str]:
    """Return the acquisition modes possible now for ``deck``."""
    found = []
    if state.face_up.get(deck) is not None:
        found.append("faceup")
    if state.decks[deck]:
        found.append("blind")
    if card_available(state, deck) and state.players[seat].conviction >= 1:
        found.append("empowered")
    return found


def take_card(state, seat: int, cid: str, events: list) -> None:
    """Give ``cid`` to ``seat``: honor, relic cubes (R17), ``on_join``, ``after_acquire``."""
    player = state.players[seat]
    kind = card(cid)["type"]
    if kind == "companion":
        player.companions.append([cid, 0])
    elif kind == "relic":
        cubes = min(card(cid)["capacity"], player.influence)
        player.influence -= cubes
        player.relics.append([cid, cubes])
    elif kind == "trait":
        player.traits.append(cid)
    else:
        player.monsters.append(cid)
    events.append(Event("vindication.event.acquired", {"seat": seat, "card": card_msg(cid)},
                        reveals=True))
    gain_honor(state, seat, card(cid)["honor"], events)
    fire(state, seat, "after_acquire", {"deck": card(cid)["deck"]}, events)
    spec = ability(cid)
    if spec and spec["timing"] == "on_join":
        push_effects(state, seat, spec["effects"], cid)


def refill(state, deck: str) -> None:
    """Turn the top card of ``deck`` face up (the slot stays empty if the deck is, R18)."""
    state.face_up[deck] = state.decks[deck].pop(0) if state.decks[deck] else None


class Acquire(VerbHandler):
    """Acquire one card from ``deck``; asks for the mode when it was not given."""

    kind = "acquire"

    def options(self, state, d):
        return [Action(f"mode {m}", Msg(f"vindication.action.mode_{m}"), move=("mode", m))
                for m in modes(state, d["seat"], d["deck"])]

    def auto(self, state, d, events):
        if d["mode"] is None:
            return False
        pop(state, d)
        self._resolve(state, d["seat"], d["deck"], d["mode"], events)
        return True

    def mode_effect(self, state, d, move, events):
        pop(state, d)
        self._resolve(state, d["seat"], d["deck"], move[1], events)

    def _resolve(self, state, seat, deck, mode, events):
        if mode == "faceup":
            cid = state.face_up[deck]
            refill(state, deck)
            take_card(state, seat, cid, events)
        elif mode == "blind":
            take_card(state, seat, state.decks[deck].pop(0), events)
        else:
            start_empowered(state, seat, deck, events)

    problems = {"mode": must_be_listed}
    effects = {"mode": mode_effect}

    def prompt(self, state, d):
        return Msg("vindication.prompt.acquire_mode", {"deck": deck_msg(d["deck"])})


def start_empowered(state, seat: int, deck: str, events: list) -> None:
    """Pay 1 Conviction, draw the top 3, and ask the player to keep one candidate (5.2)."""
    player = state.players[seat]
    player.conviction -= 1
    player.influence += 1
    drawn = state.decks[deck][:3]
    del state.decks[deck][:3]
    public = state.face_up[deck]
    candidates = drawn + ([public] if public else [])
    state.face_up[deck] = None
    events.append(Event("vindication.event.empowered_draw", {"seat": seat,
                                                             "deck": deck_msg(deck)}))
    events.append(Event("vindication.event.candidates_seen",
                        {"cards": [card_msg(c) for c in candidates]},
                        audience=frozenset({seat}), reveals=True))
    push(state, {"type": "pick", "seat": seat, "deck": deck, "candidates": candidates,
                 "face_up": public})


class Pick(VerbHandler):
    """Keep one candidate of an empowered draw; the others go back and the deck is shuffled."""

    kind = "pick"

    def options(self, state, d):
        return [Action(f"pick {c}", card_msg(c), move=("pick", c)) for c in d["candidates"]]

    def pick_effect(self, state, d, move, events):
        pop(state, d)
        deck = d["deck"]
        state.decks[deck].extend(c for c in d["candidates"] if c != move[1])
        state.rng.shuffle(state.decks[deck])
        refill(state, deck)
        take_card(state, d["seat"], move[1], events)

    problems = {"pick": must_be_listed}
    effects = {"pick": pick_effect}

    def prompt(self, state, d):
        return Msg("vindication.prompt.pick")


HANDLERS = [Acquire(), Pick()]

"""Menagerie & Pets (spec 7.8): the pet market and deck, the Menagerie's acquisition (market,
blind or empowered over the whole market), pets attached to companions, re-homing, and what
happens to pets when their owner leaves, dies or is discarded.

A player's pets are ``[pet, owner]`` pairs; ``owner`` is None while the player holds a pet
with no companion to own it (its abilities do nothing until it is re-homed). Owned pets carry
abilities like cards (:func:`rules.vindication.effects.ability_cards`); ``owner_activated``
abilities fire from :func:`on_owner_activated`.
"""

from __future__ import annotations

from collections import Counter

from rules.core import Action, Event, Msg
from rules.core.decisions import pop, push
from rules.core.verbs import VerbHandler, must_be_listed

from .data import ability, deck_cards, modules
from .effects import fire, push_effects
from .msgs import card_msg
from .power import can_pay
from .regions import discounted, pay, region_at

KINDS = ("menagerie",)
DECK = "pets"


def set_up(state) -> None:
    """Shuffle the pet deck and reveal the market (set-up of spec 7.8)."""
    state.decks[DECK] = state.rng.shuffle(deck_cards(DECK))
    refill_market(state)


def market_size(state) -> int:
    """Return how many pets the market shows (data: the Menagerie's visit)."""
    return modules()["regions"]["menagerie"]["visit"]["market"]


def refill_market(state) -> None:
    """Refill the market to its size from the top of the pet deck (while the deck lasts)."""
    while len(state.pet_market) < market_size(state) and state.decks[DECK]:
        state.pet_market.append(state.decks[DECK].pop(0))


# -- the Menagerie visit ---------------------------------------------------------------------

def kind_problem(state, seat: int, hid: str, spec: dict) -> Msg | None:
    """Say why a Menagerie visit is not legal now (R8: a pet must be taken, cost paid)."""
    cost = discounted(state, seat, region_at(state, hid), spec["cost"])
    if not can_pay(state.players[seat], cost):
        return Msg("vindication.reason.cannot_pay")
    if not state.pet_market and not state.decks.get(DECK):
        return Msg("vindication.reason.no_pets")
    return None


def resolve(state, seat: int, hid: str, spec: dict, events: list) -> None:
    """Pay the Menagerie's cost and ask how the pet is taken."""
    pay(state, seat, hid, dict(spec["cost"]))
    push(state, {"type": "pet_take", "seat": seat})


def take_moves(state, seat: int) -> list[tuple]:
    """Return the ways to take a pet now: a market pet, the top pet, or the empowered draw."""
    found = [("pet", p) for p in state.pet_market]
    if state.decks[DECK]:
        found.append(("pet", "blind"))
    if state.players[seat].conviction >= 1:
        found.append(("pet", "empowered"))
    return found


class PetTake(VerbHandler):
    """Take one market pet (the market refills at once), the top pet, or draw empowered."""

    kind = "pet_take"

    def options(self, state, d):
        labels = {"blind": Msg("vindication.action.pet_blind"),
                  "empowered": Msg("vindication.action.pet_empowered")}
        return [Action(f"pet {m[1]}", labels.get(m[1]) or card_msg(m[1]), move=m)
                for m in take_moves(state, d["seat"])]

    def pet_effect(self, state, d, move, events):
        pop(state, d)
        seat, choice = d["seat"], move[1]
        if choice == "empowered":
            start_empowered(state, seat, events)
            return
        if choice == "blind":
            pet = state.decks[DECK].pop(0)
        else:
            state.pet_market.remove(choice)
            pet = choice
        refill_market(state)
        gain_pet(state, seat, pet, events)

    problems = {"pet": must_be_listed}
    effects = {"pet": pet_effect}

    def prompt(self, state, d):
        return Msg("vindication.prompt.pet_take")


def start_empowered(state, seat: int, events: list) -> None:
    """Pay 1 Conviction; the top 3 pets (seen by this player only) and every market pet are
    the candidates (spec 7.8, 5.2)."""
    player = state.players[seat]
    player.conviction -= 1
    player.influence += 1
    drawn = state.decks[DECK][:3]
    del state.decks[DECK][:3]
    market, state.pet_market = list(state.pet_market), []
    events.append(Event("vindication.event.pet_empowered", {"seat": seat}))
    events.append(Event("vindication.event.candidates_seen",
                        {"cards": [card_msg(c) for c in drawn + market]},
                        audience=frozenset({seat}), reveals=True))
    push(state, {"type": "pet_pick", "seat": seat, "candidates": drawn + market,
                 "market": market})


class PetPick(VerbHandler):
    """Keep one candidate pet; the others go back, the deck is shuffled, the market refilled."""

    kind = "pet_pick"

    def options(self, state, d):
        return [Action(f"pick {c}", card_msg(c), move=("pick", c)) for c in d["candidates"]]

    def keep_effect(self, state, d, move, events):
        pop(state, d)
        state.decks[DECK].extend(c for c in d["candidates"] if c != move[1])
        state.rng.shuffle(state.decks[DECK])
        refill_market(state)
        gain_pet(state, d["seat"], move[1], events)

    problems = {"pick": must_be_listed}
    effects = {"pick": keep_effect}

    def prompt(self, state, d):
        return Msg("vindication.prompt.pet_pick")


def gain_pet(state, seat: int, pet: str, events: list) -> None:
    """Give ``pet`` to ``seat``: attach it to a companion (asked when there is a choice), or
    hold it when the party is empty."""
    player = state.players[seat]
    player.pets.append([pet, None])
    events.append(Event("vindication.event.acquired", {"seat": seat, "card": card_msg(pet)},
                        reveals=True))
    fire(state, seat, "after_acquire", {"deck": DECK}, events)
    if len(player.companions) == 1:
        attach(state, seat, pet, player.companions[0][0], events)
    elif player.companions:
        push(state, {"type": "pet_home", "seat": seat, "pet": pet, "hold": False})


def attach(state, seat: int, pet: str, cid: str | None, events: list) -> None:
    """Make companion ``cid`` the owner of ``pet`` (None: held with no owner)."""
    _entry(state.players[seat], pet)[1] = cid
    if cid is not None:
        events.append(Event("vindication.event.pet_home", {
            "seat": seat, "pet": card_msg(pet), "card": card_msg(cid)}))


class PetHome(VerbHandler):
    """Choose the companion that owns a pet (free): a new pet, or one whose owner died or
    left (``hold`` allowed then: the pet waits with no owner)."""

    kind = "pet_home"

    def options(self, state, d):
        found = [Action(f"home {c}", card_msg(c), move=("home", c))
                 for c, _ in state.players[d["seat"]].companions]
        if d["hold"]:
            found.append(Action("home hold", Msg("vindication.action.pet_hold"),
                                move=("home", "hold")))
        return found

    def home_effect(self, state, d, move, events):
        pop(state, d)
        attach(state, d["seat"], d["pet"], None if move[1] == "hold" else move[1], events)

    problems = {"home": must_be_listed}
    effects = {"home": home_effect}

    def prompt(self, state, d):
        return Msg("vindication.prompt.pet_home", {"pet": card_msg(d["pet"])})


def _entry(player, pet: str) -> list:
    return next(e for e in player.pets if e[0] == pet)


# -- owners: activation, re-homing, leaving ------------------------------------------------

def on_owner_activated(state, seat: int, cid: str) -> None:
    """Push the ``owner_activated`` abilities of the pets ``cid`` owns (ascending id, R35)."""
    player = state.players[seat]
    for pet in sorted((p for p, owner in player.pets if owner == cid), reverse=True):
        spec = ability(pet)
        if spec and spec["timing"] == "owner_activated":
            push_effects(state, seat, spec["effects"], pet)


def rehome_problem(state, seat: int, pet: str, cid: str) -> Msg | None:
    """Say why re-homing ``pet`` onto companion ``cid`` is not possible now."""
    player = state.players[seat]
    entry = next((e for e in player.pets if e[0] == pet), None)
    if entry is None:
        return Msg("vindication.reason.not_your_pet")
    if cid not in {c for c, _ in player.companions}:
        return Msg("vindication.reason.not_your_companion")
    if entry[1] == cid:
        return Msg("vindication.reason.pet_already_there")
    if player.influence < 1:
        return Msg("vindication.reason.need_influence_cube")
    return None


def rehome_actions(state, seat: int) -> list[Action]:
    """List the re-home bonus actions (every pet onto every other companion)."""
    player = state.players[seat]
    return [Action(f"rehome {p} {c}", Msg("vindication.action.rehome",
                                          {"pet": card_msg(p), "card": card_msg(c)}),
                   move=("rehome", p, c))
            for p, _ in player.pets for c, _ in player.companions
            if rehome_problem(state, seat, p, c) is None]


def do_rehome(state, seat: int, pet: str, cid: str, events: list) -> None:
    """Re-home: 1 Influence cube onto the new owner, and the pet moves to it."""
    player = state.players[seat]
    player.influence -= 1
    next(c for c in player.companions if c[0] == cid)[1] += 1
    attach(state, seat, pet, cid, events)


def owner_discarded(state, seat: int, cid: str, events: list) -> None:
    """The owner was discarded on purpose (recovered from): its pets are discarded too."""
    player = state.players[seat]
    for entry in [e for e in player.pets if e[1] == cid]:
        player.pets.remove(entry)
        state.removed.append(entry[0])
        events.append(Event("vindication.event.pet_lost", {"seat": seat,
                                                           "pet": card_msg(entry[0])}))


def owner_left(state, seat: int, cid: str) -> None:
    """The owner left (a card effect) or died: its pets move to another companion for free
    (asked, in ascending pet id), or are held with no owner when the party is empty."""
    player = state.players[seat]
    orphans = sorted(e[0] for e in player.pets if e[1] == cid)
    for pet in orphans:
        _entry(player, pet)[1] = None
    if not player.companions:
        return
    for pet in reversed(orphans):
        push(state, {"type": "pet_home", "seat": seat, "pet": pet, "hold": True})


# -- hidden information and invariants -------------------------------------------------------

def redeal(state, seat: int | None, rng) -> None:
    """Re-draw the pet deck and the unseen candidates of other seats' empowered draws."""
    if DECK not in state.decks:
        return
    picks = [d for d in state.pending if d["type"] == "pet_pick" and d["seat"] != seat]
    hidden = [[c for c in d["candidates"] if c not in d["market"]] for d in picks]
    slots = [state.decks[DECK]] + hidden
    pool = rng.shuffle([c for slot in slots for c in slot])
    for slot in slots:
        slot[:], pool[:] = pool[:len(slot)], pool[len(slot):]
    for d, cards in zip(picks, hidden, strict=True):
        d["candidates"] = cards + d["market"]


def pet_problems(state) -> list[str]:
    """Return broken pet invariants: every pet in exactly one place, owners in the party."""
    if DECK not in state.decks:
        return []
    pool = state.decks[DECK] + state.pet_market + [p for p in state.removed
                                                   if p in set(deck_cards(DECK))]
    pool += [c for d in state.pending if d["type"] == "pet_pick" for c in d["candidates"]]
    found = []
    for seat, player in enumerate(state.players):
        pool += [p for p, _ in player.pets]
        party = {c for c, _ in player.companions}
        found += [f"seat {seat}: pet {p} owned by {o}, not in the party"
                  for p, o in player.pets if o is not None and o not in party]
    have = Counter(pool)
    return found + [f"pet {p}: {have[p]} in play" for p in deck_cards(DECK) if have[p] != 1]


HANDLERS = [PetTake(), PetPick(), PetHome()]

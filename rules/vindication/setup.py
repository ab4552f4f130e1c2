"""Set-up for 2 to 5 players (spec 2.3), in the normative engine order.

Options may fix the random parts (``journey`` deal, companion deck tops) so tests reach exact
positions; everything else draws from the state's seeded stream.
"""

from __future__ import annotations

from rules.core import Action, Event, Msg, Rng
from rules.core.decisions import pop, push
from rules.core.verbs import VerbHandler, must_be_listed

from .acquire import refill
from .data import (
    ATTRIBUTES,
    CARD_DECKS,
    board,
    buildable,
    card,
    cards,
    deck_cards,
    game,
    journey,
    modules,
    removals,
    tile_mix,
)
from .movement import draw_from_bag
from .msgs import card_msg, deck_msg
from .myths import set_up as set_up_myths
from .pets import set_up as set_up_pets
from .power import gain_honor
from .state import Player, VState
from .tiles import place_tile
from .treachery import shuffle_in


def new_state(seed: int, players: int, options: dict) -> VState:
    """Build the starting state through step 11 and push the secret-quest choices."""
    rng = Rng(seed)
    state = VState(rng=rng, players=[], options=dict(options))
    chosen = [m for m in options.get("modules", []) if m]
    build = buildable(chosen, options)
    mix = tile_mix(chosen, removals(options), build)
    state.aside = sorted(build)
    state.bag = sorted(r for r, n in mix.items() for _ in range(n))
    state.hexes = {h: [None, None] for h in board()["hexes"]}
    for deck in CARD_DECKS:
        state.decks[deck] = rng.shuffle(deck_cards(deck))
    state.quest_deck = rng.shuffle([q["id"] for q in _raw("secret_quests")])
    state.trigger_deck = rng.shuffle([t["id"] for t in _raw("end_game_triggers")])
    if "well" in chosen:
        state.wish_pool = [w["id"] for w in modules()["wish_tokens"]]
    if "pets" in chosen:
        set_up_pets(state)
    _fixed_random_parts(state, options)
    events: list = []
    _deal_journeys(state, players, options)
    set_up_myths(state, chosen)
    _starting_companions(state, options, events)
    shuffle_in(state, chosen)
    for deck in CARD_DECKS:
        refill(state, deck)
    _deal_quests(state)
    _initial_discovery(state, events)
    per = game()["player_counts"][str(players)]["proficiency_per_attribute"]
    state.prof_supply = {a: per for a in ATTRIBUTES}
    state.prof_removed = {a: 0 for a in ATTRIBUTES}
    state.tokens_left = list(game()["condition_tokens"])
    face_up = game()["end_game_triggers_face_up_at_start"]
    state.triggers_up = state.trigger_deck[:face_up]
    del state.trigger_deck[:face_up]
    return state


def _fixed_random_parts(state, options: dict) -> None:
    """Apply the options that fix random parts: trigger order, bag draws, die results."""
    fixed = [t.upper() for t in options.get("triggers", []) if t.upper() in state.trigger_deck]
    state.trigger_deck = fixed + [t for t in state.trigger_deck if t not in fixed]
    bag = [b.lower() for b in options.get("bag", [])]
    if bag:
        state.script["bag"] = bag
    for die in ("attribute_die", "monster_die"):
        valid = game()["dice"][die]["faces"]
        faces = [f.lower() for f in options.get(die.replace("_die", "_dice"), [])
                 if f.lower() in valid]
        if faces:
            state.script[die] = faces


def _raw(kind: str) -> list:
    return cards()[kind]


def _deal_journeys(state, players: int, options: dict) -> None:
    subset = list(game()["player_counts"][str(players)]["journey"])
    fixed = [j.upper() for j in options.get("journey", [])]
    deal = fixed if sorted(fixed) == sorted(subset) else state.rng.shuffle(subset)
    start = game()["player_start"]
    for jid in deal:
        j = journey(jid)
        player = Player(start_number=j["start"], triangle=j["triangle"],
                        potential=start["potential"], influence=start["influence"],
                        conviction=start["conviction"], honor=start["honor"],
                        speed=start["speed"])
        for attr, n in start["attributes"].items():
            player.attrs[attr] = n
        state.players.append(player)
    state.first_seat = min(range(players), key=lambda s: state.players[s].start_number)
    state.current = state.first_seat


def _starting_companions(state, options: dict, events: list) -> None:
    """Step 5: in start order, draw until a card without ``no_start`` (set-asides go back)."""
    tops = [c.upper() for c in options.get("companion_tops", [])]
    for deck in state.decks:
        for cid in reversed([c for c in tops if card(c)["deck"] == deck]):
            state.decks[deck].remove(cid)
            state.decks[deck].insert(0, cid)
    order = sorted(range(len(state.players)), key=lambda s: state.players[s].start_number)
    for seat in order:
        deck = journey(f"J{state.players[seat].start_number}")["companion_deck"]
        aside = []
        while card(state.decks[deck][0])["no_start"]:
            aside.append(state.decks[deck].pop(0))
        cid = state.decks[deck].pop(0)
        state.players[seat].companions.append([cid, 0])
        state.announce.append({"seat": seat, "deck": deck, "card": cid, "aside": aside})
        gain_honor(state, seat, card(cid)["honor"], events)
        if aside:
            state.decks[deck].extend(aside)
            state.rng.shuffle(state.decks[deck])


def setup_events(state) -> list[Event]:
    """Return the public events of set-up step 5 (each starting companion, and the cards
    turned up and set aside before it: everyone saw them, spec 8.4), in start order."""
    events = []
    for entry in state.announce:
        seat = entry["seat"]
        if entry["aside"]:
            events.append(Event("vindication.event.set_aside", {
                "seat": seat, "cards": [card_msg(c) for c in entry["aside"]],
                "deck": deck_msg(entry["deck"])}))
        events.append(Event("vindication.event.starting_companion",
                            {"seat": seat, "card": card_msg(entry["card"])}))
    return events


def _deal_quests(state) -> None:
    """Step 7: deal two quests to each player; each keeps one (a simultaneous decision)."""
    for seat in reversed(range(len(state.players))):
        dealt = state.quest_deck[:2]
        del state.quest_deck[:2]
        push(state, {"type": "quest_keep", "seat": seat, "dealt": dealt})


def _initial_discovery(state, events: list) -> None:
    order = sorted(range(len(state.players)), key=lambda s: state.players[s].start_number)
    for seat in order:
        for hid in journey(f"J{state.players[seat].start_number}")["reveal_at_setup"]:
            place_tile(state, hid, draw_from_bag(state), events)


class KeepQuest(VerbHandler):
    """Keep one of the Secret Quests offered in ``d[offered]``; the others are given back.

    Shared by the set-up deal (:class:`QuestKeep`) and the Temple Ruins
    (:class:`rules.vindication.kinds.TempleKeep`); each says where the others go.
    """

    offered = "dealt"

    def options(self, state, d):
        return [Action(f"keep {q}", card_msg(q), move=("keep", q)) for q in d[self.offered]]

    def keep(self, state, d, move) -> list[str]:
        """Close ``d``, give its seat the kept quest and return the others (which the seat
        remembers as returned)."""
        pop(state, d)
        player = state.players[d["seat"]]
        player.quests.append(move[1])
        others = [q for q in d[self.offered] if q != move[1]]
        player.returned.extend(others)
        return others

    def prompt(self, state, d):
        return Msg("vindication.prompt.keep_quest")


class QuestKeep(KeepQuest):
    """Keep one of the two dealt Secret Quests (every player at once, secretly)."""

    kind = "quest_keep"
    simultaneous = True

    def keep_effect(self, state, d, move, events):
        state.quest_returns.extend(self.keep(state, d, move))
        events.append(Event("vindication.event.quest_chosen", {"seat": d["seat"]}))
        if not any(p["type"] == "quest_keep" for p in state.pending):
            state.quest_deck.extend(state.quest_returns)
            state.quest_returns = []
            state.rng.shuffle(state.quest_deck)

    problems = {"keep": must_be_listed}
    effects = {"keep": keep_effect}

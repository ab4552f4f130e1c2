"""Fixtures for Vindication scenario tests (spec 10): build exact positions, play text moves,
check the invariants of spec 8.7 after every command."""

from __future__ import annotations

from rules.core.position import read
from rules.vindication import VINDICATION as G
from rules.vindication.data import ATTRIBUTES, CARD_DECKS, card, deck_cards
from rules.vindication.monuments import monument_tiles
from rules.vindication.position import position
from rules.vindication.power import cube_total

A, B, C, D = 0, 1, 2, 3
JOURNEYS = {2: "J1,J4", 3: "J1,J3,J5", 4: "J1,J2,J4,J5", 5: "J1,J2,J3,J4,J5"}


def table(players: int = 2, seed: int = 1, **options):
    """Start a game where seat 0 (A) holds J1 and plays first; quests kept; A's turn begins.

    Built by the position builder (rules/vindication/position.py): no starting companions,
    every hex empty and Honor 15, so each test sets exactly the position it describes.
    """
    return described("", players, seed, **options)


def described(text: str | dict = "", players: int = 2, seed: int = 1, **options):
    """Return :func:`table` with the parts ``text`` describes laid over it (a description of
    :mod:`rules.vindication.position`: ``seat.0.vindicated = true``, ``[hex] H07 = ...``)."""
    desc = {"players": players, "seed": seed, "empty_board": True,
            "journey": list(options.pop("journey", JOURNEYS[players].split(","))),
            "seat": {str(s): {"companions": [], "honor": 15} for s in range(players)}}
    if options:
        desc["modules"] = list(options.pop("modules"))
    assert not options, options
    return position(_merged(desc, read(text)))


def _merged(base: dict, more: dict) -> dict:
    out = dict(base)
    for key, value in more.items():
        both = isinstance(value, dict) and isinstance(out.get(key), dict)
        out[key] = _merged(out[key], value) if both else value
    return out


def give(state, seat: int, **values):
    """Set power-board fields and attributes of ``seat``; Potential absorbs the difference
    (unless given) so the player still owns 21 cubes."""
    player = state.players[seat]
    for key, value in values.items():
        if key in ATTRIBUTES:
            player.attrs[key] = value
        else:
            setattr(player, key, value)
    if "potential" not in values:
        player.potential += 21 - cube_total(state, seat)
        assert player.potential >= 0, "fixture needs more than 21 cubes"
    return state


def own(state, seat: int, cid: str, cubes: int = 0):
    """Move card ``cid`` from its deck or face-up slot to ``seat`` (``cubes`` on it come from
    Potential, so the cube total stays 21)."""
    _take_out(state, cid)
    player = state.players[seat]
    player.potential -= cubes
    kind = card(cid)["type"]
    if kind == "companion":
        player.companions.append([cid, cubes])
    elif kind == "relic":
        player.relics.append([cid, cubes])
    elif kind == "trait":
        player.traits.append(cid)
    elif kind == "monster":
        player.monsters.append(cid)
    else:
        _quest_out(state, cid)
        player.quests.append(cid)
    return state


def _take_out(state, cid: str) -> None:
    deck = card(cid).get("deck")
    if deck is None:
        return
    if state.face_up.get(deck) == cid:
        state.face_up[deck] = state.decks[deck].pop(0) if state.decks[deck] else None
    elif cid in state.decks[deck]:
        state.decks[deck].remove(cid)


def _quest_out(state, qid: str) -> None:
    if qid in state.quest_deck:
        state.quest_deck.remove(qid)
    for player in state.players:
        if qid in player.quests:
            player.quests.remove(qid)


def stack_deck(state, deck: str, top: list[str], face_up: str | None = "keep", size=None):
    """Put ``top`` on top of ``deck`` (in order); optionally set the face-up card and size."""
    cards = [c for c in state.decks[deck] if c not in top]
    if face_up == "keep" and state.face_up[deck] in top:
        state.face_up[deck] = cards.pop(0) if cards else None
    if face_up != "keep":
        if state.face_up[deck] and state.face_up[deck] != face_up:
            cards.append(state.face_up[deck])
        if face_up in cards:
            cards.remove(face_up)
        state.face_up[deck] = face_up
    state.decks[deck] = top + cards
    if size is not None:
        state.removed.extend(state.decks[deck][size:])
        state.decks[deck] = state.decks[deck][:size]
    return state


def tile(state, hid: str, region: str, owner: int | None = None):
    """Place ``region`` on ``hid`` (taken from the bag while it has one), optionally controlled
    by ``owner`` (whose control cube comes from Potential)."""
    if region in state.bag:
        state.bag.remove(region)
    state.hexes[hid] = [region, owner]
    if owner is not None:
        state.players[owner].potential -= 1
    return state


def at(state, seat: int, triangle: str):
    """Put ``seat``'s medal on ``triangle`` (also the turn-start triangle for the active seat)."""
    state.players[seat].triangle = triangle
    if seat == state.current:
        state.turn["start_triangle"] = triangle
    return state


def script(state, **results):
    """Script die results (``attribute_die``, ``monster_die``), bag draws, wish draws."""
    for key, values in results.items():
        state.script[key] = list(values)
    return state


def play(state, seat: int, *texts):
    """Play ``texts`` in order for ``seat``; check invariants after each; return (state, events)."""
    events = []
    for text in texts:
        state, new = G.play(state, seat, text)
        events += new
        check_invariants(state)
    return state, events


def keys(events) -> list[str]:
    """Return the catalog keys of ``events`` (short form)."""
    return [e.key.removeprefix("vindication.event.") for e in events]


def offered(state, seat: int) -> set[str]:
    """Return the texts of ``seat``'s legal actions."""
    return {a.text for a in G.legal_actions(state, seat)}


def check_invariants(state) -> None:
    """Assert the invariants of spec 8.7."""
    for seat, player in enumerate(state.players):
        assert cube_total(state, seat) == 21, f"seat {seat} owns {cube_total(state, seat)} cubes"
        assert player.honor >= 0 and 2 <= player.speed <= 5
        assert min([player.potential, player.influence, player.conviction,
                    *player.attrs.values()]) >= 0
    medals = [p.triangle for p in state.players]
    assert len(set(medals)) == len(medals)
    pool = []
    for deck in CARD_DECKS:
        pool += state.decks[deck] + ([state.face_up[deck]] if state.face_up[deck] else [])
        pool += [d for p in state.pending if p["type"] == "pick" and p["deck"] == deck
                 for d in p["candidates"]]
    for player in state.players:
        pool += [c for c, _ in player.companions] + player.traits + player.monsters
        pool += [r for r, _ in player.relics]
    pool += [c for c in state.removed if c not in deck_cards("pets")]  # pets: test_pets
    chosen = state.options.get("modules", [])
    everything = [c for deck in CARD_DECKS for c in deck_cards(deck, chosen)]
    assert sorted(pool) == sorted(everything)
    per = state.prof_supply
    for attr in ATTRIBUTES:
        held = sum(p.proficiency[attr] + monument_tiles(p).count(attr) for p in state.players)
        total = per[attr] + held + state.prof_removed[attr]
        assert total == len(state.players) - 1

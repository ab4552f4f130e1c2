"""Build a Vindication position for a test from a short description (TOML text or dict).

The position is the normal set-up from ``seed`` (``journey`` and ``modules`` as the game
options), each seat keeping the first Secret Quest it was dealt, then the described parts
laid over it, at the start of ``current``'s turn of round ``round`` (the turn begun as the
game begins one: its ``turn_start`` effects fire). Example::

    players = 2
    journey = ["J1", "J4"]         # journeys in seat order (default: drawn from the seed)
    current = 0                    # whose turn begins (default: the first player)
    round = 2
    empty_board = true             # every set-up tile back in the bag first
    triggers = ["E09"]             # the face-up end-game triggers
    trigger_deck = ["E03"]         # the next triggers drawn, in order (quest_deck: quests)
    script = {attribute_die = ["wisdom"], bag = ["fort"]}   # scripted dice and draws
    [hex]
    H07 = "library"                # a region tile (from the bag) ...
    H08 = {tile = "fort", owner = 1}   # ... controlled by seat 1 (a cube from Potential)
    [seat.0]
    triangle = "T26"               # the medal
    attrs = {knowledge = 3}        # cubes on attributes; Potential absorbs the difference
    honor = 20                     # also potential, influence, conviction, speed
    companions = ["B09", {card = "R03", cubes = 1}]   # replaces the seat's companions
    relics = ["P01"]               # also traits, monsters, quests (replacing the seat's)
    proficiency = ["courage"]      # proficiency tokens taken from the supply
    vindicated = true
    crystals = 2                   # Jewelcrafter & Crystal Mines: plain crystals ...
    infused = ["strength"]         # ... and infused crystals, one attribute each
    [deck.companions_red]
    top = ["R01", "R02"]           # these cards on top, in order
    face_up = "R05"                # the face-up card (or false for none)

Top-level keys: ``players``, ``seed``, ``journey``, ``modules``, ``build``, ``remove`` (the
game options of those names), ``current``, ``round``,
``empty_board``, ``triggers``, ``trigger_deck``, ``quest_deck``, ``script``, ``hex``,
``seat``, ``deck``, ``myths`` (with ``modules = ["myths"]``: ``myths = {cubes = ["T02"],
teleports = [1, 0], committed = {1 = ["strength"]}}``, the black cubes left around the
centre, the teleport tokens by seat, each seat's cubes on the circles). A seat: ``triangle``,
``attrs``, ``potential``, ``influence``, ``conviction``, ``honor``, ``speed``, ``vindicated``,
``companions``, ``relics``, ``traits``, ``monsters``, ``quests``, ``proficiency``, ``tokens``,
``crystals``, ``infused``.
A card given to a seat leaves wherever it was (deck, face-up slot, another seat); the cards a
seat gave up go back to the bottom of their decks. Unless ``potential`` is given, Potential
absorbs the difference so the seat still owns 21 cubes. Every unknown key or impossible value
raises :class:`rules.core.position.PositionError` naming it; the built state passes the
checks of :mod:`rules.vindication.invariants` (spec 8.7).
"""

from __future__ import annotations

from typing import Any, Mapping

from rules.core import position as pos
from rules.core.errors import RulesError
from rules.core.position import PositionError

from . import invariants
from .data import ATTRIBUTES, CARD_DECKS, board, card, card_table, game
from .myths import data as myths_data
from .power import cube_total

TOP = {"players", "seed", "journey", "modules", "build", "remove", "current", "round",
       "empty_board", "triggers", "trigger_deck", "quest_deck", "script", "hex", "seat", "deck",
       "myths"}
NUMBERS = ("potential", "influence", "conviction", "honor", "speed", "crystals")
HOLDINGS = ("companions", "relics", "traits", "monsters", "quests")
SEAT = {"triangle", "attrs", "vindicated", "proficiency", "tokens", "infused", *NUMBERS,
        *HOLDINGS}
KIND = {"companions": "companion", "relics": "relic", "traits": "trait",
        "monsters": "monster", "quests": "quest"}
SCRIPTS = {"attribute_die", "monster_die", "bag", "wish", "max_movement"}


def position(description: str | Mapping[str, Any]):
    """Return the Vindication state ``description`` describes (see the module docstring)."""
    from . import VINDICATION as game
    desc = pos.read(description)
    pos.only(desc, TOP, "description")
    state = _start(desc, game)
    if pos.flag(desc.get("empty_board", False), "empty_board"):
        _empty_board(state)
    seats = pos.seats(desc.get("seat", {}), len(state.players))
    for seat, table in sorted(seats.items()):
        pos.only(table, SEAT, f"seat.{seat}")
        _holdings(state, seat, table, f"seat.{seat}")
    _hexes(state, desc.get("hex", {}))
    _myths(state, desc.get("myths", {}))
    for seat, table in sorted(seats.items()):
        _power_board(state, seat, table, f"seat.{seat}")
    _decks(state, desc.get("deck", {}))
    _table(state, desc)
    _begin_turn(state, desc, game)
    pos.sound(invariants.problems(state))
    return state


def _start(desc: dict, game):
    players = pos.number(desc.get("players", 2), "players", game.min_players, game.max_players)
    options = {}
    for key in ("journey", "modules", "build", "remove"):
        if key in desc:
            options[key] = _names(desc[key], key)
    try:
        state = game.new_game(pos.number(desc.get("seed", 1), "seed"), players, options)
        for seat in sorted(game.to_act(state)):  # each keeps the first quest dealt
            state, _ = game.play(state, seat, game.legal_actions(state, seat)[0].text)
    except RulesError as refused:
        raise PositionError(f"set-up refused: {refused.msg.key} {refused.msg.params}") \
            from None
    if "journey" in desc and sorted(options["journey"]) != sorted(
            game_journeys(players)):
        raise PositionError(f"journey: {options['journey']} are not the journeys of "
                            f"{players} players ({', '.join(game_journeys(players))})")
    return state


def game_journeys(players: int) -> list[str]:
    """Return the journey cards used with ``players`` players."""
    return list(game()["player_counts"][str(players)]["journey"])


def _names(value, where: str) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise PositionError(f"{where}: expected a list of names, got {value!r}")
    return value


def _empty_board(state) -> None:
    """Every tile back in the bag, every control cube back to Potential, no wish displays."""
    for hid, (tile, owner) in state.hexes.items():
        if state.myths and hid == myths_data()["centre"]:
            continue  # the Myths & Marvels tile is no bag tile (7.11)
        if tile is not None:
            state.bag.append(tile)
        if owner is not None:
            state.players[owner].potential += 1
        state.hexes[hid] = [None, None]
    state.bag.sort()
    for display in state.wishes.values():
        state.wish_pool.extend(display)
    state.wishes = {}


def _holdings(state, seat: int, table: dict, where: str) -> None:
    player = state.players[seat]
    for key in HOLDINGS:
        if key not in table:
            continue
        items = table[key]
        if not isinstance(items, list):
            raise PositionError(f"{where}.{key}: expected a list of cards")
        for old in getattr(player, key):
            _give_back(state, player, old, key)
        setattr(player, key, [])
        for k, item in enumerate(items):
            _take(state, player, key, item, f"{where}.{key}[{k}]")


def _give_back(state, player, entry, key: str) -> None:
    """Return a card a seat gives up to the bottom of its deck (its cubes to Potential)."""
    cid = entry
    if key in ("companions", "relics"):
        cid, cubes = entry
        player.potential += cubes
    if key == "quests":
        state.quest_deck.append(cid)
    else:
        state.decks[card(cid)["deck"]].append(cid)


def _take(state, player, key: str, item, where: str) -> None:
    table = {"card": item} if isinstance(item, str) else item
    pos.only(table, {"card", "cubes"} if key in ("companions", "relics") else {"card"}, where)
    cid = pos.choice(table.get("card"), card_table(), f"{where}.card")
    if card(cid)["type"] != KIND[key]:
        raise PositionError(f"{where}: {cid} is a {card(cid)['type']}, not a {KIND[key]}")
    _out_of_play(state, cid, key, where)
    if key in ("companions", "relics"):
        cubes = pos.number(table.get("cubes", 0), f"{where}.cubes")
        player.potential -= cubes
        getattr(player, key).append([cid, cubes])
    else:
        getattr(player, key).append(cid)


def _out_of_play(state, cid: str, key: str, where: str) -> None:
    """Take card ``cid`` from its deck, face-up slot or another seat."""
    if key == "quests":
        if cid in state.quest_deck:
            state.quest_deck.remove(cid)
            return
        for p in state.players:
            if cid in p.quests:
                p.quests.remove(cid)
                return
        raise PositionError(f"{where}: {cid} is not in the quest deck")
    deck = card(cid)["deck"]
    if state.face_up.get(deck) == cid:
        state.face_up[deck] = state.decks[deck].pop(0) if state.decks[deck] else None
    elif cid in state.decks[deck]:
        state.decks[deck].remove(cid)
    else:
        for p in state.players:
            held = getattr(p, key)
            for entry in list(held):
                if (entry[0] if isinstance(entry, list) else entry) == cid:
                    if isinstance(entry, list):
                        p.potential += entry[1]
                    held.remove(entry)
                    return
        raise PositionError(f"{where}: {cid} is not available (removed from the game)")


def _hexes(state, table) -> None:
    pos.only(table, board()["hexes"], "hex")
    for hid, value in table.items():
        spec = {"tile": value} if isinstance(value, str) else value
        pos.only(spec, {"tile", "owner"}, f"hex.{hid}")
        tile = spec.get("tile")
        old, owner = state.hexes[hid]
        if old is not None:
            state.bag.append(old)
        if owner is not None:
            state.players[owner].potential += 1
        if tile not in state.bag:
            raise PositionError(f"hex.{hid}.tile: no {tile!r} tile left in the bag")
        state.bag.remove(tile)
        new_owner = spec.get("owner")
        if new_owner is not None:
            new_owner = pos.number(new_owner, f"hex.{hid}.owner", 0, len(state.players) - 1)
            state.players[new_owner].potential -= 1
        state.hexes[hid] = [tile, new_owner]
    state.bag.sort()


def _myths(state, table) -> None:
    """Myths & Marvels (7.11): ``cubes`` (black cubes still on their triangles; the others
    are on Ronak), ``teleports`` (tokens per seat), ``committed`` (by seat: the circle kinds
    its cubes fill, each cube taken from Potential)."""
    if not table:
        return
    if not state.myths:
        raise PositionError("myths: the game does not play with Myths & Marvels")
    pos.only(table, {"cubes", "teleports", "committed"}, "myths")
    spec = myths_data()
    if "cubes" in table:
        cubes = [pos.choice(t, spec["black_cubes"], "myths.cubes")
                 for t in _names(table["cubes"], "myths.cubes")]
        state.myths.update(cubes=cubes, ronak=len(spec["black_cubes"]) - len(cubes))
    if "teleports" in table:
        tokens = table["teleports"]
        if not isinstance(tokens, list) or len(tokens) != len(state.players):
            raise PositionError("myths.teleports: expected one number per seat")
        state.myths["teleports"] = [pos.number(n, "myths.teleports") for n in tokens]
    for seat, kinds in pos.seats(table.get("committed", {}), len(state.players)).items():
        for kind in _names(kinds, f"myths.committed.{seat}"):
            circle = next((c for c in state.myths["circles"] if c[0] == kind and c[1] is None),
                          None)
            if circle is None:
                raise PositionError(f"myths.committed.{seat}: no empty {kind!r} circle")
            circle[1] = seat
            state.players[seat].potential -= 1


def _power_board(state, seat: int, table: dict, where: str) -> None:
    player = state.players[seat]
    if "triangle" in table:
        player.triangle = pos.choice(table["triangle"], board()["triangles"],
                                     f"{where}.triangle")
    attrs = table.get("attrs", {})
    pos.only(attrs, ATTRIBUTES, f"{where}.attrs")
    for attr, n in attrs.items():
        player.attrs[attr] = pos.number(n, f"{where}.attrs.{attr}")
    for key in NUMBERS:
        if key in table:
            setattr(player, key, pos.number(table[key], f"{where}.{key}"))
    if "vindicated" in table:
        player.vindicated = pos.flag(table["vindicated"], f"{where}.vindicated")
    for k, attr in enumerate(table.get("proficiency", [])):
        pos.choice(attr, ATTRIBUTES, f"{where}.proficiency[{k}]")
        if state.prof_supply[attr] < 1:
            raise PositionError(f"{where}.proficiency[{k}]: no {attr} token left")
        state.prof_supply[attr] -= 1
        player.proficiency[attr] += 1
    player.infused = [pos.choice(a, ATTRIBUTES, f"{where}.infused[{k}]")
                      for k, a in enumerate(table.get("infused", player.infused))]
    for k, token in enumerate(table.get("tokens", [])):
        if token not in state.tokens_left:
            raise PositionError(f"{where}.tokens[{k}]: no condition token {token!r} left")
        state.tokens_left.remove(token)
        player.tokens.append(token)
    if "potential" not in table:
        player.potential += 21 - cube_total(state, seat)
    if player.potential < 0:
        raise PositionError(f"{where}: more than 21 cubes")


def _decks(state, table) -> None:
    pos.only(table, CARD_DECKS, "deck")
    for deck, spec in table.items():
        pos.only(spec, {"top", "face_up"}, f"deck.{deck}")
        top = _names(spec.get("top", []), f"deck.{deck}.top")
        cards = state.decks[deck] + ([state.face_up[deck]] if state.face_up[deck] else [])
        for cid in top + [spec[k] for k in ("face_up",) if spec.get(k)]:
            if cid not in cards:
                raise PositionError(f"deck.{deck}: {cid!r} is not in that deck now")
        rest = [c for c in cards if c not in top]
        if "face_up" in spec:
            face = spec["face_up"]
            if face is not False and face in top:
                raise PositionError(f"deck.{deck}.face_up: {face} is also on top")
            rest = [c for c in rest if c != face]
            state.face_up[deck] = face or None
        elif state.face_up[deck] in top:
            state.face_up[deck] = rest.pop(0) if rest else None
        else:
            rest = [c for c in rest if c != state.face_up[deck]]
        state.decks[deck] = top + rest


def _table(state, desc: dict) -> None:
    if "triggers" in desc:
        up = _names(desc["triggers"], "triggers")
        pool = state.trigger_deck + state.triggers_up
        for trigger in up:
            if trigger not in pool:
                raise PositionError(f"triggers: no end-game trigger {trigger!r}")
        state.triggers_up = list(up)
        state.trigger_deck = [t for t in pool if t not in up]
    for key in ("trigger_deck", "quest_deck"):
        if key in desc:
            top = _names(desc[key], key)
            for cid in top:
                if cid not in getattr(state, key):
                    raise PositionError(f"{key}: {cid!r} is not in that deck now")
            setattr(state, key, top + [c for c in getattr(state, key) if c not in top])
    script = desc.get("script", {})
    pos.only(script, SCRIPTS, "script")
    for key, values in script.items():
        state.script[key] = list(values) if isinstance(values, list) else [values]


def _begin_turn(state, desc: dict, game) -> None:
    """Begin ``current``'s turn of ``round`` as the game begins a turn."""
    seats = len(state.players)
    current = pos.number(desc.get("current", state.first_seat), "current", 0, seats - 1)
    rounds = pos.number(desc.get("round", 1), "round", 1)
    state.current = current
    state.round = rounds - 1 if current == state.first_seat else rounds
    state.pending = []
    game.settle(state, [])

"""No line tells a count of 0 as if something was taken, placed or gained (issue 19).

"takes 0 begging markers", "placed 0 graves": an event whose count is 0 is told in words
for nothing (``data/messages/<locale>/zero.toml``), or not at all when nothing happened.
"""

from __future__ import annotations

import pytest

from bot.presenter import UNTOLD, event_lines, move_lines, told_msg
from bot.service import Place, Player, Service
from bot.store import Store
from rules.core import Event, Msg, all_games, translate
from rules.core.playout import random_playout
from rules.core.text import catalog, template_fields

GAMES = all_games()
# parameters for which 0 names a place, a die face or a holding, never a quantity moved
NOT_COUNTS = {"region", "from_region", "to_region", "target", "value", "index", "famine",
              "level", "triangle", "face", "coins", "hex", "round", "turn"}
OPTIONS = {"vindication": "modules=all"}  # every module's events too
MOVES = 800  # a bound on each game's length
NAMES = ["Ann", "Bob", "Cy", "Di", "Ed"]


def shown_zero_counts(msg: Msg) -> list[str]:
    """The count parameters at 0 that ``msg``'s English wording prints (nested messages
    included)."""
    fields = template_fields(catalog("en")[msg.key])
    found = [name for name, value in msg.params.items()
             if type(value) is int and value == 0 and name in fields
             and name not in NOT_COUNTS and name != "seat" and not name.endswith("_seat")]
    for value in msg.params.values():
        for inner in value if isinstance(value, (list, tuple)) else [value]:
            if isinstance(inner, Msg):
                found += shown_zero_counts(inner)
    return found


def told_zero_counts(events: list[Event], names) -> list[str]:
    """Each told line (to the channel or privately) that prints a count of 0."""
    bad = []
    for event in events:
        msg = told_msg(event.msg)
        if msg is not None and shown_zero_counts(msg):
            bad.append(translate(msg, "en", names))
    return bad


@pytest.mark.parametrize("game", GAMES, ids=[g.name for g in GAMES])
async def test_random_games_through_the_service_tell_no_zero_count(game, tmp_path):
    players = max(game.min_players, min(4, game.max_players))
    store = await Store.open(tmp_path / "zero.db")
    service = Service(store, games=[game], seed_source=lambda: 5)
    place = Place("g", "c")
    seats = [Player(str(i), NAMES[i]) for i in range(players)]
    table = await service.open_and_start(place, seats, game.name, OPTIONS.get(game.name))
    playout = random_playout(game, 5, players, dict(table.record.options), max_steps=MOVES)
    bad, zeros = [], 0
    try:
        for seat, text in playout.moves:
            outcome = await service.act(place, seats[seat], text)
            move_lines(outcome, lambda s: s.name)  # the channel's lines are told without error
            zeros += sum(1 for e in outcome.events if any(
                type(v) is int and v == 0 and k in template_fields(catalog("en")[e.msg.key])
                and k not in NOT_COUNTS and "seat" not in k for k, v in e.msg.params.items()))
            bad += told_zero_counts(outcome.events, outcome.table.names)
    finally:
        await store.close()
    assert bad == [], bad[:5]
    assert zeros, "the game played no event with a count of 0: the check checked nothing"


def told(key: str, locale: str = "en", **params) -> list[str]:
    """The lines a public event ``key`` tells the channel."""
    return event_lines([Event(key, params)], None, NAMES, locale)


@pytest.mark.parametrize("key, params", [
    ("antiquity.event.graves_placed", {"seat": 0, "count": 0}),
    ("antiquity.event.polluted", {"seat": 1, "count": 0}),
    ("caverna.event.feed", {"seat": 0, "food": 0, "begging": 0}),
    ("caverna.event.field_phase", {"seat": 0, "grain": 0, "vegetable": 0}),
    ("smallworld_warcraft.event.recruited", {"seat": 0, "count": 0}),
    ("smallworld_warcraft.event.beasts_gained", {"seat": 0, "beasts": 0}),
])
@pytest.mark.parametrize("locale", ["en", "ja"])
def test_an_event_in_which_nothing_happened_is_not_told(key, params, locale):
    assert told(key, locale, **params) == []
    assert told(key, locale, **{**params, next(k for k in params if k != "seat"): 2})


@pytest.mark.parametrize("key, params, line", [
    ("caverna.event.feed", {"seat": 0, "food": 4, "begging": 0}, "Ann pays 4 food."),
    ("caverna.event.feed", {"seat": 0, "food": 0, "begging": 1},
     "Ann takes 1 begging marker."),
    ("caverna.event.field_phase", {"seat": 0, "grain": 0, "vegetable": 2},
     "Ann harvests 2 vegetables."),
    ("caverna.event.field_phase", {"seat": 0, "grain": 3, "vegetable": 0},
     "Ann harvests 3 grain."),
    ("caverna.event.place", {"seat": 1, "weapon": 0, "space": "Logging"},
     "Bob places an unarmed dwarf on Logging."),
    ("caverna.event.place", {"seat": 1, "weapon": 2, "space": "Logging"},
     "Bob places a dwarf (strength 2) on Logging."),
    ("smallworld.event.pick", {"seat": 0, "race": "Elves", "power": "Flying", "cost": 0,
                               "index": 0, "tokens": 11},
     "Ann picks Elves + Flying for free and takes 11 tokens."),
    ("smallworld.event.defender_losses", {"seat": 2, "race": "Elves", "lost": 0,
                                          "region": 8, "withdrawn": 1},
     "Cy's Elves lose no tokens in region 8; 1 withdraws."),
    ("smallworld.event.defender_losses", {"seat": 2, "race": "Orcs", "lost": 1,
                                          "region": 0, "withdrawn": 0},
     "Cy's Orcs lose 1 token in region 0."),
    ("smallworld.event.defender_losses", {"seat": 2, "race": "Orcs", "lost": 1,
                                          "region": 3, "withdrawn": 2},
     "Cy's Orcs lose 1 token in region 3; 2 withdraw."),
    ("antiquity.event.revealed", {"seat": 0, "buildings": "Inn", "houses": 0, "men": 0,
                                  "saint": "no saint"},
     "Ann reveals: new buildings: Inn; no new houses; no idle men; no saint."),
    ("caverna.event.expedition_done", {"seat": 1, "strength": 0},
     "Bob's dwarf returns from the expedition unarmed."),
    ("smallworld_warcraft.event.champion_conquest", {"seat": 0, "region": 8, "tokens": 0},
     "Ann's Champion conquers region 8 alone."),
    ("vindication.event.loyalty", {"seat": 0, "card": "Brenn", "n": 0},
     "Ann's Brenn is loyal: no cube is placed on it."),
])
def test_a_count_of_0_is_worded_as_nothing(key, params, line):
    assert told(key, **params) == [line]
    assert len(told(key, "ja", **params)) == 1


def test_private_coin_lines_leave_out_what_did_not_happen():
    def private(**params):
        event = Event("smallworld.event.coins_taken", params, audience=frozenset({0}))
        return event_lines([event], 0, NAMES)
    assert private(seat=0, paid=0, taken=0, coins=5) == []
    assert private(seat=0, paid=0, taken=2, coins=7) == ["You took 2 coins; you now have 7."]
    assert private(seat=0, paid=3, taken=0, coins=0) == ["You paid 3; you now have 0."]


def test_every_zero_wording_words_an_event_and_keeps_its_parameters():
    english = catalog("en")
    for key, template in english.items():
        if not key.startswith("zero."):
            continue
        event_key, _, left_out = key[len("zero."):].rpartition(".")
        assert event_key in english, key
        own = template_fields(english[event_key])
        assert template_fields(template) <= own, key
        assert not set(left_out.split("_")) & template_fields(template), key
        assert (template == UNTOLD) == (catalog("ja")[key] == UNTOLD), key

"""Typed text and host options that look like numbers but are not ASCII digits ('²', '①',
'٣') or name nothing the game knows are refused with a rules error, never a crash.

``str.isdigit`` accepts superscripts and circled digits that ``int`` then rejects; these
tests feed every game's parsers the texts of its own listed actions with such characters in
place of the digits, and fuzz every option a host can type with values the game cannot use.
"""

from __future__ import annotations

import pytest

from rules.core import RulesError, all_games, parse_options
from rules.core.playout import random_playout
from tests.platform.toy_game import TOY

GAMES = [*all_games(), TOY]
IMPOSTORS = ("²", "①", "٣", "½", "-", "--1")
STEPS = 120  # states sampled per game: every move of the first STEPS of a seeded playout
PER_STATE = 8  # listed actions mutated per state


def _mutations(text: str) -> list[str]:
    """The text with each impostor in place of its first digit, of all its digits, and
    appended as a word of its own."""
    found = [text + " " + imp for imp in IMPOSTORS[:3]]
    if any(ch.isdigit() for ch in text):
        first = next(i for i, ch in enumerate(text) if ch.isdigit())
        for imp in IMPOSTORS:
            found.append(text[:first] + imp + text[first + 1:])
            found.append("".join(imp if ch.isdigit() else ch for ch in text))
    return found


def _probe(game, state, seat) -> None:
    for action in list(game.legal_actions(state, seat))[:PER_STATE]:
        for typed in _mutations(action.text):
            try:
                game.parse_action(state, seat, typed)
            except RulesError:
                pass
            game.complete(state, seat, typed, 25)  # autocomplete never raises either


@pytest.mark.parametrize("game", GAMES, ids=[g.name for g in GAMES])
def test_impostor_digits_in_moves_are_refused_not_crashes(game):
    random_playout(game, seed=5, players=game.min_players if game.min_players > 1 else 2,
                   max_steps=STEPS, on_step=lambda state, seat, action: _probe(game, state, seat))


BAD_VALUES = ("zzz", "²", "①", "٣", "-1", "0", "1,1", "99", "999999", "T01", "R01",
              "x" * 300, "a,b", "ratmen", "red,red", "1_0")


def _accepted(game, options: dict) -> bool:
    """Tell whether some player count starts with ``options``; a crash fails the test."""
    return any(game.check_options(options, n) is None
               for n in range(game.min_players, game.max_players + 1))


def _valid_somewhere(game, spec, value: str) -> bool:
    """The few fuzz values that are real settings of some option (a seat, a die face)."""
    return (spec.kind == "int" and value in ("-1", "0", "99")) or (
        spec.kind == "bool" and value == "0") or (
        game.name == "smallworld" and spec.name == "combos" and value == "ratmen") or (
        game.name in ("smallworld", "smallworld_warcraft") and spec.name == "dice"
        and value in ("0", "1,1")) or (
        game.name == "vindication" and spec.name == "companion_tops" and value == "R01") or (
        game.name == "caverna" and spec.name == "harvest" and value == "red,red")  # solo


@pytest.mark.parametrize("game", GAMES, ids=[g.name for g in GAMES])
def test_every_option_refuses_values_it_cannot_use(game):
    """A value the game would crash on, or store and ignore, is refused with a message."""
    for spec in game.options:
        for value in BAD_VALUES:
            try:
                options = parse_options(game.options, {spec.name: value})
            except RulesError:
                continue
            if not _valid_somewhere(game, spec, value):
                assert not _accepted(game, options), f"{spec.name}={value[:20]} accepted"
            else:
                _accepted(game, options)


def test_the_reported_vindication_move_is_refused():
    """Issue 19: `/move recover attr courage ²` answered "Something went wrong"."""
    from rules.vindication import moves

    assert moves.parse("recover attr courage ²") is None
    assert moves.parse("recover attr courage 2") == ("recover", "attr", "courage", 2)
    assert moves.parse("activate R01 -0") is None  # no sign in a Vindication number


def test_a_warcraft_region_code_is_written_in_ascii_digits():
    from rules.smallworld_warcraft import GAME as WARCRAFT

    state = WARCRAFT.new_game(1, 2, {})
    island = state.extra["islands"][0].lower()
    assert WARCRAFT.numbered(state, f"conquer {island}-٠٧") == f"conquer {island}-٠٧"
    assert WARCRAFT.numbered(state, f"conquer {island}-07") != f"conquer {island}-07"

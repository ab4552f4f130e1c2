"""Pure component logic: custom ids, limits, which components a decision gets."""

from __future__ import annotations

import pytest

from bot.discord import ids, specs
from bot.service import Table
from bot.store import GameRecord, Seat
from rules.core import Action, Msg, OptionSpec
from tests.platform.toy_game import TOY

from .wide_game import GROUPED, HUGE, WIDE


def table(game, players=2, version=7, options=None):
    seats = tuple(Seat(str(i), f"P{i}") for i in range(players))
    record = GameRecord(id=42, game=game.name, guild="g", channel="c", status="active", seed=1,
                        options=options or {}, seats=seats, host="0", min_players=1,
                        max_players=4, version=version, state={}, board_message_id=None)
    return Table(record, game, game.new_game(1, players, options or {}))


def test_lobby_keys_know_their_verbs():
    assert ids.LobbyKey(1, "join").verb == "join"
    with pytest.raises(ValueError):
        ids.LobbyKey(1, "dance")
    with pytest.raises(ValueError):
        ids.checked("x" * 101)


def test_option_values_fall_back_to_index_for_long_texts():
    assert ids.option_value("conquer 12", 3) == "conquer 12"
    long = "x" * 101
    assert ids.option_value(long, 3) == "#3" and ids.value_index("#3") == 3
    assert ids.value_index("conquer 12") is None


def test_a_forged_index_value_is_not_an_index():
    """'²' and '①' pass ``str.isdigit`` but not ``int``: such a value is plain text (refused
    later as an unknown move), not a crash (issue 19)."""
    for forged in ("#²", "#①", "#٣", "#", "#-1"):
        assert ids.value_index(forged) is None


def test_clip_and_locale():
    assert specs.clip_text("a" * 120, 100) == "a" * 99 + "…"
    assert specs.clip_text("  two   words ", 100) == "two words"
    assert specs.clip_text("", 10) == "-"
    assert specs.locale_for("ja") == "ja" and specs.locale_for("en-US") == "en"
    assert specs.locale_for("fr") == "en"


def test_few_options_are_buttons_with_me_button():
    t = table(TOY)
    rows = specs.turn_rows(t)
    stamp = t.stamp(0)
    assert [[c.key for c in row] for row in rows] == [
        [ids.ActKey(42, 0, stamp, i) for i in range(3)], [ids.MeKey(42)]]
    assert rows[0][0].label == "Step forward one space" and rows[0][2].label == "hop 2"
    specs.check_rows(rows)


def test_up_to_25_options_are_one_menu():
    rows = specs.turn_rows(table(WIDE))
    [menu] = rows[0]
    assert isinstance(menu, specs.SelectSpec) and len(menu.options) == 14
    assert menu.options[0] == specs.OptionSpec("Step forward one space", "step", "step")
    specs.check_rows(rows)


def test_more_than_25_options_go_into_group_menus_or_menus_of_25():
    huge = specs.decision_rows(table(HUGE), 0)
    assert [len(row[0].options) for row in huge] == [25, 17]
    assert specs.shown_options(huge) == 42
    rows = specs.decision_rows(table(GROUPED), 0)
    assert [len(row[0].options) for row in rows] == [12, 10, 10, 8]
    stamp = table(GROUPED).stamp(0)
    assert [row[0].key for row in rows] == [ids.SelectKey(42, 0, stamp, p) for p in range(4)]
    cut = specs.decision_rows(table(GROUPED), 0, max_rows=1)
    assert [len(row[0].options) for row in cut] == [25] and specs.shown_options(cut) == 25


def test_simultaneous_decisions_offer_only_the_me_button():
    t = table(TOY, options={"goal": 1})
    t.state, _ = TOY.play(t.state, 0, "step")
    assert t.to_act() == frozenset({0, 1})
    assert [[c.key for c in row] for row in specs.turn_rows(t)] == [[ids.MeKey(42)]]
    assert [c.label for c in specs.decision_rows(t, 1)[0]] == ["vote yes", "vote no"]


def test_lobby_and_abort_buttons():
    lobby = table(TOY)
    lobby.record = lobby.record.__class__(**{**lobby.record.__dict__, "status": "lobby"})
    assert [c.key for c in specs.lobby_rows(lobby)[0]] == [
        ids.LobbyKey(42, "join"), ids.LobbyKey(42, "leave"), ids.LobbyKey(42, "start")]
    assert [c.key for c in specs.abort_rows(table(TOY).record)[0]] == [
        ids.AbortKey(42, 7, True), ids.AbortKey(42, 7, False)]


def test_check_rows_rejects_breaking_limits():
    button = specs.ButtonSpec(ids.MeKey(1), "x")
    with pytest.raises(ValueError):
        specs.check_rows([(button,)] * 6)
    with pytest.raises(ValueError):
        specs.check_rows([(button,) * 6])
    menu = specs.SelectSpec(ids.SelectKey(1, 0, "-", 0), "p", ())
    with pytest.raises(ValueError):
        specs.check_rows([(menu,)])


def test_action_choices_respect_limits():
    actions = [Action("x" * 150, Msg("toy.action.step"))] + [Action(f"hop {n}") for n in
                                                             range(40)]
    choices = specs.action_choices(actions, [], "en")
    assert len(choices) == 25
    assert all(1 <= len(n) <= 100 and 1 <= len(v) <= 100 for n, v in choices)


def test_option_choices_complete_the_last_word():
    options = (OptionSpec("goal", "int", 10, "toy.option.goal"),
               OptionSpec("map", "choice", "small", "nope.help", choices=("small", "large")),
               OptionSpec("fast", "bool", False, "nope.help"))
    assert [v for _, v in specs.option_choices(options, "")] == [
        "goal=10", "map=small", "map=large", "fast=true", "fast=false"]
    assert [v for _, v in specs.option_choices(options, "goal=5 ma")] == [
        "goal=5 map=small", "goal=5 map=large"]
    named = dict((v, n) for n, v in specs.option_choices(options, "go"))
    assert named["goal=10"] == "goal=10 (Position that ends the race.)"


def test_autocomplete_leaves_out_actions_too_long_for_a_choice_and_never_shows_an_empty_name():
    long_text = "move " + "x" * 120
    choices = specs.action_choices([Action(long_text), Action("step", Msg("core.prompt.wait")),
                                    Action("hop 2")], [], "en")
    assert [value for _, value in choices] == ["step", "hop 2"]
    assert all(1 <= len(name) <= 100 for name, _ in choices)

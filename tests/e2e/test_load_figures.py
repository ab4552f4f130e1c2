"""The load benchmark times a move until the channel shows it, edits in place included."""

from __future__ import annotations

import time
from types import SimpleNamespace

import pytest

from bench.discord_load import board_shown
from bench.standin.model import Message


def _table(*messages: Message) -> SimpleNamespace:
    return SimpleNamespace(public=lambda: list(messages))


def test_a_turn_message_edited_with_the_new_board_counts_as_shown():
    turn = Message(1, 9, "turn", [{"type": 1}], 0, [("board.png", 1000)])
    clicked = time.monotonic()
    assert board_shown(_table(turn), clicked) == []  # only the old picture so far
    turn.pictured = clicked + 0.25  # the stand-in's edit with the new board
    assert board_shown(_table(turn), clicked) == [pytest.approx(0.25)]


def test_without_pictures_the_first_new_turn_message_counts():
    clicked = time.monotonic()
    old = Message(1, 9, "old turn", [{"type": 1}], 0)
    old.created = clicked - 5
    new = Message(2, 9, "new turn", [{"type": 1}], 0)
    new.created = clicked + 0.1
    assert board_shown(_table(old, new), clicked) == [pytest.approx(0.1)]

"""A final option chosen with one click (Small World's decline) asks privately first: Confirm
plays it with the same stale check as its button, Cancel changes nothing (issue 19 point 9)."""

from __future__ import annotations

import copy

import pytest

from bot.discord.app import create_bot
from bot.service import Place, Player, Service
from bot.store import Store
from tests.local.test_local_confirm import second_turn

from .conftest import ALICE, BOB
from .harness import CHANNEL, GUILD, FakeDiscord, install

PLACE = Place(str(GUILD), str(CHANNEL))
SEATS = [Player(str(user[0]), user[1]) for user in (ALICE, BOB)]


@pytest.fixture
async def game(tmp_path, recorder):
    store = await Store.open(tmp_path / "games.db")
    service = Service(store, seed_source=lambda: 2)  # every registered game
    install(recorder)
    bot = create_bot(service, sync=False)
    yield FakeDiscord(bot, recorder), service
    await bot.close()
    await store.close()


def decline_menu(turn) -> str:
    """The custom id of the turn message's menu that offers ``decline``."""
    return next(c["custom_id"] for row in turn.components for c in row["components"]
                if any(o["value"] == "decline" for o in c.get("options", [])))


async def test_decline_asks_first_cancel_keeps_and_confirm_plays_once(game):
    discord_, service = game
    table = await second_turn(service, SEATS, PLACE)
    version = table.record.version
    turn = (await discord_.command(ALICE, "board")).public[-1]
    asked = await discord_.click(ALICE, turn, decline_menu(turn), ["decline"])
    [question] = asked.private
    assert question.content.startswith("Go into decline?") and asked.public == []
    assert (await service.table(PLACE)).record.version == version
    confirm, cancel = question.custom_ids()
    assert confirm.startswith("tt:sure:") and confirm.endswith(":yes") and cancel.endswith(":no")

    kept = await discord_.click(ALICE, question, cancel)
    assert "nothing was played" in kept.text and kept.public == []
    assert (await service.table(PLACE)).record.version == version

    again = (await discord_.click(ALICE, turn, decline_menu(turn), ["decline"])).private[0]
    shown = copy.deepcopy(again)  # as a slow client still shows it after the move
    played = await discord_.click(ALICE, again, again.custom_ids()[0])
    assert again.components == []  # answered: its buttons are gone
    assert "**Alice** played `decline`." in played.public[-1].content
    assert (await service.table(PLACE)).record.version == version + 1
    stale = await discord_.click(ALICE, shown, shown.custom_ids()[0])
    assert "earlier turn" in stale.text and stale.public == []
    assert (await service.table(PLACE)).record.version == version + 1


async def test_an_ordinary_option_is_played_at_once(game):
    discord_, service = game
    table = await second_turn(service, SEATS, PLACE)
    turn = (await discord_.command(ALICE, "board")).public[-1]
    first = table.actions(0)[0].text
    played = await discord_.click(ALICE, turn, decline_menu(turn), [first])
    assert f"**Alice** played `{first}`." in played.public[-1].content


def test_every_confirmation_question_belongs_to_an_action_label():
    from rules.core.text import catalog

    for locale in ("en", "ja"):
        questions = [key for key in catalog(locale) if ".confirm." in key]
        assert {"smallworld.confirm.decline", "vindication.confirm.accept_death"} <= set(
            questions)
        for key in questions:
            assert key.replace(".confirm.", ".action.") in catalog("en"), key

"""Smoke: the bot logs in to the stand-in and answers a command."""

from .conftest import ALICE


async def test_status_without_game(standin, bot):
    done = await bot.done(await standin.command(ALICE, "game status"))
    assert "no game" in done.text.lower()

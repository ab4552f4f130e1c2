"""The table as players see it (issue 19): private boards, finished games, the story."""

from __future__ import annotations

from PIL import Image

from bot.service import Place

from .conftest import ALICE, BOB
from .harness import CHANNEL, GUILD
from .test_play import started

PLACE = Place(str(GUILD), str(CHANNEL))


def focus_recorder(no_renderers) -> list:
    """Give the toy game a renderer that records the seat asked for in full."""
    asked = []

    def render(view, last_move=None, focus_seat=None, names=None, locale="en"):
        asked.append((view.seat, focus_seat))
        return Image.new("RGB", (8, 8), "white")

    no_renderers["toy"] = render
    return asked


async def test_me_draws_the_callers_own_board_not_the_acting_players(discord_, no_renderers):
    asked = focus_recorder(no_renderers)
    turn = await started(discord_)  # Alice is to act
    await discord_.command(BOB, "me")
    assert asked[-1] == (1, 1)
    await discord_.click(BOB, turn, "tt:me:1")
    assert asked[-1] == (1, 1)

"""Discord failing under the real bot: each failure is survived, the user is told the truth,
and no move is lost or played twice.

Faults are injected per route in the stand-in. ``PUBLIC`` matches the public follow-ups (the
channel posts: discord.py sends them with ``wait=1``); private answers are left alone so
the bot can still tell the user what happened.
"""

from __future__ import annotations

import re
from collections import Counter

import pytest

from bench.standin import Fault
from bench.standin.model import ATTACH_FILES, EMBED_LINKS, Channel
from bench.standin.session import Session, option_id, rows

from .conftest import ALICE, BOB

PUBLIC = r"^POST /webhooks/\d+/[^/?]+\?"
CHANNEL_EDIT = r"^PATCH /channels/\d+/messages/\d+"


def public(status: int | None, **options) -> Fault:
    """A fault on the channel posts only."""
    return Fault(PUBLIC, status, public=True, **options)


pytestmark = pytest.mark.asyncio(loop_scope="module")


@pytest.fixture
def table(shared) -> Session:
    return shared


@pytest.fixture
def standin(shared):
    return shared.standin


async def _started(table: Session) -> None:
    await table.command(ALICE, "game new", game="toy", options="goal=30 first=0")
    await table.click(BOB, table.lobby(), _lobby(table, "join"))
    await table.click(ALICE, table.lobby(), _lobby(table, "start"))


def _lobby(table: Session, verb: str) -> str:
    return next(i for i in table.lobby().custom_ids() if i.endswith(f":{verb}"))


async def _step(table: Session, user) -> object:
    turn = table.turn()
    return await table.click(user, turn, option_id(turn, "Step forward"))


def _turn_posts(table: Session) -> Counter:
    """How many turn messages the channel got for each decision (seat and decision stamp)."""
    decisions = Counter()
    for message in table.public():
        ids = [c.get("custom_id", "") for row in message.first_components
               for c in row["components"]]
        decisions.update({m.group(1) for i in ids
                          if (m := re.match(r"tt:act:(\d+:\d+:[^:]+):", i))})
    return decisions


def _current(table: Session) -> str:
    """The decision the newest turn message offers."""
    [found] = {m.group(1) for i in table.turn().custom_ids()
               if (m := re.match(r"tt:act:(\d+:\d+:[^:]+):", i))}
    return found


async def test_rate_limits_server_errors_network_and_slow_posts_are_survived(table, standin):
    standin.faults.append(public(429, via=True))  # Discord's API: discord.py waits
    await table.command(ALICE, "game new", game="toy", options="goal=30 first=0")
    await table.click(BOB, table.lobby(), _lobby(table, "join"))
    standin.faults.append(public(429, via=False))  # Cloudflare's: the bot retries
    await table.click(ALICE, table.lobby(), _lobby(table, "start"))
    standin.faults.append(public(0))  # the connection breaks
    cut = await _step(table, ALICE)
    standin.faults.append(public(503))  # discord.py retries a 5xx
    await _step(table, BOB)
    standin.faults.append(public(None, delay=1.5))  # slow, but answered
    slow = await _step(table, ALICE)
    posts = _turn_posts(table)
    standin.faults.append(Fault(CHANNEL_EDIT, 404))  # retiring the old message fails
    await table.command(BOB, "board")

    assert all(f.hits == f.times for f in standin.faults)
    assert "Saved, but" not in cut.text + slow.text
    assert [m[3] for m in table.moves()] == ["step", "step", "step"]
    assert set(posts.values()) == {1} and len(posts) == 4  # one turn message per decision
    assert _turn_posts(table)[_current(table)] == 2  # and /board posted it again
    assert max(i.ack_ms for i in standin.interactions.values()) < 1000


async def test_a_post_that_fails_for_good_is_told_and_posted_again(table, standin):
    standin.faults.append(public(403))  # a permission error is not retried
    opened = await table.command(ALICE, "game new", game="toy", options="goal=30 first=0")
    assert "Saved, but I could not post" in opened.original.content  # "Posted" corrected
    assert len(opened.private) == 1 and table.public() == []
    await table.command(ALICE, "board")  # posts the lobby again
    await table.click(BOB, table.lobby(), _lobby(table, "join"))
    await table.click(ALICE, table.lobby(), _lobby(table, "start"))
    standin.faults.append(public(403))  # a permission removed mid-game
    failed = await _step(table, ALICE)
    [told] = [m for m in failed.private if "Saved" in m.content]
    assert "Saved, but I could not post" in told.content and "permission" in told.content
    assert len(table.moves()) == 1 and len(_turn_posts(table)) == 1  # only the first turn
    assert table.game()["board_version"] != table.game()["version"]

    mine = await table.command(BOB, "me")  # any next interaction posts what is missing
    assert mine.public and "<@222>" in table.turn().content
    await _step(table, BOB)

    standin.faults.append(public(429, via=False, times=3))
    typed = await table.command(ALICE, "move", action="hop 2")
    assert "Discord asked me to slow down" in typed.text and "Posted" not in typed.text
    again = await table.command(ALICE, "board")
    assert again.public and "<@222>" in table.turn().content
    assert [m[3] for m in table.moves()] == ["step", "step", "hop 2"]
    assert table.game()["board_version"] == table.game()["version"]


async def test_missing_permissions_refused_then_a_dropped_gateway_resumes(table, standin):
    standin.channels[2001] = Channel(2001, "locked", Channel(0).permissions
                                     & ~ATTACH_FILES & ~EMBED_LINKS)
    locked = Session(standin, table.bot, channel=2001)
    refused = await locked.command(ALICE, "game new", game="toy")
    assert "Attach Files, Embed Links" in refused.text and locked.public() == []
    assert rows(table.bot.database, "SELECT id FROM games WHERE channel = '2001'") == []

    await _started(table)
    await standin.gateway.drop()
    click = await standin.click(ALICE, table.turn(), option_id(table.turn(), "Step forward"))
    await table.bot.done(click)
    assert standin.gateway.resumes == 1 and standin.gateway.connections == 2
    standin.gateway.resumes = 0
    assert click.ack_ms < 3000 and [m[3] for m in table.moves()] == ["step"]

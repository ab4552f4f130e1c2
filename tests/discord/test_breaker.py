"""Holes found by attacking the bot again after the hardening (issue 7 follow-up)."""

from __future__ import annotations

import re

from .conftest import BOB
from .test_play import started

VICTIM = "111111111111111111"
EVIL = (666, f"<@{VICTIM}> **bold `tick @everyone <@&5> ```x ||s||")
MENTION = re.compile(r"<@[!&]?\d+>|@everyone|@here")


def _pings(text: str) -> set[str]:
    """The mentions Discord would render (and, allowed, ping) in ``text``."""
    return set(MENTION.findall(text))


async def test_a_display_name_never_pings_nor_breaks_channel_formatting(discord_, service):
    await started(discord_, options="goal=2", players=(EVIL, BOB))
    await discord_.command(EVIL, "move", action="hop 2")
    await discord_.command(EVIL, "move", action="vote yes")
    await discord_.command(BOB, "move", action="vote yes")
    results = [await discord_.command(EVIL, command)
               for command in ("log", "game status", "game history")]
    texts = [m.content for m in discord_.recorder.public()]
    texts += [r.text for r in results]
    assert any("Game over" in t for t in texts)
    for text in texts:
        assert _pings(text) <= {"<@666>", "<@222>"}, text
        assert "```" not in text and "||s||" not in text, text
    played = next(t for t in texts if "played `hop 2`" in t)
    assert played.startswith("**<\u200b@\u200b111111111111111111> \\*\\*bold \\`tick"), played

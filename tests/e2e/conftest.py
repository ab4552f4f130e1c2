"""Fixtures: the Discord stand-in on 127.0.0.1 and the real bot process logged in to it."""

from __future__ import annotations

import pytest

from .driver import BotProcess
from .standin import StandIn
from .standin.server import User

ALICE = User(111, "Alice")
BOB = User(222, "Bob")
CAROL = User(333, "Carol")


@pytest.fixture
async def standin():
    """A fresh stand-in; at the end no rule of Discord's may have been broken."""
    server = await StandIn().start()
    yield server
    await server.stop()
    assert server.violations == []


@pytest.fixture
async def bot(standin, tmp_path):
    """The real bot (toy game registered) logged in to ``standin``; stopped with SIGTERM."""
    process = await BotProcess(standin, tmp_path / "games.db").start()
    yield process
    code = await process.stop()
    assert code == 0, process.log[-3000:]
    assert process.errors() == [], process.log[-3000:]

"""Fixtures: the Discord stand-in on 127.0.0.1 and the real bot process logged in to it.

``standin`` and ``bot`` are one test's own; ``shared`` (module scope, for modules marked
``pytest.mark.asyncio(loop_scope="module")``) starts one bot for a whole module and gives each
test a fresh channel, so starting processes does not dominate the run.
"""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
import pytest_asyncio

from bench.standin import StandIn
from bench.standin.driver import BotProcess
from bench.standin.model import Channel
from bench.standin.server import User
from bench.standin.session import Session

PLUGINS = Path(__file__).parent / "plugins"  # the toy game, as a ``rules`` package
ALICE = User(111, "Alice")
BOB = User(222, "Bob")
CAROL = User(333, "Carol")

_channels = itertools.count(2100)


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
    process = await BotProcess(standin, tmp_path / "games.db", PLUGINS).start()
    yield process
    code = await process.stop()
    assert code == 0, process.log[-3000:]
    assert process.errors() == [], process.log[-3000:]


@pytest_asyncio.fixture(loop_scope="module", scope="module")
async def shared_bot(tmp_path_factory):
    """One stand-in and one bot process for a whole test module."""
    server = await StandIn().start()
    process = await BotProcess(server, tmp_path_factory.mktemp("e2e") / "games.db",
                               PLUGINS).start()
    yield process
    code = await process.stop()
    await server.stop()
    assert code == 0, process.log[-3000:]
    assert process.errors() == [], process.log[-3000:]


@pytest.fixture
def shared(shared_bot) -> Session:
    """A fresh channel at the module's bot; faults and rule breaches stay with the test."""
    server = shared_bot.standin
    channel = next(_channels)
    server.channels[channel] = Channel(channel)
    yield Session(server, shared_bot, channel)
    server.faults.clear()
    violations, server.violations = server.violations, []
    assert violations == []

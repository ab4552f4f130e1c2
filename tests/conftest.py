"""Shared fixtures: a temporary store and a service over the toy game."""

from __future__ import annotations

import pytest

from bot.service import Place, Player, Service
from bot.store import Store
from tests.platform.toy_game import TOY

PLACE = Place("guild-1", "channel-1")
ALICE = Player("100", "Alice")
BOB = Player("200", "Bob")
CAROL = Player("300", "Carol")


@pytest.fixture
async def store(tmp_path):
    opened = await Store.open(tmp_path / "games.db")
    yield opened
    await opened.close()


@pytest.fixture
async def service(store):
    return Service(store, games=[TOY], seed_source=lambda: 4242)

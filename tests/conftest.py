"""Shared fixtures: a temporary store and a service over the toy game."""

from __future__ import annotations

import pytest

from bot.service import Place, Player, Service
from bot.store import Store
from tests import backends
from tests.backends import database, postgres_server  # noqa: F401 (fixtures)
from tests.platform.toy_game import TOY


def pytest_addoption(parser):
    """``--backend sqlite|postgresql|all`` for the store and service tests."""
    backends.add_option(parser)


def pytest_generate_tests(metafunc):
    """A test taking ``backend`` (or ``database``) runs on each selected backend."""
    backends.parametrize(metafunc)


def pytest_collection_modifyitems(config, items):
    """With ``--backend`` naming one backend, run only that backend's tests."""
    backends.deselect(config, items)


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

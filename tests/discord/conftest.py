"""Fixtures: a toy-game service on a temp database, the bot around it, and a fake Discord."""

from __future__ import annotations

import logging

import pytest
from PIL import Image

import rendering.registry as registry
from bot.discord.app import create_bot
from bot.service import Service
from bot.store import Store
from tests.platform.toy_game import TOY

from .harness import FakeDiscord, Recorder, check_limits, install
from .wide_game import GROUPED, HUGE, LONG, VAST, WIDE

ALICE = (111, "Alice")
BOB = (222, "Bob")
CAROL = (333, "Carol")
DAVE = (444, "Dave")
EVE = (555, "Eve")


@pytest.fixture(autouse=True)
def no_renderers(monkeypatch):
    """Games have no renderer unless a test installs one (other games' renderers stay out)."""
    found: dict = {}
    monkeypatch.setattr(registry, "_renderers", lambda: found)
    return found


@pytest.fixture
def toy_renderer(no_renderers):
    """Give the toy game a renderer; return the views it was asked to draw."""
    seen = []

    def render(view, last_move=None, **options):
        seen.append(view)
        return Image.new("RGB", (48, 24), "white")

    no_renderers["toy"] = render
    return seen


@pytest.fixture(autouse=True)
def no_errors(caplog):
    """Fail a test if anything logged an error (an exception swallowed by a callback)."""
    caplog.set_level(logging.INFO)
    yield
    errors = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert not errors, [r.getMessage() for r in errors]


@pytest.fixture
def db_path(tmp_path):
    return tmp_path / "games.db"


@pytest.fixture
async def service(db_path):
    store = await Store.open(db_path)
    yield Service(store, games=[TOY, WIDE, HUGE, GROUPED, LONG, VAST], seed_source=lambda: 4242)
    await store.close()


@pytest.fixture
def recorder():
    return Recorder()


@pytest.fixture
async def discord_(service, recorder):
    """The bot around ``service`` and a fake Discord driving it."""
    install(recorder)
    bot = create_bot(service, sync=False)
    yield FakeDiscord(bot, recorder)
    await bot.close()
    for message in recorder.order:
        check_limits(message)

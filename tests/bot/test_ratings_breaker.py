"""Ratings of games that end at the same moment in two channels of one server."""

from __future__ import annotations

import asyncio

from bot.service import Place
from bot.store import results as stored
from tests.conftest import ALICE, BOB, CAROL, PLACE

from .test_history import finish

OTHER = Place(PLACE.guild, "another-channel")




async def test_two_games_ending_at_once_both_count_in_the_shared_players_rating(service, store):
    ends = []
    for place, players in ((PLACE, (ALICE, BOB)), (OTHER, (ALICE, CAROL))):
        await service.open_and_start(place, list(players), "toy", "goal=2")
        await service.act(place, players[0], "hop 2")
        await service.act(place, players[0], "vote yes")
        ends.append(service.act(place, players[1], "vote yes"))  # ends the game
    outcomes = await asyncio.gather(*ends)
    assert all(o.table.is_over() for o in outcomes)
    alice = (await stored.player_ratings(store, PLACE.guild, ALICE.user_id))["toy"]
    assert alice.played == 2 and alice.won == 2


async def test_a_replay_never_names_a_secret_move(service, store, monkeypatch):
    from bot import replays

    table = await finish(service)
    document = (await service.export(PLACE))[1]
    assert ["vote yes"] == [text for _, text in document["moves"]][-1:]
    drawn = []
    monkeypatch.setattr(replays, "has_renderer", lambda name: True)
    monkeypatch.setattr(replays, "render",
                        lambda view, last_move, names, locale: drawn.append(last_move))
    monkeypatch.setattr(replays, "palette_of", lambda image: None)
    monkeypatch.setattr(replays, "animate",
                        lambda frames, count, limit, palette: list(frames(range(count))) and b"GIF")
    assert replays.replay_gif(table.game, document, 10**6) == b"GIF"
    assert "hop 2" in drawn and not any(text and "vote" in text for text in drawn), drawn

"""The presenter: sentences for moves, turns, lobby, scores; private lines stay private."""

from __future__ import annotations

import threading

from PIL import Image

import rendering.registry as registry
from bot import presenter
from bot.service import Place
from tests.conftest import ALICE, BOB, PLACE


def mention(seat) -> str:
    return f"<@{seat.user_id}>"


async def _game(service, options=None):
    await service.new_game(PLACE, ALICE, "toy", options)
    await service.join(PLACE, BOB)
    return await service.start(PLACE, ALICE)


async def test_move_lines_show_public_events_and_who_is_next(service):
    await _game(service)
    outcome = await service.act(PLACE, ALICE, "step")
    lines = presenter.move_lines(outcome, mention)
    assert lines[0] == "**Alice** played `step`."
    assert "Alice moved 1." in lines
    assert lines[-1].startswith("<@200>: Step, roll or hop.")
    secret = outcome.table.state.secrets[0]
    assert all(str(secret) not in line for line in lines[1:-1])


async def test_private_lines_show_only_the_callers_secret(service):
    table = await _game(service)
    alice = "\n".join(presenter.private_lines(table, 0))
    assert str(table.state.secrets[0]) in alice
    assert str(table.state.secrets[1]) not in alice.replace(str(table.state.secrets[0]), "")


async def test_final_lines_rank_players_with_breakdown_and_winner(service):
    await _game(service, "goal=2")
    await service.act(PLACE, ALICE, "hop 2")
    await service.act(PLACE, ALICE, "vote yes")
    outcome = await service.act(PLACE, BOB, "vote no")
    lines = presenter.turn_lines(outcome.table, mention)
    assert lines[0] == "**Game over.**"
    assert lines[1] == "Alice: **2** (position 2)" and lines[2] == "Bob: **0** (position 0)"
    assert lines[-1] == "Winner: Alice"


async def test_lobby_and_status_lines(service):
    table = await service.new_game(Place("g", "lobby"), ALICE, "toy", "goal=4", max_players=3)
    lines = presenter.status_lines(table, mention)
    assert lines[1] == "Seated (1/3): Alice" and lines[-1] == "Options: goal=4"


def test_clip_keeps_messages_within_discords_limit():
    text = presenter.clip([f"line {i} " + "x" * 50 for i in range(100)])
    assert len(text) <= 2000 and text.endswith("…")
    assert presenter.clip(["a", "b"]) == "a\nb"


async def test_no_board_for_a_game_without_renderer(service):
    table = await _game(service)
    assert await presenter.board_png(table) is None


async def test_a_secret_choice_is_announced_without_its_text(service):
    await _game(service, "goal=2")
    await service.act(PLACE, ALICE, "hop 2")
    outcome = await service.act(PLACE, BOB, "vote no")
    lines = presenter.move_lines(outcome, mention)
    assert lines[0] == "**Bob** has made their choice."
    assert all("vote no" not in line for line in lines)


async def test_the_board_view_is_built_in_the_worker_that_draws_it(service, monkeypatch):
    """Neither the view nor the image is made on the event loop's thread."""
    table = await _game(service)
    threads = {}
    real_view = table.game.view

    def view(state, seat):
        threads["view"] = threading.get_ident()
        return real_view(state, seat)

    def render(view, last_move=None, **options):
        threads["render"] = threading.get_ident()
        return Image.new("RGB", (8, 8), "white")

    monkeypatch.setattr(table.game, "view", view)
    monkeypatch.setattr(registry, "_renderers", lambda: {"toy": render})
    assert (await presenter.board_png(table)).startswith(b"\x89PNG")
    assert threads["view"] == threads["render"] != threading.get_ident()


async def test_the_game_length_reads_well_in_both_languages(service):
    """Issue 19: "93 moves over 1 minutes"."""
    from bot.history import Summary

    table = await _game(service)
    en = presenter.summary_lines(table, Summary(93, 1, 2))[0]
    assert "93 moves over 1 minute;" in en
    assert "1 move over 2 hours 5 minutes;" in presenter.summary_lines(table, Summary(1, 125, 2))[0]
    assert "93手、1分。" in presenter.summary_lines(table, Summary(93, 1, 2), "ja")[0]


async def test_time_left_is_localised_and_rounded_up(service):
    from bot.clock import SeatClock, Settings

    table = await _game(service)
    settings = Settings(timer=600)
    clocks = {seat: SeatClock(seat, since=1000.0) for seat in table.to_act()}
    assert presenter.time_lines(table, settings, clocks, 1001.0, "ja") == ["Alice：残り10分"]
    assert presenter.time_lines(table, settings, clocks, 1001.0) == ["Alice: 10m left"]

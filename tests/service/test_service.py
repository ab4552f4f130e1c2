"""The service: lobby and play flow, and every refusal leaves the stored game unchanged."""

from __future__ import annotations

import asyncio
import sqlite3

import pytest

from bot.errors import UserError
from bot.service import Place, Service
from bot.store import Store
from tests.conftest import ALICE, BOB, CAROL, PLACE
from tests.platform.toy_game import TOY


async def _started(service: Service, *players, options=None):
    await service.new_game(PLACE, players[0], "toy", options)
    for player in players[1:]:
        await service.join(PLACE, player)
    return await service.start(PLACE, players[0])


def _key(error: pytest.ExceptionInfo) -> str:
    return error.value.msg.key


async def _refused(coro, key: str):
    with pytest.raises(UserError) as error:
        await coro
    assert _key(error) == key


async def test_lobby_flow_seats_players_in_join_order(service):
    table = await service.new_game(PLACE, ALICE, "toy", "goal=5")
    assert table.record.options == {"goal": 5, "first": 0}
    await service.join(PLACE, BOB)
    table = await service.start(PLACE, ALICE)
    assert table.names == ["Alice", "Bob"] and table.record.status == "active"
    assert table.to_act() == frozenset({0})


async def test_shuffled_seating_is_a_permutation_fixed_by_the_seed(service, store):
    await service.new_game(PLACE, ALICE, "toy")
    await service.join(PLACE, BOB)
    await service.join(PLACE, CAROL)
    table = await service.start(PLACE, ALICE, shuffle=True)
    assert sorted(table.names) == ["Alice", "Bob", "Carol"]


async def test_lobby_refusals(service):
    await _refused(service.join(PLACE, BOB), "core.service.no_game")
    await service.new_game(PLACE, ALICE, "toy", max_players=2)
    await _refused(service.new_game(PLACE, BOB, "toy"), "core.service.channel_busy")
    await _refused(service.join(PLACE, ALICE), "core.service.already_seated")
    await service.join(PLACE, BOB)
    await _refused(service.join(PLACE, CAROL), "core.service.lobby_full")
    await _refused(service.leave(PLACE, CAROL), "core.service.not_seated")
    await _refused(service.start(PLACE, BOB), "core.service.host_only")
    await service.start(PLACE, ALICE)
    await _refused(service.join(PLACE, CAROL), "core.service.already_started")


async def test_bad_game_options_and_player_ranges_are_refused(service):
    other = Place("g", "elsewhere")
    await _refused(service.new_game(other, ALICE, "chess"), "core.service.unknown_game")
    await _refused(service.new_game(other, ALICE, "toy", "goal"), "core.error.malformed_option")
    await _refused(service.new_game(other, ALICE, "toy", "colour=red"),
                   "core.error.unknown_option")
    await _refused(service.new_game(other, ALICE, "toy", "goal=999"),
                   "core.error.bad_option_value")
    await _refused(service.new_game(other, ALICE, "toy", max_players=9),
                   "core.service.bad_player_range")
    assert await service.store.open_game("g", "elsewhere") is None


async def test_not_enough_players(service):
    await service.new_game(PLACE, ALICE, "toy", min_players=2)
    await _refused(service.start(PLACE, ALICE), "core.service.not_enough_players")


async def test_host_leaving_passes_the_host_role_and_last_leaver_closes(service):
    await service.new_game(PLACE, ALICE, "toy")
    await service.join(PLACE, BOB)
    await service.leave(PLACE, ALICE)
    table = await service.start(PLACE, BOB)
    assert table.names == ["Bob"]
    await service.abort(PLACE, BOB)
    await service.new_game(PLACE, ALICE, "toy")
    table = await service.leave(PLACE, ALICE)
    assert table.record.status == "aborted"
    await _refused(service.table(PLACE), "core.service.no_game")


async def test_a_move_is_applied_saved_and_reported(service, store):
    table = await _started(service, ALICE, BOB)
    outcome = await service.act(PLACE, ALICE, "step")
    assert outcome.table.state.positions == [1, 0]
    assert outcome.table.record.version == table.record.version + 1
    fresh = await store.get_game(table.record.id)
    assert fresh.state["positions"] == [1, 0]
    assert [m.action for m in await store.moves(table.record.id)] == ["step"]


async def test_typed_only_legal_action_is_accepted(service):
    await _started(service, ALICE, BOB)
    outcome = await service.act(PLACE, ALICE, "  HOP   1 ")
    assert outcome.action.text == "hop 1" and outcome.table.state.positions == [1, 0]


async def test_play_refusals_change_nothing(service, store):
    table = await _started(service, ALICE, BOB)
    version = table.record.version
    await _refused(service.act(PLACE, BOB, "step"), "core.service.not_your_turn")
    await _refused(service.act(PLACE, CAROL, "step"), "core.service.not_in_game")
    await _refused(service.act(PLACE, ALICE, "dance"), "core.error.cannot_parse")
    await _refused(service.act(PLACE, ALICE, "hop 3"), "core.error.not_legal_because")
    await _refused(service.act(PLACE, ALICE, "step", expected_version=version - 1),
                   "core.service.stale")
    await _refused(service.act(Place("g", "empty"), ALICE, "step"), "core.service.no_game")
    assert (await store.get_game(table.record.id)).version == version
    assert await store.moves(table.record.id) == []


async def test_undo_takes_back_only_the_callers_own_unrevealed_move(service, store):
    await _started(service, ALICE)  # solo: Alice stays the only one to act
    await service.act(PLACE, ALICE, "step")
    table = await service.undo(PLACE, ALICE)
    assert table.state.positions == [0]
    await service.act(PLACE, ALICE, "roll")
    await _refused(service.undo(PLACE, ALICE), "core.service.undo_revealed")


async def test_undo_refused_once_the_turn_passed(service):
    await _started(service, ALICE, BOB)
    await service.act(PLACE, ALICE, "step")
    await _refused(service.undo(PLACE, BOB), "core.service.undo_not_yours")
    await _refused(service.undo(PLACE, ALICE), "core.service.undo_others_acting")


async def test_simultaneous_vote_and_game_end(service, store):
    table = await _started(service, ALICE, BOB, options="goal=2")
    await service.act(PLACE, ALICE, "hop 2")
    table = await service.table(PLACE)
    assert table.to_act() == frozenset({0, 1})
    await service.act(PLACE, BOB, "vote no")
    outcome = await service.act(PLACE, ALICE, "vote yes")
    assert outcome.table.is_over() and outcome.table.record.status == "over"
    assert TOY.winners(outcome.table.state) == [0]
    await _refused(service.table(PLACE), "core.service.no_game")


async def test_suggestions_filter_and_offer_typed_legal_moves(service):
    await _started(service, ALICE, BOB)
    assert [a.text for a in await service.suggest(PLACE, ALICE, "")] == ["step", "roll", "hop 2"]
    assert [a.text for a in await service.suggest(PLACE, ALICE, "die")] == ["roll"]
    assert [a.text for a in await service.suggest(PLACE, ALICE, "hop 1")] == ["hop 1"]
    assert await service.suggest(PLACE, BOB, "") == []


async def test_abort_needs_host_or_manage_permission(service):
    await _started(service, ALICE, BOB)
    await _refused(service.abort(PLACE, BOB), "core.service.abort_not_allowed")
    record = await service.abort(PLACE, BOB, can_manage=True)
    assert record.status == "aborted"


async def test_restart_resumes_every_open_game(database):
    path = database
    first = Service(await Store.open(path), games=[TOY], seed_source=lambda: 1)
    await _started(first, ALICE, BOB)
    await first.act(PLACE, ALICE, "step")
    await first.store.close()
    second = Service(await Store.open(path), games=[TOY])
    tables = await second.open_tables()
    assert [t.state.positions for t in tables] == [[1, 0]]
    outcome = await second.act(PLACE, BOB, "step")
    assert outcome.table.state.positions == [1, 1]
    await second.store.close()


async def test_concurrent_clicks_on_one_game_apply_in_order(service, store):
    table = await _started(service, ALICE)
    version = table.record.version
    results = await asyncio.gather(
        service.act(PLACE, ALICE, "step", expected_version=version),
        service.act(PLACE, ALICE, "step", expected_version=version),
        return_exceptions=True)
    assert sum(isinstance(r, UserError) for r in results) == 1
    assert (await store.get_game(table.record.id)).state["positions"] == [1]


async def test_secret_simultaneous_choices_are_flagged_and_stored(service, store):
    table = await _started(service, ALICE, BOB, options="goal=2")
    first = await service.act(PLACE, ALICE, "hop 2")
    assert first.secret is False
    vote = await service.act(PLACE, BOB, "vote no")
    last = await service.act(PLACE, ALICE, "vote yes")  # acts alone, still secret
    assert vote.secret and last.secret
    moves = await store.moves(table.record.id)
    assert [m.secret for m in moves] == [False, True, True]


async def test_options_the_game_refuses_are_caught_at_new_and_at_start(service, store):
    await _refused(service.new_game(Place("g", "x"), ALICE, "toy", "first=9"),
                   "core.error.bad_start_seat")
    table = await service.new_game(PLACE, ALICE, "toy", "first=2")
    await service.join(PLACE, BOB)
    await _refused(service.start(PLACE, ALICE), "core.error.bad_start_seat")
    assert (await store.get_game(table.record.id)).status == "lobby"
    await service.join(PLACE, CAROL)
    table = await service.start(PLACE, ALICE)
    assert table.to_act() == frozenset({2})


async def test_a_move_waiting_too_long_for_another_process_is_refused_and_changes_nothing(
        tmp_path):
    """Another process holding the database's write lock past the wait: the player is told
    to try again, nothing is saved, and the same move goes through once the lock is free."""
    path = tmp_path / "shared.db"
    store = await Store.open(path, busy_seconds=0.2)
    service = Service(store, games=[TOY], seed_source=lambda: 4242)
    try:
        table = await _started(service, ALICE, BOB)
        other = sqlite3.connect(path, isolation_level=None)
        other.execute("BEGIN IMMEDIATE")  # another bot process in the middle of a write
        await _refused(service.act(PLACE, ALICE, "step"), "core.service.busy")
        await _refused(service.new_game(Place("g", "other"), ALICE, "toy", None),
                       "core.service.busy")
        other.execute("ROLLBACK")
        other.close()
        assert (await store.get_game(table.record.id)).version == table.record.version
        assert await store.moves(table.record.id) == []
        outcome = await service.act(PLACE, ALICE, "step")
        assert outcome.table.record.version == table.record.version + 1
    finally:
        await store.close()


async def test_a_move_whose_commit_is_cancelled_is_saved_and_its_button_then_stale(service,
                                                                                   store,
                                                                                   monkeypatch):
    table = await service.open_and_start(PLACE, [ALICE, BOB], "toy")
    seat = min(table.to_act())
    player, stamp = [ALICE, BOB][seat], table.stamp(seat)
    real_execute = store._db.execute

    def cancel_during_commit(sql, *args):
        if sql == "COMMIT":
            asyncio.get_running_loop().call_soon(asyncio.current_task().cancel)
        return real_execute(sql, *args)

    monkeypatch.setattr(store._db, "execute", cancel_during_commit)
    click = asyncio.create_task(service.choose(PLACE, player, seat, stamp, index=0))
    with pytest.raises(asyncio.CancelledError):
        await click
    monkeypatch.undo()
    after = await service.table(PLACE)
    assert after.record.version == table.record.version + 1  # the move is on record
    assert len(await store.moves(after.record.id)) == 1
    with pytest.raises(UserError) as resent:  # the same click again is never played twice
        await service.choose(PLACE, player, seat, stamp, index=0)
    assert resent.value.msg.key.endswith(".stale")
    assert len(await store.moves(after.record.id)) == 1

"""Seats that may act without owing a decision (``Game.may_act``) and concession, through
the service: a ready Antiquity player unreadies; any player concedes at any time."""

from __future__ import annotations

import pytest

from bot import history
from bot.errors import UserError
from bot.service import Place, Player, Service, suggest_actions
from rules.antiquity import GAME as ANTIQUITY
from tests.conftest import ALICE, BOB
from tests.platform.toy_game import TOY

PLACE = Place("guild-1", "channel-2")
OPTIONS = "tiles=T0:0,T1:0,T2:0,T3:0 order=0,1"


@pytest.fixture
async def service(store):
    return Service(store, games=[ANTIQUITY, TOY], seed_source=lambda: 2)


async def city_phase(service: Service):
    """A 2-player Antiquity game in phase 2 (Alice seat 0, Bob seat 1)."""
    await service.open_and_start(PLACE, [ALICE, BOB], "antiquity", OPTIONS)
    await service.act(PLACE, BOB, "start a 0,0")
    outcome = await service.act(PLACE, ALICE, "start b -1,14")
    assert outcome.table.state.phase == "city"
    return outcome.table


async def _refused(coro, key: str):
    with pytest.raises(UserError) as error:
        await coro
    assert error.value.msg.key == key


async def test_a_ready_player_gets_his_options_and_unreadies(service):
    await city_phase(service)
    ready = await service.act(PLACE, ALICE, "ready")
    table = ready.table
    assert table.to_act() == {1} and table.may_act(0)
    _, seat, prompt, options = await service.decision(PLACE, ALICE)
    assert seat == 0 and prompt.key == "antiquity.prompt.city_ready"
    assert options[0].text == "unready"
    assert table.stamp(0) != "-"
    assert [a.text for a in suggest_actions(table, 0, "unr")] == ["unready"]
    outcome = await service.choose(PLACE, ALICE, 0, table.stamp(0), text="unready")
    assert outcome.table.to_act() == {0, 1}
    await _refused(service.choose(PLACE, ALICE, 0, table.stamp(0), text="unready"),
                   "core.service.stale")


async def test_a_ready_player_types_unready(service):
    await city_phase(service)
    await service.act(PLACE, ALICE, "ready")
    outcome = await service.act(PLACE, ALICE, "unready")
    assert not outcome.secret and outcome.table.to_act() == {0, 1}
    await _refused(service.act(PLACE, ALICE, "unready"), "core.error.not_legal_because")


async def test_concession_when_the_seat_owes_nothing_is_public_and_final(service):
    await city_phase(service)
    await service.act(PLACE, ALICE, "ready")
    outcome = await service.concede(PLACE, ALICE)
    assert outcome.conceded and not outcome.secret
    assert outcome.table.state.ps[0]["eliminated"]
    assert any(e.key == "antiquity.event.conceded" and e.audience is None
               for e in outcome.events)
    moves = await service.store.moves(outcome.table.record.id, last=1)
    assert moves[0].action == "concede" and not moves[0].undoable
    await _refused(service.concede(PLACE, ALICE), "core.service.cannot_concede")
    last = await service.act(PLACE, BOB, "ready")  # the phase ends: Bob is left alone
    assert last.table.is_over() and last.table.game.winners(last.table.state) == [1]
    assert last.table.record.status == "over"
    _, document = await service.export(PLACE)  # the export replays, concession included
    steps = list(history.replay(ANTIQUITY, document))
    assert ANTIQUITY.is_over(steps[-1].state) and steps[-2].text == "concede"


async def test_a_typed_concession_is_accepted_outside_a_decision(service):
    await city_phase(service)
    await service.act(PLACE, ALICE, "ready")
    outcome = await service.act(PLACE, ALICE, "concede")
    assert outcome.conceded and outcome.table.state.ps[0]["eliminated"]


async def test_a_game_without_concession_says_so_and_changes_nothing(service):
    await service.open_and_start(Place("guild-1", "toy"), [ALICE, BOB], "toy")
    before = (await service.table(Place("guild-1", "toy"))).record.version
    await _refused(service.concede(Place("guild-1", "toy"), BOB), "core.service.no_concession")
    await _refused(service.check_concession(Place("guild-1", "toy"), BOB),
                   "core.service.no_concession")
    assert (await service.table(Place("guild-1", "toy"))).record.version == before


async def test_only_seated_players_concede_and_only_for_their_own_seat(service):
    await city_phase(service)
    await _refused(service.concede(PLACE, Player("999", "Eve")), "core.service.not_in_game")
    await _refused(service.concede(PLACE, ALICE, seat=1), "core.service.not_your_seat")
    await _refused(service.concede(PLACE, ALICE, game_id=999), "core.service.stale")


async def test_a_concession_outside_any_decision_is_saved_and_replays(service):
    await service.open_and_start(PLACE, [ALICE, BOB], "antiquity", OPTIONS)
    table = await service.table(PLACE)
    assert table.to_act() == {1} and not table.may_act(0)  # Bob places his city first
    await _refused(service.act(PLACE, ALICE, "start b -1,14"), "core.service.not_your_turn")
    outcome = await service.concede(PLACE, ALICE)
    assert outcome.conceded and outcome.table.state.ps[0]["eliminated"]
    await service.act(PLACE, BOB, "start a 0,0")
    last = await service.act(PLACE, BOB, "ready")
    assert last.table.is_over() and last.table.game.winners(last.table.state) == [1]
    _, document = await service.export(PLACE)
    assert document["moves"][0] == [0, "concede"]
    steps = list(history.replay(ANTIQUITY, document))
    assert ANTIQUITY.is_over(steps[-1].state)


async def test_a_ready_player_answers_and_withdraws_trade_offers(service):
    await city_phase(service)
    await service.act(PLACE, ALICE, "offer p2 wood for wood+wood")
    await service.act(PLACE, ALICE, "ready")
    table = (await service.act(PLACE, BOB, "offer p1 wood for wood")).table
    assert [a.text for a in table.actions(0)] == ["unready", "cancel t1", "decline t2"]
    cancelled = await service.choose(PLACE, ALICE, 0, table.stamp(0), text="cancel t1")
    assert cancelled.table.to_act() == {1}  # still ready
    declined = await service.act(PLACE, ALICE, "decline t2")
    assert declined.table.to_act() == {1}
    assert [a.text for a in declined.table.actions(0)] == ["unready"]

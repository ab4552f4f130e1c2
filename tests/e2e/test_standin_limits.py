"""The stand-in's checks of Discord's limits catch what Discord would refuse."""

from __future__ import annotations

from bench.standin import limits


def _command(**changes) -> dict:
    command = {"name": "game", "description": "Play a game", "type": 1, "options": [
        {"type": 3, "name": "name", "description": "Which", "required": True},
        {"type": 3, "name": "extra", "description": "More", "required": False}]}
    command.update(changes)
    return command


def test_a_good_command_passes():
    assert limits.command_problems([_command()]) == []


def test_command_breaches_are_named():
    assert limits.command_problems([_command(name="Game")])  # upper case
    assert limits.command_problems([_command(name="x" * 33)])
    assert limits.command_problems([_command(description="")])
    assert limits.command_problems([_command(description="d" * 101)])
    options = [{"type": 3, "name": f"o{i}", "description": "o"} for i in range(26)]
    assert limits.command_problems([_command(options=options)])
    late = _command()
    late["options"] = list(reversed(late["options"]))  # required after optional
    assert limits.command_problems([late])
    choices = [{"name": f"c{i}", "value": f"c{i}"} for i in range(26)]
    many = _command()
    many["options"][1]["choices"] = choices
    assert limits.command_problems([many])
    assert limits.command_problems([_command(), _command()])  # two share a name


def test_message_component_and_choice_breaches_are_named():
    assert limits.message_problems({"content": "x" * 2001})
    button = {"type": 2, "style": 1, "custom_id": "b", "label": "ok"}
    assert limits.message_problems({"components": [{"type": 1, "components": [button]}]}) == []
    assert limits.message_problems({"components": [{"type": 1, "components": [button] * 6}]})
    assert limits.message_problems({"components": [{"type": 1, "components": [button]}] * 6})
    select = {"type": 3, "custom_id": "s", "options": [
        {"label": f"o{i}", "value": f"o{i}"} for i in range(26)]}
    assert limits.message_problems({"components": [{"type": 1, "components": [select]}]})
    assert limits.choice_problems([{"name": "n", "value": "v"}] * 26)
    assert limits.choice_problems([{"name": "", "value": "v"}])


async def test_threads_follow_discords_rules():
    import aiohttp

    from bench.standin import StandIn
    from bench.standin.model import CREATE_PUBLIC_THREADS, TOKEN
    from bench.standin.server import CHANNEL

    standin = await StandIn().start()
    headers = {"Authorization": f"Bot {TOKEN}"}
    body = {"name": "Game #1", "type": 11, "auto_archive_duration": 10080}
    try:
        async with aiohttp.ClientSession(headers=headers) as http:
            async def start(channel: int, data: dict) -> tuple[int, dict]:
                async with http.post(f"{standin.url}/channels/{channel}/threads",
                                     json=data) as answer:
                    return answer.status, await answer.json()

            status, thread = await start(CHANNEL, body)
            assert status == 201 and thread["type"] == 11
            assert thread["parent_id"] == str(CHANNEL)
            async with http.post(f"{standin.url}/channels/{thread['id']}/messages",
                                 json={"content": "a turn"}) as posted:
                assert posted.status == 200
            assert [m.content for m in standin.channel_messages(int(thread["id"]))] == ["a turn"]
            assert (await start(int(thread["id"]), body))[0] == 400  # not inside a thread
            assert (await start(CHANNEL, {**body, "name": "x" * 101}))[0] == 400
            assert len(standin.violations) == 2
            standin.violations.clear()
            standin.channels[CHANNEL].permissions &= ~CREATE_PUBLIC_THREADS
            assert (await start(CHANNEL, body))[0] == 403
    finally:
        await standin.stop()

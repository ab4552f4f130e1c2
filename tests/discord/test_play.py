"""Playing through Discord: /move, menus, buttons, autocomplete, stale clicks, secrets, undo."""

from __future__ import annotations

import copy
import re

from bot.service import Place
from rules.core import Msg, translate

from .conftest import ALICE, BOB, CAROL
from .harness import CHANNEL, GUILD

PLACE = Place(str(GUILD), str(CHANNEL))


async def started(discord_, game="toy", options=None, players=(ALICE, BOB)):
    """Open, fill and start a table; return the first turn message."""
    await discord_.command(players[0], "game new", game=game, options=options)
    for player in players[1:]:
        await discord_.command(player, "game join")
    result = await discord_.command(players[0], "game start")
    return result.public[-1]


async def version(service) -> int:
    return (await service.table(PLACE)).record.version


async def test_move_by_command_posts_result_and_next_turn(discord_, service):
    await started(discord_)
    before = await version(service)
    result = await discord_.command(ALICE, "move", action="step")
    private, public = result.private, result.public
    assert "Your secret number is" in private[0].content and private[0].content.startswith(
        "Only you can see this.")
    [post] = public
    assert "**Alice** played `step`." in post.content
    assert "Alice moved 1." in post.content
    assert "<@222>: Step, roll or hop." in post.content
    stamp = (await service.table(PLACE)).stamp(1)
    assert post.custom_ids()[:3] == [f"tt:act:1:1:{stamp}:{i}" for i in range(3)]
    assert await version(service) == before + 1


async def test_move_by_button_removes_the_clicked_buttons(discord_, service):
    turn = await started(discord_)
    result = await discord_.click(ALICE, turn, turn.custom_ids()[2])  # hop 2
    assert turn.components == []
    [post] = result.public[1:]
    assert "**Alice** played `hop 2`." in post.content and "Alice moved 2." in post.content
    assert (await service.table(PLACE)).state.positions == [2, 0]


async def test_move_by_menu_with_many_options(discord_, service):
    turn = await started(discord_, game="wide")
    [select_id, me_id] = turn.custom_ids()
    menu = turn.component("tt:sel:")
    assert len(menu["options"]) == 14 and select_id.startswith("tt:sel:1:")
    labels = {o["value"]: o["label"] for o in menu["options"]}
    assert labels["hop 7"] == "Alice moved 7." and labels["step"] == "Step forward one space"
    result = await discord_.click(ALICE, turn, select_id, ["hop 7"])
    assert "**Alice** played `hop 7`." in result.public[-1].content
    assert (await service.table(PLACE)).state.positions == [7, 0]


async def test_more_than_25_options_come_in_menus_of_25(discord_, service):
    turn = await started(discord_, game="huge")
    menus = [c for row in turn.components for c in row["components"] if c["type"] == 3]
    assert [len(m["options"]) for m in menus] == [25, 17]
    assert "type or search" not in turn.content
    await discord_.click(ALICE, turn, menus[1]["custom_id"], [menus[1]["options"][-1]["value"]])
    assert (await service.table(PLACE)).state.positions == [40, 0]


async def test_options_beyond_the_menus_are_typed_and_found_by_autocomplete(discord_, service):
    turn = await started(discord_, game="vast")
    menus = [c for row in turn.components for c in row["components"] if c["type"] == 3]
    assert [len(m["options"]) for m in menus] == [25, 25, 25, 25]
    assert "122 options: type or search them with `/move`." in turn.content
    found = await discord_.autocomplete(ALICE, "move", "action", action="hop 11")
    assert "hop 117" in [c["value"] for c in found.choices()]
    result = await discord_.command(ALICE, "move", action="hop 117")
    assert "**Alice** played `hop 117`." in result.public[-1].content


async def test_grouped_options_get_one_menu_per_group(discord_, service):
    turn = await started(discord_, game="grouped")
    menus = [c for row in turn.components for c in row["components"] if c["type"] == 3]
    assert [len(m["options"]) for m in menus] == [12, 10, 10, 8]
    assert menus[0]["placeholder"].startswith("hops 0: ")
    result = await discord_.click(ALICE, turn, menus[3]["custom_id"], ["hop 38"])
    assert (await service.table(PLACE)).state.positions == [38, 0], result.text


async def test_autocomplete_offers_legal_actions_and_typed_only_ones(discord_):
    await started(discord_, game="huge")
    every = (await discord_.autocomplete(ALICE, "move", "action", action="")).choices()
    assert len(every) == 25
    assert all(1 <= len(c["name"]) <= 100 and 1 <= len(c["value"]) <= 100 for c in every)
    assert every[0] == {"name": "Step forward one space", "value": "step"}
    hops = (await discord_.autocomplete(ALICE, "move", "action", action="hop 3")).choices()
    assert hops[0]["value"] == "hop 3" and all("3" in c["name"] for c in hops)
    other = (await discord_.autocomplete(BOB, "move", "action", action="")).choices()
    assert other == []


async def test_autocomplete_includes_a_typed_only_legal_action(discord_):
    await started(discord_)
    hop1 = (await discord_.autocomplete(ALICE, "move", "action", action="hop 1")).choices()
    assert hop1 == [{"name": "hop 1", "value": "hop 1"}]
    result = await discord_.command(ALICE, "move", action="hop 1")
    assert "**Alice** played `hop 1`." in result.public[-1].content


async def test_wrong_moves_are_private_and_change_nothing(discord_, service):
    turn = await started(discord_)
    before = await version(service)
    cases = [
        (BOB, "step", "not your turn"),
        (CAROL, "step", "not playing in this game"),
        (ALICE, "jump", "is not a move of this game"),
        (ALICE, "hop 5", "you can hop 1 or 2 spaces"),
    ]
    for player, text, expected in cases:
        result = await discord_.command(player, "move", action=text)
        assert expected in result.text.lower() or expected in result.text, (text, result.text)
        assert not result.public
    stranger = await discord_.click(CAROL, turn, turn.custom_ids()[0])
    assert "not playing in this game" in stranger.text and not stranger.public
    other = await discord_.click(BOB, turn, turn.custom_ids()[0])
    assert "your own seat" in other.text and not other.public
    assert await version(service) == before
    assert turn.components  # refusals leave the turn message as it was


async def test_stale_button_is_refused_and_changes_nothing(discord_, service):
    turn = await started(discord_)
    old = copy.deepcopy(turn)
    await discord_.command(ALICE, "move", action="step")
    await discord_.command(BOB, "move", action="step")
    before = await version(service)
    result = await discord_.click(ALICE, old, old.custom_ids()[0])
    assert [m.ephemeral for m in result.messages] == [True]
    assert "earlier turn" in result.text
    assert await version(service) == before
    assert (await service.table(PLACE)).state.positions == [1, 1]


async def test_no_game_in_channel(discord_):
    for name in ("move", "board", "me", "undo", "log"):
        options = {"action": "step"} if name == "move" else {}
        result = await discord_.command(ALICE, name, **options)
        assert "There is no game in this channel" in result.text, name
        assert not result.public


async def test_me_is_private_and_channel_never_shows_other_secrets(discord_, service,
                                                                   recorder, toy_renderer):
    await started(discord_)
    secrets = (await service.table(PLACE)).state.secrets
    mine = await discord_.command(BOB, "me")
    [reply] = mine.messages
    assert reply.ephemeral and f"Your secret number: {secrets[1]}" in reply.content
    assert f"Your secret number: {secrets[0]}" not in reply.content
    assert reply.files and reply.files[0][0] == "board.png"
    assert toy_renderer[-1].seat == 1 and toy_renderer[-1].data["secret"] == secrets[1]
    for text in ("step", "hop 1", "roll", "hop 2"):
        seat = (await service.table(PLACE)).state.turn
        await discord_.command((ALICE, BOB)[seat], "move", action=text)
    public = recorder.public()
    assert public and all("secret" not in m.content.lower() for m in public)
    boards = [m for m in public if m.files]
    public_views = [v for v in toy_renderer if v.seat is None]
    assert len(boards) == len(public_views) == 5  # the start and four moves
    assert all(v.data["secret"] is None for v in public_views)


async def test_board_reposts_position_and_components(discord_, service, toy_renderer):
    turn = await started(discord_)
    result = await discord_.command(BOB, "board")
    [post] = result.public
    assert "Game #1" in post.content and "<@111>" in post.content
    assert post.files and post.custom_ids()[0].startswith("tt:act:1:")
    assert turn.components == []  # the previous turn message was retired
    assert (await service.table(PLACE)).record.board_message_id == str(post.id)


async def test_undo_takes_back_the_last_move(discord_, service):
    await started(discord_, players=(ALICE,))  # alone, Alice is still to act after a move
    await discord_.command(ALICE, "move", action="step")
    result = await discord_.command(ALICE, "undo")
    post = result.public[-1]
    assert "Alice took back their last move." in post.content
    assert "<@111>: Step, roll or hop." in post.content
    assert (await service.table(PLACE)).state.positions == [0]
    await discord_.command(ALICE, "move", action="roll")
    rolled = await discord_.command(ALICE, "undo")
    assert "rolled a die" in rolled.text and not rolled.public


async def test_undo_refusals(discord_, service):
    await started(discord_)
    await discord_.command(ALICE, "move", action="step")
    before = await version(service)
    refused = await discord_.command(BOB, "undo")
    assert "was not yours" in refused.text and not refused.public
    others = await discord_.command(ALICE, "undo")
    assert "cannot be undone" in others.text and not others.public
    assert await version(service) == before


async def test_log_shows_last_moves_in_words(discord_):
    await started(discord_)
    empty = await discord_.command(ALICE, "log")
    assert "No moves yet." in empty.text
    await discord_.command(ALICE, "move", action="step")
    await discord_.command(BOB, "move", action="hop 2")
    result = await discord_.command(CAROL, "log")
    [reply] = result.messages
    assert reply.ephemeral
    assert "1. Alice moved 1." in reply.content
    assert "2. Bob moved 2." in reply.content
    assert "secret" not in reply.content.lower()


async def test_status_shows_summary(discord_):
    await started(discord_)
    result = await discord_.command(CAROL, "game status")
    assert "Game #1" in result.text and "Seat Alice is on the move." in result.text


async def test_simultaneous_vote_and_final_score(discord_, service, recorder):
    await started(discord_, options="goal=2")
    await discord_.command(ALICE, "move", action="hop 2")
    turn = recorder.public()[-1]
    assert "Waiting for: <@111>, <@222>" in turn.content
    assert turn.custom_ids() == ["tt:me:1"]

    mine = await discord_.click(ALICE, turn, "tt:me:1")
    [info] = mine.messages
    assert info.ephemeral and "Vote yes or no." in info.content
    assert "Your secret number:" in info.content
    stamp = (await service.table(PLACE)).stamp(0)
    assert [c for c in info.custom_ids()] == [f"tt:act:1:0:{stamp}:{i}" for i in range(2)]
    voted = await discord_.click(ALICE, info, info.custom_ids()[0])  # vote yes, privately
    assert not voted.public  # the phase's one message is updated in place
    post = recorder.public()[-1]
    assert post is turn and "**Alice** has made their choice." in post.content
    assert "Alice voted." in post.content
    assert "vote yes" not in post.content and "<@222>: Vote yes or no." in post.content
    assert info.components == []

    again = await discord_.click(ALICE, post, "tt:me:1")
    assert "You owe no decision right now." in again.text and not again.public

    final = await discord_.command(BOB, "move", action="vote no")
    end = final.public[-1].content
    assert "**Game over.**" in end and "Alice: **2** (position 2)" in end
    assert "Winner: Alice" in end and "**Bob** has made their choice." in end
    assert final.public[-1].components == []
    assert (await service.table_by_id(1)).record.status == "over"
    assert not any(re.search(r"vote (yes|no)", m.content) for m in recorder.public())


async def test_japanese_locale_picks_the_japanese_catalog(discord_):
    await started(discord_)
    result = await discord_.command(BOB, "move", action="step", locale="ja")
    assert result.text == translate(Msg("core.service.not_your_turn"), "ja")


async def test_long_texts_are_clipped_to_discord_limits(discord_):
    turn = await started(discord_, game="long")
    assert len(turn.content) <= 2000 and turn.content.endswith("…")
    menu = turn.component("tt:sel:")
    assert all(len(o["label"]) == 100 and o["label"].endswith("…") for o in menu["options"])
    mine = await discord_.command(ALICE, "me")
    assert len(mine.text) <= 2000


async def test_board_over_the_upload_limit_is_left_out(discord_, toy_renderer):
    await started(discord_)
    discord_.attachment_limit = 10
    result = await discord_.command(BOB, "board")
    [post] = result.public
    assert post.files == [] and "Game #1" in post.content
    discord_.attachment_limit = 8 * 1024 * 1024
    again = await discord_.command(BOB, "board")
    assert again.public[0].files


async def test_board_for_one_player_asks_for_their_board_in_full(discord_, service, no_renderers):
    asked = []

    def render(view, last_move=None, focus_seat=None, names=None):
        from PIL import Image

        asked.append((focus_seat, names))
        return Image.new("RGB", (8, 8), "white")

    no_renderers["toy"] = render
    await started(discord_)
    result = await discord_.command(ALICE, "board", player=BOB)
    assert result.public[-1].files and asked[-1] == (1, ["Alice", "Bob"])
    refused = await discord_.command(ALICE, "board", player=CAROL)
    assert refused.private[-1].content == "That player is not playing in this game."
    assert not refused.public


async def test_board_whole_asks_for_the_whole_map(discord_, service, no_renderers):
    """Issue 19.6: the posted board may show a part of the map; ``/board whole`` the whole."""
    asked = []

    def render(view, last_move=None, names=None, whole=False):
        from PIL import Image

        asked.append(whole)
        return Image.new("RGB", (8, 8), "white")

    no_renderers["toy"] = render
    await started(discord_)
    await discord_.command(ALICE, "board")
    result = await discord_.command(ALICE, "board", whole=True)
    assert result.public[-1].files and asked[-2:] == [False, True]


async def test_a_private_decision_posts_no_options_prompt_or_count_in_the_channel(
        discord_, service, monkeypatch):
    from tests.platform.toy_game import ToyGame
    monkeypatch.setattr(ToyGame, "private_decision", lambda self, state, seat: True)
    turn = await started(discord_, game="huge")
    assert [c for c in turn.custom_ids() if c.startswith(("tt:act", "tt:sel"))] == []
    assert "Step, roll or hop" not in turn.content and "options: type" not in turn.content
    mine = await discord_.click(ALICE, turn, turn.custom_ids()[-1])
    options = [c for m in mine.private for c in m.custom_ids() if c.startswith("tt:")]
    assert mine.private[0].ephemeral and options  # the options, to the player alone


def count_game_reads(monkeypatch, service) -> list[str]:
    """Record every read of a game row (a channel's open game, or a game by id)."""
    reads: list[str] = []
    for name in ("open_game", "get_game"):
        original = getattr(service.store, name)

        async def counted(*args, _original=original, _name=name):
            reads.append(_name)
            return await _original(*args)

        monkeypatch.setattr(service.store, name, counted)
    return reads


async def test_a_click_reads_its_game_once(discord_, service, monkeypatch):
    turn = await started(discord_)
    reads = count_game_reads(monkeypatch, service)
    result = await discord_.click(ALICE, turn, turn.custom_ids()[2])  # hop 2
    assert "**Alice** played `hop 2`." in result.public[-1].content
    assert reads == ["open_game"]


async def test_my_info_and_a_menu_choice_read_their_game_once(discord_, service, monkeypatch):
    turn = await started(discord_, game="wide")
    [select_id, me_id] = turn.custom_ids()
    reads = count_game_reads(monkeypatch, service)
    info = await discord_.click(ALICE, turn, me_id)
    assert info.private and reads == ["open_game"]
    reads.clear()
    await discord_.click(ALICE, turn, select_id, ["hop 7"])
    assert reads == ["open_game"]
    assert (await service.table(PLACE)).state.positions == [7, 0]


"""The terminal table drives a whole game through the service from typed or scripted lines."""

from __future__ import annotations

import pytest

from bot.local import Terminal, parse_args, players, script_reader
from bot.service import Service
from rules.core import Msg, translate
from tests.platform.toy_game import TOY


def _terminal(store, lines, tmp_path):
    feed = iter(lines)
    output: list[str] = []
    service = Service(store, games=[TOY], seed_source=lambda: 8)
    terminal = Terminal(service, players(2), tmp_path / "out",
                        lambda prompt: next(feed, None), output.append)
    return terminal, output


async def test_a_whole_game_at_the_keyboard(store, tmp_path):
    moves = ["hop 2", "1", "me", "log", "?", "hop 2", "hop 2", "hop 2", "hop 2",
             "1", "vote no"]
    terminal, output = _terminal(store, moves, tmp_path)
    await terminal.setup("toy", "goal=6")
    assert await terminal.run() == 0
    text = "\n".join(output)
    assert "Game over." in text and "Winner: P1" in text
    assert "Your secret number" in text  # the private line of `me` and the private event
    assert "1. P1: hop 2" in text  # the log


async def test_a_bad_move_is_reported_and_play_goes_on(store, tmp_path):
    terminal, output = _terminal(store, ["dance", "2: step", "step", "quit"], tmp_path)
    await terminal.setup("toy", "")
    assert await terminal.run() == 0
    errors = [line for line in output if line.startswith("! ")]
    assert len(errors) == 2  # not a move; not P2's turn
    table = await terminal.service.table_by_id(terminal.game_id)
    assert table.state.positions == [1, 0]


async def test_numbers_that_are_not_ascii_digits_are_refused_as_moves(store, tmp_path):
    """'²' passes ``str.isdigit`` but not ``int``; a seat number out of range names no seat
    (issue 19: both crashed, and ``0:`` acted for the last seat)."""
    terminal, output = _terminal(store, ["²", "①: step", "0: step", "9: step", "quit"],
                                 tmp_path)
    await terminal.setup("toy", "")
    assert await terminal.run() == 0
    assert len([line for line in output if line.startswith("! ")]) == 4
    table = await terminal.service.table_by_id(terminal.game_id)
    assert table.state.positions == [0, 0]


async def test_a_script_stops_at_the_first_refused_move(store, tmp_path):
    script = tmp_path / "moves.txt"
    script.write_text("# a comment\nstep\n2: step  # P2 moves\ndance\nstep\n")
    service = Service(store, games=[TOY], seed_source=lambda: 8)
    output: list[str] = []
    terminal = Terminal(service, players(2), tmp_path / "out", script_reader(script),
                        output.append)
    terminal.fail_fast = True
    await terminal.setup("toy", "")
    assert await terminal.run() == 1
    table = await service.table_by_id(terminal.game_id)
    assert table.state.positions == [1, 1]


async def test_concede_is_refused_in_a_game_without_concession(store, tmp_path):
    terminal, output = _terminal(store, ["concede", "quit"], tmp_path)
    await terminal.setup("toy", "")
    assert await terminal.run() == 0
    assert "! This game has no concession" in "\n".join(output)


async def test_a_ready_player_unreadies_and_another_concedes(store, tmp_path, monkeypatch):
    from bot import presenter
    from rules.antiquity import GAME as ANTIQUITY

    async def no_board(*args, **kwargs):
        return None

    monkeypatch.setattr(presenter, "board_png", no_board)  # the words are what is tested
    lines = ["2: start a 0,0", "1: start b -1,14", "1: ready", "1: unready", "1: ready",
             "2: concede"]
    feed = iter(lines)
    output: list[str] = []
    service = Service(store, games=[ANTIQUITY], seed_source=lambda: 2)
    terminal = Terminal(service, players(2), tmp_path / "out",
                        lambda prompt: next(feed, None), output.append)
    await terminal.setup("antiquity", "tiles=T0:0,T1:0,T2:0,T3:0 order=0,1 colours=red,blue")
    assert await terminal.run() == 0
    text = "\n".join(output)
    assert "P1 played unready." in text
    assert "P2 conceded the game." in text and "P2 concedes and leaves the game." in text
    assert not [line for line in output if line.startswith("! ")]
    assert "Winner: P1" in text  # P1 was ready: the phase ended with one player left


async def test_the_terminals_first_option_in_small_world_is_a_conquest(store, tmp_path,
                                                                        monkeypatch):
    """Issue 19: option 1 was "End conquests", and on later turns "decline"."""
    from bot import presenter
    from rules.smallworld import GAME as SMALLWORLD

    async def no_board(*args, **kwargs):
        return None

    monkeypatch.setattr(presenter, "board_png", no_board)
    feed = iter(["pick 0", "1", "quit"])
    output: list[str] = []
    service = Service(store, games=[SMALLWORLD], seed_source=lambda: 4)
    terminal = Terminal(service, players(2), tmp_path / "out",
                        lambda prompt: next(feed, None), output.append)
    await terminal.setup("smallworld", "first_player=0")
    assert await terminal.run() == 0
    firsts = [line for line in output if line.lstrip().startswith("1. ")]
    assert firsts[1].rstrip().endswith("]") and "[conquer " in firsts[1]
    assert any("conquer" in line and "P1" in line for line in output)



async def test_the_terminal_prints_plain_text_each_prompt_once_and_private_lines_in_time(
        store, tmp_path):
    """Issue 19: Discord marks (**, `), each prompt twice, and the mover's private line
    printed after "Game over"."""
    from bot.service import MoveOutcome
    from rules.core import Action, Event

    terminal, output = _terminal(store, ["hop 2", "vote yes", "vote no"], tmp_path)
    await terminal.setup("toy", "goal=2")
    assert await terminal.run() == 0
    text = "\n".join(output)
    assert "**" not in text and "`" not in text and "P1 played hop 2." in text
    assert len([line for line in output if line.startswith("P1: Step, roll or hop")]) == 1
    over = await terminal.service.table_by_id(terminal.game_id)
    output.clear()
    await terminal._show(MoveOutcome(over, 1, Action("vote no"), [
        Event("toy.event.secret", {"secret": 7}, audience=frozenset({1}))]))
    private = next(i for i, line in enumerate(output) if "(P2 only)" in line)
    assert private < next(i for i, line in enumerate(output) if "Game over" in line)


async def test_a_refused_move_does_not_list_the_options_again(store, tmp_path):
    terminal, output = _terminal(store, ["dance", "?", "quit"], tmp_path)
    await terminal.setup("toy", "")
    assert await terminal.run() == 0
    assert len([line for line in output if line.startswith("P1: Step, roll or hop")]) == 2


async def test_names_and_language_of_the_table(store, tmp_path, monkeypatch):
    from bot import presenter

    languages = []

    async def board(table, seat=None, last_move=None, focus_seat=None, locale="en"):
        languages.append(locale)

    monkeypatch.setattr(presenter, "board_png", board)
    feed = iter(["step", "quit"])
    output: list[str] = []
    service = Service(store, games=[TOY], seed_source=lambda: 8)
    terminal = Terminal(service, players(2, ["花子", "Bob"]), tmp_path / "out",
                        lambda prompt: next(feed, None), output.append, "ja")
    await terminal.setup("toy", "")
    assert await terminal.run() == 0
    assert output[0].startswith(translate(Msg("core.ui.started", {
        "game": translate(Msg(TOY.title), "ja"), "players": "花子, Bob"}), "ja"))
    assert "花子 played" not in "\n".join(output) and languages == ["ja", "ja"]


def test_the_command_line_names_the_seats_and_the_language():
    args = parse_args(["caverna", "--names", "Ann, Bob ,Cy", "--lang", "ja"])
    assert args.players == 3 and args.names == ["Ann", "Bob", "Cy"] and args.lang == "ja"
    assert [p.name for p in players(args.players, args.names)] == ["Ann", "Bob", "Cy"]
    for bad in (["caverna", "--players", "2", "--names", "A,B,C"], ["caverna", "--names", "A,A"],
                ["caverna", "--players", "2", "--lang", "xx"]):
        with pytest.raises(SystemExit):
            parse_args(bad)

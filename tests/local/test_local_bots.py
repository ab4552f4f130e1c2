"""Computer players at the terminal table (issue 22): ``--bots N|all`` and ``--level``."""

from __future__ import annotations

import pytest

from bot import presenter
from bot.local import Terminal, parse_args, players
from bot.local_bots import Bots
from bot.service import Service
from rules.smallworld import GAME as SMALLWORLD


@pytest.fixture(autouse=True)
def no_board(monkeypatch):
    """The words are what is tested: no board images."""
    async def board(*args, **kwargs):
        return None

    monkeypatch.setattr(presenter, "board_png", board)


async def _table(store, tmp_path, lines, bots: int, level: str, seed: int = 7,
                 max_run: int = 200):
    feed = iter(lines)
    output: list[str] = []
    service = Service(store, games=[SMALLWORLD], seed_source=lambda: seed)
    terminal = Terminal(service, players(2, None, bots, level), tmp_path / "out",
                        lambda prompt: next(feed, None), output.append)
    terminal.bots = Bots(set(range(2 - bots, 2)), level, max_run)
    await terminal.setup("smallworld", "")
    return terminal, output


async def test_two_easy_bots_play_a_whole_small_world_game_the_same_way_twice(store, tmp_path):
    games = []
    for _ in range(2):
        terminal, output = await _table(store, tmp_path, [], 2, "easy")
        assert await terminal.run() == 0
        table = await terminal.service.table_by_id(terminal.game_id)
        assert table.is_over() and table.names == ["Bot 1 (easy)", "Bot 2 (easy)"]
        assert "\nWinner: Bot" in "\n".join(output)
        assert not [line for line in output if line.startswith("! ")]
        assert not [line for line in output if " only) " in line]  # their secrets stay hidden
        games.append([line for line in output if line.startswith("Bot ") and "> " in line])
    assert games[0] == games[1] and len(games[0]) > 50


async def test_one_bot_moves_only_in_its_seat_and_refuses_the_human_its_moves(store, tmp_path):
    script = ["pick 0", "2: end turn", "2: me"] + ["1"] * 12 + ["quit"]
    terminal, output = await _table(store, tmp_path, script, 1, "normal")
    assert await terminal.run() == 0
    assert len([line for line in output if "is played by the computer" in line]) == 2
    table = await terminal.service.table_by_id(terminal.game_id)
    assert table.names == ["P1", "Bot 1 (normal)"]
    bot_lines = [line for line in output if line.startswith("Bot 1 (normal)> ")]
    human_lines = [line for line in output if line.startswith("P1 played ")]
    assert bot_lines and table.record.turns == (len(human_lines), len(bot_lines))


class Enough(Exception):
    """Stops a game part way."""


async def test_a_bot_at_its_cap_plays_the_first_option_that_ends_the_step(store, tmp_path):
    terminal, output = await _table(store, tmp_path, [], 2, "normal", max_run=1)
    terminal.read = lambda prompt: None
    calls = 0
    show = terminal._show

    async def counted(outcome):
        nonlocal calls
        calls += 1
        await show(outcome)
        if calls == 12:
            raise Enough

    terminal._show = counted
    with pytest.raises(Enough):
        await terminal.run()
    capped = [line for line in output if "moves in a row: it plays the first option" in line]
    at = output.index(capped[0])
    assert capped[0].startswith("Bot 2 (normal) made 1 moves in a row")
    assert output[at + 1] == "Bot 2 (normal)> end conquest", output[at - 3:at + 3]


def test_the_command_line_gives_the_last_seats_to_the_computer():
    args = parse_args(["smallworld", "--names", "Ann", "--bots", "1", "--level", "hard"])
    assert (args.players, args.bots, args.level) == (2, 1, "hard")
    assert [p.name for p in players(2, args.names, 1, "hard")] == ["Ann", "Bot 1 (hard)"]
    assert [p.name for p in players(2, None, 1, "hard", "ja")] == ["P1", "ボット1（むずかしい）"]
    assert parse_args(["smallworld", "--players", "3", "--bots", "all"]).bots == 3
    assert parse_args(["smallworld", "--players", "3"]).bots == 0


@pytest.mark.parametrize("bots, message", [
    ("3", "--bots 3 is more than the 2 players"), ("-1", "--bots cannot be negative"),
    ("two", "--bots takes a number of computer seats or 'all'"), ("", "not ''")])
def test_bad_bot_counts_are_refused_clearly(bots, message, capsys):
    with pytest.raises(SystemExit):
        parse_args(["smallworld", "--players", "2", "--bots", bots])
    assert message in capsys.readouterr().err


def test_all_bots_leave_no_seat_to_name(capsys):
    with pytest.raises(SystemExit):
        parse_args(["smallworld", "--names", "Ann", "--bots", "all"])
    assert "--bots all leaves no seat for --names" in capsys.readouterr().err

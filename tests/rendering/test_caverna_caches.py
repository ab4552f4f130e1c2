"""Caverna's cached pictures of one game's boards: reused while a board is drawn again, and
kept within a few megabytes however many games a bot draws."""

from __future__ import annotations

import pytest

from rendering.caverna import home, render
from rules.caverna import GAME
from rules.core.playout import random_playout

PER_GAME = ("_grid_image", "goods_block", "_banner")


def mid_game_view(seed: int, players: int = 2):
    moves = random_playout(GAME, seed, players).moves
    state = GAME.new_game(seed, players, {})
    for seat, text in moves[: len(moves) * 2 // 3]:
        state, _ = GAME.play(state, seat, text)
    return GAME.view(state, None)


def test_a_board_drawn_again_reuses_its_home_grids():
    view = mid_game_view(3)
    render(view)
    before = home._grid_image.cache_info()
    render(view)
    after = home._grid_image.cache_info()
    assert after.misses == before.misses and after.hits > before.hits


def test_the_pictures_of_many_games_boards_stay_within_a_few_megabytes(monkeypatch):
    """A bot with a hundred channels draws a few hundred home boards in turn: however many,
    the pictures kept (each cache's bound times its largest picture) stay under 16 MB."""
    cached = {name: getattr(home, name) for name in PER_GAME}
    largest = dict.fromkeys(PER_GAME, 0)
    for name, original in cached.items():
        def measured(*args, _original=original, _name=name):
            picture = _original(*args)
            size = len(picture.getbands()) * picture.width * picture.height
            largest[_name] = max(largest[_name], size)
            return picture
        monkeypatch.setattr(home, name, measured)
    for seed in range(12):
        render(mid_game_view(100 + seed))
    assert all(largest.values())
    bound = sum(largest[name] * cached[name].cache_info().maxsize for name in PER_GAME)
    assert bound < 16 * 1024 * 1024


@pytest.mark.parametrize("locale", ["en", "ja"])
def test_every_section_is_drawn_in_the_rows_it_measures(locale):
    """Measured from the same cached pieces as drawn: every section of boards of games of one
    to seven players, captioned or not, in focus or not, uses exactly the rows its strip was
    given (a short measure would cut the section off)."""
    from PIL import Image

    import rendering.caverna as board
    from rendering.caverna.view_adapter import table_from
    from rendering.common import PAPER, drawing_in

    sections = 0
    with drawing_in(locale):
        for players in range(1, 8):
            moves = random_playout(GAME, 20 + players, players).moves
            state = GAME.new_game(20 + players, players, {})
            for index, (seat, text) in enumerate(moves):
                state, _ = GAME.play(state, seat, text)
                if index % 9 == 0 or index == len(moves) - 1:
                    data = {**GAME.view(state, None).data,
                            "names": [f"Player {n + 1}" for n in range(players)]}
                    table = table_from(data, None, seat if index % 4 == 0 else None)
                    for section in board.board_sections(table, text if index % 2 else None,
                                                        seat):
                        canvas = Image.new("RGB", (board.WIDTH, 4000), PAPER)
                        assert section.draw(canvas, 0) == section.height, section.key[0]
                        sections += 1
    assert sections > 700

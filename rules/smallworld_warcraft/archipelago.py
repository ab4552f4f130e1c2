"""Set-up of the Warcraft map (spec §2.2 steps 1, 5, 6): islands per player count and markers.

The islands of each size slot are drawn at random among the islands of that size (or fixed by
the ``islands`` option); one face-down marker goes on each island's ``size_icon`` region and
the other markers stay face down aside for the Well of Eternity redraw.
"""

from __future__ import annotations

from typing import Sequence

from rules.core.rng import Rng

from . import data


class SetupError(ValueError):
    """An option names islands or markers that do not fit the player count (``key``, params)."""

    def __init__(self, key: str, **params) -> None:
        super().__init__(key)
        self.key, self.params = key, params


def choose_islands(rng: Rng, players: int, two_player_boards: str = "LM",
                   fixed: Sequence[str] = ()) -> tuple[str, ...]:
    """Return the island ids of the game, one per size slot, in slot order.

    ``fixed`` names them instead (same sizes as the slots, in any order); otherwise each slot
    draws a not yet used island of its size.
    """
    if two_player_boards not in data.constants()["two_player_boards"]:
        raise SetupError("bad_two_player_boards", value=two_player_boards)
    sizes = data.island_sizes(players, two_player_boards)
    if fixed:
        return _fixed_islands(sizes, fixed)
    chosen: list[str] = []
    for size in sizes:
        left = [i for i in data.islands_of_size(size) if i not in chosen]
        chosen.append(rng.choice(left))
    return tuple(chosen)


def _fixed_islands(sizes: tuple[str, ...], fixed: Sequence[str]) -> tuple[str, ...]:
    islands = data.islands()
    ids = tuple(i.strip().upper() for i in fixed)
    if (len(set(ids)) != len(ids) or any(i not in islands for i in ids)
            or sorted(islands[i].size for i in ids) != sorted(sizes)):
        raise SetupError("bad_islands", islands=",".join(fixed))
    order = "LMS"
    return tuple(sorted(ids, key=lambda i: (order.index(islands[i].size), ids.index(i))))


def deal_markers(rng: Rng, board: data.Board,
                 fixed: Sequence[str] = ()) -> tuple[dict[int, str], list[str]]:
    """Return {size_icon region: marker id} (face down) and the face-down pool left aside.

    ``fixed`` names the markers of the islands in board order; the pool is shuffled either way.
    """
    markers = list(data.markers())
    spots = board.with_symbol("size_icon")
    if fixed:
        chosen = [m.strip().lower() for m in fixed]
        if len(chosen) != len(spots) or len(set(chosen)) != len(chosen) or any(
                m not in markers for m in chosen):
            raise SetupError("bad_markers", markers=",".join(fixed))
        pool = [m for m in markers if m not in chosen]
        rng.shuffle(pool)
        return dict(zip(spots, chosen, strict=True)), pool
    rng.shuffle(markers)
    return dict(zip(spots, markers[: len(spots)], strict=True)), markers[len(spots):]


def starting_pieces(board: data.Board) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Return the regions that start with a Murloc and those that start with a Mountain."""
    return board.with_symbol("murloc"), board.with_symbol("mountain")

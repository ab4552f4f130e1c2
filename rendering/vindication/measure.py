"""A drawing that only measures: lay a section out to learn its height, drawing nothing.

The board's sections below the map (card offer, triggers, Myths & Marvels, final scores) and
each player's panel are as tall as their wrapped texts make them. Laying them out once with
:data:`MEASURE` (texts measured exactly as on the board, every shape and text dropped) gives
the height of the image to draw them on, instead of filling a canvas far taller than needed
and cropping it.
"""

from __future__ import annotations

from PIL import Image, ImageDraw


class Measuring:
    """Stands in for an ``ImageDraw`` of an RGB board: ``textlength`` and ``textbbox`` measure
    as it would; every other drawing call does nothing."""

    def __init__(self) -> None:
        self._probe = ImageDraw.Draw(Image.new("RGB", (1, 1)))

    def textlength(self, *args, **kwargs) -> float:
        """The advance of a text, as the board's drawing measures it."""
        return self._probe.textlength(*args, **kwargs)

    def textbbox(self, *args, **kwargs) -> tuple:
        """The box of a text, as the board's drawing measures it."""
        return self._probe.textbbox(*args, **kwargs)

    def __getattr__(self, name: str):
        return _nothing


def _nothing(*args, **kwargs) -> None:
    return None


MEASURE = Measuring()

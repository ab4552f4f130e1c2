"""The project's own fonts, with per-character fallback: no text depends on system fonts.

A :class:`FallbackFont` is a Pillow FreeType font (so ``draw.text``, ``draw.textlength`` and
``draw.textbbox`` take it unchanged) that splits a text into runs, each drawn with the first
font of its chain whose character map has the run's characters: Noto Sans for Latin, Greek and
Cyrillic, Noto Sans CJK for Japanese, Chinese and Korean, Noto Emoji for emoji. The files live
in ``data/fonts`` (see its README for their sources and licence).
"""

from __future__ import annotations

import math
import unicodedata
from functools import lru_cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from rendering.cmap import code_points
from rules.core.paths import data_path

CJK = "NotoSansCJKjp-Regular.otf"
EMOJI = "NotoEmoji-Regular.ttf"
EMBOLDEN = 0.035  # stroke width (per pixel of size) that makes a regular fallback face bold
MASKS_PER_FONT = 2048  # rendered texts kept per font and size
LENGTHS_PER_FONT = 8192  # measured texts kept per font and size (a float and its key each)
CHAINS = {
    False: ("NotoSans-Regular.ttf", CJK, EMOJI),
    True: ("NotoSans-Bold.ttf", CJK, EMOJI),
}


def font_file(name: str) -> Path:
    """Return the path of the shipped font file ``name``."""
    return data_path("fonts", name)


@lru_cache(maxsize=None)
def coverage(name: str) -> frozenset[int]:
    """Return the code points the shipped font ``name`` has a glyph for (its cmap)."""
    return code_points(font_file(name))


def _invisible(char: str) -> bool:
    """Tell whether ``char`` is a joiner, variation selector or other mark that draws nothing."""
    return unicodedata.category(char) in {"Cf", "Mn", "Me"}


class FallbackFont(ImageFont.FreeTypeFont):
    """A FreeType font that draws the characters it lacks with the next font of its chain."""

    def __init__(self, chain: tuple[str, ...], size: int, embolden: bool = False) -> None:
        super().__init__(str(font_file(chain[0])), size)
        self.chain = chain
        # Fallback faces exist in one weight: a bold font thickens them with a thin stroke.
        self.extra_stroke = EMBOLDEN * size if embolden else 0.0
        self._faces: dict[int, ImageFont.FreeTypeFont] = {0: self}
        # Boards draw the same words again and again (names, labels, numbers): each text's
        # mask is drawn once and reused (masks are only read when pasted). Thread-safe.
        self._cached_mask = lru_cache(maxsize=MASKS_PER_FONT)(self._mask)
        # Laying a board out measures the same texts on every board (and twice when a section
        # is measured before it is drawn): each advance is measured once.
        self._cached_length = lru_cache(maxsize=LENGTHS_PER_FONT)(self._length)

    def _face(self, index: int) -> ImageFont.FreeTypeFont:
        if index not in self._faces:
            self._faces[index] = ImageFont.truetype(str(font_file(self.chain[index])), self.size)
        return self._faces[index]

    def _choose(self, char: str, previous: int) -> int | None:
        """Return the index of the chain font that draws ``char`` (``None``: leave it out)."""
        point = ord(char)
        if _invisible(char):
            return previous if point in coverage(self.chain[previous]) else None
        for index, name in enumerate(self.chain):
            if point in coverage(name):
                return index
        return 0  # nothing has it: the primary font's missing-glyph box says so

    def runs(self, text: str) -> list[tuple[int, str]]:
        """Split ``text`` into (chain index, substring) runs, each drawn by one font."""
        primary = coverage(self.chain[0])
        if all(ord(char) in primary for char in text):
            return [(0, text)]
        runs: list[tuple[int, str]] = []
        for char in text:
            index = self._choose(char, runs[-1][0] if runs else 0)
            if index is None:
                continue
            if runs and runs[-1][0] == index:
                runs[-1] = (index, runs[-1][1] + char)
            else:
                runs.append((index, char))
        return runs or [(0, "")]

    def _single(self, text: str) -> bool:
        runs = self.runs(text)
        return len(runs) == 1 and runs[0] == (0, text)

    def _stroke(self, index: int, stroke_width: float) -> float:
        return stroke_width + (self.extra_stroke if index else 0.0)

    def _plain_length(self, index: int, text: str, *args) -> float:
        face = self._face(index)
        return ImageFont.FreeTypeFont.getlength(face, text, *args)

    def getlength(self, text, mode="", direction=None, features=None, language=None) -> float:
        """Return the advance of ``text`` in pixels, each run measured in its own font."""
        if isinstance(text, str) and features is None:
            return self._cached_length(text, mode, direction, language)
        return self._length(text, mode, direction, language, features)

    def _length(self, text, mode="", direction=None, language=None, features=None) -> float:
        if not isinstance(text, str) or self._single(text):
            return super().getlength(text, mode, direction, features, language)
        return sum(self._plain_length(i, part, mode, direction, features, language)
                   for i, part in self.runs(text))

    def _layout(self, text, mode, direction, features, language, stroke_width, anchor):
        """Return the rounded box of ``text`` around the anchor and the pen's start in it."""
        left = top = math.inf
        right = bottom = -math.inf
        pen = 0.0
        for index, part in self.runs(text):
            box = ImageFont.FreeTypeFont.getbbox(self._face(index), part, mode, direction,
                                                 features, language,
                                                 self._stroke(index, stroke_width), "ls")
            left, top = min(left, box[0] + pen), min(top, box[1])
            right, bottom = max(right, box[2] + pen), max(bottom, box[3])
            pen += self._plain_length(index, part, mode, direction, features, language)
        horizontal, vertical = (anchor or "la")[0], (anchor or "la")[1]
        ascent, descent = self.getmetrics()
        dx = {"l": 0.0, "m": -pen / 2, "r": -pen}[horizontal]
        dy = {"a": ascent, "t": -top, "m": (ascent - descent) / 2, "s": 0.0, "b": -bottom,
              "d": -descent}[vertical]
        box = (math.floor(left + dx), math.floor(top + dy),
               math.ceil(right + dx), math.ceil(bottom + dy))
        return box, (dx, dy)

    def getbbox(self, text, mode="", direction=None, features=None, language=None,
                stroke_width=0, anchor=None):
        """Return the box of ``text`` around the anchor point, as Pillow does for one font."""
        if not isinstance(text, str) or self._single(text):
            return super().getbbox(text, mode, direction, features, language, stroke_width,
                                   anchor)
        return self._layout(text, mode, direction, features, language, stroke_width, anchor)[0]

    def getmask2(self, text, mode="", direction=None, features=None, language=None,
                 stroke_width=0, anchor=None, ink=0, start=None, *args, **kwargs):
        """Return the text's mask and its offset from the anchor, drawing each run in turn."""
        if mode == "RGBA" or features or args or not isinstance(text, str):
            return self._mask(text, mode, direction, features, language, stroke_width, anchor,
                              ink, start, *args, **kwargs)
        return self._cached_mask(text, mode, direction, None, language, stroke_width, anchor,
                                 0, tuple(start) if start else None,
                                 **kwargs)

    def _mask(self, text, mode="", direction=None, features=None, language=None,
              stroke_width=0, anchor=None, ink=0, start=None, *args, **kwargs):
        if not isinstance(text, str) or self._single(text) or mode == "RGBA":
            return super().getmask2(text, mode, direction, features, language, stroke_width,
                                    anchor, ink, start, *args, **kwargs)
        box, (pen_x, pen_y) = self._layout(text, mode, direction, features, language,
                                           stroke_width, anchor)
        canvas = Image.new("L", (max(1, box[2] - box[0]), max(1, box[3] - box[1])))
        draw = ImageDraw.Draw(canvas)
        pen_x, pen_y = pen_x - box[0], pen_y - box[1]
        for index, part in self.runs(text):
            draw.text((pen_x, pen_y), part, font=self._face(index), fill=255, anchor="ls",
                      stroke_width=self._stroke(index, stroke_width), stroke_fill=255)
            pen_x += self._plain_length(index, part, mode, direction, features, language)
        return canvas.im, (box[0], box[1])


@lru_cache(maxsize=64)
def project_font(size: int, bold: bool = False) -> FallbackFont:
    """Return the project's font of ``size`` pixels (bold or regular), loaded once."""
    return FallbackFont(CHAINS[bold], size, embolden=bold)

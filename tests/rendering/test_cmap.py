"""The font fallback reads each shipped font's character map itself (no font library)."""

from __future__ import annotations

import pytest

from rendering.cmap import code_points
from rendering.fonts import CHAINS, font_file

# what fontTools' getBestCmap reported for the shipped files (the reading agreed point by point)
MAPPED = {"NotoSans-Regular.ttf": 1624, "NotoSans-Bold.ttf": 1624,
          "NotoSansCJKjp-Regular.otf": 34367, "NotoEmoji-Regular.ttf": 1489}


@pytest.mark.parametrize("name", sorted(MAPPED))
def test_every_shipped_font_map_is_read_whole(name):
    assert len(code_points(font_file(name))) == MAPPED[name]


def test_each_script_is_found_in_its_own_font():
    latin, cjk, emoji = (code_points(font_file(n)) for n in CHAINS[False])
    assert ord("A") in latin and ord("ボ") not in latin
    assert ord("ボ") in cjk and ord("李") in cjk
    assert ord("😀") in emoji

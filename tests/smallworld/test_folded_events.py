"""An automatic move tells each region once with a count, not one line per piece (issue 19:
"puts an encampment in region 17" five times)."""

from __future__ import annotations

from rules.core import translate
from rules.smallworld import msgs
from tests.smallworld.helpers import find, new, play


def test_redeploy_auto_puts_five_encampments_in_one_line():
    state = new(2, "amazons:bivouacking")
    state, events = play(state, 0, "pick 0", "conquer 1", "redeploy auto")
    assert state.regions[1].encampments == 5
    assert not find(events, "encampment_placed")
    [camps] = find(events, "encampments_placed")
    assert translate(camps.msg, "en", ["A", "B"]) == "A puts 5 encampments in region 1."
    assert translate(camps.msg, "ja", ["A", "B"]) == "A が地域 1 にキャンプ地を5個置きました。"


def test_fold_sums_repeated_pieces_per_region_and_keeps_the_rest():
    events = [msgs.event("turn_start", seat=0),
              msgs.event("tokens_taken", seat=0, tokens=1, region=5),
              msgs.event("tokens_taken", seat=0, tokens=1, region=7),
              msgs.event("tokens_taken", seat=0, tokens=2, region=5),
              msgs.event("encampment_placed", seat=0, region=3)]
    msgs.fold(events, 1)
    assert [(e.key.rsplit(".", 1)[1], dict(e.params)) for e in events] == [
        ("turn_start", {"seat": 0}),
        ("tokens_taken", {"seat": 0, "tokens": 3, "region": 5}),
        ("tokens_taken", {"seat": 0, "tokens": 1, "region": 7}),
        ("encampment_placed", {"seat": 0, "region": 3})]

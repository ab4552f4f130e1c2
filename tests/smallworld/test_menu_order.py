"""The options come in the order players use them: the common move first, and neither
going into decline nor ending the conquests is the first, one-click entry (issue 19)."""

from __future__ import annotations

from rules.smallworld import GAME
from rules.smallworld_warcraft import GAME as WARCRAFT
from tests.smallworld.helpers import new, play


def _texts(state, seat: int, game=GAME) -> list[str]:
    return [a.text for a in game.legal_actions(state, seat)]


def test_a_second_turn_lists_conquests_first_and_decline_last():
    state = new(2, "ratmen:alchemist,elves:flying")
    state, _ = play(state, 0, "pick 0", "conquer 1", "redeploy auto", "end turn")
    state, _ = play(state, 1, "pick 0", "conquer 21", "redeploy auto", "end turn")
    texts = _texts(state, 0)
    assert texts[-1] == "decline" and texts.count("decline") == 1
    assert texts[0].startswith("conquer ")
    assert texts.index("end conquest") > max(i for i, t in enumerate(texts)
                                               if t.startswith("conquer "))


def test_the_first_conquest_menu_starts_with_a_conquest():
    state = new(2, "ratmen:alchemist,elves:flying")
    state, _ = play(state, 0, "pick 0")
    texts = _texts(state, 0)
    assert texts[0].startswith("conquer ") and "end conquest" in texts[1:]


def test_warcraft_keeps_decline_out_of_the_first_entry():
    state = WARCRAFT.new_game(3, 2, {"first_player": 0})
    for _ in range(40):
        seat = min(WARCRAFT.to_act(state))
        texts = _texts(state, seat, WARCRAFT)
        if len(texts) > 1:  # when it is the only move it comes first, of course
            assert texts[0] not in ("decline", "end conquest"), texts[:3]
        state, _ = WARCRAFT.play(state, seat, texts[0])
        if WARCRAFT.is_over(state):
            break

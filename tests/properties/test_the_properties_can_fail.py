"""The property checks catch broken games: each toy game below breaks one property."""

from __future__ import annotations

import pytest
from hypothesis import Phase, given, settings
from hypothesis import strategies as st

from rules.core import View
from tests.platform.toy_game import ToyGame
from tests.properties.test_every_game import play_random_game


class CrashesOnBadInput(ToyGame):
    """Raises ValueError instead of a refusal for text it does not know."""

    def parse_action(self, state, seat, text):
        if text not in ("step", "roll", "hop 1", "hop 2", "vote yes", "vote no"):
            int(text + "x")
        return super().parse_action(state, seat, text)


class MutatesItsInput(ToyGame):
    """Moves the player on the state it was given (apply must work on a copy)."""

    def copy(self, state):
        return state


class LeaksSecrets(ToyGame):
    """Shows every secret in the public view."""

    def view(self, state, seat):
        view = super().view(state, seat)
        return View(view.game, seat, dict(view.data, all=list(state.secrets)), view.private,
                    view.summary)


class BreaksAnInvariant(ToyGame):
    """Reports a problem once anyone has moved past 3."""

    def check_invariants(self, state):
        return [f"seat {s} beyond 3" for s, p in enumerate(state.positions) if p > 3]


class ForgetsOnLoad(ToyGame):
    """Loses the turn on load."""

    def load(self, data):
        state = super().load(data)
        state.turn = 0
        return state


class LeaksInEvents(ToyGame):
    """Tells the channel the mover's rival's secret."""

    def apply_unchecked(self, state, seat, action):
        events = super().apply_unchecked(state, seat, action)
        if len(state.secrets) > 1 and not state.over:
            rival = (seat + 1) % len(state.secrets)
            events.append(type(events[0])("toy.event.secret", {"secret": state.secrets[rival]}))
        return events


BROKEN = [CrashesOnBadInput(), MutatesItsInput(), LeaksSecrets(), BreaksAnInvariant(),
          ForgetsOnLoad(), LeaksInEvents()]


SEEN_AS = {
    CrashesOnBadInput: "invalid literal", MutatesItsInput: "apply changed its input",
    LeaksSecrets: "shows hidden parts", BreaksAnInvariant: "invariants broken",
    ForgetsOnLoad: "dump/load changed", LeaksInEvents: "public events depend",
}


@pytest.mark.parametrize("game", BROKEN, ids=[type(g).__name__ for g in BROKEN])
def test_a_broken_game_fails_the_properties(game):
    @settings(max_examples=60, deadline=None, database=None, derandomize=True,
              phases=[Phase.generate])
    @given(data=st.data())
    def run(data):
        play_random_game(game, 2, data, 12)

    with pytest.raises((AssertionError, ValueError), match=SEEN_AS[type(game)]):
        run()


def test_the_sound_toy_game_passes():
    @settings(max_examples=20, deadline=None, database=None, derandomize=True)
    @given(data=st.data())
    def run(data):
        play_random_game(ToyGame(), 2, data, 12)

    run()

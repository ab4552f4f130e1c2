"""The hard level (rules.core.hard): normal's choice unless rollouts through the replies show
a clearly better one.

A toy game where the greedy step is wrong shows the look-ahead at work; positions of every
real game show that hard without rollouts is exactly normal and that its rollouts stay within
the budget.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import SimpleNamespace

import pytest

from rules.core import Action, all_games, get_game, hard
from rules.core.ai import decide, plan
from rules.core.game import Game
from rules.core.rng import Rng
from rules.core.types import ScoreLine

from .test_ai import positions

ITEMS = {"big": 3, "small": 2, "crumb": 1, "bonus": 6}


@dataclass
class Pot:
    """Two seats take turns taking one item of a shared pool; taking ``big`` opens
    ``bonus`` for whoever moves next."""

    rng: Rng
    pool: list[str] = field(default_factory=lambda: ["big", "small", "crumb"])
    scores: list[int] = field(default_factory=lambda: [0, 0])
    turn: int = 0
    takes: int = 0


class PotGame(Game):
    """The toy game: four takes, the highest total wins."""

    name = "pot"
    min_players = max_players = 2
    evaluator = SimpleNamespace(evaluate=lambda state, seat: state.scores[seat], WANDER=0.0)

    def new_game(self, seed, players, options):
        return Pot(Rng(seed))

    def to_act(self, state):
        return frozenset() if self.is_over(state) else frozenset({state.turn})

    def legal_actions(self, state, seat):
        return [Action(f"take {item}") for item in state.pool] if seat == state.turn else []

    def prompt(self, state, seat):  # pragma: no cover - not used by the computer players
        raise NotImplementedError

    def apply_unchecked(self, state, seat, action):
        item = action.text.split()[1]
        state.pool.remove(item)
        state.scores[seat] += ITEMS[item]
        if item == "big":
            state.pool.append("bonus")
        state.turn, state.takes = 1 - seat, state.takes + 1
        return []

    def view(self, state, seat):  # pragma: no cover - not used by the computer players
        raise NotImplementedError

    def is_over(self, state):
        return state.takes >= 4

    def score(self, state):
        return {s: ScoreLine(total=v) for s, v in enumerate(state.scores)}

    def dump(self, state):  # pragma: no cover - not used by the computer players
        raise NotImplementedError

    def load(self, data):  # pragma: no cover - not used by the computer players
        raise NotImplementedError


def test_hard_sees_the_reply_that_greedy_normal_misses():
    """Taking ``big`` (3) scores most now but hands the opponent ``bonus`` (6)."""
    game = PotGame()
    state = game.new_game(1, 2, {})
    assert decide(game, state, 0, "normal", 7).text == "take big"
    assert decide(game, state, 0, "hard", 7, 8).text == "take small"
    assert decide(game, state, 0, "hard", 7, 0).text == "take big"  # no rollouts: normal


def test_hard_keeps_normals_choice_unless_the_gain_passes_the_margin():
    """The same position with a game whose margin (HARD_MARGIN) exceeds the gain seen."""
    game = PotGame()
    game.evaluator = SimpleNamespace(**vars(PotGame.evaluator), HARD_MARGIN=10.0)
    state = game.new_game(1, 2, {})
    assert decide(game, state, 0, "hard", 7, 8).text == "take big"


def test_a_game_may_set_shorter_rollouts_for_more_seats():
    """ROLLOUT_DEPTH_AT cuts the rollouts at its seat counts only: cut before the opponent's
    reply, hard no longer sees the bonus that ``big`` hands over, and takes it as normal does."""
    game = PotGame()
    game.evaluator = SimpleNamespace(**vars(PotGame.evaluator), ROLLOUT_DEPTH_AT={2: 0})
    state = game.new_game(1, 2, {})
    assert decide(game, state, 0, "hard", 7, 8).text == "take big"
    game.evaluator.ROLLOUT_DEPTH_AT = {2: 1, 5: 0}
    assert decide(game, state, 0, "hard", 7, 8).text == "take small"


def test_the_verdict_says_why_hard_played_its_move():
    """Switched where the look-ahead beat normal's choice; kept within the margin; too few
    rollouts without a budget; no verdict below hard."""
    game = PotGame()
    state = game.new_game(1, 2, {})
    assert plan(game, state, 0, "hard", 7, 8).verdict == hard.SWITCHED
    assert plan(game, state, 0, "hard", 7, 0).verdict == hard.TOO_FEW
    assert plan(game, state, 0, "normal", 7).verdict == ""
    game.evaluator = SimpleNamespace(**vars(PotGame.evaluator), HARD_MARGIN=10.0)
    assert plan(game, state, 0, "hard", 7, 8).verdict == hard.UNCLEAR


@pytest.mark.parametrize("name", [g.name for g in all_games()])
def test_hard_leaves_normals_choice_exactly_when_its_verdict_says_switched(name):
    """Every verdict but ``switched`` plays normal's choice for the same seed."""
    game = get_game(name)
    for state, seat in positions(name, 2):
        if len(game.legal_actions(state, seat)) > 2:
            made = plan(game, state, seat, "hard", 1, 9)
            assert made.verdict in hard.VERDICTS
            normal = decide(game, state, seat, "normal", 1)
            assert (made.action.text != normal.text) == (made.verdict == hard.SWITCHED)


@pytest.mark.parametrize("name", [g.name for g in all_games()])
def test_hard_without_rollouts_is_normal(name):
    """The default is normal's choice for the same seed, drawn the same way."""
    game = get_game(name)
    for state, seat in positions(name, 2):
        for seed in (1, 2):
            normal = decide(game, state, seat, "normal", seed).text
            assert decide(game, state, seat, "hard", seed, 0).text == normal


@pytest.mark.parametrize("name", [g.name for g in all_games()])
def test_the_rollouts_stay_within_the_budget(name):
    game = get_game(name)
    for state, seat in positions(name, 2):
        if len(game.legal_actions(state, seat)) > 2:
            done = plan(game, state, seat, "hard", 1, 9).iterations
            if hard.setting(game, "HARD_WORK") is not None:  # may stop after two rounds
                assert done in (6, 8, 9)
            else:
                assert done in (8, 9)  # 3 or 4 candidates: 3 or 2 rounds of them


def test_a_game_may_set_a_smaller_budget_for_more_seats():
    """HARD_ITERATIONS_AT overrides the budget at its seat counts only: the toy game at two
    seats plays 4 rollouts (2 rounds of its 2 candidates) where its default would play 8."""
    game = PotGame()
    game.evaluator = SimpleNamespace(**vars(PotGame.evaluator), HARD_ITERATIONS=8,
                                     HARD_WIDTH=2, HARD_ITERATIONS_AT={2: 4, 5: 2})
    state = game.new_game(1, 2, {})
    assert plan(game, state, 0, "hard", 7).iterations == 4
    game.evaluator.HARD_ITERATIONS_AT = {5: 2}
    assert plan(game, state, 0, "hard", 7).iterations == 8


def test_rollouts_order_options_by_their_own_hook_else_normals():
    """A rollout asks first for the game's ``rollout_priority``, then its ``option_priority``;
    normal asks only for ``option_priority``; with neither, the listed order stays."""
    from rules.core import greedy

    game = PotGame()
    listed = [Action("take big"), Action("take small"), Action("take crumb")]
    assert greedy.ordered(game, None, 0, listed, hard.ROLLOUT_PRIORITY) == listed
    game.evaluator = SimpleNamespace(**vars(PotGame.evaluator),
                                     option_priority=lambda s, seat, acts: acts[::-1])
    assert greedy.ordered(game, None, 0, listed, hard.ROLLOUT_PRIORITY)[0].text == "take crumb"
    game.evaluator.rollout_priority = lambda s, seat, acts: acts[1:] + acts[:1]
    assert greedy.ordered(game, None, 0, listed, hard.ROLLOUT_PRIORITY)[0].text == "take small"
    assert greedy.ordered(game, None, 0, listed)[0].text == "take crumb"


def test_a_game_may_end_its_rollouts_at_its_own_horizon():
    """``rollout_horizon`` replaces the default end of a rollout: ended at once, a rollout
    sees no reply, and hard takes ``big`` as normal does; ended after the reply, it sees the
    bonus handed over."""
    game = PotGame()
    game.evaluator = SimpleNamespace(**vars(PotGame.evaluator),
                                     rollout_horizon=lambda start, state, seat: True)
    state = game.new_game(1, 2, {})
    assert decide(game, state, 0, "hard", 7, 8).text == "take big"
    game.evaluator.rollout_horizon = lambda start, state, seat: state.takes > start.takes + 1
    assert decide(game, state, 0, "hard", 7, 8).text == "take small"


def test_a_game_may_leave_some_of_a_rollouts_decisions_unjudged():
    """``rollout_judged`` 0 plays the first option in the rollout order unjudged: the reply
    then takes ``small`` (listed first) instead of the ``bonus``, and hard sees no reason to
    leave normal's ``big``."""
    game = PotGame()
    game.evaluator = SimpleNamespace(**vars(PotGame.evaluator),
                                     rollout_judged=lambda state, seat, limit: 0)
    state = game.new_game(1, 2, {})
    assert decide(game, state, 0, "hard", 7, 8).text == "take big"
    game.evaluator.rollout_judged = lambda state, seat, limit: limit
    assert decide(game, state, 0, "hard", 7, 8).text == "take small"


def test_hard_work_caps_the_rounds_of_rollouts_by_the_positions_they_judge():
    """``HARD_WORK``: once another round of rollouts would judge more positions than the cap,
    the decision stops (after two rounds at least); without a cap, or under it, the whole
    budget is played. The toy game's three candidates: 3 rounds of 9 rollouts, or 2."""
    game = PotGame()
    state = game.new_game(1, 2, {})
    assert plan(game, state, 0, "hard", 7, 9).iterations == 9
    game.evaluator = SimpleNamespace(**vars(PotGame.evaluator), HARD_WORK=0)
    capped = plan(game, state, 0, "hard", 7, 9)
    assert capped.iterations == 6 and capped.action.text == "take small"
    game.evaluator.HARD_WORK = 10_000
    assert plan(game, state, 0, "hard", 7, 9).iterations == 9


def test_a_ranking_without_continuations_never_lists_the_next_steps(monkeypatch):
    """``greedy.rank`` with no continuations judges each option by the position right after
    it and does not even list the seat's next steps (a rollout's cheap City Building in
    Antiquity); with one it lists them."""
    from rules.core import greedy
    from tests.antiquity.helpers import played_to_city_building

    game = get_game("antiquity")
    state = played_to_city_building(1)
    seat = min(game.to_act(state))
    options = game.legal_actions(state, seat)
    listed = []
    real = type(game).legal_actions
    monkeypatch.setattr(type(game), "legal_actions",
                        lambda self, st, s: listed.append(s) or real(self, st, s))
    ranked, judged = greedy.rank(game, state, seat, options, 4, True, Rng(3), 0)
    assert len(ranked) == judged == 4 and listed == []
    greedy.rank(game, state, seat, options, 4, True, Rng(3), 1)
    assert listed


@pytest.mark.parametrize(("name", "players", "seed", "moves"),
                         [("smallworld", 4, 1, 0), ("caverna", 2, 3, 28),
                          ("smallworld_warcraft", 4, 1, 12)])
def test_a_games_work_cap_ends_its_heaviest_decisions_early(name, players, seed, moves):
    """Small World, Caverna and Warcraft set ``HARD_WORK`` (without it their slowest real
    decisions, at 4, 2 and 4 players, took over 3 s): at a heavy decision of a seeded game of
    normal seats hard stops playing rounds of rollouts before its budget, its rollouts judging
    no more positions than the cap."""
    game = get_game(name)
    state = game.new_game(seed, players, {})
    for step in range(moves):
        seat = min(game.to_act(state))
        state, _ = game.apply(state, seat, decide(game, state, seat, "normal", step))
    seat = min(game.to_act(state))
    made = plan(game, state, seat, "hard", 1)
    ranking = plan(game, state, seat, "hard", 1, 0).judged  # normal's ranking alone
    assert made.iterations < hard.budget(game, players)
    assert made.judged - ranking <= hard.setting(game, "HARD_WORK")

"""Contract tests run on every registered game (and the platform's toy game).

Seeded random playouts to the end for each allowed player count; dump/load round trip at
every step; exact replay from seed and moves; views unchanged when other seats' hidden parts
are re-randomised; an illegal action rejected without change; scores defined at the end.
"""

from __future__ import annotations

import json

import pytest

from rules.core import CannotParse, NotLegalNow, NotYourDecision, RulesError, all_games
from rules.core.playout import dumped, random_playout, replay, translate_all
from rules.core.text import translate
from tests.platform.toy_game import TOY

GAMES = [*all_games(), TOY]
CASES = [(g, n) for g in GAMES for n in range(g.min_players, g.max_players + 1)]
IDS = [f"{g.name}-{n}p" for g, n in CASES]
# Option sets a game asks the contract to cover besides its defaults (e.g. expansion modules).
# The default run plays each set to the end at the fewest players (the plain playouts above
# cover every count; a game bounds its own checks of an option set at other counts); the
# other counts play to the end with the slow tests.
VARIANTS = [(g, n, o) for g in GAMES for o in getattr(g, "contract_options", ())
            for n in range(g.min_players, g.max_players + 1)]
VARIANT_IDS = [f"{g.name}-{n}p-" + "-".join(
    f"{k}={','.join(map(str, v)) if isinstance(v, list) else v}" for k, v in o.items())
    for g, n, o in VARIANTS]
VARIANT_PARAMS = [pytest.param(g, n, o, id=ident, marks=() if n == g.min_players
                               else pytest.mark.slow)
                  for (g, n, o), ident in zip(VARIANTS, VARIANT_IDS, strict=True)]


# Option sets whose random games need not end (nobody can be eliminated and random play meets
# no victory condition: Antiquity's introductory variant). Every property is checked for
# OPEN_STEPS steps instead of demanding the end; the game's own tests show that it can end.
OPEN = [(g, n, o) for g in GAMES for o in getattr(g, "contract_open_options", ())
        for n in range(g.min_players, g.max_players + 1)]
OPEN_IDS = [f"{g.name}-{n}p-" + "-".join(f"{k}={v}" for k, v in o.items()) for g, n, o in OPEN]
OPEN_STEPS = 240


def _names(players: int) -> list[str]:
    return [f"P{i + 1}" for i in range(players)]


@pytest.mark.parametrize(("game", "players"), CASES, ids=IDS)
def test_random_playout_reaches_the_end_and_round_trips(game, players):
    names = _names(players)

    def check(state, seat, action):
        text = dumped(game, state)
        assert dumped(game, game.load(json.loads(text))) == text
        translate_all(game, state, [], names)
        _exact_listing_is_legal(game, state, seat)

    playout = random_playout(game, seed=11 + players, players=players, on_step=check)
    assert game.is_over(playout.final), f"no end after {len(playout.moves)} moves"
    assert game.to_act(playout.final) == frozenset()
    for event in playout.events:
        translate(event.msg, "en", names)
    scores = game.score(playout.final)
    assert sorted(scores) == list(range(players))
    assert all(isinstance(line.total, int) for line in scores.values())
    assert set(game.winners(playout.final)) <= set(range(players))


def _exact_listing_is_legal(game, state, seat) -> None:
    """A listing the engine calls exact (so ``apply`` plays its actions unchecked) holds only
    actions the rules accept."""
    listed = game.legal_actions(state, seat)
    just_listed = getattr(game, "just_listed", None)
    if listed and just_listed is not None and just_listed(state, seat, listed[0]):
        for action in listed:
            assert game.problem(state, seat, action) is None, f"listed but illegal: {action}"


@pytest.mark.parametrize(("game", "players"), CASES, ids=IDS)
def test_replay_from_seed_and_moves_is_exact(game, players):
    playout = random_playout(game, seed=5, players=players, max_steps=400)
    again = replay(game, 5, players, playout.options, playout.moves)
    assert dumped(game, again) == dumped(game, playout.final)


@pytest.mark.parametrize(("game", "players"), CASES, ids=IDS)
def test_views_hide_what_they_must(game, players):
    seen = []

    def check(state, seat, action):
        if len(seen) % 7:
            seen.append(None)
            return
        seen.append(state)
        for viewer in [None, *range(players)]:
            before = json.dumps(game.view(state, viewer).data, sort_keys=True, default=str)
            other = game.rerandomise_hidden(state, viewer, seed=len(seen))
            after = json.dumps(game.view(other, viewer).data, sort_keys=True, default=str)
            assert before == after, f"view of {viewer} changed when hidden parts changed"
            private = [m.to_json() for m in game.view(state, viewer).private]
            again = [m.to_json() for m in game.view(other, viewer).private]
            assert private == again
        _check_public_components(game, state, seat, action, len(seen))

    random_playout(game, seed=23, players=players, max_steps=300, on_step=check)


def _posted_menu(game, state) -> list | None:
    """The options posted in the channel: the menu of a seat deciding alone in public."""
    to_act = game.to_act(state)
    if len(to_act) != 1:
        return None  # several seats decide at once: each gets its options privately
    seat = next(iter(to_act))
    if game.private_decision(state, seat):
        return None  # a decision over hidden things: offered privately only
    return [(a.text, a.label, a.group) for a in game.legal_actions(state, seat)]


def _public_events(game, state, seat, action) -> list | None:
    try:
        _, events = game.apply(state, seat, action)
    except NotLegalNow:
        return None  # refused for the mover's own hidden reasons: nothing is posted
    public = [e for e in events if e.audience is None]
    if any(e.reveals for e in public):
        return None  # a chance outcome or hidden part revealed: it may differ, and what follows
    return [e.to_json() for e in public]


def _check_public_components(game, state, seat, action, seed) -> None:
    """What is posted in the channel is the same whatever the hidden parts are.

    The public menu (texts, labels, groups) and the public events of the move played (unless
    it reveals a chance outcome or hidden part, which re-randomising redraws) must not change.
    """
    other = game.rerandomise_hidden(state, None, seed=seed)
    assert _posted_menu(game, state) == _posted_menu(game, other), "public menu changed"
    mine, theirs = (_public_events(game, s, seat, action) for s in (state, other))
    if mine is not None and theirs is not None:
        assert mine == theirs, "public events changed with the hidden parts"


@pytest.mark.parametrize(("game", "players"), CASES, ids=IDS)
def test_illegal_actions_are_rejected_without_change(game, players):
    state = game.new_game(3, players, {})
    before = dumped(game, state)
    seat = min(game.to_act(state))
    with pytest.raises(CannotParse):
        game.play(state, seat, "xyzzy plugh")
    idle = [s for s in range(players) if not game.may_act(state, s)]
    if idle:
        legal = game.legal_actions(state, seat)[0].text
        with pytest.raises(NotYourDecision):
            game.play(state, idle[0], legal)
    with pytest.raises(RulesError):
        game.play(state, seat, f"{next(iter(game.verbs or {'x'}))} 99999 99999")
    assert dumped(game, state) == before


@pytest.mark.parametrize("game", GAMES, ids=[g.name for g in GAMES])
def test_apply_does_not_mutate_its_input(game):
    state = game.new_game(9, game.min_players if game.min_players > 1 else 2
                          if game.max_players > 1 else 1, {})
    before = dumped(game, state)
    seat = min(game.to_act(state))
    game.apply(state, seat, game.legal_actions(state, seat)[0])
    assert dumped(game, state) == before


@pytest.mark.slow
@pytest.mark.parametrize(("game", "players"), CASES, ids=IDS)
@pytest.mark.parametrize("seed", range(100, 110))
def test_many_seeded_playouts(game, players, seed):
    playout = random_playout(game, seed=seed, players=players,
                             on_step=lambda state, seat, _: _exact_listing_is_legal(game, state,
                                                                                    seat))
    assert game.is_over(playout.final)
    again = replay(game, seed, players, playout.options, playout.moves)
    assert dumped(game, again) == dumped(game, playout.final)


def _hidden_parts_stay_hidden(game, state, players, seed):
    for viewer in [None, *range(players)]:
        before = json.dumps(game.view(state, viewer).data, sort_keys=True, default=str)
        other = game.rerandomise_hidden(state, viewer, seed=seed)
        after = json.dumps(game.view(other, viewer).data, sort_keys=True, default=str)
        assert before == after, f"view of {viewer} changed when hidden parts changed"


@pytest.mark.parametrize(("game", "players", "options"), VARIANT_PARAMS)
def test_option_variants_keep_the_contract(game, players, options):
    """The whole contract (end, round trip, replay, hidden views) with a game's option sets."""
    names = _names(players)
    steps = []

    def check(state, seat, action):
        text = dumped(game, state)
        assert dumped(game, game.load(json.loads(text))) == text
        translate_all(game, state, [], names)
        _exact_listing_is_legal(game, state, seat)
        if len(steps) % 7 == 0:
            _hidden_parts_stay_hidden(game, state, players, seed=len(steps))
        steps.append(seat)

    playout = random_playout(game, 31 + players, players, options, on_step=check)
    assert game.is_over(playout.final), f"no end after {len(playout.moves)} moves"
    again = replay(game, 31 + players, players, playout.options, playout.moves)
    assert dumped(game, again) == dumped(game, playout.final)


@pytest.mark.parametrize(("game", "players", "options"), OPEN, ids=OPEN_IDS)
def test_open_ended_variants_keep_the_contract_for_a_bounded_playout(game, players, options):
    """End not required: round trip, words, invariants, hidden parts and public components at
    every step, exact replay, no stall (a seat to act until the step bound), scores defined."""
    names = _names(players)
    steps = []

    def check(state, seat, action):
        text = dumped(game, state)
        assert dumped(game, game.load(json.loads(text))) == text
        translate_all(game, state, [], names)
        assert game.check_invariants(state) == []
        if len(steps) % 7 == 0:
            _hidden_parts_stay_hidden(game, state, players, seed=len(steps))
            _check_public_components(game, state, seat, action, len(steps))
        steps.append(seat)

    playout = random_playout(game, 41 + players, players, options, max_steps=OPEN_STEPS,
                             on_step=check)
    final = playout.final
    assert game.is_over(final) or len(playout.moves) == OPEN_STEPS
    assert game.is_over(final) == (game.to_act(final) == frozenset())
    for event in playout.events:
        translate(event.msg, "en", names)
    assert sorted(game.score(final)) == list(range(players))
    again = replay(game, 41 + players, players, playout.options, playout.moves)
    assert dumped(game, again) == dumped(game, final)
    _illegal_input_changes_nothing(game, game.new_game(3, players, dict(options)), players)


def _illegal_input_changes_nothing(game, state, players) -> None:
    """Nonsense, a move from a seat that may not act and a well-formed illegal move are
    refused, and ``apply`` of a legal move leaves its input unchanged."""
    before = dumped(game, state)
    seat = min(game.to_act(state))
    with pytest.raises(CannotParse):
        game.play(state, seat, "xyzzy plugh")
    idle = [s for s in range(players) if not game.may_act(state, s)]
    legal = game.legal_actions(state, seat)[0]
    if idle:
        with pytest.raises(NotYourDecision):
            game.play(state, idle[0], legal.text)
    with pytest.raises(RulesError):
        game.play(state, seat, f"{next(iter(game.verbs or {'x'}))} 99999 99999")
    game.apply(state, seat, legal)
    assert dumped(game, state) == before


def test_not_legal_is_distinguished_from_cannot_parse():
    state = TOY.new_game(1, 2, {})
    with pytest.raises(NotLegalNow):
        TOY.play(state, 0, "hop 7")


@pytest.mark.parametrize(("game", "players"), CASES, ids=IDS)
def test_secret_sub_actions_show_nothing_in_public(game, players):
    """A secret action after which its seat goes on deciding, and which the game announces by
    no public event, changes nothing public: not the public view, not the seats to act. The
    bot posts such a move nowhere in public (tests/discord), so nothing in the channel tells
    how many secret actions anyone took; announced steps (a quest chosen, a card revealed)
    are the game's own public record, the same whatever was chosen (checked above)."""
    def check(state, seat, action):
        if not game.action_is_secret(state, seat, action):
            return
        after, events = game.apply(state, seat, action)
        if game.is_over(after) or not game.may_act(after, seat):
            return  # the seat finished deciding: that much is public
        if any(e.audience is None for e in events):
            return  # announced by the game itself
        assert game.to_act(after) == game.to_act(state), f"{action.text}: to_act changed"
        before_view = json.dumps(game.view(state, None).data, sort_keys=True, default=str)
        after_view = json.dumps(game.view(after, None).data, sort_keys=True, default=str)
        assert before_view == after_view, f"{action.text}: the public view changed"

    random_playout(game, seed=31 + players, players=players, max_steps=400, on_step=check)

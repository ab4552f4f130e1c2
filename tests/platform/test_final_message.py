"""The final message says "Game over" once (the platform's header, no game's events), and a
count takes its word in the singular or the plural ("1 token", never "1 token(s)")."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from bot.presenter import event_lines, final_lines, say, told_msg
from rules.core import Msg, all_games, defaults, translate
from rules.core.playout import random_playout, replay
from rules.core.text import catalog


def _said(locale: str) -> str:
    """The platform's "Game over" without its marks and closing stop."""
    return say("game_over", locale).strip("*").rstrip(".。")


@pytest.mark.parametrize("locale", ["en", "ja"])
def test_no_event_of_any_game_says_game_over_again(locale):
    said = _said(locale).lower()
    repeated = sorted(key for key, text in catalog(locale).items()
                      if ".event." in key and said in text.lower())
    assert said and repeated == []


def test_a_count_takes_its_word_in_the_singular_or_the_plural():
    placed = Msg("smallworld.event.tokens_placed", {"seat": 0, "tokens": 1, "region": 4})
    assert translate(placed, "en", ["Ann"]) == "Ann places 1 token in region 4."
    more = Msg("smallworld.event.tokens_placed", {"seat": 0, "tokens": 3, "region": 4})
    assert translate(more, "en", ["Ann"]) == "Ann places 3 tokens in region 4."
    assert translate(more, "ja", ["Ann"]).count("3") == 1  # Japanese needs no plural


def test_no_english_message_hedges_its_plural():
    hedged = sorted(key for key, text in catalog("en").items() if "(s)" in text)
    assert hedged == []


def test_caverna_goods_are_counted_in_the_plural():
    assert translate(Msg("caverna.good.ruby", {"n": 2})) == "2 rubies"
    assert translate(Msg("caverna.good.ruby", {"n": 1})) == "1 ruby"
    assert translate(Msg("caverna.good.dog", {"n": 3})) == "3 dogs"


def test_counts_of_one_in_the_games_read_in_the_singular():
    names = ["Ann"]
    said = [translate(Msg(key, params), "en", names) for key, params in (
        ("antiquity.event.graves_placed", {"seat": 0, "count": 1}),
        ("antiquity.event.polluted", {"seat": 0, "count": 1}),
        ("smallworld.event.ready", {"seat": 0, "race": "Elves", "tokens": 1}),
        ("core.ui.type_with_move", {"count": 1}),
    )]
    assert not any("1 graves" in s or "1 pollution markers" in s or "1 tokens" in s
                   or "1 options" in s for s in said), said


GAMES = all_games()


@pytest.mark.parametrize("game", GAMES, ids=[g.name for g in GAMES])
@pytest.mark.parametrize("locale", ["en", "ja"])
def test_the_final_message_names_the_winners_once(game, locale):
    # "Cy wins." then "Winner: Cy" (Antiquity), "Final ranking: ..." above the ranked scores
    # (Small World): the platform's closing lines alone rank and name the winners
    players = game.min_players
    playout = random_playout(game, 3, players, defaults(game.options))
    state = replay(game, 3, players, playout.options, playout.moves[:-1])
    seat, text = playout.moves[-1]
    final, events = game.play(state, seat, text)
    assert game.is_over(final)
    names = NAMES[:players]
    told = [e.msg.key for e in events
            if e.visible_to(None) and told_msg(e.msg) is not None
            and {"winners", "ranking"} & set(e.msg.params)]
    assert told == []
    lines = [*event_lines(events, None, names, locale), *final_lines(_Table(game, final, names),
                                                                     locale)]
    winners = [names[s] for s in game.winners(final)]
    closing = say("winner" if len(winners) == 1 else "winners", locale,
                  players=", ".join(winners))
    assert lines.count(closing) == 1 and lines[-1] == closing


def test_a_game_that_nobody_won_says_so():
    table = _Table(SimpleNamespace(score=lambda state: {}, winners=lambda state: []),
                   None, ["Ann", "Bob"])
    assert final_lines(table)[-1] == "No one wins."
    assert final_lines(table, "ja")[-1] == "勝者はいません。"


NAMES = ["Ann", "Bob", "Cy", "Di", "Ed"]


class _Table(SimpleNamespace):
    """What the final lines read of a table: its game, state and names."""

    def __init__(self, game, state, names):
        super().__init__(game=game, state=state, names=names)

"""The shared builders of a game's catalog messages (rules.core.namespace)."""

from rules.core import Event, Msg
from rules.core.namespace import Namespace

NS = Namespace("caverna")


def test_a_table_builds_the_key_of_its_entry_with_parameters():
    space = NS.table("space")
    assert space("forest") == Msg("caverna.space.forest")
    assert NS.table("error")("occupied", space=space("forest")) == Msg(
        "caverna.error.occupied", {"space": Msg("caverna.space.forest")})
    assert space.__name__ == "space" and "caverna.space." in space.__doc__


def test_a_parameter_may_share_the_name_of_the_entry_argument():
    assert NS.table("action")("done", entry=1).params == {"entry": 1}
    assert NS.msg("summary.round", key=2) == Msg("caverna.summary.round", {"key": 2})


def test_events_are_public_unless_an_audience_is_given():
    assert NS.event("round", reveals=True, round=2) == Event(
        "caverna.event.round", {"round": 2}, None, True)
    private = NS.event("round", [1, 0], round=2)
    assert private.audience == frozenset({0, 1}) and not private.reveals
    assert not private.visible_to(None) and private.visible_to(1)


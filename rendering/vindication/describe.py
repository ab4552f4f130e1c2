"""Short descriptions of card abilities, quests and triggers, built from the effect data
and catalog words (so the printed texts can replace ours without code changes)."""

from __future__ import annotations

from rendering.common import words
from rules.core.text import Msg

from .content import ability, card
from .labels import word


def _t(key: str, **params) -> str:
    return words(Msg(f"vindication.board.{key}", params))


def effect_text(effect: dict) -> str:
    """Describe one effect op."""
    op = effect["op"]
    attr = effect.get("attr")
    attr_word = ""
    if attr:
        attr_word = _t(f"any.{attr}") if attr.startswith("any") else word(f"attr.{attr}")
    if effect.get("target") == "one_adjacent_player":
        op += "_one"
    return _t(f"op.{op}", n=effect.get("n", ""), attr=attr_word)


def modifier_text(mod: dict) -> str:
    """Describe one static modifier."""
    region = word(f"region.{mod['region']}") if "region" in mod else ""
    return _t(f"mod.{mod['mod']}", n=mod["n"], region=region)


def score_text(score: dict) -> str:
    """Describe an end-game score ``{per, n, max}``."""
    return _t("score_per", n=score["n"], count=_t(f"count.{score['per']}"), max=score["max"])


def clause_text(clause: dict) -> str:
    """Describe a clause ``{count, at_least}``."""
    return f"{_t('count.' + clause['count'])} ≥ {clause['at_least']}"


def ability_text(cid: str) -> str:
    """Describe the ability of card ``cid`` (empty when it has none)."""
    spec = ability(cid)
    parts = []
    if spec:
        timing = _t(f"timing.{spec['timing']}")
        if spec["timing"] == "static":
            body = ", ".join(modifier_text(m) for m in spec["modifiers"])
        elif spec["timing"] == "end_game":
            body = score_text(spec["score"])
        else:
            body = ", ".join(effect_text(e) for e in spec["effects"])
        when = ""
        if spec.get("event"):
            region = spec.get("region") or spec.get("deck")
            when = _t(f"when.{spec['event']}") + (f" ({_where(region)})" if region else "") + ": "
        parts.append(f"{timing} {when}{body}")
    end = card(cid).get("end_game")
    if end:
        parts.append(f"{_t('timing.end_game')} {score_text(end)}")
    return "; ".join(parts)


def _where(place: str) -> str:
    if place in ("any",):
        return _t("any.any")
    key = f"region.{place}"
    from rules.core.text import has_message
    return word(key) if has_message(f"vindication.{key}") else word(f"deck.{place}")


def trigger_text(tid: str) -> str:
    """Describe an end-game trigger's clauses."""
    return " & ".join(clause_text(c) for c in card(tid)["all"])


def quest_text(qid: str) -> str:
    """Describe a quest's tiers."""
    return " / ".join(f"{clause_text(t)}: +{t['honor']}" for t in card(qid)["tiers"])

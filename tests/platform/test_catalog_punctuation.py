"""A sentence put inside another message ends it: no punctuation is added after it.

A decision prompt ("Conquer, or end conquests.") is a whole sentence; a template that adds
"." or ")" after ``{prompt}`` printed "...end conquests.)." (issue 19).
"""

from __future__ import annotations

import re

import pytest

from rules.core import Msg, translate
from rules.core.text import MESSAGES_DIR, catalog

LOCALES = sorted(p.name for p in MESSAGES_DIR.iterdir() if p.is_dir())
SENTENCES = ("prompt",)  # parameters that are whole sentences, ending in their own stop
AFTER = re.compile(r"\{(%s)\}\s*[.。)）!?！？:：]" % "|".join(SENTENCES))


@pytest.mark.parametrize("locale", LOCALES)
def test_no_punctuation_follows_a_whole_sentence(locale):
    bad = sorted(key for key, template in catalog(locale).items() if AFTER.search(template))
    assert not bad, f"punctuation after a sentence in {locale}: {bad}"


@pytest.mark.parametrize("locale", LOCALES)
def test_a_reminder_ends_with_the_prompts_own_stop(locale):
    prompt = translate(Msg("smallworld.prompt.conquest", {"race": "Orcs", "hand": 3}), locale)
    text = translate(Msg("clock.ui.remind_channel", {"who": "@A", "prompt": prompt}), locale)
    assert text.endswith(prompt)

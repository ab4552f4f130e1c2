"""The README tells the truth about which Small World of Warcraft powers are dealt (issue 19:
it still said Champion and Beastmaster were not dealt after they were)."""

from __future__ import annotations

import re
from pathlib import Path

from rules.core import Msg, translate
from rules.smallworld import data

README = Path(__file__).resolve().parents[2] / "README.md"


def test_the_readme_names_exactly_the_powers_that_are_not_dealt():
    paragraphs = README.read_text(encoding="utf-8").split("\n\n")
    claims = " ".join(p for p in paragraphs if re.search(r"not\s+dealt", p))
    powers = data.powers("warcraft")
    undealt = set(powers) - set(data.dealt_powers("warcraft"))
    named = {p for p in powers
             if translate(Msg(f"smallworld.power.{p}"), "en").lower() in claims.lower()}
    assert named == undealt, f"README says not dealt: {sorted(named)}; data: {sorted(undealt)}"

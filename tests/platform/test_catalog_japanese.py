"""The Japanese catalog reads as Japanese: no English word left where a player reads a
sentence (words to type stay, marked as code), and counts written the Japanese way."""

from __future__ import annotations

import re

from rules.core.text import catalog

# tables that list words to type or that are drawn on boards (their own tests), and names
SKIPPED = re.compile(r"\.(option|board|abbr|marker_abbr)\.|^commands\.|_render\.|^toy\.")
KEPT = {"Discord", "English"}  # a name, and the language's own name in the language menu
CODE = re.compile(r"`[^`]*`|\{[^}]*\}|</?[^>]*>|/\w+( \w+)?")  # code, parameters, commands
WORD = re.compile(r"[A-Za-z][A-Za-z'+-]{2,}")


def test_no_english_word_is_left_in_a_japanese_sentence():
    left = {}
    for key, text in catalog("ja").items():
        if SKIPPED.search(key):
            continue
        words = set(WORD.findall(CODE.sub(" ", text))) - KEPT
        if words:
            left[key] = sorted(words)
    assert left == {}


def test_a_count_takes_a_counter_that_reads_for_any_number():
    # "あと{left}つ" reads wrong from 10 on ("10つ"): 個, 枚, 回... read for any number
    odd = sorted(key for key, text in catalog("ja").items() if re.search(r"\}つ", text))
    assert odd == []


def test_caverna_counts_follow_the_good_as_for_every_good():
    # "食料1、2金貨" mixed two orders in one line: every good is "<name><count>"
    japanese = catalog("ja")
    goods = {k: v for k, v in japanese.items() if k.startswith("caverna.good.")}
    assert all(v.endswith("{n}") for v in goods.values() if "{n}" in v), goods
    mixed = sorted(k for k, v in japanese.items()
                   if k.startswith("caverna.") and re.search(r"(\d|\})金貨", v))
    assert mixed == []

"""Tenhou's three-player ranked rules with its results as its logs gave them until 2018 at least:
each player's points from the return in whole thousands (its logs of 2024 give them exactly)."""

from dataclasses import replace

from ...errors import gettext_noop
from ...vocabulary import ResultRounding
from ..block import Preset
from . import tenhou_sanma

PRESET = Preset(
    replace(
        tenhou_sanma.PRESET.rules,
        slug="tenhou-sanma-thousands",
        name="Tenhou sanma (results in thousands)",
        result_rounding=ResultRounding.THOUSANDS,
    ),
    book=tenhou_sanma.PRESET.book,
    summary=gettext_noop(
        "Tenhou's three-player ranked rules with the results its logs gave until 2018 at least: each final "
        "score in whole thousands, 500 rounded away from zero, first place taking the remainder."
    ),
    sources={
        **tenhou_sanma.PRESET.sources,
        "result_rounding": gettext_noop(
            "Tenhou three-player rules, as its logs of 2009–2018 show: each final score in whole thousands, 500 "
            "rounded away from zero, first place taking what the others' rounding leaves"
        ),
    },
)

"""Tenhou's four-player ranked rules with its results as its logs gave them until 2021: each
player's points from the return in whole thousands (a log of a later year gives them exactly)."""

from dataclasses import replace

from ...errors import gettext_noop
from ...vocabulary import ResultRounding
from ..block import Preset
from . import tenhou

PRESET = Preset(
    replace(
        tenhou.PRESET.rules,
        slug="tenhou-thousands",
        name="Tenhou (results in thousands)",
        result_rounding=ResultRounding.THOUSANDS,
    ),
    book=tenhou.PRESET.book,
    summary=gettext_noop(
        "Tenhou's four-player ranked rules with the results its logs gave until 2021: each final score in "
        "whole thousands, 500 rounded away from zero, first place taking the remainder."
    ),
    sources={
        **tenhou.PRESET.sources,
        "result_rounding": gettext_noop(
            "Tenhou rules, as its logs of 2009–2021 show: each final score in whole thousands, 500 rounded away "
            "from zero, first place taking what the others' rounding leaves"
        ),
    },
)

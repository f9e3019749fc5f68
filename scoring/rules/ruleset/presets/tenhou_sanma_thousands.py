"""Tenhou's three-player ranked rules with its results as its logs gave them until 2018 at least:
each player's points from the return in whole thousands (its logs of 2024 give them exactly)."""

from ...errors import gettext_noop
from ..block import in_thousands
from . import tenhou_sanma

PRESET = in_thousands(
    tenhou_sanma.PRESET,
    "tenhou-sanma-thousands",
    "Tenhou sanma (results in thousands)",
    summary=gettext_noop(
        "Tenhou's three-player ranked rules with the results its logs gave until 2018 at least: each final "
        "score in whole thousands, 500 rounded away from zero, first place taking the remainder."
    ),
    source=gettext_noop(
        "Tenhou three-player rules, as its logs of 2009–2018 show: each final score in whole thousands, 500 "
        "rounded away from zero, first place taking what the others' rounding leaves"
    ),
)

"""Tenhou's four-player ranked rules with its results as its logs gave them until 2021: each
player's points from the return in whole thousands (a log of a later year gives them exactly)."""

from ...errors import gettext_noop
from ..block import in_thousands
from . import tenhou

PRESET = in_thousands(
    tenhou.PRESET,
    "tenhou-thousands",
    "Tenhou (results in thousands)",
    summary=gettext_noop(
        "Tenhou's four-player ranked rules with the results its logs gave until 2021: each final score in "
        "whole thousands, 500 rounded away from zero, first place taking the remainder."
    ),
    source=gettext_noop(
        "Tenhou rules, as its logs of 2009–2021 show: each final score in whole thousands, 500 rounded away "
        "from zero, first place taking what the others' rounding leaves"
    ),
)

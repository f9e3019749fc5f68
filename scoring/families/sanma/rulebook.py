"""Sanma on the rules page: riichi's knobs and the two only a table of three has (Tenhou
three-player rules), and how a value reads at three seats."""

from typing import TYPE_CHECKING

from django.utils.translation import gettext_lazy

from scoring.families.riichi import rulebook as riichi
from scoring.rules.vocabulary import MultiRon

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

KNOBS = (*riichi.KNOBS, "tsumo_payment", "north")
# a discard has two possible winners at three seats: no triple ron (Tenhou three-player rules)
VALUE_LABELS: "dict[str, StrOrPromise]" = {MultiRon.ALLOW: gettext_lazy("allowed (double ron)")}

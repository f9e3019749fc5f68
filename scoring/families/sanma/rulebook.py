"""Sanma on the rules page: riichi's knobs and the two only a table of three has (Tenhou
three-player rules), and how a value reads at three seats."""

from django.utils.translation import gettext_lazy

from scoring.families.riichi import rulebook as riichi
from scoring.rules.vocabulary import MultiRon

KNOBS = (*riichi.KNOBS, "tsumo_payment", "north")
# a discard has two possible winners at three seats: no triple ron (Tenhou three-player rules)
VALUE_LABELS = {MultiRon.ALLOW: gettext_lazy("allowed (double ron)")}

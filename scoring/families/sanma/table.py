"""Sanma at the table: riichi's hand form, offers, preview sentence and partials, at three seats
(part: table). The form asks the ruleset, not the family: the Norths set aside where ``north``
is nukidora, at most two winners on a discard, the picker's three-player tiles."""

from scoring.families.riichi.table import TEMPLATE as TEMPLATE
from scoring.families.riichi.table import HandForm as HandForm
from scoring.families.riichi.table import max_winners as max_winners
from scoring.families.riichi.table import next_hand as next_hand
from scoring.families.riichi.table import outcomes as outcomes
from scoring.families.riichi.table import points_lines as points_lines
from scoring.families.riichi.table import table_context as table_context

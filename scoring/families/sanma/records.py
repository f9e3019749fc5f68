"""Sanma hands in the records: riichi hands, stored and read back as riichi's (part: records)."""

from scoring.families.riichi.records import ADMIN_FIELDS as ADMIN_FIELDS
from scoring.families.riichi.records import ADMIN_INCIDENTS as ADMIN_INCIDENTS
from scoring.families.riichi.records import ADMIN_WIN_FIELDS as ADMIN_WIN_FIELDS
from scoring.families.riichi.records import fact_rows as fact_rows
from scoring.families.riichi.records import facts_from_rows as facts_from_rows
from scoring.families.riichi.records import seat_flags as seat_flags
from scoring.families.riichi.records import winners_and_discarders as winners_and_discarders

"""Sanma on the rules page: riichi's knobs and the two only a table of three has (Tenhou three-player rules)."""

from scoring.families.riichi import rulebook as riichi

KNOBS = (*riichi.KNOBS, "tsumo_payment", "north")

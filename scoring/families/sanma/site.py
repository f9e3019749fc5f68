"""Sanma on the site: riichi's where it only differs (``scoring.families.site``): a board,
standings and records of its own (``reads``) and two knobs more (``rulebook``); riichi's hand
form and offers at three seats (``table``), riichi's rows in the records (``records``) and
riichi's tile check (``tiles``)."""

from dataclasses import replace

from scoring.families.riichi.site import SITE as RIICHI
from scoring.families.sanma import reads, rulebook

SITE = replace(RIICHI, name="sanma", reads=reads, rulebook=rulebook)

"""American mahjong on the rules page: which knobs its rulesets have (the page lists them in
its own order); the riichi knobs (uma, chombo, counters …) mean nothing at an American table.
``scoring.rulebook`` asks ``site_family(family, "rulebook")`` and never asks which family it
is."""

KNOBS = ("start_points", "return_points", "lowest_hand_value", "american_scoring", "discarder_loss", "time_up")
VALUE_LABELS: dict[str, str] = {}  # its knobs' values read as every family reads them (``knobs.VALUE_LABELS``)

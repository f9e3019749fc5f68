"""Riichi on the rules page: which knobs its rulesets have (the page lists them in its own
order). ``scoring.rulebook`` asks ``site_family(family, "rulebook")`` and never asks which
family it is."""

KNOBS = (
    "start_points",
    "return_points",
    "uma",
    "uma_situational",
    "uma_ties",
    "kiriage",
    "kazoe",
    "max_yakuman",
    "multi_ron",
    "abortive_draws",
    "nagashi",
    "abortive_counter",
    "abortive_dealer_stays",
    "pao_hands",
    "kan_pao",
    "chombo",
    "chombo_points",
    "mistaken_call_to_pot",
    "leftover_riichi",
    "bust",
    "min_han_at_5_counters",
    "honba_value",
    "noten_pool",
    "rounds",
    "finish_points",
    "extension",
    # hands entered by their tiles
    "open_tanyao",
    "red_fives",
    "double_wind_pair_fu",
    "renhou",
    "ura_dora",
    "kan_dora",
    "ippatsu",
    "time_up",
)
VALUE_LABELS: dict[str, str] = {}  # its knobs' values read as every family reads them (``knobs.VALUE_LABELS``)

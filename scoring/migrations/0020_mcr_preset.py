"""The MCR preset's row (``Ruleset.objects.preset`` creates a missing one, but a database
migrated from an earlier release holds every preset row, as 0002 and 0015 made them): the
preset as the engine had it when this migration was written, frozen here as data."""

from django.db import migrations

MCR = {
    "name": "MCR (Green Book 2006)",
    "family": "mcr",
    "knobs": {
        "start_points": 0,
        "return_points": 0,
        "uma": [0, 0, 0, 0],
        "uma_situational": {},
        "uma_ties": "share",
        "kiriage": False,
        "kazoe": False,
        "max_yakuman": 1,
        "multi_ron": "allow",
        "abortive_draws": [],
        "nagashi": False,
        "abortive_counter": True,
        "abortive_dealer_stays": True,
        "pao_hands": [],
        "kan_pao": False,
        "chombo": "reverse_mangan",
        "chombo_points": 0,
        "mistaken_call_to_pot": 0,
        "leftover_riichi": "winner",
        "bust": False,
        "min_han_at_5_counters": 1,
        "honba_value": 300,
        "lowest_hand_value": 25,
        "open_tanyao": True,
        "red_fives": False,
        "double_wind_pair_fu": 4,
        "renhou": "mangan",
        "ura_dora": True,
        "kan_dora": True,
        "ippatsu": True,
        "time_up": "last_hand",
        "min_fan": 8,
        "false_mahjong_points": 10,
        "table_points": [4, 2, 1, 0]
    },
}


def mcr_preset(apps, schema_editor):
    Ruleset = apps.get_model("scoring", "Ruleset")
    Ruleset.objects.get_or_create(slug="mcr", defaults={**MCR, "based_on": "mcr"})


class Migration(migrations.Migration):

    dependencies = [
        ("scoring", "0019_mcr_family"),
    ]

    operations = [
        migrations.RunPython(mcr_preset, migrations.RunPython.noop),
    ]

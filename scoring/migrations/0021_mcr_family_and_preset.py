"""MCR: the family ``mcr`` among the choices, its preset row, a win's points, flowers and fans,
a false mahjong, and a seat's table points (48ths). Rows stored before keep their knobs; the MCR
knobs (min_fan, false_mahjong_points, table_points) read as the preset's where a row lacks them."""

import django.core.validators
from django.db import migrations, models

# The preset row as the engine had it when this migration was written, frozen here as data so
# that it migrates the same whatever the engine becomes.
PRESET = {
    "name": "MCR (Green Book 2006)",
    "family": "mcr",
    "knobs": {
        "start_points": 0,
        "return_points": 0,
        "uma": [
            0,
            0,
            0,
            0
        ],
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
        "table_points": [
            4,
            2,
            1,
            0
        ],
        "tsumo_payment": "loss",
        "noten_pool": 3000,
        "north": "wind",
        "finish_points": 0,
        "extension": "none"
    }
}


def mcr_preset(apps, schema_editor):
    Ruleset = apps.get_model("scoring", "Ruleset")
    Ruleset.objects.update_or_create(slug="mcr", defaults={**PRESET, "based_on": "mcr"})


class Migration(migrations.Migration):

    dependencies = [
        ('scoring', '0020_sanma_family_and_presets'),
    ]

    operations = [
        migrations.AddField(
            model_name='seat',
            name='table_points',
            field=models.IntegerField(default=0, verbose_name='table points (48ths)'),
        ),
        migrations.AddField(
            model_name='win',
            name='fan',
            field=models.PositiveSmallIntegerField(default=0, validators=[django.core.validators.MaxValueValidator(1000)], verbose_name='points (fan)'),
        ),
        migrations.AddField(
            model_name='win',
            name='fans',
            field=models.JSONField(blank=True, default=list, help_text='The patterns the hand scores, as the Green Book names them.', verbose_name='fans'),
        ),
        migrations.AddField(
            model_name='win',
            name='flowers',
            field=models.PositiveSmallIntegerField(default=0, validators=[django.core.validators.MaxValueValidator(8)], verbose_name='flowers'),
        ),
        migrations.AlterField(
            model_name='incident',
            name='kind',
            field=models.CharField(choices=[('dead_hand_challenge', 'dead-hand challenge'), ('mahjong_in_error', 'mahjong in error'), ('false_mahjong', 'false mahjong')], max_length=20, verbose_name='kind'),
        ),
        migrations.AlterField(
            model_name='playerrating',
            name='family',
            field=models.CharField(choices=[('riichi', 'Riichi'), ('american', 'American'), ('sanma', 'Sanma (three-player riichi)'), ('mcr', 'MCR')], max_length=10, verbose_name='family'),
        ),
        migrations.AlterField(
            model_name='ratingchange',
            name='family',
            field=models.CharField(choices=[('riichi', 'Riichi'), ('american', 'American'), ('sanma', 'Sanma (three-player riichi)'), ('mcr', 'MCR')], max_length=10, verbose_name='family'),
        ),
        migrations.AlterField(
            model_name='ruleset',
            name='based_on',
            field=models.CharField(choices=[('ema-2025', 'EMA 2025'), ('ema-2016', 'EMA 2016'), ('ema-2008', 'EMA 2008'), ('wrc', 'WRC'), ('reach', 'Reach'), ('mleague', 'M-League'), ('jpml-a', 'JPML-A'), ('tenhou-sanma', 'Tenhou sanma'), ('sanma-club', 'Club sanma'), ('mcr', 'MCR (Green Book 2006)'), ('american', 'American (NMJL-style)')], max_length=40, verbose_name='based on preset'),
        ),
        migrations.AlterField(
            model_name='ruleset',
            name='family',
            field=models.CharField(choices=[('riichi', 'Riichi'), ('american', 'American'), ('sanma', 'Sanma (three-player riichi)'), ('mcr', 'MCR')], editable=False, max_length=10, verbose_name='family'),
        ),
        migrations.AlterField(
            model_name='seat',
            name='family',
            field=models.CharField(choices=[('riichi', 'Riichi'), ('american', 'American'), ('sanma', 'Sanma (three-player riichi)'), ('mcr', 'MCR')], editable=False, max_length=10, verbose_name='family'),
        ),
        migrations.RunPython(mcr_preset, migrations.RunPython.noop),
    ]

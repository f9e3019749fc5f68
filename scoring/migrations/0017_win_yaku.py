"""A win's yaku, stored with it when it is recorded so that the records and player pages read
them instead of scoring tiles at every request: a column, filled here for the stored wins
entered by their tiles (each at its hand's round and seat, under its game's rules)."""

from django.db import migrations, models

from scoring.rules import get_preset
from scoring.tiles.gamelog import win_yaku


def store_yaku(apps, schema_editor):
    Win = apps.get_model("scoring", "Win")
    rules_of = {}
    changed = []
    wins = Win.objects.filter(tiles__isnull=False).select_related("hand__game__ruleset").order_by("pk")
    for win in wins.iterator(chunk_size=1000):
        hand, game = win.hand, win.hand.game
        if game.pk not in rules_of:
            rules_of[game.pk] = get_preset(game.ruleset.based_on).with_overrides(
                game.knobs, slug=game.ruleset.slug, name=game.ruleset.name)
        win.yaku = win_yaku(win.tiles, rules=rules_of[game.pk], rotations=hand.rotations, winner=win.winner,
                            tsumo=win.discarder is None, riichi=win.winner in (hand.riichi or []))
        changed.append(win)
    Win.objects.bulk_update(changed, ["yaku"], batch_size=1000)


class Migration(migrations.Migration):

    dependencies = [
        ("scoring", "0016_online_games"),
    ]

    operations = [
        migrations.AddField(
            model_name="win",
            name="yaku",
            field=models.JSONField(blank=True, editable=False, help_text="The yaku the tiles give, as the mahjong package names them.", null=True, verbose_name="yaku"),
        ),
        migrations.RunPython(store_yaku, migrations.RunPython.noop),
        migrations.AddIndex(
            model_name="win",
            index=models.Index(fields=["yakuman", "han", "fu"], name="win_biggest"),
        ),
        migrations.AddIndex(
            model_name="win",
            index=models.Index(condition=models.Q(("yaku__isnull", False)), fields=["hand"], name="win_with_yaku"),
        ),
    ]

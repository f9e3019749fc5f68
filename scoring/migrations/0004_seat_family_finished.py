"""Seats carry copies of their game's family and finished status (kept by the services), so
that the leaderboard reads the seats alone (its covering index comes in 0005: PostgreSQL
cannot create an index in the transaction that has just updated the rows)."""

from django.db import migrations, models
from django.db.models import OuterRef, Subquery


def copy_from_games(apps, schema_editor):
    Seat = apps.get_model("scoring", "Seat")
    Game = apps.get_model("scoring", "Game")
    game = Game.objects.filter(pk=OuterRef("game"))
    Seat.objects.update(family=Subquery(game.values("ruleset__family")[:1]))
    Seat.objects.filter(game__status="finished").update(finished=True)


class Migration(migrations.Migration):

    dependencies = [
        ("scoring", "0003_seasons_and_ratings"),
    ]

    operations = [
        migrations.AddField(
            model_name="seat",
            name="family",
            field=models.CharField(choices=[("riichi", "Riichi"), ("american", "American")], default="riichi",
                                   editable=False, max_length=10, verbose_name="family"),
            preserve_default=False,
        ),
        migrations.AddField(
            model_name="seat",
            name="finished",
            field=models.BooleanField(default=False, editable=False,
                                      help_text="Only seats of finished games count in the statistics.",
                                      verbose_name="game finished"),
        ),
        migrations.RunPython(copy_from_games, migrations.RunPython.noop),
    ]

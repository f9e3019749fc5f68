"""The covering index of the leaderboard: per player, the sums of the seats that count."""

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ("scoring", "0004_seat_family_finished"),
    ]

    operations = [
        migrations.AddIndex(
            model_name="seat",
            index=models.Index(fields=["player", "family", "finished", "result", "place", "hands", "wins",
                                       "deal_ins", "riichi", "tsumo_wins", "win_points", "chombo"],
                               name="seat_board"),
        ),
    ]

"""The event standings read an event's chombos and mahjongs called in error by partial
indexes, not every hand or incident of its games."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("scoring", "0027_tenhou_sanma_thousands"),
    ]

    operations = [
        migrations.AddIndex(
            model_name="hand",
            index=models.Index(condition=models.Q(("result", "chombo")), fields=["game"], name="hand_chombo"),
        ),
        migrations.AddIndex(
            model_name="incident",
            index=models.Index(
                condition=models.Q(("kind__in", ["false_mahjong", "mahjong_in_error"])),
                fields=["hand"],
                name="incident_called_in_error",
            ),
        ),
    ]

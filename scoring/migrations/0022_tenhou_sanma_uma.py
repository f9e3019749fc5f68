"""The tenhou-sanma preset's uma read right: +20/0/−20, as the results of real Tenhou three-player
logs show (it was +15/0/−15). Stored games keep the knobs they were played under (their snapshot)
and a club's copy keeps its own values: only the preset row changes."""

from django.db import migrations

UMA = [20000, 0, -20000]  # frozen here as data, whatever the engine becomes


def tenhou_uma(apps, schema_editor):
    Ruleset = apps.get_model("scoring", "Ruleset")
    for row in Ruleset.objects.filter(slug="tenhou-sanma"):
        row.knobs = {**row.knobs, "uma": UMA}
        row.save(update_fields=["knobs"])


class Migration(migrations.Migration):

    dependencies = [
        ("scoring", "0021_mcr_family_and_preset"),
    ]

    operations = [
        migrations.RunPython(tenhou_uma, migrations.RunPython.noop),
    ]

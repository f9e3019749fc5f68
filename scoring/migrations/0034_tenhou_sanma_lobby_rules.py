"""The three-player lobby presets (tenhou-sanma, tenhou-sanma-thousands) settle as Tenhou's lobby
does, like the four-player tenhou preset: a double ron's sticks and counters to the first winner
after the discarder, ties at the end by seat order, nagashi mangan at the draw without counters, a
liable player paying the counters of a ron. Stored games keep the knobs they were played under
(their snapshot) and a club's copy keeps its own values: only the preset rows change."""

from django.db import migrations

SLUGS = ("tenhou-sanma", "tenhou-sanma-thousands")
# frozen here as data, whatever the engine becomes
LOBBY = {
    "uma_ties": "seat_order",
    "multi_ron_sticks": "first",
    "nagashi_mode": "mangan_at_draw",
    "pao_counters": "liable_pays",
}
TABLE = {
    "uma_ties": "share",
    "multi_ron_sticks": "each",
    "nagashi_mode": "mangan_tsumo",
    "pao_counters": "discarder_pays",
}


def _set(knobs):
    def change(apps, schema_editor):
        Ruleset = apps.get_model("scoring", "Ruleset")
        for row in Ruleset.objects.filter(slug__in=SLUGS):
            row.knobs = {**row.knobs, **knobs}
            row.save(update_fields=["knobs"])

    return change


class Migration(migrations.Migration):

    dependencies = [
        ("scoring", "0033_event_days_and_stages"),
    ]

    operations = [
        migrations.RunPython(_set(LOBBY), _set(TABLE)),
    ]

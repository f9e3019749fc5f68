"""The presets of the rule engine as Ruleset rows."""

from django.db import migrations


def load_presets(apps, schema_editor):
    from scoring.rules import PRESETS

    Ruleset = apps.get_model("scoring", "Ruleset")
    for slug, rules in PRESETS.items():
        Ruleset.objects.update_or_create(
            slug=slug,
            defaults={"name": rules.name, "family": rules.family, "based_on": slug, "knobs": rules.knobs()},
        )


class Migration(migrations.Migration):
    dependencies = [("scoring", "0001_initial")]

    operations = [migrations.RunPython(load_presets, migrations.RunPython.noop)]

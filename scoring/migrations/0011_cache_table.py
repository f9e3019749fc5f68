"""The database cache's table (settings.CACHES), so that every database migrate prepares
can serve pages; a no-op when the cache is Redis."""

from django.core.management import call_command
from django.db import migrations


def create_cache_table(apps, schema_editor):
    call_command("createcachetable", database=schema_editor.connection.alias, verbosity=0)


class Migration(migrations.Migration):
    dependencies = [("scoring", "0010_places_by_result")]

    operations = [migrations.RunPython(create_cache_table, migrations.RunPython.noop)]

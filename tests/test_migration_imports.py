"""A migration imports nothing from the site's own code: what makemigrations would write for
every field of every model (its choices, defaults and validators) and every migration written
so far. A migration that imports the engine breaks the day the engine renames what it named."""

from pathlib import Path

from django.apps import apps
from django.db.migrations.writer import MigrationWriter

MIGRATIONS = Path(__file__).resolve().parents[1] / "scoring" / "migrations"


def own(imports: set[str]) -> list[str]:
    return sorted(line for line in imports if line.split()[1].split(".")[0] in ("scoring", "mahjong_club"))


def test_what_makemigrations_writes_for_a_field_imports_nothing_of_ours():
    fields = [field for model in apps.get_app_config("scoring").get_models() for field in model._meta.local_fields]
    assert len(fields) > 100
    written = {f"{field.model.__name__}.{field.name}": own(MigrationWriter.serialize(field)[1]) for field in fields}
    assert {name: imports for name, imports in written.items() if imports} == {}


def test_no_migration_imports_the_site():
    migrations = sorted(MIGRATIONS.glob("0*.py"))
    assert len(migrations) > 30
    importing = [
        path.name for path in migrations if "from scoring" in path.read_text() or "import scoring" in path.read_text()
    ]
    assert importing == []

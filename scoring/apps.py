from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ScoringConfig(AppConfig):
    name = "scoring"
    verbose_name = _("Scoring")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        """Wire what follows a fix of a finished game (``records.services.follows``): a league's
        carried points; and each family's site pieces (``scoring.families.site_family``)."""
        from scoring.leagues import carry
        from scoring.records.services import follows

        follows.register(carry.follow)
        register_families()


def register_families() -> None:
    """Each family's pieces, imported by name here, above the parts that ask the registry for
    them (a new family adds its four lines)."""
    from scoring.families import register
    from scoring.families.american import reads as american_reads
    from scoring.families.american import records as american_records
    from scoring.families.american import rulebook as american_rulebook
    from scoring.families.american import table as american_table
    from scoring.families.mcr import reads as mcr_reads
    from scoring.families.mcr import records as mcr_records
    from scoring.families.mcr import rulebook as mcr_rulebook
    from scoring.families.mcr import table as mcr_table
    from scoring.families.riichi import reads as riichi_reads
    from scoring.families.riichi import records as riichi_records
    from scoring.families.riichi import rulebook as riichi_rulebook
    from scoring.families.riichi import table as riichi_table
    from scoring.families.sanma import reads as sanma_reads
    from scoring.families.sanma import records as sanma_records
    from scoring.families.sanma import rulebook as sanma_rulebook
    from scoring.families.sanma import table as sanma_table

    register("riichi", table=riichi_table, reads=riichi_reads, records=riichi_records, rulebook=riichi_rulebook)
    register(
        "american", table=american_table, reads=american_reads, records=american_records, rulebook=american_rulebook
    )
    register("sanma", table=sanma_table, reads=sanma_reads, records=sanma_records, rulebook=sanma_rulebook)
    register("mcr", table=mcr_table, reads=mcr_reads, records=mcr_records, rulebook=mcr_rulebook)

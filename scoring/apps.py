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
    """What each family gives the site (``scoring.families.site``), imported by name here, above
    the parts that ask the registry for its pieces (a new family adds its line)."""
    from scoring.families import register
    from scoring.families.american.site import SITE as AMERICAN
    from scoring.families.mcr.site import SITE as MCR
    from scoring.families.riichi.site import SITE as RIICHI
    from scoring.families.sanma.site import SITE as SANMA

    for site in (RIICHI, AMERICAN, SANMA, MCR):
        register(site)

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ScoringConfig(AppConfig):
    name = "scoring"
    verbose_name = _("Scoring")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        """Wire what follows a fix of a finished game (``records.services.follows``): a league's
        carried points."""
        from scoring.leagues import carry
        from scoring.records.services import follows

        follows.register(carry.follow)

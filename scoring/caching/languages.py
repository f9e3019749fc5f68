"""The header's language switch: every language of ``settings.LANGUAGES`` under its own name
("Français", "Deutsch"), untranslated, for ``templates/base.html``."""

from django.conf import settings
from django.http import HttpRequest


def switch(request: HttpRequest) -> dict[str, list[tuple[str, str]]]:
    """``language_switch``: (code, the language's name in that language), in the settings' order."""
    return {"language_switch": list(settings.LANGUAGES)}

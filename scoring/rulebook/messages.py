"""The rule engine's messages in the reader's language.

The engine (``scoring.rules``) speaks English and cannot import Django; each ``RuleError``
carries its message as a template marked with ``gettext_noop`` and the values that fill it,
so the site translates the template and fills it here.
"""

from django.utils.translation import gettext

from scoring.rules import RuleError


def rule_message(error: Exception) -> str:
    """``error``'s message for the reader: a RuleError translated (a message inside it too),
    any other error (the services' are translated already) as it is."""
    if not isinstance(error, RuleError):
        return str(error)
    params = {name: rule_message(value) if isinstance(value, RuleError) else value
              for name, value in error.params.items()}
    try:
        return gettext(error.template) % params if params else gettext(error.template)
    except (KeyError, TypeError, ValueError):  # a translation that lost a placeholder: say it in English
        return error.message

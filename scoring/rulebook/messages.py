"""The rule engine's messages in the reader's language.

The engine (``scoring.rules``) speaks English and cannot import Django; each ``RuleError``
carries its message as a template marked with ``gettext_noop`` and the values that fill it,
so the site translates the template and fills it here. A quoted clause (``Citation``) keeps
the rulebook's name and translates its words.
"""

from django.utils.translation import gettext

from scoring.rules import RuleError
from scoring.rules.errors import Citation


def citation(value: Citation) -> str:
    """A quoted clause in the reader's language: "EMA Riichi Competition Rules 2016, §3.4.6"
    as it is; "M-League rules, liability (pao)" with the subject translated."""
    if value.numbered:
        return str(value)
    part = gettext(value.part)
    return f"{value.book}, {part}" if value.book else part


def rule_message(error: Exception) -> str:
    """``error``'s message for the reader: a RuleError translated (a message or a clause
    inside it too), any other error (the services' are translated already) as it is."""
    if not isinstance(error, RuleError):
        return str(error)
    params = {name: _param(value) for name, value in error.params.items()}
    try:
        return gettext(error.template) % params if params else gettext(error.template)
    except (KeyError, TypeError, ValueError):  # a translation that lost a placeholder: say it in English
        return error.message


def _param(value: object) -> object:
    if isinstance(value, RuleError):
        return rule_message(value)
    return citation(value) if isinstance(value, Citation) else value
